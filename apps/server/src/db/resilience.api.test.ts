import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { buildApp } from '../app';
import { migrate, openPostgres } from './client';
import { seed } from './seed';

/**
 * Restart and failure without harm, on PostgreSQL: a database connection terminated
 * under a request costs that request only (503 with Retry-After, never 500, and never the
 * process); a second process starting (migrations, tenancy policies, seed, app) while this one
 * serves requests causes no error here; the console's reads have their own pool, so writes
 * holding the main pool do not starve them, and a request that cannot get a connection in time
 * answers 503. PGlite is one connection inside the process: none of this applies to it.
 */
const PG = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let url: string;
let dbName: string;
let admin: { authorization: string };
/** The test's own connection: holds row locks that the server's statements then wait for. */
let side: pg.Client;

const sizeBody = (name: string) => ({ name, width: 10, depth: 10, height: 10 });

async function createSize(app: FastifyInstance, name: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sizes',
    headers: admin,
    payload: sizeBody(name),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** Locks the size row from the side connection (open transaction); `release` rolls it back. */
async function lockSize(id: string) {
  await side.query('BEGIN');
  await side.query('SELECT id FROM sizes WHERE id = $1 FOR UPDATE', [id]);
  return { release: () => side.query('ROLLBACK') };
}

/** The backends of this database (other than the side connection) waiting on a lock; polls until `n` wait. */
async function waitingBackends(n = 1, client = side): Promise<number[]> {
  for (let i = 0; i < 300; i++) {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      [dbName],
    );
    if (rows.length >= n) return rows.map((r) => r.pid);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${n} backend(s) waiting on a lock`);
}

describe.skipIf(!PG)('PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    dbName = new URL(url).pathname.slice(1);
    admin = bearer(await signIn(t.app));
    side = new pg.Client({ connectionString: url });
    await side.connect();
  }, 60_000);
  afterAll(async () => {
    await side?.end();
    await t?.close();
  });

  describe('restart and failure without harm', restartAndFailure);
  describe('the pools', pools);
});

function restartAndFailure() {
  it('a connection terminated mid-request: that request answers 503 with Retry-After, the next succeed', async () => {
    const id = await createSize(t.app, 'Terminated');
    const lock = await lockSize(id);
    const put = t.app.inject({
      method: 'PUT',
      url: `/api/sizes/${id}`,
      headers: admin,
      payload: sizeBody('Renamed'),
    });
    const [pid] = await waitingBackends();
    await side.query('SELECT pg_terminate_backend($1)', [pid]);
    const res = await put;
    await lock.release();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().detail).toBe('Something went wrong! Please try again later.');
    // the pool dropped the dead connection: the next calls get a working one
    for (let i = 0; i < 8; i++) {
      const again = await t.app.inject({ method: 'GET', url: `/api/sizes/${id}`, headers: admin });
      expect(again.statusCode).toBe(200);
    }
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/sizes/${id}`,
      headers: admin,
      payload: sizeBody('Renamed'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().name).toBe('Renamed');
  });

  it('a connection terminated while its transaction is idle between statements does not kill the process', async () => {
    // node-postgres emits 'error' on a checked-out client whose socket dies; without a listener on
    // every client that event is an uncaught exception (Vitest reports it and fails the run)
    let backend = 0;
    const tx = t.database.db.transaction(async (q) => {
      const r = (await q.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      backend = r.rows[0]!.pid;
      for (let i = 0; i < 100 && backend; i++) await new Promise((res) => setTimeout(res, 50));
      await q.execute(sql`SELECT 1`);
    });
    while (!backend) await new Promise((r) => setTimeout(r, 20));
    await side.query('SELECT pg_terminate_backend($1)', [backend]);
    await new Promise((r) => setTimeout(r, 300)); // the socket closes while no query runs on it
    backend = 0;
    await expect(tx).rejects.toThrow();
    const ok = (await t.database.db.execute(sql`SELECT 1 AS one`)) as unknown as {
      rows: Array<{ one: number }>;
    };
    expect(ok.rows[0]!.one).toBe(1);
  });

  it('a second process starting (migrate, policies, seed, app) causes no error on the serving one', async () => {
    const id = await createSize(t.app, 'Served');
    let stop = false;
    const statuses: number[] = [];
    const bodies: string[] = [];
    // a loop of reads and writes over several tables, four at a time
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const calls = [
          () => t.app.inject({ method: 'GET', url: '/api/sizes?page_size=50', headers: admin }),
          () => t.app.inject({ method: 'GET', url: '/api/devices?page_size=50', headers: admin }),
          () =>
            t.app.inject({
              method: 'PUT',
              url: `/api/sizes/${id}`,
              headers: admin,
              payload: sizeBody(`S${w}-${i}`),
            }),
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/sizes',
              headers: admin,
              payload: sizeBody(`N${w}-${i}`),
            }),
          () => t.app.inject({ method: 'GET', url: '/api/locations?page_size=50', headers: admin }),
        ];
        const res = await calls[(w + i) % calls.length]!();
        statuses.push(res.statusCode);
        if (res.statusCode >= 400) bodies.push(`${res.statusCode} ${res.body}`);
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const results: string[] = [];
    try {
      for (let run = 0; run < 3; run++) {
        const second = await openPostgres(url, 2);
        try {
          results.push(await migrate(second));
          await seed(second.db, { adminEmail: 'admin@demo-org.test', adminPassword: 'Admin-Passw0rd!' });
          const app = await buildApp({ config: t.config, database: second });
          await app.ready();
          await app.close();
        } finally {
          await second.close();
        }
      }
      // a start that does have policies to apply (a table lost FORCE, as after a new migration):
      // applied under the short lock_timeout, still without harming the serving process
      await side.query('ALTER TABLE sizes NO FORCE ROW LEVEL SECURITY');
      const third = await openPostgres(url, 2);
      try {
        results.push(await migrate(third));
      } finally {
        await third.close();
      }
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    expect(results).toEqual(['unchanged', 'unchanged', 'unchanged', 'applied']);
    const forced = await side.query(`SELECT relforcerowsecurity AS f FROM pg_class WHERE relname = 'sizes'`);
    expect(forced.rows[0].f).toBe(true);
    expect(statuses.length).toBeGreaterThan(20);
    expect(bodies).toEqual([]);
  }, 120_000);
}

function pools() {
  let app: FastifyInstance;
  let mainPool: pg.Pool;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // the same database through a small main pool (2), a read pool (1), and a 1.5 s wait bound
    const database = await openPostgres(url, { max: 2, readMax: 1, connectionTimeoutMs: 1500 });
    mainPool = database.pool!;
    app = await buildApp({ config: t.config, database });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  it("serves the console's reads while writes hold every main connection, and bounds the wait with 503", async () => {
    const tokens = bearer(await signIn(app));
    const res = await app.inject({
      method: 'POST',
      url: '/api/sizes',
      headers: tokens,
      payload: sizeBody('Pool'),
    });
    const id = res.json().id as string;
    const sideClient = new pg.Client({ connectionString: url });
    await sideClient.connect();
    try {
      await sideClient.query('BEGIN');
      await sideClient.query('SELECT id FROM sizes WHERE id = $1 FOR UPDATE', [id]);
      // two writes wait on the row lock: they hold both main connections
      const put = () =>
        app.inject({ method: 'PUT', url: `/api/sizes/${id}`, headers: tokens, payload: sizeBody('Held') });
      const held = [put(), put()];
      // (a write may hold both: its transaction waits on the lock, its audit look-up on the pool)
      for (let i = 0; i < 300 && !(mainPool.totalCount === 2 && mainPool.idleCount === 0); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await waitingBackends(1, sideClient);
      // a console read (GET with a member session) is answered from the read pool at once
      const started = Date.now();
      const read = await app.inject({ method: 'GET', url: `/api/sizes/${id}`, headers: tokens });
      expect(read.statusCode, read.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
      // a third write finds no main connection within 1.5 s: 503 with Retry-After, not a queue
      const third = await app.inject({
        method: 'POST',
        url: '/api/sizes',
        headers: tokens,
        payload: sizeBody('Late'),
      });
      expect(third.statusCode, third.body).toBe(503);
      expect(third.headers['retry-after']).toBe('1');
      await sideClient.query('ROLLBACK');
      for (const r of await Promise.all(held)) expect(r.statusCode).toBe(200);
    } finally {
      await sideClient.end();
    }
  }, 60_000);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';

/**
 * Faults: `kill -9` of the server process in the middle of a 500-row CSV upload and of
 * a transaction step, on PostgreSQL. The server runs as its own process (`src/main.ts` on a fresh
 * database). The request is held mid-way without any timing: the test's own connection holds a
 * lock that a later statement of the request needs, waits until PostgreSQL shows the server's
 * statement waiting on it, then kills the server.
 *
 * Invariants: a CSV upload is one database transaction (a savepoint per row gives the per-row
 * results), so an upload cut off before its answer leaves none of its rows; a transaction step
 * (its status, history entry, charge columns, door and domain event) commits whole or not at all,
 * so a charge is never recorded without its step; the server starts again cleanly.
 *
 * PGlite runs inside the server process, so the test needs PostgreSQL (DATABASE_URL).
 */
const URL_ = process.env.DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..', '..');
const PASSWORD = 'Fault-Passw0rd!';

let admin: pg.Pool;
let db: pg.Pool;
let dbName: string;
let dbUrl: string;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let output = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/** Starts `src/main.ts` in its own process and waits until it answers `GET /api/health`. */
async function startServer(): Promise<void> {
  output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      GEOCODE_URL: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (b) => (output += b));
  server.stderr!.on('data', (b) => (output += b));
  const exited = new Promise<never>((_, reject) =>
    server!.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`))),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
}

/** `kill -9` the server and waits for the process to be gone. */
async function killServer(): Promise<void> {
  const p = server!;
  const gone = new Promise((r) => p.once('exit', r));
  process.kill(p.pid!, 'SIGKILL');
  await gone;
  server = undefined;
}

/** Waits until PostgreSQL shows a statement of the server that starts with `prefix` waiting on a lock. */
async function waitForBlocked(prefix: string): Promise<void> {
  for (;;) {
    const { rows } = await admin.query(
      `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike $2`,
      [dbName, `${prefix}%`],
    );
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no connection of the killed server is left working in the database. */
async function waitForServerGone(): Promise<void> {
  for (;;) {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and state <> 'idle' and application_name = ''
          and query not ilike '%pg_stat_activity%'`,
      [dbName],
    );
    // the test's own pool (db) stays idle between its statements
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api(method: string, url: string, headers: Record<string, string>, body?: string | Buffer) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${url}`, { method, headers, body });
  const json = (await res.json().catch(() => null)) as {
    id_token?: string;
    event?: { id: string };
  } & Array<{ detail: unknown }>;
  return { status: res.status, json };
}

async function signIn() {
  const res = await api(
    'POST',
    'auth/sign-in',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: 'admin@demo-org.test', password: PASSWORD }),
  );
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${res.json.id_token}` };
}

const csv = (rows: number) =>
  multipartBody({}, [
    {
      name: 'file',
      filename: 'users.csv',
      type: 'text/csv',
      data: Buffer.from(
        `name,email\n${Array.from({ length: rows }, (_, i) => `User ${i + 1},u${i + 1}@fault.test`).join('\n')}\n`,
      ),
    },
  ]);

describe.skipIf(!URL_)(
  'kill -9 of the server process (PostgreSQL only: the server runs as its own process)',
  () => {
    beforeAll(async () => {
      admin = new pg.Pool({ connectionString: URL_, max: 2 });
      dbName = `lockerops_fault_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await admin.query(`CREATE DATABASE ${dbName}`);
      const u = new URL(URL_!);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
      db = new pg.Pool({ connectionString: dbUrl, max: 3, application_name: 'fault-test' });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-fault-'));
      port = await freePort();
      await startServer();
    }, 120_000);

    afterAll(async () => {
      if (server) await killServer();
      await db?.end();
      // end() resolves before the pool's backends are gone; terminating one still closing (FORCE)
      // would reach its client, no longer in the pool, as an unhandled error
      for (let i = 0; admin && i < 200; i++) {
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'fault-test'`,
          [dbName],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin?.end();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('during a 500-row CSV upload: none of its rows are kept, and it runs whole after restart', async () => {
      const auth = await signIn();
      const [{ id: org }] = (await db.query(`select id from organizations where subdomain = 'demo-org'`))
        .rows;
      // Row 250's e-mail is being inserted by another transaction: the upload waits there, with 249
      // rows written in its own (uncommitted) transaction.
      const blocker = await db.connect();
      await blocker.query('begin');
      await blocker.query(
        `insert into users (organization_id, name, email) values ($1, 'Blocker', 'u250@fault.test')`,
        [org],
      );
      const body = csv(500);
      const upload = api('POST', 'users/csv', { ...auth, ...body.headers }, body.payload).catch(
        () => 'cut off',
      );
      await waitForBlocked('insert into "users"');
      await killServer();
      expect(await upload).toBe('cut off');
      await blocker.query('rollback');
      blocker.release();
      await waitForServerGone();
      const count = async () =>
        (await db.query(`select count(*)::int as n from users where email like '%@fault.test'`)).rows[0].n;
      expect(await count()).toBe(0);

      await startServer();
      const again = await api('POST', 'users/csv', { ...(await signIn()), ...body.headers }, body.payload);
      expect(again.status).toBe(200);
      expect(again.json.filter((r) => r.detail === true)).toHaveLength(500);
      expect(await count()).toBe(500);
    }, 180_000);

    it('during a pickup step with a charge: no half step and no charge without it', async () => {
      const auth = await signIn();
      const [{ id: org }] = (await db.query(`select id from organizations where subdomain = 'demo-org'`))
        .rows;
      const [{ id: location }] = (
        await db.query(
          `insert into locations (organization_id, name, address) values ($1, 'Fault St', '1 Fault St') returning id`,
          [org],
        )
      ).rows;
      const [{ id: price }] = (
        await db.query(
          `insert into prices (organization_id, name, price_type, amount, unit_amount, unit)
         values ($1, 'Hourly', 'pay_per_time', 5.00, 1, 'hour') returning id`,
          [org],
        )
      ).rows;
      const [{ id: device }] = (
        await db.query(
          `insert into devices (organization_id, name, locker_number, mode, hardware_type, id_location, id_price)
         values ($1, 'Door 1', 1, 'storage', 'virtual', $2, $3) returning id`,
          [org, location, price],
        )
      ).rows;
      const [{ id: user }] = (
        await db.query(
          `insert into users (organization_id, name, email) values ($1, 'Ada', 'ada@fault.test') returning id`,
          [org],
        )
      ).rows;
      const started = await api(
        'POST',
        'events/storage',
        { ...auth, 'content-type': 'application/json' },
        JSON.stringify({ id_device: device, id_user: user }),
      );
      expect(started.status).toBe(200);
      const id = started.json.event!.id;
      await db.query(`update transactions set started_at = now() - interval '2 hours' where id = $1`, [id]);
      const snapshot = async () => ({
        transaction: (
          await db.query(
            `select event_status, total, payment_status, payment_ref, device_held, ended_at from transactions where id = $1`,
            [id],
          )
        ).rows[0],
        device: (await db.query(`select status from devices where id = $1`, [device])).rows[0],
        log: (
          await db.query(`select action from transaction_logs where id_event = $1 order by created_at`, [id])
        ).rows.map((r) => r.action),
        events: (
          await db.query(`select name from domain_events where subject_id = $1 order by created_at`, [id])
        ).rows.map((r) => r.name),
      });
      const before = await snapshot();
      expect(before.transaction).toMatchObject({ event_status: 'in_progress', payment_ref: null });

      // The step's last statement, its domain event, waits on a lock the test holds: by then the
      // door was opened, the charge collected, the row and its history entry written.
      const blocker = await db.connect();
      await blocker.query('begin');
      await blocker.query('lock table domain_events in share mode');
      const pickup = api(
        'POST',
        `events/${id}/pickup`,
        { ...auth, 'content-type': 'application/json' },
        '{}',
      ).catch(() => 'cut off');
      await waitForBlocked('insert into "domain_events"');
      await killServer();
      expect(await pickup).toBe('cut off');
      await blocker.query('rollback');
      blocker.release();
      await waitForServerGone();
      expect(await snapshot()).toEqual(before);

      await startServer();
      expect(output).not.toMatch(/error/i);
      const done = await api(
        'POST',
        `events/${id}/pickup`,
        { ...(await signIn()), 'content-type': 'application/json' },
        '{}',
      );
      expect(done.status).toBe(200);
      const after = await snapshot();
      expect(after.transaction).toMatchObject({
        event_status: 'finished',
        payment_status: 'succeeded',
        device_held: false,
      });
      expect(Number(after.transaction.total)).toBeGreaterThan(0);
      expect(after.transaction.payment_ref).toMatch(/^ch_/);
      expect(after.log).toEqual([...before.log, 'user_pickup']);
      expect(after.device.status).toBe('available');
    }, 180_000);
  },
);

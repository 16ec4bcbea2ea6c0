import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  demoOrg,
  insertHourlyPrice,
  insertLocation,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { createLockAdapter, createVirtualDriver, type LockTarget } from '../../adapters/locks';
import { transactions } from '../../db/schema';

/**
 * A door opens only for a start that will stand (spec: operational §5 Transaction actions, the
 * partner start): when the database connection of the pass that writes the start is terminated
 * after the lock has opened the door, the pass runs again on another connection and the start
 * stands — one transaction, one unlock, and no door opened for nothing. On PostgreSQL only
 * (`pg_terminate_backend`); PGlite is one connection inside the process.
 */
const PG = Boolean(process.env.DATABASE_URL);

type H = Record<string, string>;
let t: TestApp;
let admin: H;
let key: H;
let side: pg.Client;
let dbName: string;
/** Set by the test: runs while the lock is being called (no transaction of the step open). */
let duringLock: ((target: LockTarget) => Promise<void>) | undefined;
let unlocksAsked = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: H = admin) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe.skipIf(!PG)('a start whose database connection dies after its door opened', () => {
  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      locks: createLockAdapter({
        drivers: {
          virtual: createVirtualDriver({
            delay: async (_ms, target) => {
              unlocksAsked += 1;
              await duringLock?.(target);
            },
          }),
        },
        openTimeoutMs: 2000,
        pollMs: 20,
      }),
    });
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    dbName = new URL(url).pathname.slice(1);
    side = new pg.Client({ connectionString: url });
    await side.connect();
    admin = bearer(await signIn(t.app));
    key = { 'x-api-key': (await call('POST', 'api-keys')).json().key };
  }, 60_000);
  afterAll(async () => {
    await side?.end();
    await t?.close();
  });

  it('runs the pass again on another connection: the start stands, its door opened once', async () => {
    const orgId = (await demoOrg(t)).id;
    const price = await insertHourlyPrice(t.database.db, orgId);
    const size = (await call('POST', 'sizes', { name: 'R', width: 10, depth: 10, height: 10 })).json().id;
    const loc = await insertLocation(t.database.db, orgId, 'Retry Street');
    const door = (
      await call('POST', 'devices', {
        name: 'Door R',
        locker_number: 1,
        mode: 'storage',
        status: 'available',
        hardware_type: 'virtual',
        id_location: loc,
        id_size: size,
        id_price: price,
      })
    ).json().id as string;
    const user = (
      await call('POST', 'users', { name: 'Rita', last_name: 'Retry', email: 'rita@x.test' })
    ).json().id as string;

    // the virtual lock waits (the test's hook) only when its location asks for a latency
    const settings = await call('PUT', `locations/${loc}/lock-settings`, { virtual_latency_ms: 10 });
    expect(settings.statusCode, settings.body).toBe(200);
    // while the lock opens the door, the side connection takes the door's row: the pass that
    // writes the start then waits on it, and its backend is terminated there
    let terminated = 0;
    duringLock = async () => {
      await side.query('BEGIN');
      await side.query('SELECT id FROM devices WHERE id = $1 FOR UPDATE', [door]);
      void (async () => {
        for (let i = 0; i < 200; i++) {
          const { rows } = await side.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
            [dbName],
          );
          if (rows.length) {
            await side.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
            terminated += 1;
            await side.query('ROLLBACK');
            return;
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        await side.query('ROLLBACK');
      })();
    };
    const started = await call('POST', 'events/storage', { id_device: door, id_user: user }, key);
    duringLock = undefined;
    expect(terminated).toBe(1);
    expect(started.statusCode, started.body).toBe(200);
    expect(unlocksAsked).toBe(1);
    const id = started.json().event.id as string;

    const unlocks = (await call('GET', `devices/${door}/unlocks`)).json().items as Array<{ state: string }>;
    expect(unlocks.map((u) => u.state)).toEqual(['opened']);
    const written = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.idDevice, door));
    expect(written.map((r) => r.id)).toEqual([id]);
    const device = (await call('GET', `devices/${door}`)).json();
    expect(device.status).toBe('reserved');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createMember, signIn } from '../../test/helpers';
import { postgresBin, type ReplicaPair, startReplicaPair } from '../../test/replica-pair';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, migrate, openPostgres } from './client';
import { members, organizations } from './schema';
import { seed } from './seed';

/**
 * The console's reads on a real PostgreSQL streaming replica of the test's own (test/replica-pair.ts):
 * lists served by the replica (its statement log shows them), read-your-writes for the caller who
 * wrote, a stopped replica costing no error, a replica held back past DATABASE_REPLICA_MAX_LAG_MS
 * skipped. The replica applies each commit 1.5 s late (`recovery_min_apply_delay`), so a read it
 * served would miss a write made just before.
 */
const bin = postgresBin();
if (!bin)
  console.warn('replica tests skipped: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin or PG_BIN)');

const MAX_LAG_MS = 4000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!bin)('the console reads from a streaming replica', () => {
  let pair: ReplicaPair;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Record<string, string>;
  let other: Record<string, string>;
  let replica: pg.Client;
  let adminId: string;

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    app.inject({ method, url: `/api/${url}`, headers, payload: payload as never });
  const names = async (headers: Record<string, string>, search: string) => {
    const res = await inject('GET', `locations?search=${encodeURIComponent(search)}&size=100`, headers);
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<{ name: string }>).map((l) => l.name).sort();
  };
  const location = (name: string) => ({
    name,
    address: '1 Main St',
    contact_email: 'desk@example.test',
    contact_phone: '+1 555 123 4567',
  });
  const router = () => app.ctx.replica!.router;

  beforeAll(async () => {
    pair = await startReplicaPair(bin!);
    const setup = new pg.Client({ connectionString: pair.primaryUrl() });
    await setup.connect();
    await setup.query('create database lockerops');
    await setup.end();
    const replicaUrl = pair.replicaUrl('lockerops');
    database = await openPostgres(pair.primaryUrl('lockerops'), {
      max: 4,
      readMax: 2,
      replica: { url: replicaUrl, max: 3 },
    });
    await migrate(database);
    await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      OUTSIDE_CALL_CHECK: 'throw',
      DATABASE_REPLICA_URL: replicaUrl,
      DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
    });
    config.authRateLimit = 1000;
    app = await buildApp({ config, database });
    await app.ready();
    replica = new pg.Client({ connectionString: replicaUrl });
    await until('the replica has the database', async () => {
      try {
        await replica.connect();
        return true;
      } catch {
        replica = new pg.Client({ connectionString: replicaUrl });
        return false;
      }
    });
    // every commit reaches the replica's data 1.5 s late (a setting read on reload)
    pair.configureReplica("recovery_min_apply_delay = '1500ms'");
    await replica.query('select pg_reload_conf()');
    const [org] = await database.db.select({ id: organizations.id }).from(organizations);
    await createMember({ database } as never, org!.id, { email: 'second@demo-org.test' });
    const [me] = await database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, ADMIN_EMAIL));
    adminId = me!.id;
    admin = bearer(await signIn(app));
    other = bearer(await signIn(app, 'second@demo-org.test'));
    await until('the replica is in use', () => router().serves(undefined));
  }, 120_000);

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    pair?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the lists, the dashboard and the exports from the replica', async () => {
    expect(await names(admin, 'replicamark')).toEqual([]);
    expect(pair.replicaLog()).toContain('replicamark');
    const metric = await inject('GET', 'reports/users?from_date=2026-03-01&to_date=2026-03-07', admin);
    expect(metric.statusCode).toBe(200);
    expect(pair.replicaLog()).toContain('2026-03-07');
    const csv = await inject('GET', 'locations/export?search=replicaexport', admin);
    expect(csv.statusCode).toBe(200);
    // the count with the search's parameters, then the rows through the snapshot's cursor
    const log = pair.replicaLog();
    expect(log).toContain('%replicaexport%');
    expect(log).toMatch(/fetch \d+ from lockerops_snapshot/i);
    // the transactions' export: a COPY on the replica
    const events = await inject('GET', 'events/export', admin);
    expect(events.statusCode).toBe(200);
    expect(pair.replicaLog()).toMatch(/statement: copy \(/i);
  });

  it('lets a caller read their own write at once, while others see it once the replica has it', async () => {
    const created = await inject('POST', 'locations', admin, location('Ryw Depot'));
    expect(created.statusCode).toBe(200);
    // the writer: from the primary, until the replica has replayed past the write
    expect(router().serves(adminId)).toBe(false);
    expect(await names(admin, 'ryw depot')).toEqual(['Ryw Depot']);
    // another member at the same moment: from the replica, 1.5 s behind
    expect(await names(other, 'ryw depot')).toEqual([]);
    await until('the replica has the write', async () => (await names(other, 'ryw depot')).length === 1);
    await until('the writer reads from the replica again', () => router().serves(adminId));
  });

  it('skips a replica held back past the bound', async () => {
    await replica.query('select pg_wal_replay_pause()');
    try {
      const created = await inject('POST', 'locations', admin, location('Held Depot'));
      expect(created.statusCode).toBe(200);
      await until('the lag passes the bound', () => (router().state().lagMs ?? 0) > MAX_LAG_MS);
      const before = pair.replicaLog().split('helddepotcheck').length;
      expect(await names(other, 'held depot')).toEqual(['Held Depot']);
      expect(await names(other, 'helddepotcheck')).toEqual([]);
      expect(pair.replicaLog().split('helddepotcheck').length).toBe(before);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await until('the replica is in use again', () => router().serves(undefined));
  });

  it('goes on reading from the primary when the replica stops', async () => {
    await replica.end();
    pair.stopReplica();
    try {
      // at once, before a poll has seen it down
      expect(await names(other, 'depot')).toEqual(['Held Depot', 'Ryw Depot']);
      await until('the replica is seen down', () => !router().state().up);
      expect(await names(other, 'depot')).toHaveLength(2);
    } finally {
      pair.startReplica();
    }
    await until('the replica is in use again', () => router().serves(undefined), 20_000);
    expect(await names(other, 'depot')).toHaveLength(2);
  });
});

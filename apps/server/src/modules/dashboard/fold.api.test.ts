import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { transactions, users } from '../../db/schema';
import type { JobContext } from '../../lib/job-runner';
import { rowsOf } from './queries/scope';
import { dashboardFoldRelay } from './service/fold-relay';

/**
 * The dashboard roll-ups folded off the request path (db/schema/dashboard.ts `dashboardPending`):
 * a commit notes which transactions changed and what they were before; the fold (a relay every
 * second, and every dashboard read first) makes the roll-ups exactly what a recomputation from the
 * transactions gives — also when a step changes a transaction while the fold runs.
 */
const PG = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let org: string;
let admin: { authorization: string };
let seq = 0;

const pending = async () =>
  rowsOf<{ id: string; o: Record<string, unknown> | null }>(
    await t.database.db.execute(
      sql`SELECT transaction_id AS id, o FROM dashboard_pending WHERE organization_id = ${org} ORDER BY 1`,
    ),
  );

/** Every roll-up of the organization, as rows to compare (rows summing to nothing left out). */
async function rollups() {
  const q = async (table: string, some: string, order: string) =>
    rowsOf(
      await t.database.db.execute(
        sql.raw(`SELECT * FROM ${table} WHERE organization_id = '${org}' AND ${some} ORDER BY ${order}`),
      ),
    ).map((r) => JSON.stringify(r));
  const sums = '(transactions <> 0 OR earnings <> 0 OR time_sum <> 0)';
  return {
    daily: await q('dashboard_daily', sums, 'id_location, day'),
    org: await q('dashboard_org_daily', sums, 'day'),
    busy: await q('dashboard_busy_daily', 'busy_ms <> 0', 'id_location, day'),
    people: await q('dashboard_user_period', 'true', 'period, start, id_user'),
  };
}

/** The roll-ups as folded equal the roll-ups recomputed from the transactions. */
async function expectAsRebuilt() {
  const kept = await rollups();
  await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${org}::uuid)`);
  expect(kept).toEqual(await rollups());
  expect(kept.daily.length).toBeGreaterThan(0);
}

const fold = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT dashboard_fold(${org}::uuid, 100000) AS n`),
  )[0]!.n;

async function addTransaction(createdAt: string, values: Partial<typeof transactions.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      organizationId: org,
      invoiceId: `INV-F${seq}`,
      orderId: `ORD-F${seq}`,
      type: 'storage',
      status: 'in_progress',
      createdAt: new Date(createdAt),
      startedAt: new Date(createdAt),
      ...values,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  org = (await demoOrg(t)).id;
  admin = bearer(await signIn(t.app));
  await fold();
});
afterAll(() => t.close());

describe('dashboard roll-ups folded off the request path', () => {
  it('notes a transaction once, with what it was before its first change, and folds it exactly', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ organizationId: org, name: 'Fold' })
      .returning({ id: users.id });
    const a = await addTransaction('2026-03-10T15:00:00Z', { idUser: user!.id });
    const b = await addTransaction('2026-03-11T15:00:00Z');
    await fold();
    expect(await pending()).toEqual([]);
    // two changes of a: noted once, with the figures before the first
    await t.database.db
      .update(transactions)
      .set({ status: 'finished', endedAt: new Date('2026-03-10T17:00:00Z'), totalTime: 7200 })
      .where(eq(transactions.id, a));
    await t.database.db
      .update(transactions)
      .set({ total: '9.50', paymentStatus: 'succeeded' })
      .where(eq(transactions.id, a));
    // a change no roll-up reads is not noted
    await t.database.db.update(transactions).set({ trackingNumber: 'SEEN-1' }).where(eq(transactions.id, b));
    const noted = await pending();
    expect(noted.map((r) => r.id)).toEqual([a]);
    expect(noted[0]!.o).toMatchObject({ event_status: 'in_progress', total_time: null });
    // a new one is noted without figures, and a deleted one takes its figures out
    const c = await addTransaction('2026-03-12T15:00:00Z', { type: 'rental' });
    await t.database.db.delete(transactions).where(eq(transactions.id, b));
    expect((await pending()).find((r) => r.id === c)?.o).toBeNull();
    expect(await fold()).toBe(3);
    expect(await pending()).toEqual([]);
    await expectAsRebuilt();
  });

  it('a dashboard read folds first: the figure counts a transaction just written', async () => {
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/reports/total_transactions?from_date=2026-04-01&to_date=2026-04-30',
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      return res.json().breakdown.organization_total as number;
    };
    const before = await read();
    await addTransaction('2026-04-02T15:00:00Z');
    expect((await pending()).length).toBe(1);
    expect(await read()).toBe(before + 1);
    expect(await pending()).toEqual([]);
  });

  it('the relay folds every organization with noted changes', async () => {
    await addTransaction('2026-04-03T15:00:00Z');
    const ctx = { db: t.database.db, log: t.app.log, now: () => new Date() } as JobContext;
    expect(await dashboardFoldRelay().run(ctx, async () => undefined, { recover: false })).toBe(1);
    expect(await pending()).toEqual([]);
    await expectAsRebuilt();
  });

  it('a rebuild drops the noted changes it recomputes', async () => {
    await addTransaction('2026-04-04T15:00:00Z');
    expect((await pending()).length).toBe(1);
    await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${org}::uuid)`);
    expect(await pending()).toEqual([]);
    await expectAsRebuilt();
  });

  it.skipIf(!PG)('a transaction changed while the fold runs is left for the next fold, exactly', async () => {
    const a = await addTransaction('2026-05-01T15:00:00Z');
    const b = await addTransaction('2026-05-02T15:00:00Z');
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // a step holds a's row (its update not committed) while the fold runs
    const step = t.database.db.transaction(async (tx) => {
      await tx
        .update(transactions)
        .set({ status: 'finished', endedAt: new Date('2026-05-01T18:00:00Z'), totalTime: 10_800 })
        .where(eq(transactions.id, a));
      locked();
      await held;
    });
    await isLocked;
    expect(await fold()).toBe(1); // b; a is being changed
    expect((await pending()).map((r) => r.id)).toEqual([a]);
    release();
    await step;
    expect(await fold()).toBe(1);
    expect(await pending()).toEqual([]);
    expect(b).toBeTruthy();
    await expectAsRebuilt();
  });
});

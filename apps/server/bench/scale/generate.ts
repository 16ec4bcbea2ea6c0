/**
 * The scale generator of `npm run bench:scale`: a realistic operator written with set-based SQL
 * (`generate_series`, one INSERT … SELECT per table, every constraint respected).
 *
 * At scale 1: 500 locations, 20,000 devices (40 per location), 200,000 users and 2,000,000
 * transactions over the last 365 days with their history-log rows (one to three per transaction),
 * in `demo-org`; plus a second organization, `scale-second`, with a tenth of each so tenancy
 * filtering matters. Modes follow the devices (35 % storage, 20 % rental, 25 % delivery, 10 %
 * service, 10 % vending); the most recent transactions are still open and hold their doors (those
 * devices are `reserved`); older ones are mostly finished, some canceled, refunded, expired
 * (deliveries) or removed. Ids are derived from md5 of a per-row key, so rows reference each other
 * without joins and the same data comes out every time.
 *
 * A marker row in `bench_scale_marker` is written last: a second run finds it and reuses the data.
 */
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { DEVICES_PER_LOCATION, type OrgCounts, statements } from './statements';

/** What was generated (or found): per organization, its id and counts. */
export interface ScaleInfo {
  scale: number;
  generatedSeconds: number;
  reused: boolean;
  main: { id: string; subdomain: string } & OrgCounts;
  second: { id: string; subdomain: string } & OrgCounts;
  /** Rows per table after generation (both organizations). */
  rows: Record<string, number>;
}

export const FULL: OrgCounts = { locations: 500, devices: 20_000, users: 200_000, transactions: 2_000_000 };
export const SECOND_SUBDOMAIN = 'scale-second';

const scaled = (c: OrgCounts, f: number): OrgCounts => {
  const locations = Math.max(1, Math.round(c.locations * f));
  return {
    locations,
    devices: locations * DEVICES_PER_LOCATION,
    users: Math.max(10, Math.round(c.users * f)),
    transactions: Math.max(100, Math.round(c.transactions * f)),
  };
};

const MARKER_TABLE = `create table if not exists bench_scale_marker (
  key text primary key, scale numeric not null, info jsonb not null, generated_at timestamptz not null default now())`;

/** The rows of a raw query. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function countRows(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [r] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = Number(r!.n);
  }
  return out;
}

/**
 * Fills the database (already migrated and seeded with `demo-org`) at `scale` (1 = the full
 * operator), or answers the marker of an earlier run. `log` reports progress per table.
 */
export async function ensureScaleData(
  db: Db,
  scale: number,
  log: (line: string) => void,
): Promise<ScaleInfo> {
  await db.execute(sql.raw(MARKER_TABLE));
  const [found] = await rowsOf<{ info: ScaleInfo }>(
    db,
    sql`select info from bench_scale_marker where key = 'scale'`,
  );
  if (found && Number(found.info.scale) === scale) return { ...found.info, reused: true };
  if (found)
    throw new Error(`the scale database holds scale ${found.info.scale}, not ${scale}: drop it first`);
  const [{ id: mainId }] = (await rowsOf<{ id: string }>(
    db,
    sql`select id from organizations where subdomain = 'demo-org'`,
  )) as [{ id: string }];
  const stale = await rowsOf(db, sql`select 1 from transactions where organization_id = ${mainId} limit 1`);
  if (stale.length)
    throw new Error('demo-org already holds transactions but no marker: use a fresh database');

  const t0 = performance.now();
  await db.execute(sql`
    insert into organizations (name, subdomain, app_name, owner_email, rental_mode, storage_mode, delivery_mode, service_mode, vending_mode)
    values (${SECOND_SUBDOMAIN}, ${SECOND_SUBDOMAIN}, 'Scale Second', 'owner@scale-second.test', true, true, true, true, true)
    on conflict do nothing`);
  const [{ id: secondId }] = (await rowsOf<{ id: string }>(
    db,
    sql`select id from organizations where subdomain = ${SECOND_SUBDOMAIN}`,
  )) as [{ id: string }];
  await db.execute(sql`insert into settings (organization_id) values (${secondId}) on conflict do nothing`);
  const main = scaled(FULL, scale);
  const second = scaled(FULL, scale / 10);
  // The dashboard's roll-up triggers would upsert for each generated row: load with them off, then
  // rebuild each organization's roll-ups in one statement (db/schema/dashboard.ts).
  await db.execute(sql`alter table transactions disable trigger transactions_dashboard_rollup`);
  await db.execute(sql`alter table users disable trigger dashboard_users_rollup`);
  try {
    for (const [org, tag, counts] of [
      [mainId, 'main', main],
      [secondId, 'second', second],
    ] as const) {
      for (const [table, text] of statements(org, tag, counts)) {
        const s = performance.now();
        await db.execute(sql.raw(text));
        log(`  ${tag.padEnd(6)} ${table.padEnd(20)} ${((performance.now() - s) / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    await db.execute(sql`alter table transactions enable trigger transactions_dashboard_rollup`);
    await db.execute(sql`alter table users enable trigger dashboard_users_rollup`);
  }
  for (const [org, tag] of [
    [mainId, 'main'],
    [secondId, 'second'],
  ] as const) {
    const s = performance.now();
    await db.execute(sql`select rebuild_dashboard_rollup(${org}::uuid)`);
    log(
      `  ${tag.padEnd(6)} ${'dashboard roll-up'.padEnd(20)} ${((performance.now() - s) / 1000).toFixed(1)} s`,
    );
  }
  const s = performance.now();
  await db.execute(sql.raw('vacuum analyze'));
  log(`  vacuum analyze ${((performance.now() - s) / 1000).toFixed(1)} s`);
  const info: ScaleInfo = {
    scale,
    generatedSeconds: Math.round((performance.now() - t0) / 100) / 10,
    reused: false,
    main: { id: mainId, subdomain: 'demo-org', ...main },
    second: { id: secondId, subdomain: SECOND_SUBDOMAIN, ...second },
    rows: await countRows(db, ['locations', 'devices', 'users', 'transactions', 'transaction_logs']),
  };
  await db.execute(
    sql`insert into bench_scale_marker (key, scale, info) values ('scale', ${scale}, ${JSON.stringify(info)}::jsonb)`,
  );
  return info;
}

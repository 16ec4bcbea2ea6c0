import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type MetricQuery, rowsOf, uuidList } from './scope';

/** The organization's default currency (settings, `usd` when unset). */
export async function currencyOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<string> {
  const r = rowsOf<{ c: string }>(
    await tx.execute(
      sql`SELECT default_currency AS c FROM settings WHERE organization_id = ${organizationId}`,
    ),
  );
  return r[0]?.c ?? 'usd';
}

/** The organization's IANA zone (settings `time_zone`, UTC when unset). */
export async function organizationZone({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<string> {
  const r = rowsOf<{ z: string }>(
    await tx.execute(sql`SELECT time_zone AS z FROM settings WHERE organization_id = ${organizationId}`),
  );
  return r[0]?.z ?? 'UTC';
}

/** How many of `ids` (each counted once) are locations of the organization. */
export async function countLocations({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids: readonly string[];
}): Promise<number> {
  const unique = [...new Set(ids)];
  const r = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM locations
      WHERE organization_id = ${organizationId} AND id IN (${uuidList(unique)})`),
  );
  return r[0]?.n ?? 0;
}

/** How many locations the organization has (among the scope's, when it names some). */
export async function locationCount({ tx, ...s }: MetricQuery): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM locations WHERE organization_id = ${s.organizationId}
      ${s.locations.length ? sql`AND id IN (${uuidList(s.locations)})` : sql``}`),
  );
  return r[0]?.n ?? 0;
}

/** The doors of each location of the organization (among the scope's, when it names some), by name. */
export async function doorsByLocation({ tx, ...s }: MetricQuery) {
  return rowsOf<{ location_id: string; location_name: string; total_doors: number }>(
    await tx.execute(sql`
      SELECT l.id AS location_id, l.name AS location_name, count(d.id)::int AS total_doors
      FROM locations l LEFT JOIN devices d ON d.id_location = l.id AND d.organization_id = l.organization_id
      WHERE l.organization_id = ${s.organizationId}
        ${s.locations.length ? sql`AND l.id IN (${uuidList(s.locations)})` : sql``}
      GROUP BY l.id, l.name ORDER BY l.name, l.id`),
  );
}

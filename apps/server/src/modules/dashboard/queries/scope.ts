import type { TMetricInterval } from '@lockerops/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** What a metric is computed for: calendar dates (both included) read in `timeZone`. */
export interface MetricScope {
  organizationId: string;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
  /** Location ids; empty = every location of the organization. */
  locations: readonly string[];
  /** The organization's IANA zone (a location's own zone overrides it for its transactions). */
  timeZone: string;
  /** Trend bucket; default day up to 62 days, else month. */
  interval?: TMetricInterval;
  /** Rows of the top tables (default 10). */
  limit?: number;
  /** The instant the metric is computed at (tests pin it); default now. */
  now?: Date;
}

/** A metric query's handle and scope: the transaction, then the organization and the rest of the scope. */
export type MetricQuery = { tx: DbOrTx } & MetricScope;

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const uuidList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

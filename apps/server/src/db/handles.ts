import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from 'drizzle-orm/pg-core';

/**
 * The Drizzle database, whichever driver is behind it. Opened without the schema: the code writes
 * the query builder, never the relational `db.query.<table>` API, and a schema makes Drizzle build
 * a query builder for each of its 60 tables on every transaction it opens (1% of the server's CPU
 * under kiosk load).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; every query function takes one of these or the Db. */
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type DbOrTx = Db | Tx;
/** How a transaction opens: its isolation level, access mode and deferrability. */
export type TxConfig = PgTransactionConfig;

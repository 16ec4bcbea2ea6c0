import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Runs `select 1`: resolves once the database answers, rejects (the driver's error) when it does
 * not. spec: `GET health`.
 */
export async function pingDatabase({ db }: { db: DbOrTx }): Promise<void> {
  await db.execute(sql`select 1`);
}

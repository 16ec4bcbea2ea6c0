import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { apiKeys, organizations } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The organization's keys (none or one). */
export function apiKeysOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<ApiKeyRow[]> {
  return tx.select().from(apiKeys).where(eq(apiKeys.organizationId, organizationId));
}

/** Stores the organization's one key; undefined when it already has one (the unique index decides). */
export async function insertApiKey({
  tx,
  organizationId,
  values,
}: {
  tx: DbOrTx;
  organizationId: string;
  values: { keyHash: string; prefix: string; createdBy?: string };
}): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .insert(apiKeys)
    .values({ organizationId, ...values })
    .onConflictDoNothing({ target: apiKeys.organizationId })
    .returning();
  return row;
}

/** Replaces the key `id` of the organization (new hash, created now, never used); undefined when missing. */
export async function replaceApiKey({
  tx,
  organizationId,
  id,
  values,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  values: { keyHash: string; prefix: string; createdBy?: string };
}): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .update(apiKeys)
    .set({ ...values, createdAt: new Date(), lastUsedAt: null })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning();
  return row;
}

/** Deletes the key `id` of the organization; false when there was none. */
export async function deleteApiKey({
  tx,
  organizationId,
  id,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<boolean> {
  const [row] = await tx
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning({ id: apiKeys.id });
  return !!row;
}

/**
 * The key whose SHA-256 is `keyHash`, of an active organization (id, organization, scope), read
 * on every request that sends `X-API-Key`: built once per database (`apiKeyLookupOf`) as a named
 * prepared statement, so PostgreSQL parses and plans it once per connection. Looked up on the
 * owner's handle, since no organization is known yet.
 */
export const apiKeyLookupOf = ({ db }: { db: Db }) =>
  // tenant: every organization — the key's hash is all the caller brings
  db
    .select({ id: apiKeys.id, organizationId: apiKeys.organizationId, scope: apiKeys.scope })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), eq(organizations.active, true)))
    .prepare('api_key_lookup');

/** Records a use of the key `id` of `organizationId`, at most once per `resolutionSeconds`. */
export async function touchApiKey({
  db,
  organizationId,
  id,
  resolutionSeconds,
}: {
  db: Db;
  organizationId: string;
  id: string;
  resolutionSeconds: number;
}): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.organizationId, organizationId),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${resolutionSeconds})`),
        ),
      ),
    );
}

import { randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, type TApiKey } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { ApiKeyResolver } from '../../auth/context';
import { sha256 } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { apiKeys, organizations } from '../../db/schema';
import { Conflict } from '../../errors';

type ApiKeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (r: ApiKeyRow): TApiKey => ({ id: r.id, key: r.key, created_at: r.createdAt.toISOString() });

/** `GET api-keys`: the organization's keys (none or one), spec console §3 API key, §7. */
export async function listApiKeys(tx: DbOrTx, organizationId: string): Promise<TApiKey[]> {
  const rows = await tx.select().from(apiKeys).where(eq(apiKeys.organizationId, organizationId));
  return rows.map(toApiKey);
}

/**
 * `POST api-keys`: generates the organization's one key (`lo_` + 43 url-safe characters, 256 bits).
 * The key is stored so the console can show it again (spec console §2 API page) and its SHA-256
 * is what requests are looked up by. 409 when the organization already has one (also when two
 * requests race: the unique index decides).
 */
export async function generateApiKey(
  tx: DbOrTx,
  p: { organizationId: string; createdBy?: string },
): Promise<TApiKey> {
  const key = `lo_${randomBytes(32).toString('base64url')}`;
  const [row] = await tx
    .insert(apiKeys)
    .values({ organizationId: p.organizationId, key, keyHash: sha256(key), createdBy: p.createdBy })
    .onConflictDoNothing({ target: apiKeys.organizationId })
    .returning();
  if (!row) throw Conflict(API_KEY_MESSAGES.exists);
  return toApiKey(row);
}

/**
 * The `X-API-Key` resolver given to `installAuth`: a known key of an active organization acts as
 * that organization with admin rights (actor `{ type: 'api_key' }`). Looked up by hash on the
 * owner's handle, since no organization is known yet.
 */
export function apiKeyResolver(db: Db): ApiKeyResolver {
  return async (key) => {
    if (key.length > 200) return undefined;
    const [row] = await db
      .select({ id: apiKeys.id, organizationId: apiKeys.organizationId })
      .from(apiKeys)
      .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
      .where(and(eq(apiKeys.keyHash, sha256(key)), eq(organizations.active, true)));
    if (!row) return undefined;
    return {
      organizationId: row.organizationId,
      homeOrganizationId: row.organizationId,
      role: 'admin',
      actor: { type: 'api_key', id: row.id, name: 'API key' },
    };
  };
}

import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  type TApiKey,
  type TApiKeyCreated,
  type TApiKeyScope,
  ZApiKey,
} from '@lockerops/contract';
import type { ApiKeyResolver } from '../../auth/context';
import { sha256 } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { Conflict, NotFound } from '../../errors';
import { wireOf } from '../../lib/wire';
import {
  type ApiKeyRow,
  apiKeyLookupOf,
  apiKeysOf,
  deleteApiKey,
  insertApiKey,
  replaceApiKey,
  touchApiKey,
} from './queries';

/** How many characters of a key are kept for display: `lo_` and four of the random part. */
const PREFIX_LENGTH = 7;
/** `last_used_at` is written at most once a minute per key, not on every call. */
const LAST_USED_RESOLUTION_SECONDS = 60;

const toApiKey = (r: ApiKeyRow): TApiKey => wireOf(ZApiKey, r);

/**
 * A new key: `lo_` + 43 url-safe characters (256 random bits), with the SHA-256 that is stored.
 * A plain SHA-256 is the standard for API tokens (GitHub, Stripe): unlike a password, a key with
 * 256 random bits cannot be guessed or found by trying a dictionary, so a slow salted hash
 * (argon2) would add nothing but cost on every request.
 */
function newKey(): { key: string; keyHash: string; prefix: string } {
  const key = `lo_${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: sha256(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** `GET api-keys`: the organization's keys (none or one), without the key. spec console §3 API key, §7. */
export async function listApiKeys({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TApiKey[]> {
  const rows = await apiKeysOf({ tx, organizationId });
  return rows.map(toApiKey);
}

/**
 * `POST api-keys`: generates the organization's one key (partner scope) and answers it — the only
 * time it is shown; only its hash and first characters are stored. 409 when the organization
 * already has one (also when two requests race: the unique index decides).
 */
export async function generateApiKey({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  createdBy?: string;
}): Promise<TApiKeyCreated> {
  const { key, keyHash, prefix } = newKey();
  const row = await insertApiKey({
    tx,
    organizationId: p.organizationId,
    values: { keyHash, prefix, createdBy: p.createdBy },
  });
  if (!row) throw Conflict(API_KEY_MESSAGES.exists);
  return { ...toApiKey(row), key };
}

/**
 * `POST api-keys/{id}/rotate`: a new key replaces the old one at once (same id and scope; the old
 * key answers 401 from now on). Answers the new key, shown once. 404 for an id of another
 * organization.
 */
export async function rotateApiKey({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  createdBy?: string;
}): Promise<TApiKeyCreated> {
  const { key, keyHash, prefix } = newKey();
  const row = await replaceApiKey({
    tx,
    organizationId: p.organizationId,
    id: p.id,
    values: { keyHash, prefix, createdBy: p.createdBy },
  });
  if (!row) throw NotFound(API_KEY_MESSAGES.notFound);
  forgetApiKey(p.id);
  return { ...toApiKey(row), key };
}

/** `DELETE api-keys/{id}`: revokes the key (it answers 401 from now on). 404 for another organization's id. */
export async function revokeApiKey({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<void> {
  if (!(await deleteApiKey({ tx, organizationId: p.organizationId, id: p.id })))
    throw NotFound(API_KEY_MESSAGES.notFound);
  forgetApiKey(p.id);
}

/** A key's look-up as the resolver keeps it: the row and when it was read (ms). */
interface CachedKey {
  id: string;
  organizationId: string;
  scope: TApiKeyScope;
  at: number;
}

/** Every resolver's cache of this process, so a revocation or rotation here drops the key at once. */
const caches = new Set<Map<string, CachedKey>>();

/** Drops the key `id` from this process's caches (revoked or rotated: its old hash answers 401). */
function forgetApiKey(id: string): void {
  for (const cache of caches) for (const [hash, k] of cache) if (k.id === id) cache.delete(hash);
}

/**
 * The `X-API-Key` resolver given to `installAuth`: a known key of an active organization acts as
 * that organization within its scope (actor `{ type: 'api_key' }`, role admin inside the scope's
 * operations only). Looked up by hash on the owner's handle, since no organization is known yet,
 * then kept by this process for `cacheSeconds` (`API_KEY_CACHE_SECONDS`, default 5; 0: every
 * request reads it): a kiosk's calls skip the look-up, one statement of the few a call sends. So a
 * key revoked or rotated through another process, or whose organization was deactivated, still
 * answers for up to that long in this one (the process that revoked or rotated it forgets it at
 * once). Unknown keys are not kept. Records the last use at most once a minute: the database keeps
 * to that across processes, and this process sends no write at all for a key it touched less than
 * a minute ago.
 */
export function apiKeyResolver({ db, cacheSeconds = 5 }: { db: Db; cacheSeconds?: number }): ApiKeyResolver {
  const lookup = apiKeyLookupOf({ db });
  /** key hash → when this process last recorded its use (ms); a rotated key is a new entry */
  const touched = new Map<string, number>();
  const cache = new Map<string, CachedKey>();
  caches.add(cache);
  return async (key) => {
    if (key.length > 200) return undefined;
    const keyHash = sha256(key);
    const now = Date.now();
    let row = cache.get(keyHash);
    if (!row || now - row.at >= cacheSeconds * 1000) {
      const [found] = await lookup.execute({ keyHash });
      if (!found) {
        cache.delete(keyHash);
        return undefined;
      }
      row = { ...found, at: now };
      if (cacheSeconds > 0) {
        // keys of the past (rotated, revoked elsewhere) are forgotten once the map grows past any real use
        if (cache.size >= 10_000) cache.clear();
        cache.set(keyHash, row);
      }
    }
    if (now - (touched.get(keyHash) ?? 0) >= LAST_USED_RESOLUTION_SECONDS * 1000) {
      if (touched.size >= 10_000) touched.clear();
      touched.set(keyHash, now);
      await touchApiKey({
        db,
        organizationId: row.organizationId,
        id: row.id,
        resolutionSeconds: LAST_USED_RESOLUTION_SECONDS,
      });
    }
    return {
      organizationId: row.organizationId,
      homeOrganizationId: row.organizationId,
      role: 'admin',
      scope: row.scope,
      actor: { type: 'api_key', id: row.id, name: 'API key' },
    };
  };
}

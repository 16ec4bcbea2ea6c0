/**
 * The statements of idempotent writes (`lib/idempotency.ts`, README "Idempotent writes"): take a
 * key for a call, store its answer, give it up, and purge the expired keys.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { withTenant } from '../../tenancy';

/** How long a key keeps its answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A call that holds its key this long without answering (its process stopped) no longer holds it. */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

type Reservation =
  | { kind: 'reserved'; id: string }
  | { kind: 'mismatch' }
  | { kind: 'running' }
  | { kind: 'replay'; status: number; contentType: string | null; bodyEnc: string | null };

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows);

/**
 * Takes `key` for one call, in its own short tenant transaction (row-level security on): a new key
 * (or one older than 24 hours, or abandoned by a call that has not answered within the lease)
 * answers `reserved`; a known key answers `mismatch` when `hash` differs, `running` while its first
 * call is under way, else `replay` with the stored answer.
 */
export async function reserveIdempotencyKey({
  db,
  ...p
}: {
  db: Db;
  organizationId: string;
  credential: string;
  key: string;
  hash: string;
}): Promise<Reservation> {
  return withTenant(db, p.organizationId, async (tx) => {
    for (let i = 0; i < 3; i++) {
      const [inserted] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO ${idempotencyKeys} (organization_id, credential, key, request_hash)
          VALUES (${p.organizationId}, ${p.credential}, ${p.key}, ${p.hash})
          ON CONFLICT (organization_id, credential, key) DO NOTHING
          RETURNING id`),
      );
      if (inserted) return { kind: 'reserved', id: inserted.id };
      const [row] = rowsOf<{
        id: string;
        request_hash: string;
        state: string;
        status: number | null;
        content_type: string | null;
        body_enc: string | null;
        stale: boolean;
      }>(
        await tx.execute(sql`
          SELECT id, request_hash, state, status, content_type, body_enc,
            (created_at < now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})
              OR (state = 'running' AND locked_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_MS / 1000}))) AS stale
          FROM ${idempotencyKeys}
          WHERE organization_id = ${p.organizationId} AND credential = ${p.credential} AND key = ${p.key}
          FOR UPDATE`),
      );
      if (!row) continue; // released by a failed call in between: take it
      if (row.stale) {
        await tx
          .update(idempotencyKeys)
          .set({
            requestHash: p.hash,
            state: 'running',
            status: null,
            contentType: null,
            bodyEnc: null,
            createdAt: sql`now()`,
            lockedAt: sql`now()`,
          })
          .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.organizationId, p.organizationId)));
        return { kind: 'reserved', id: row.id };
      }
      if (row.request_hash !== p.hash) return { kind: 'mismatch' };
      if (row.state !== 'done' || row.status === null) return { kind: 'running' };
      return { kind: 'replay', status: row.status, contentType: row.content_type, bodyEnc: row.body_enc };
    }
    return { kind: 'running' };
  });
}

/** Stores the answer of the call holding key row `id` (its body sealed); a repeat answers it again. */
export async function recordIdempotentAnswer({
  db,
  ...p
}: {
  db: Db;
  organizationId: string;
  id: string;
  status: number;
  contentType: string | null;
  bodyEnc: string;
}): Promise<void> {
  await withTenant(db, p.organizationId, (tx) =>
    tx
      .update(idempotencyKeys)
      .set({ state: 'done', status: p.status, contentType: p.contentType, bodyEnc: p.bodyEnc })
      .where(and(eq(idempotencyKeys.id, p.id), eq(idempotencyKeys.organizationId, p.organizationId))),
  );
}

/** Gives a key up (its call answered 5xx, or answered a stream): the next call with it runs. */
export async function releaseIdempotencyKey({
  db,
  ...p
}: {
  db: Db;
  organizationId: string;
  id: string;
}): Promise<void> {
  await withTenant(db, p.organizationId, (tx) =>
    tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.id, p.id),
          eq(idempotencyKeys.organizationId, p.organizationId),
          eq(idempotencyKeys.state, 'running'),
        ),
      ),
  );
}

/**
 * Removes the keys of every organization older than 24 hours (the `idempotency-purge` job; the
 * owner's handle). Answers how many were removed.
 */
export async function purgeIdempotencyKeys({ db, now }: { db: Db; now: Date }): Promise<number> {
  // tenant: every organization — the daily purge of expired keys sweeps them all
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

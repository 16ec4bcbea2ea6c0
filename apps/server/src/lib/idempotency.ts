import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { BadRequest, Conflict, HttpError } from '../errors';
import { withTenant } from '../tenancy';
import { UploadedFile } from './crud/multipart';
import type { SecretBox } from './secrets';

/** The request header, as the payment provider names it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header of a stored answer sent again. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key keeps its answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A call that holds its key this long without answering (its process stopped) no longer holds it. */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 printable characters.',
  mismatch:
    'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still being processed. Retry once it has answered.',
} as const;

/** The description of the header in the API document (every write operation). */
export const IDEMPOTENCY_DOC =
  'Optional. A key of 1–255 printable characters chosen by the caller (a UUID, say) that makes a retried write safe: a repeat with the same key and the same method, path and body within 24 hours answers the first answer again (status and body, with the header `Idempotent-Replayed: true`) without doing the work twice; the same key with another request answers 422; a repeat while the first call is still running answers 409. Keys are kept per organization and per credential (each signed-in member, each API key): a key another caller used never answers yours. An answer 5xx is not kept, so a retry runs again. Ignored on calls that need no credential.';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x20-\x7e]{1,255}$/;

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

/** SHA-256 of an uploaded file's bytes, so a retried upload of the same file hashes the same. */
async function fileDigest(file: UploadedFile): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of fs.createReadStream(file.path)) h.update(chunk as Buffer);
  return `${file.filename}:${file.mimetype}:${file.size}:${h.digest('hex')}`;
}

/**
 * The fingerprint of a write: SHA-256 of its method, URL (path and query) and body (JSON as
 * parsed; uploaded files by name, type, size and content).
 */
export async function requestHash(req: FastifyRequest): Promise<string> {
  const files: Array<Promise<string>> = [];
  const body = JSON.stringify(req.body ?? null, (_k, v) => {
    if (v instanceof UploadedFile) {
      files.push(fileDigest(v));
      return `file#${files.length - 1}`;
    }
    return v;
  });
  const h = createHash('sha256');
  h.update(`${req.method}\n${req.url}\n${body}`);
  for (const f of await Promise.all(files)) h.update(`\n${f}`);
  return h.digest('hex');
}

const held = new WeakMap<FastifyRequest, { id: string; organizationId: string }>();

/**
 * Makes every write of the scope (POST, PUT, PATCH, DELETE) idempotent with an `Idempotency-Key`
 * header, the payment provider's semantics (README: Idempotent writes). After authentication and
 * validation, the `preHandler` hook reserves the key for the caller's organization and credential
 * kind in its own short transaction: a repeat with the same method, URL and body within 24 hours
 * answers the stored status and body with `Idempotent-Replayed: true`; another request with the
 * key answers 422; a repeat while the first call runs answers 409; a key that is not 1–255
 * printable characters answers 400. The `onSend` hook stores the answer (its body sealed with
 * `secrets`), or releases the key when the answer is 5xx or a stream, so a retry runs again.
 * Calls without a credential (public routes) ignore the header. Register after `installAuth`.
 */
export function installIdempotency(app: FastifyInstance, opts: { db: Db; secrets: SecretBox }): void {
  const { db, secrets } = opts;

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITES.has(req.method) || !req.routeOptions.url) return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !req.auth) return;
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!KEY.test(key)) throw BadRequest(IDEMPOTENCY_MESSAGES.invalidKey);
    const organizationId = req.auth.organizationId;
    const r = await reserveIdempotencyKey({
      db,
      organizationId,
      // one caller's keys: a second member (or API key) of the organization reusing a key runs on its own
      credential: `${req.auth.actor.type}:${req.auth.actor.id}`,
      key,
      hash: await requestHash(req),
    });
    if (r.kind === 'reserved') {
      held.set(req, { id: r.id, organizationId });
      return;
    }
    if (r.kind === 'mismatch') throw new HttpError(422, IDEMPOTENCY_MESSAGES.mismatch);
    if (r.kind === 'running') throw Conflict(IDEMPOTENCY_MESSAGES.running);
    reply.code(r.status).header(REPLAYED_HEADER, 'true');
    if (r.contentType) reply.header('content-type', r.contentType);
    return reply.send(r.bodyEnc ? secrets.decrypt(r.bodyEnc) : '');
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const h = held.get(req);
    if (!h) return payload;
    held.delete(req);
    try {
      const contentType = reply.getHeader('content-type');
      const textual = typeof contentType !== 'string' || /^(application\/json|text\/)/i.test(contentType);
      // a JSON or text answer is kept; a stream or a binary file is not (the key is given up)
      const text =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload) && textual
            ? payload.toString('utf8')
            : payload == null
              ? ''
              : undefined;
      if (reply.statusCode >= 500 || text === undefined) await releaseIdempotencyKey({ db, ...h });
      else {
        await recordIdempotentAnswer({
          db,
          ...h,
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          bodyEnc: secrets.encrypt(text),
        });
      }
    } catch (err) {
      // the answer still goes out; the key stays `running` until its lease ends
      req.log.error({ err }, 'could not store the idempotent answer');
    }
    return payload;
  });

  // an answer that never passed onSend (a hijacked reply): the key is given up
  app.addHook('onResponse', async (req) => {
    const h = held.get(req);
    if (!h) return;
    held.delete(req);
    await releaseIdempotencyKey({ db, ...h }).catch((err) =>
      req.log.error({ err }, 'could not release the idempotency key'),
    );
  });
}

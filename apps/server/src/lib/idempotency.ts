import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { BadRequest, Conflict, HttpError } from '../errors';
import { UploadedFile } from './crud/multipart';
import { recordIdempotentAnswer, releaseIdempotencyKey, reserveIdempotencyKey } from './queries/idempotency';
import type { SecretBox } from './secrets';

/** The request header, as the payment provider names it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header of a stored answer sent again. */
export const REPLAYED_HEADER = 'idempotent-replayed';

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

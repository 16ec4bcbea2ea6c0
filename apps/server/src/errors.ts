import {
  HTTP_MESSAGES,
  MSG,
  messageCodeOf,
  NOTIFICATION_MESSAGES,
  STATUS_ERROR_CODES,
} from '@lockerops/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Tx } from './db/client';

/**
 * A typed HTTP error; the error handler answers it as `{ detail }` with its status
 * (CONTRIBUTING.md "Conventions").
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | string[],
  ) {
    super(Array.isArray(detail) ? detail.join('; ') : detail);
  }
}

/**
 * An HttpError that also records something which must outlive the rolled-back transaction of the
 * request (a declined payment): `withTenant` runs `afterRollback` in a fresh tenant transaction
 * once the failed one has rolled back, then the error answers as usual.
 */
export class RecordedHttpError extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly afterRollback: (tx: Tx) => Promise<void>,
  ) {
    super(statusCode, detail);
  }
}

export const BadRequest = (detail: string | string[]) => new HttpError(400, detail);
export const Unauthorized = (detail: string = MSG.notAuthenticated) => new HttpError(401, detail);
export const Forbidden = (detail: string = MSG.forbidden) => new HttpError(403, detail);
export const NotFound = (what = 'Not found') => new HttpError(404, what);
export const Conflict = (detail: string) => new HttpError(409, detail);
export const TooLarge = (detail: string) => new HttpError(413, detail);

/** PostgreSQL error codes met in normal operation, mapped to client errors. */
const PG_UNIQUE = '23505';
const PG_FK = '23503';
const PG_EXCLUSION = '23P01';
const PG_INVALID_TEXT = '22P02';
const PG_SERIALIZATION = '40001';
/**
 * Values the schema let through but a column cannot hold: a number past its type's range
 * (integer, numeric(12,2)), text past a length limit, a date out of range, a CHECK constraint, a
 * character the encoding lacks, an index entry too large. They answer 400, never 500.
 */
const PG_BAD_VALUE: Record<string, string> = {
  '22003': HTTP_MESSAGES.numberOutOfRange,
  '22001': HTTP_MESSAGES.textTooLong,
  '22008': HTTP_MESSAGES.dateOutOfRange,
  '22007': HTTP_MESSAGES.dateInvalid,
  '23514': HTTP_MESSAGES.invalidValue,
  '22P05': HTTP_MESSAGES.badCharacter,
  '54000': HTTP_MESSAGES.textTooLong,
};

/** The spec's message of a unique index that expresses a rule (else the generic conflict text). */
const UNIQUE_MESSAGES: Record<string, string> = {
  notifications_default_uq: NOTIFICATION_MESSAGES.defaultExists,
};

type PgLikeError = { code?: string; constraint?: string; cause?: unknown };
const pgCode = (err: unknown): PgLikeError | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as PgLikeError).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return e as PgLikeError;
    e = (e as PgLikeError).cause;
  }
  return undefined;
};

/**
 * SQLSTATEs of a database that is there but cannot serve this request now: the connection was
 * terminated (`pg_terminate_backend` → 57P01, a server restart or crash), lost (class 08), refused
 * (too many connections), or the statement lost a deadlock. Trying again shortly succeeds.
 */
const PG_TRANSIENT = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  '40P01',
]);
/** Socket errors (network reset, refused, timed out) as Node reports them. */
const NET_TRANSIENT = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * node-postgres' own texts: the socket closed under a query, a client whose connection died used
 * again (Drizzle's ROLLBACK after the failed statement), the pool's wait for a connection past
 * `DATABASE_POOL_TIMEOUT_MS`.
 */
const DRIVER_TRANSIENT =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * Whether `err` (or an error in its `cause` chain, as Drizzle wraps driver errors) says the
 * database connection failed or was busy rather than that the request was wrong: such a request
 * answers 503 with `Retry-After`, never 500, and the pool has already dropped the dead connection.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (PG_TRANSIENT.has(code) || NET_TRANSIENT.has(code))) return true;
    if (typeof message === 'string' && DRIVER_TRANSIENT.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait (`Retry-After`) after a 503 for a lost database connection. */
export const RETRY_AFTER_SECONDS = 1;

type ErrorBody = { detail: string | string[]; code?: string; params?: string[]; codes?: string[] };

/**
 * Adds the machine code to an error answer (RFC 9457 style): the code of the
 * message `detail` holds (`messageCodeOf`, with a template's `params`), else the status's generic
 * code; a list of details gets `codes`, one per text, and the first as `code`. The English
 * `detail` stays as it is.
 */
export function withErrorCode(status: number, body: ErrorBody): ErrorBody {
  if (body.code) return body;
  const generic = STATUS_ERROR_CODES[status] ?? (status >= 500 ? 'http.serverError' : 'http.badRequest');
  const texts = Array.isArray(body.detail) ? body.detail : [body.detail];
  const found = texts.map((t) => (typeof t === 'string' ? messageCodeOf(t) : undefined));
  const first = found[0];
  const out: ErrorBody = { ...body, code: first?.code ?? generic };
  if (first?.params && !Array.isArray(body.detail)) out.params = first.params;
  if (Array.isArray(body.detail)) out.codes = found.map((f) => f?.code ?? generic);
  return out;
}

const isErrorBody = (v: unknown): v is ErrorBody =>
  typeof v === 'object' &&
  v !== null &&
  'detail' in v &&
  (typeof (v as ErrorBody).detail === 'string' || Array.isArray((v as ErrorBody).detail));

/**
 * Installs the one error handler: typed errors, validation errors, database conflicts, a lost
 * database connection (503 with `Retry-After`), and 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  // Every error answer, whoever sends it, carries its code.
  app.addHook('preSerialization', async (_req, reply, payload) =>
    reply.statusCode >= 400 && isErrorBody(payload) ? withErrorCode(reply.statusCode, payload) : payload,
  );
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ detail: err.detail });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply.status(400).send({ detail: messages.length === 1 ? messages[0] : messages });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ detail: MSG.serverError });
    }
    const pg = pgCode(err);
    if (pg?.code === PG_UNIQUE)
      return reply
        .status(409)
        .send({ detail: UNIQUE_MESSAGES[pg.constraint ?? ''] ?? HTTP_MESSAGES.duplicate });
    if (pg?.code === PG_EXCLUSION) return reply.status(409).send({ detail: HTTP_MESSAGES.overlapping });
    if (pg?.code === PG_FK) return reply.status(409).send({ detail: HTTP_MESSAGES.stillReferenced });
    if (pg?.code === PG_INVALID_TEXT) return reply.status(400).send({ detail: HTTP_MESSAGES.invalidValue });
    if (pg?.code && PG_BAD_VALUE[pg.code]) return reply.status(400).send({ detail: PG_BAD_VALUE[pg.code] });
    if (pg?.code === PG_SERIALIZATION) return reply.status(409).send({ detail: HTTP_MESSAGES.tryAgain });
    if (isTransientDatabaseError(err)) {
      req.log.warn({ err }, 'database connection lost or busy; answered 503');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ detail: MSG.somethingWentWrongFallback });
    }
    if (err.code === 'FST_UNDER_PRESSURE') {
      // overload shedding (app.ts): under-pressure has set the status and Retry-After already
      return reply.status(503).send({ detail: MSG.somethingWentWrongFallback });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const detail = err.statusCode === 429 ? MSG.tooManyRequests : err.message;
      return reply.status(err.statusCode).send({ detail });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: MSG.serverError });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ detail: HTTP_MESSAGES.routeNotFound(req.method, req.url.split('?')[0] ?? '') }),
  );
}

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequest, HttpError, TooLarge } from '../../errors';

/** Whether the route declares a multipart body (`schema.consumes`). */
/**
 * Whether a route reads a multipart body: it declares one (`schema.consumes`), or it takes a body
 * at all — the console sends its forms with pictures (issues, products, locations, organizations)
 * as multipart, whose text fields become the body. A route without a body refuses one (415).
 */
const takesMultipart = (req: FastifyRequest): boolean =>
  (req.routeOptions.schema?.consumes ?? []).some((c) => MULTIPART.includes(c)) ||
  Boolean(req.routeOptions.schema?.body);

import { CSV_TOO_LARGE, MAX_CSV_BYTES } from './csv';

/** The kinds of file a route takes (`config: { upload }`), each with its per-file limit. */
export type UploadKind = 'image' | 'csv';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The kind of file the route takes in a multipart body (`UPLOAD_LIMITS`): its per-file limit.
     * Unset: the route takes no files, and a file part answers 400 before anything is written.
     */
    upload?: UploadKind;
  }
}

/** Largest image upload: 10 MB per file. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** At most this many files in one request. */
export const MAX_FILES = 10;
/** Largest multipart request: 50 MB of files and fields together. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The answers of the upload limits (413, except `noFiles`: 400). */
export const UPLOAD_MESSAGES = {
  imageTooLarge: 'The image is larger than 10 MB.',
  csvTooLarge: CSV_TOO_LARGE,
  tooManyFiles: 'At most 10 files may be uploaded at once.',
  requestTooLarge: 'The upload is larger than 50 MB in total.',
  noFiles: 'This call takes no files.',
  malformed: 'The multipart body cannot be read.',
  notMultipart: 'This call does not take a multipart body.',
} as const;

/** Per-file limit (bytes) and the 413 answer beyond it, by the route's kind of upload. */
export const UPLOAD_LIMITS: Record<UploadKind, { bytes: number; message: string }> = {
  image: { bytes: MAX_IMAGE_BYTES, message: UPLOAD_MESSAGES.imageTooLarge },
  csv: { bytes: MAX_CSV_BYTES, message: UPLOAD_MESSAGES.csvTooLarge },
};

/**
 * An uploaded file of a multipart body: written to a temporary file while it arrived (never held
 * in memory), removed when the request ends — a handler that keeps it moves it into storage
 * (`StorageAdapter.put`). Only the upload hook makes one, so a JSON body cannot pass for a file.
 * `size` in bytes; `filename` and `mimetype` as the client sent them (not trusted: images are
 * checked by content).
 */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly filename: string,
    readonly mimetype: string,
  ) {}
}

/**
 * An uploaded file in a multipart body (an `UploadedFile`); documented in OpenAPI as a binary
 * string. `message` is the 400 answer when the field holds no file.
 */
export const zFileWith = (message: string) =>
  z
    .custom<UploadedFile>((v) => v instanceof UploadedFile, { message })
    .meta({ type: 'string', format: 'binary' });

/** An uploaded file in a multipart body; 400 'Expected a file' otherwise. */
export const zFile = zFileWith('Expected a file');

/** One or more files under the same field name. */
export const zFiles = z.union([zFile, z.array(zFile)]);

/** The files of a field that may hold one, several or none. */
export const filesOf = (v: UploadedFile | UploadedFile[] | undefined): UploadedFile[] =>
  v ? (Array.isArray(v) ? v : [v]) : [];

/** A multipart text field that may be repeated; answers its first value. */
export const zField = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), inner);

export const MULTIPART = ['multipart/form-data'];

/** The temporary files of one request, removed when it ends. */
interface UploadState {
  files: string[];
  ended: boolean;
}
const uploads = new WeakMap<FastifyRequest, UploadState>();

/** Removes the request's temporary files (idempotent; a file already moved into storage is gone). */
async function discard(req: FastifyRequest): Promise<void> {
  const state = uploads.get(req);
  if (!state) return;
  state.ended = true;
  // every path each time (removing is idempotent, and a file moved into storage is gone): a call
  // made while a file is still being opened must not hide it from the next one
  await Promise.all(state.files.map((f) => fsp.rm(f, { force: true }).catch(() => undefined)));
}

/**
 * After a refused upload, the rest of the request is read and dropped (up to `MAX_UPLOAD_BYTES`,
 * then the connection is closed), so the client reads the answer instead of a reset connection.
 */
function drain(req: FastifyRequest): void {
  const raw = req.raw;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_UPLOAD_BYTES) raw.destroy();
  });
  raw.on('error', () => undefined);
  raw.resume();
}

/**
 * Reads multipart bodies part by part (CONTRIBUTING.md "Conventions"). Text fields
 * become `req.body[name]` (repeated fields an array), as before. Each file part is streamed to a
 * temporary file under `tmpDir` as it arrives, counting bytes, and becomes an `UploadedFile`; the
 * route's `config.upload` sets the per-file limit (`UPLOAD_LIMITS`: images 10 MB, CSV 5 MB). At
 * most `MAX_FILES` files and `MAX_UPLOAD_BYTES` in all (a larger `Content-Length` is refused
 * before reading). Beyond a limit the file stops being written, what was written is removed, and
 * the request answers 413 with `detail` naming the limit; a file part sent to a route without
 * `config.upload` answers 400 'This call takes no files.' and nothing is written. A body the parser
 * cannot read (no boundary, a part cut short, broken part headers) answers 400 'The multipart body
 * cannot be read.'; a multipart body sent to a route that takes no body at all
 * answers 415 'This call does not take a multipart body.' before it is read. Temporary
 * files are removed when the request ends: answered, failed or abandoned by the client.
 */
export async function installUploads(app: FastifyInstance, tmpDir: string): Promise<void> {
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  removeStale(tmpDir);
  await app.register(multipart, {
    // Busboy's own limits back ours up: a file is cut past the largest per-file limit.
    limits: {
      fileSize: Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.bytes)) + 1,
      files: MAX_FILES + 1,
      fields: 200,
    },
  });
  app.addHook('onResponse', async (req) => discard(req));
  app.addHook('preValidation', async (req, reply) => {
    // an unknown route answers 404 without its body being read
    if (!req.isMultipart() || !req.routeOptions.url) return;
    // a route that takes no multipart body refuses one before reading it
    if (!takesMultipart(req)) {
      drain(req);
      throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
    }
    if (Number(req.headers['content-length']) > MAX_UPLOAD_BYTES) {
      reply.header('connection', 'close');
      throw TooLarge(UPLOAD_MESSAGES.requestTooLarge);
    }
    const state: UploadState = { files: [], ended: false };
    uploads.set(req, state);
    reply.raw.on('close', () => void discard(req));
    try {
      req.body = await readParts(req, tmpDir, state);
    } catch (caught) {
      await discard(req);
      // a body the parser cannot read (no boundary, a cut part, bad headers) is the client's: 400
      const err = caught instanceof HttpError ? caught : BadRequest(UPLOAD_MESSAGES.malformed);
      if (err.statusCode === 413 || err.statusCode === 400) drain(req);
      throw err;
    }
  });
}

const ENDED = 'The request ended before its files arrived.';

/** The body of a multipart request: text fields as strings (or JSON), files as `UploadedFile`. */
async function readParts(req: FastifyRequest, tmpDir: string, state: UploadState) {
  const kind = req.routeOptions.config.upload;
  const body: Record<string, unknown> = {};
  const add = (name: string, v: unknown) => {
    const cur = body[name];
    body[name] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  };
  let total = 0;
  let files = 0;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      total += typeof part.value === 'string' ? Buffer.byteLength(part.value) : 0;
      if (total > MAX_UPLOAD_BYTES) throw TooLarge(UPLOAD_MESSAGES.requestTooLarge);
      add(part.fieldname, part.value);
      continue;
    }
    const refuse = (err: HttpError) => {
      part.file.destroy();
      return err;
    };
    if (!kind) throw refuse(BadRequest(UPLOAD_MESSAGES.noFiles));
    if (++files > MAX_FILES) throw refuse(TooLarge(UPLOAD_MESSAGES.tooManyFiles));
    if (state.ended) throw refuse(BadRequest(ENDED));
    const limit = UPLOAD_LIMITS[kind];
    const file = path.join(tmpDir, randomUUID());
    state.files.push(file);
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        total += chunk.length;
        if (size > limit.bytes) return done(TooLarge(limit.message));
        if (total > MAX_UPLOAD_BYTES) return done(TooLarge(UPLOAD_MESSAGES.requestTooLarge));
        done(null, chunk);
      },
    });
    const out = fs.createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(part.file, count, out);
    } catch (err) {
      // the file is opened asynchronously: a refusal can come before it exists, and removing it
      // then would leave the file the stream creates afterwards; wait until the stream is closed
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      throw err;
    }
    if (part.file.truncated) throw TooLarge(limit.message);
    if (state.ended) throw BadRequest(ENDED);
    add(part.fieldname, new UploadedFile(file, size, part.filename, part.mimetype));
  }
  return body;
}

/** Temporary files older than a day are left-overs of a stopped process: removed at start. */
function removeStale(tmpDir: string): void {
  const before = Date.now() - 24 * 3600 * 1000;
  for (const name of fs.readdirSync(tmpDir)) {
    const file = path.join(tmpDir, name);
    try {
      if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
    } catch {
      // removed meanwhile
    }
  }
}

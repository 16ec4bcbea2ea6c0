import { z } from 'zod';

/**
 * An uploaded file in a multipart body. With `attachFieldsToBody: 'keyValues'` a file field
 * arrives as a Buffer; documented in OpenAPI as a binary string.
 */
export const zFile = z
  .custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'Expected a file' })
  .meta({ type: 'string', format: 'binary' });

/** One or more files under the same field name. */
export const zFiles = z.union([zFile, z.array(zFile)]);

export const filesOf = (v: Buffer | Buffer[] | undefined): Buffer[] =>
  v ? (Array.isArray(v) ? v : [v]) : [];

/** A multipart text field that may be repeated; answers its first value. */
export const zField = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : Buffer.isBuffer(v) ? v.toString('utf8') : v), inner);

export const MULTIPART = ['multipart/form-data'];

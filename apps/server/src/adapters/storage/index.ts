import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { BadRequest } from '../../errors';

/** A stored file's key and the URL the console loads it from. */
export interface StoredFile {
  key: string;
  url: string;
  contentType: string;
}

/** A file on the local disk to store: an upload's temporary file (`lib/crud/multipart` `UploadedFile`). */
export interface TempFile {
  path: string;
}

/** The file-storage adapter (CONTRIBUTING.md "Adapters (outside systems)"): a local directory by default. */
export interface StorageAdapter {
  /**
   * Stores the temporary file `file` (moved, never read into memory; the temporary file is gone
   * afterwards) as `contentType` with the extension `ext`; answers its key and URL.
   */
  put(file: TempFile, contentType: string, ext: string): Promise<StoredFile>;
  open(key: string): { stream: fs.ReadStream; contentType: string } | undefined;
}

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  csv: 'text/csv',
};

/** Files under `dir`, served at `/api/files/{key}`. */
export function createLocalStorage(dir: string): StorageAdapter {
  fs.mkdirSync(dir, { recursive: true });
  return {
    async put(file, contentType, ext) {
      const key = `${randomUUID()}.${ext}`;
      await moveFile(file.path, path.join(dir, key));
      return { key, url: `/api/files/${key}`, contentType };
    },
    open(key) {
      if (!KEY.test(key)) return undefined;
      const file = path.join(dir, key);
      if (!fs.existsSync(file)) return undefined;
      const ext = key.split('.').pop() ?? '';
      return { stream: fs.createReadStream(file), contentType: TYPES[ext] ?? 'application/octet-stream' };
    },
  };
}

/**
 * Moves `from` to `to`: a rename on the same disk, else a streamed copy (the kernel's) and the
 * removal of `from`.
 */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fsp.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    await fsp.rm(from, { force: true });
  }
}

/** How many leading bytes the image check reads (file-type's sample size). */
const SNIFF_BYTES = 4100;

/**
 * Checks by content (magic bytes of the first 4100 bytes, not the file name) that the file is a
 * raster image and answers its type and extension, or undefined.
 */
export async function detectImage(file: TempFile): Promise<{ mime: string; ext: string } | undefined> {
  const handle = await fsp.open(file.path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const type = await fileTypeFromBuffer(head);
  if (!type?.mime.startsWith('image/')) return undefined;
  return { mime: type.mime, ext: type.ext };
}

/** Stores the file when it is an image (by content), else throws 400 with `message`. */
export async function storeImage(
  storage: StorageAdapter,
  file: TempFile,
  message: string,
): Promise<StoredFile> {
  const image = await detectImage(file);
  if (!image) throw BadRequest(message);
  return storage.put(file, image.mime, image.ext);
}

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

/** The file-storage adapter (ARCHITECTURE: Adapters): a local directory by default. */
export interface StorageAdapter {
  put(data: Buffer, contentType: string, ext: string): Promise<StoredFile>;
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
    async put(data, contentType, ext) {
      const key = `${randomUUID()}.${ext}`;
      await fsp.writeFile(path.join(dir, key), data);
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
 * Checks by content (magic bytes, not the file name) that `data` is a raster image and answers
 * its type and extension, or undefined.
 */
export async function detectImage(data: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(data);
  if (!type?.mime.startsWith('image/')) return undefined;
  return { mime: type.mime, ext: type.ext };
}

/** Stores `data` when it is an image, else throws 400 with `message`. */
export async function storeImage(
  storage: StorageAdapter,
  data: Buffer,
  message: string,
): Promise<StoredFile> {
  const image = await detectImage(data);
  if (!image) throw BadRequest(message);
  return storage.put(data, image.mime, image.ext);
}

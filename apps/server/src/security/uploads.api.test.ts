import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MSG } from '@lockerops/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { multipartBody, multipartFrame, PNG } from '../../test/multipart';
import { CSV_TOO_LARGE } from '../lib/crud/csv';
import { UPLOAD_MESSAGES } from '../lib/crud/multipart';

/**
 * Finding 11: uploads stream to temporary files with per-route limits (images 10 MB,
 * CSV 5 MB, at most 10 files, 50 MB a request), 413 with `detail` beyond, and no temporary file
 * outlives its request.
 */
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const MB = 1024 * 1024;
type File = { name: string; filename: string; data: Buffer; type?: string };
const post = (url: string, files: File[], fields: Record<string, string> = {}) => {
  const body = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload });
};
const image = (bytes: number): File => ({
  name: 'image',
  filename: 'big.png',
  type: 'image/png',
  data: Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]),
});
const csvOf = (bytes: number): File => {
  const row = 'a,b@x.test\n';
  const text = `name,email\n${row.repeat(Math.ceil(bytes / row.length))}`;
  return { name: 'file', filename: 'u.csv', type: 'text/csv', data: Buffer.from(text) };
};
const tmpDir = () => path.join(t.config.dataDir, 'upload-tmp');
const tmpFiles = () => fs.readdirSync(tmpDir());
const storedFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'uploads'));
/** No temporary file is left (the last ones go when the answer has been sent). */
const noTempFiles = () => vi.waitFor(() => expect(tmpFiles()).toEqual([]), { timeout: 5000, interval: 20 });

describe('upload limits', () => {
  it('a CSV over 5 MB answers 413 with the CSV message, and leaves no temporary file', async () => {
    const res = await post('/api/users/csv', [csvOf(5 * MB + 10)]);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    expect(res.json().detail).toBe(CSV_TOO_LARGE);
    expect(tmpFiles()).toEqual([]);
  });

  it('an image over 10 MB answers 413 with detail, and leaves no temporary file', async () => {
    const before = storedFiles().length;
    const res = await post('/api/images', [image(10 * MB + 1)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(UPLOAD_MESSAGES.imageTooLarge);
    expect(tmpFiles()).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('a file over 10 MB to a CSV route answers 413 with the CSV message', async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * MB + 1)]);
    const res = await post('/api/users/csv', [
      { name: 'file', filename: 'u.csv', data: huge, type: 'text/csv' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(CSV_TOO_LARGE);
  });

  it('more than 10 files answer 413 with detail', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ ...image(PNG.length), filename: `f${i}.png` }));
    const before = storedFiles().length;
    const res = await post(
      '/api/feedback',
      files.map((f) => ({ ...f, name: 'images' })),
      {
        department: 'Sales',
        description: 'Too many pictures',
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(UPLOAD_MESSAGES.tooManyFiles);
    expect(tmpFiles()).toEqual([]);
    expect(storedFiles()).toHaveLength(before);

    const csv = await post(
      '/api/users/csv',
      Array.from({ length: 11 }, (_, i) => ({
        name: 'file',
        filename: `f${i}.csv`,
        data: Buffer.from('a\n'),
      })),
    );
    expect(csv.statusCode).toBe(413);
    expect(csv.json().detail).toBe(UPLOAD_MESSAGES.tooManyFiles);
  });

  it('limits per route: a 6 MB image is taken where a 6 MB CSV is refused', async () => {
    const img = await post('/api/images', [image(6 * MB)]);
    expect(img.statusCode, img.body).toBe(200);
    const key = String(img.json().detail).replace('/api/files/', '');
    expect(fs.statSync(path.join(t.config.dataDir, 'uploads', key)).size).toBe(6 * MB);

    const csv = await post('/api/users/csv', [csvOf(6 * MB)]);
    expect(csv.statusCode).toBe(413);
    expect(csv.json().detail).toBe(CSV_TOO_LARGE);
    await noTempFiles();
  });

  it('answers 413 over 50 MB a request: by Content-Length before reading, and while streaming', async () => {
    const frame = multipartFrame('image', 'a.png', 'image/png');
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin, ...frame.headers, 'content-length': String(51 * MB) },
      payload: Buffer.concat([frame.head, PNG, frame.tail]),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().detail).toBe(UPLOAD_MESSAGES.requestTooLarge);

    // No Content-Length: six 9 MB images, each within its own limit, 54 MB together.
    const boundary = '----lockeropsbig';
    const zeros = Buffer.alloc(MB);
    async function* body() {
      for (let i = 0; i < 6; i++) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        yield PNG;
        for (let m = 0; m < 9; m++) yield zeros;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    }
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().detail).toBe(UPLOAD_MESSAGES.requestTooLarge);
    expect(tmpFiles()).toEqual([]);
  });

  it('a multipart body sent to a call that takes none answers 415 (an unknown call 404) and writes nothing', async () => {
    const events: string[] = [];
    const watcher = fs.watch(tmpDir(), (event, name) => events.push(`${event} ${name}`));
    try {
      const res = await post('/api/api-keys', [
        { name: 'name', filename: 'x.png', data: Buffer.alloc(MB), type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toBe(UPLOAD_MESSAGES.notMultipart);
      const unknown = await post('/api/no-such-call', [image(MB)]);
      expect(unknown.statusCode).toBe(404);
      await new Promise((r) => setTimeout(r, 200));
      expect(events).toEqual([]);
    } finally {
      watcher.close();
    }
  });

  it('a file that lies about its type is refused as before, and is not kept', async () => {
    const before = storedFiles().length;
    const res = await post('/api/images', [
      { name: 'image', filename: 'x.png', type: 'image/png', data: Buffer.from('<svg></svg>') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.onlyImagesBang);
    expect(storedFiles()).toHaveLength(before);
    await noTempFiles();
  });
});

describe('malformed multipart bodies', () => {
  /** Bodies a multipart parser cannot read: no boundary, a part cut short. */
  const broken: Array<{ name: string; type: string; payload: string }> = [
    { name: 'no boundary', type: 'multipart/form-data', payload: 'x' },
    {
      name: 'cut short',
      type: 'multipart/form-data; boundary=B',
      payload: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,email\r\n',
    },
  ];

  it('answer 400 on every call that takes multipart and 415 on every other, never 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const misses: string[] = [];
    let multipartCalls = 0;
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        // a call with a body reads it as a multipart form too (the console's forms with pictures)
        const content = Object.keys(op.requestBody?.content ?? {});
        const takes = content.length > 0;
        if (content.includes('multipart/form-data')) multipartCalls++;
        const url = p
          .replace(/\{organization\}/, 'demo-org')
          .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const b of broken) {
          for (const headers of [admin, {}]) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { ...headers, 'content-type': b.type },
              payload: b.payload,
            });
            const want = takes ? 400 : 415;
            // a public call or a signed-in one answers the body's fault; without a session a
            // call that needs one answers 401 first, as does a Lite App or screen call to a team
            // session (only the customer's cookie or the kiosk token opens those); never 500
            const ownCaller = /^\/api\/(customer\/\{organization\}|kiosk)\//.test(p);
            const ok =
              res.statusCode === want || ((headers !== admin || ownCaller) && res.statusCode === 401);
            if (!ok || res.statusCode >= 500)
              misses.push(
                `${method.toUpperCase()} ${p} (${b.name}, ${headers === admin ? 'admin' : 'nobody'}): ${res.statusCode} ${res.body.slice(0, 80)}`,
              );
          }
        }
      }
    }
    expect(multipartCalls).toBeGreaterThan(10);
    expect(misses).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(signIn.json()).toMatchObject({ detail: UPLOAD_MESSAGES.malformed });
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/users/csv',
      headers: { ...admin, 'content-type': broken[1]!.type },
      payload: broken[1]!.payload,
    });
    expect(csv.json()).toMatchObject({ detail: UPLOAD_MESSAGES.malformed });
    await noTempFiles();
  }, 180_000);
});

describe('uploads over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  /** Opens `POST url` with a body of `length` bytes that the test writes itself. */
  const open = (url: string, headers: Record<string, string>, length: number) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: { ...admin, ...headers, 'content-length': String(length) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    const write = async (data: Buffer) => {
      if (!req.write(data)) await new Promise((r) => req.once('drain', r));
    };
    return { req, answer, write };
  };
  const chunk = Buffer.alloc(64 * 1024);
  /** The one temporary file of the upload in progress, once it holds at least `bytes`. */
  const tempFileReaching = (bytes: number) =>
    vi.waitFor(
      () => {
        const files = tmpFiles();
        expect(files).toHaveLength(1);
        expect(fs.statSync(path.join(tmpDir(), files[0]!)).size).toBeGreaterThanOrEqual(bytes);
      },
      { timeout: 10_000, interval: 20 },
    );

  it('writes a 9 MB image to disk while it arrives, then moves it into storage', async () => {
    const frame = multipartFrame('image', 'big.png', 'image/png');
    const size = PNG.length + 144 * chunk.length; // 9 MB and the PNG header
    const upload = open('/api/images', frame.headers, frame.head.length + size + frame.tail.length);
    await upload.write(frame.head);
    await upload.write(PNG);
    for (let i = 0; i < 128; i++) await upload.write(chunk); // 8 MB of 9
    // Before the request has ended, the 8 MB sent are on disk, not held in memory.
    await tempFileReaching(7 * MB);
    for (let i = 128; i < 144; i++) await upload.write(chunk);
    upload.req.end(frame.tail);
    const res = await upload.answer;
    expect(res.status, res.body).toBe(200);
    const key = String(JSON.parse(res.body).detail).replace('/api/files/', '');
    expect(fs.statSync(path.join(t.config.dataDir, 'uploads', key)).size).toBe(size);
    await noTempFiles();
  });

  it('removes the temporary file when the client goes away mid-upload', async () => {
    const before = storedFiles().length;
    const frame = multipartFrame('image', 'big.png', 'image/png');
    const upload = open('/api/images', frame.headers, frame.head.length + 9 * MB + frame.tail.length);
    upload.answer.catch(() => undefined);
    await upload.write(frame.head);
    await upload.write(PNG);
    for (let i = 0; i < 48; i++) await upload.write(chunk); // 3 MB
    await tempFileReaching(2 * MB);
    upload.req.destroy();
    await noTempFiles();
    expect(storedFiles()).toHaveLength(before);
  });

  it('answers 413 to an image over 10 MB on a real connection', async () => {
    const frame = multipartFrame('image', 'big.png', 'image/png');
    const upload = open('/api/images', frame.headers, frame.head.length + 11 * MB + frame.tail.length);
    await upload.write(frame.head);
    let sent = 0;
    const writing = (async () => {
      try {
        for (; sent < 11 * MB; sent += chunk.length) await upload.write(chunk);
        upload.req.end(frame.tail);
      } catch {
        // the server may close the connection once it has answered
      }
    })();
    const res = await upload.answer;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).detail).toBe(UPLOAD_MESSAGES.imageTooLarge);
    await writing;
    await noTempFiles();
  });
});

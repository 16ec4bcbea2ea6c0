import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { multipartBody, PNG } from '../../test/multipart';
import { CSV_TOO_LARGE } from '../lib/crud/csv';

/** Finding 11 (issue 16): upload limits answer 413 with `detail` (CSV 5 MB, images 10 MB, 10 files). */
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const post = (url: string, files: Array<{ name: string; filename: string; data: Buffer; type?: string }>) => {
  const body = multipartBody({}, files);
  return t.app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload });
};

describe('upload limits', () => {
  it('a CSV over 5 MB answers 413 with detail', async () => {
    const big = Buffer.from(`name,email\n${'a,b@x.test\n'.repeat(Math.ceil((5 * 1024 * 1024) / 11) + 10)}`);
    const res = await post('/api/users/csv', [
      { name: 'file', filename: 'u.csv', data: big, type: 'text/csv' },
    ]);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    expect(res.json().detail).toBe(CSV_TOO_LARGE);
  });

  it('a file over 10 MB answers 413 with detail', async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await post('/api/users/csv', [
      { name: 'file', filename: 'u.csv', data: huge, type: 'text/csv' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('more than 10 files answer 413 with detail', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: 'file',
      filename: `f${i}.csv`,
      data: Buffer.from('a\n'),
    }));
    const res = await post('/api/users/csv', files);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

/** The built console served by the API process (issue: production start). */
describe('console files', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-web-'));
  const js = 'console.log("a hashed asset");'.repeat(50);

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js'), js);
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(js));
    t = await createTestApp({}, (c) => {
      c.webDist = web;
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers index.html, never cached, for the console routes', async () => {
    const res = await t.app.inject({ url: '/locations?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>console</title>');
  });

  it('answers an unknown /api path with a 404 { detail }, not the console', async () => {
    for (const url of ['/api/no-such-thing', '/api/locations/x/y/z', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
  });
});

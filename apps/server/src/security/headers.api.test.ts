import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Finding 10, the headers: every answer carries a Content-Security-Policy without inline
 * scripts and without framing, `X-Content-Type-Options: nosniff`; only the reservation widget page
 * may be framed (by anyone) and the Lite App's preview (by this origin); HSTS only when the public URL is https.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cspOf = (h: Record<string, unknown>) => String(h['content-security-policy'] ?? '');

describe('security headers', () => {
  it.each(['/api/health', '/api/redoc', '/api/openapi.json', '/api/users'])('%s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = cspOf(res.headers);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the reservation widget page stays embeddable from any site', async () => {
    const res = await t.app.inject({ url: '/widget/demo-org?key=unknown' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(cspOf(res.headers)).toContain('frame-ancestors *');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("the Lite App's preview may be framed by the console's own origin only", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'customer-dist-'));
    fs.writeFileSync(path.join(dist, 'app.html'), '<!doctype html><title>app</title>');
    const withApp = await createTestApp({ CUSTOMER_DIST: dist });
    try {
      for (const url of ['/app/demo-org', '/app/demo-org/l/x']) {
        const plain = await withApp.app.inject({ url });
        expect(plain.headers['x-frame-options']).toBe('DENY');
        expect(cspOf(plain.headers)).toContain("frame-ancestors 'none'");
        const preview = await withApp.app.inject({ url: `${url}?preview=1` });
        expect(preview.statusCode).toBe(200);
        expect(preview.headers['x-frame-options']).toBeUndefined();
        const csp = cspOf(preview.headers);
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).not.toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('frame-ancestors *');
        expect(csp).toContain("script-src 'self'");
      }
    } finally {
      await withApp.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://lockerops.example' });
    try {
      const res = await https.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});

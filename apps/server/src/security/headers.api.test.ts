import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Finding 10, the headers: every answer carries a Content-Security-Policy without inline
 * scripts and without framing, `X-Content-Type-Options: nosniff`; only the reservation widget page
 * may be framed; HSTS only when the public URL is https.
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

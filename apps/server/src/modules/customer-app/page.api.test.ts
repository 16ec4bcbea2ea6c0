import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoOrg, type TestApp } from '../../../test/helpers';
import { organizations } from '../../db/schema';

/*
 * The Lite App's page filled in by the server (README "Lite App"): the organization's
 * configuration inline, its name and colour in the head, the first screen in the reader's
 * language on the app's first address only — every text of the organization escaped.
 */

let t: TestApp;
let dist: string;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="theme-color" content="#1976d2" /><title>Lockers</title><!--app-head--></head><body><div id="root"><!--app-shell--></div></body></html>';
const SHELLS = {
  en: '<header><h1>{{name}}</h1></header><h2>Find a locker</h2><a href="{{base}}/mine">My lockers</a>',
  de: '<header><h1>{{name}}</h1></header><h2>Fach finden</h2><a href="{{base}}/mine">Meine Fächer</a>',
};

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'customer-dist-'));
  fs.writeFileSync(path.join(dist, 'app.html'), TEMPLATE);
  fs.writeFileSync(path.join(dist, 'app-shell.json'), JSON.stringify(SHELLS));
  t = await createTestApp({ CUSTOMER_DIST: dist });
  const org = await demoOrg(t);
  await t.database.db
    .update(organizations)
    .set({ liteAppEnabled: true, appName: 'Quay </script><b>&"' })
    .where(eq(organizations.id, org.id));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the Lite App's page", () => {
  it('carries the configuration and the first screen in the reader’s language, escaped', async () => {
    const res = await t.app.inject({
      url: '/app/demo-org',
      headers: { 'accept-language': 'de-DE,de;q=0.9', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('<h1>Quay &lt;/script&gt;&lt;b&gt;&amp;&quot;</h1>');
    expect(page).toContain('<h2>Fach finden</h2>');
    expect(page).toContain('<a href="/app/demo-org/mine">');
    expect(page).toContain('<title>Quay &lt;/script&gt;&lt;b&gt;&amp;&quot;</title>');
    expect(page).toContain('<meta name="theme-color" content="#1976d2"');
    expect(page).toContain(':root{--primary:#1976d2;--secondary:#9c27b0}');
    // the configuration as data: nothing in it closes its element
    const data = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(data).toBeDefined();
    expect(JSON.parse(data!).organization.name).toBe('Quay </script><b>&"');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const config = await t.app.inject({ url: '/api/customer/demo-org/config' });
    expect(JSON.parse(data!)).toEqual(config.json());
  });

  it('shows no first screen below the first address, and the page as built for an unknown organization', async () => {
    const place = await t.app.inject({ url: '/app/demo-org/l/x' });
    expect(place.statusCode).toBe(200);
    expect(place.body).toContain('id="app-config"');
    expect(place.body).toContain('<div id="root"></div>');
    const unknown = await t.app.inject({ url: '/app/no-such-org', headers: { 'accept-encoding': 'gzip' } });
    expect(unknown.statusCode).toBe(200);
    const body = zlib.gunzipSync(unknown.rawPayload).toString();
    expect(body).not.toContain('app-config');
    expect(body).toContain('<title>Lockers</title><');
    expect(body).toContain('<div id="root"></div>');
  });
});

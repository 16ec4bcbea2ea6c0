/**
 * The Lite App's first load on a phone (target: ≤ 120 KB of compressed JS + CSS, largest
 * contentful paint ≤ 2.0 s under Chromium's Slow 4G profile with a 4× CPU slowdown). Starts the
 * built server (`npm run build` first) on a fresh embedded database and opens `/app/demo-org` in a
 * new context (390×844, empty cache): the bytes each JavaScript and CSS response took on the wire
 * until the first screen shows, then the same page again under the throttled network and CPU for
 * its largest contentful paint.
 *
 *   npm run bench:app      (builds what is stale first; APP_LOAD_PORT, default 4201)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.APP_LOAD_PORT ?? 4201);
const base = `http://localhost:${port}`;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: base };
/** Chromium DevTools' "Slow 4G" preset (bytes per second, milliseconds). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

async function up(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-app-load-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_PASSWORD: 'App-Load-Passw0rd!',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await up();
  // 1. bytes on the wire
  const cold = await browser.newContext(phone);
  const page = await cold.newPage();
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  let pageBytes: Promise<number> = Promise.resolve(0);
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'document') pageBytes = req.sizes().then((s) => s.responseBodySize);
    if (req.resourceType() === 'script' || req.resourceType() === 'stylesheet')
      sizes.push(req.sizes().then((s) => ({ url: new URL(req.url()).pathname, bytes: s.responseBodySize })));
  });
  await page.goto('/app/demo-org');
  await page.getByRole('heading', { name: 'Find a locker' }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(sizes);
  const total = files.reduce((a, f) => a + f.bytes, 0);
  console.log(
    `\n/app/demo-org first load: ${(total / 1024).toFixed(1)} KB of JS + CSS in ${files.length} files`,
  );
  for (const f of files.sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${f.url}`);
  console.log(`target ≤ 120 KB: ${total <= 120 * 1024 ? 'met' : 'NOT met'}`);
  console.log(`the page itself (its style sheet inline): ${((await pageBytes) / 1024).toFixed(1)} KB`);

  // 2. largest contentful paint under Slow 4G and a 4× slower CPU
  const slow = await browser.newContext(phone);
  const p2 = await slow.newPage();
  const cdp = await slow.newCDPSession(p2);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p2.goto('/app/demo-org');
  await p2.getByRole('heading', { name: 'Find a locker' }).waitFor({ timeout: 60_000 });
  await p2.waitForLoadState('networkidle');
  const { lcp, element, html, scripts } = await p2.evaluate(
    () =>
      new Promise<{ lcp: number; element: string; html: number; scripts: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1] as PerformanceEntry & { element?: Element | null };
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const js = performance
            .getEntriesByType('resource')
            .filter((r) => /\.js$/.test(r.name))
            .map((r) => (r as PerformanceResourceTiming).responseEnd);
          resolve({
            lcp: last.startTime,
            element: last.element
              ? `<${last.element.tagName.toLowerCase()}> "${(last.element.textContent ?? '').slice(0, 40)}"`
              : '(removed)',
            html: nav.responseEnd,
            scripts: Math.max(0, ...js),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  console.log(`largest contentful paint (Slow 4G, 4× CPU): ${(lcp / 1000).toFixed(2)} s (target ≤ 2.0 s)`);
  console.log(
    `  its element ${element}; the page arrived at ${(html / 1000).toFixed(2)} s, the last script at ${(scripts / 1000).toFixed(2)} s`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

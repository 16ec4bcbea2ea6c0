/**
 * The console's first load, measured in Chromium (issue "Scale": `/home` ≤ 300 KB of JS + CSS on
 * the wire). Starts the built server (`npm run build` first) on a fresh embedded database, signs in
 * as the seeded admin, then opens `/home` in a new browser context (1280×720) with an empty cache
 * and the session only, and sums the bytes each JavaScript and CSS response took on the wire
 * (compressed body, as Chromium reports it), per file and in all, until the first screen is drawn
 * and the network is idle; the login page is measured the same way. It then scrolls down to the
 * charts, whose library loads when they come into view, and prints what that added.
 *
 *   npm run bench:console      (builds what is stale first; FIRST_LOAD_PORT, default 3998)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.FIRST_LOAD_PORT ?? 3998);
const base = `http://localhost:${port}`;
const email = 'admin@demo-org.test';
const password = 'First-Load-Passw0rd!';
/** A laptop's screen: the first screen of /home is what shows in it without scrolling. */
const viewport = { width: 1280, height: 720 };

interface Loaded {
  url: string;
  bytes: number;
}

/**
 * JS and CSS responses of one navigation, with their compressed sizes: everything requested until
 * the first screen is drawn (`drawn`) and the network then stays idle. Waiting for the screen
 * first matters on a busy machine: the entry chunk may take longer to run than the network-idle
 * window, which would otherwise close before the lazy chunks of the page were even asked for.
 */
async function assetsOf(
  page: Page,
  go: () => Promise<unknown>,
  drawn: () => Promise<unknown>,
): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(req.sizes().then((s) => ({ url: new URL(req.url()).pathname, bytes: s.responseBodySize })));
  });
  await go();
  await drawn();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((x): x is Loaded => !!x);
}

/**
 * The dashboard's first screen: its heading, the welcome card and every metric card with its
 * figure or its "no data" line (no card still loading).
 */
async function dashboardDrawn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
  const cards = page.getByTestId(/^metric-card-\d+$/);
  await cards.first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const all = Array.from(document.querySelectorAll('[data-testid^="metric-card-"]'));
      return all.length > 0 && all.every((c) => !c.querySelector('.MuiSkeleton-root'));
    },
    undefined,
    { timeout: 60_000 },
  );
}

function report(title: string, files: Loaded[]): number {
  const total = files.reduce((a, f) => a + f.bytes, 0);
  console.log(`\n${title}: ${(total / 1024).toFixed(1)} KB of JS + CSS in ${files.length} files`);
  for (const f of [...files].sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${f.url}`);
  return total;
}

/** Both charts drawn, or showing that they have no data (no skeleton left). */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const section = document.querySelector('[data-testid="dashboard-charts"]');
      return !!section && !section.querySelector('.MuiSkeleton-root');
    },
    undefined,
    { timeout: 60_000 },
  );
}

async function waitUp(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-first-load-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    await waitUp();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const signIn = await browser.newContext({ baseURL: base });
    const first = await signIn.newPage();
    const login = await assetsOf(
      first,
      () => first.goto('/auth/login'),
      () => first.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 60_000 }),
    );
    await first.getByLabel('Email').fill(email);
    await first.getByLabel('Password', { exact: true }).fill(password);
    await first.getByRole('button', { name: 'Sign In' }).click();
    await first.waitForURL(/\/(home|settings)$/);
    const state = await signIn.storageState();

    // A new context: empty HTTP cache, the signed-in session only.
    const cold = await browser.newContext({ baseURL: base, storageState: state, viewport });
    const page = await cold.newPage();
    const home = await assetsOf(
      page,
      () => page.goto('/home'),
      () => dashboardDrawn(page),
    );
    // Then down to the charts, whose library is loaded when they come into view.
    const charts = page.getByTestId('dashboard-charts');
    const below = (await charts.boundingBox())?.y ?? 0;
    const scrolled = await assetsOf(
      page,
      () => charts.scrollIntoViewIfNeeded(),
      () => chartsDrawn(page),
    );
    report('/auth/login', login);
    const total = report(`/home (signed in, empty cache, ${viewport.width}×${viewport.height})`, home);
    const more = report(
      `/home scrolled down to the charts (their top was at ${Math.round(below)} px)`,
      scrolled,
    );
    console.log(`\n/home first load: ${(total / 1024).toFixed(1)} KB (target ≤ 300 KB)`);
    console.log(`/home with the charts: ${((total + more) / 1024).toFixed(1)} KB`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

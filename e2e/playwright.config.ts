import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: a real server started like `npm start` (built console, migrations, seed) on a
 * temporary DATA_DIR with the embedded database, driven in Debian's Chromium.
 */
process.env.E2E_RUN_ID ??= String(Date.now());
export const PORT = Number(process.env.E2E_PORT ?? 3999);
export const DATA_DIR = path.join(os.tmpdir(), `lockerops-e2e-${process.env.E2E_RUN_ID}`);
export const ADMIN_EMAIL = 'admin@demo-org.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
    viewport: { width: 1400, height: 900 },
  },
  projects: [
    // the desktop console (1400 × 900); the field flows of a phone run in their own project
    { name: 'desktop', testIgnore: /phone\.spec\.ts$/ },
    {
      name: 'phone',
      testMatch: /phone\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    // Exactly `npm start`: rebuilds what is stale, then the compiled server on plain Node.
    command: 'node ../scripts/start.mjs',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '200',
      // every browser of the run calls the widget and the Lite App from one address: the cap per
      // address and minute would refuse a run's later screens (the API tests raise it alike)
      WIDGET_RATE_LIMIT: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      // deliveries expire at the expiry job's next tick after their courier drop-off (transactions.spec)
      DELIVERY_PICKUP_LIMIT_SECONDS: '2',
      // webhook endpoints on the test's own loopback receiver (toolbox.spec)
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // an acknowledged unlock without an open report counts as jammed after 2 s (locks.spec)
      LOCK_OPEN_TIMEOUT_MS: '2000',
    },
  },
});

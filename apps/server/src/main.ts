import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { seed } from './db/seed';
import { createJobRunner, JOBS } from './jobs';
import { box, startLines } from './lib/banner';
import { dashboardFoldRelay } from './modules/dashboard';
import { healthPoller } from './modules/fleet-health';
import { kioskOfflineJob } from './modules/kiosks';
import { webhookDeliveryOptions, webhookDispatcher } from './modules/webhooks/service/worker';

/**
 * Process entry: environment → config → migrate → seed (first run) → jobs → listen.
 *
 * SIGTERM or SIGINT (and an uncaught error) shut the process down gracefully (`close-with-grace`):
 * it stops accepting connections (a request still arriving on a kept-alive connection answers 503
 * with `Connection: close`), lets the requests in flight finish and the job workers stop — a job
 * still running at the deadline is failed back to its queue, which retries it — closes the
 * database and exits 0; if that takes longer than `SHUTDOWN_TIMEOUT_MS` (10 s), it exits 1 anyway.
 * A second signal exits at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  config.customerDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../customer/dist');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: {
      max: config.databasePool.size,
      readMax: config.databasePool.readSize,
      connectionTimeoutMs: config.databasePool.timeoutMs,
      replica: config.databaseReplica && {
        url: config.databaseReplica.url,
        max: config.databaseReplica.poolSize,
      },
    },
  });
  await migrate(database);
  const seeded = await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  const app = await buildApp({ config, database });
  // Scheduled jobs (expiries): each process runs a runner; pg-boss runs each tick once across them.
  const jobs = createJobRunner({
    database,
    databaseUrl: config.databaseUrl,
    log: app.log,
    jobs: [...JOBS, kioskOfflineJob({ defaultMinutes: config.kioskOfflineMinutes })],
    adapters: app.ctx,
    metrics: app.ctx.metrics,
    relays: [
      // the dashboard roll-ups, folded from the transactions' noted changes once a second
      dashboardFoldRelay(),
      webhookDispatcher(webhookDeliveryOptions(config, app.ctx.secrets)),
      // heartbeats of the doors, per organization (HEALTH_POLLING=false turns them off)
      ...(config.health.polling
        ? [
            healthPoller({
              locks: app.ctx.locks,
              budget: app.ctx.heartbeats,
              rules: config.health,
              pollSeconds: config.health.pollSeconds,
            }),
          ]
        : []),
    ],
  });
  const grace = config.shutdownTimeoutMs;
  closeWithGrace(
    { delay: grace, logger: { error: (msg: unknown) => app.log.error(String(msg)) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error; shutting down');
      else app.log.info({ signal }, 'shutting down');
      // half the time for the jobs to finish, then they are cut short and retried later; what is
      // left of it closes the pools before the hard exit
      // a kept-alive connection whose request was in flight becomes idle once answered; Node's
      // server.close() would then wait for its keep-alive timeout (72 s): close idle ones as they come
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      const closed = app.close().finally(() => clearInterval(idle));
      await Promise.all([closed, jobs.stop({ timeoutMs: Math.max(1000, Math.floor(grace / 2)) })]);
      await database.close();
    },
  );
  await app.listen({ port: config.port, host: config.host });
  // the scheduler after the port: a restarted process answers before pg-boss has set its queues up
  // (0.2–0.4 s), and nothing a request does waits on the scheduler
  await jobs.start();
  // last, in a box: the address and, on the first start, the admin and the generated password
  const lines = startLines({
    publicUrl: config.publicUrl,
    host: config.host,
    database:
      database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL',
    admin: seeded.created
      ? {
          email: seeded.email,
          password:
            seeded.generatedPassword ?? (config.adminPassword ? 'the one in ADMIN_PASSWORD' : undefined),
          passwordNote: seeded.generatedPassword ? '(generated now, shown once)' : undefined,
        }
      : undefined,
  });
  process.stdout.write(box(lines));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

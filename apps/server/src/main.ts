import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { seed } from './db/seed';
import { createJobRunner, JOBS } from './jobs';
import { outboundPolicyOf } from './lib/outbound';
import { webhookQueue, webhookRelay } from './modules/webhooks/worker';

/** Process entry: environment → config → migrate → seed (first run) → jobs → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const database = await openDatabase(config);
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
    jobs: JOBS,
    adapters: app.ctx,
    queues: [
      webhookQueue({
        secrets: app.ctx.secrets,
        allowPrivate: config.webhookAllowPrivate,
        outbound: outboundPolicyOf(config),
        retryDelaySeconds: config.webhookRetryDelaySeconds,
      }),
    ],
    relays: [webhookRelay()],
  });
  await jobs.start();
  const close = async () => {
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Lockerops is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}/api/redoc`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}`,
  ];
  if (seeded.created) {
    lines.push(`  Seeded organization demo-org; admin: ${seeded.email}`);
    if (seeded.generatedPassword) lines.push(`  Admin password (shown once): ${seeded.generatedPassword}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

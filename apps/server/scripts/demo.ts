/**
 * `npm run demo`: fills the configured database (DATA_DIR or DATABASE_URL, like `npm start`) with
 * a believable operator through the partner API — see README "Demo data" and scripts/demo/.
 * Migrates and seeds first; signs in as the seeded admin (ADMIN_EMAIL / ADMIN_PASSWORD). When the
 * admin's password is unknown (generated on an earlier start and not given), it sets a new one
 * directly in the database and prints it. Running it again on the same organization does nothing.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, migrate, openDatabase } from '../src/db/client';
import { members, organizations } from '../src/db/schema';
import { generatePassword, seed } from '../src/db/seed';
import { box } from '../src/lib/banner';
import { hashPassword } from '../src/lib/passwords';
import { buildDemo, type DemoCounts } from './demo/build';

const out = (line = '') => process.stdout.write(`${line}\n`);

/** Counts from DEMO_USERS, DEMO_DEVICES_PER_LOCATION, DEMO_DAYS (optional; the defaults are the full demo). */
export function countsFromEnv(env: Record<string, string | undefined>): Partial<DemoCounts> {
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const c: Partial<DemoCounts> = {};
  const users = num(env.DEMO_USERS);
  const devices = num(env.DEMO_DEVICES_PER_LOCATION);
  const days = num(env.DEMO_DAYS);
  if (users !== undefined) c.users = users;
  if (devices !== undefined) c.devicesPerLocation = devices;
  if (days !== undefined) c.days = days;
  return c;
}

/** Replaces the admin's password hash with a fresh generated password's; answers the password. */
async function resetAdminPassword(db: Db, email: string): Promise<string> {
  const password = generatePassword();
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, 'demo-org'));
  if (!org) throw new Error('organization demo-org is missing');
  const changed = await db
    .update(members)
    .set({ passwordHash: await hashPassword(password), status: 'CONFIRMED' })
    .where(and(eq(members.organizationId, org.id), eq(members.email, email)))
    .returning({ id: members.id });
  if (!changed.length) throw new Error(`no team member ${email} in demo-org (ADMIN_EMAIL)`);
  return password;
}

async function main(): Promise<void> {
  const config = loadConfig();
  config.logLevel = 'warn';
  const database = await openDatabase(config);
  await migrate(database);
  const seeded = await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  let password = config.adminPassword ?? seeded.generatedPassword;
  let passwordNote = '(generated now, shown once)';
  if (!password) {
    password = await resetAdminPassword(database.db, config.adminEmail);
    passwordNote = '(the generated password was unknown: set now for the demo, shown once)';
  }
  // the demo's simulated Kerong bridge listens on this machine (fleet health's bridge alert)
  config.outboundAllow = [...config.outboundAllow, '127.0.0.1'];
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    out(
      `Demo data → ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}`,
    );
    const result = await buildDemo({
      app,
      database,
      email: config.adminEmail,
      password,
      counts: countsFromEnv(process.env),
      log: (line) => out(`  ${line}`),
    });
    if (!result.created) {
      out(`Nothing to do: ${result.reason}.`);
    } else {
      const s = result.summary;
      out();
      out(`Created for ${s.organization} in ${s.seconds} s (${s.calls} API calls):`);
      out(`  ${s.locations} locations, ${s.devices} devices, ${s.users} users, ${s.products} products`);
      out(`  ${s.transactions} transactions`);
      out(
        `  by mode:   ${Object.entries(s.byMode)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      out(
        `  by status: ${Object.entries(s.byStatus)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    }
    out(
      box([
        `Start the server with \`npm start\` and sign in at ${config.publicUrl}`,
        `E-mail:   ${config.adminEmail}`,
        `Password: ${config.adminPassword ? 'the one in ADMIN_PASSWORD' : `${password} ${passwordNote}`}`,
      ]).trimEnd(),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

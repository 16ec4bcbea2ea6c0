import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TRole, TTokensResponse } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Adapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { locations, members, organizations, prices, settings } from '../src/db/schema';
import { allFlags, seed } from '../src/db/seed';
import { hashPassword } from '../src/lib/passwords';

export const ADMIN_EMAIL = 'admin@demo-org.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** A fresh database for one test file: a copy of the migrated template. */
export async function openTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const template = inject('pgliteDump');
  if (template) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-db-'));
    fs.cpSync(template, dir, { recursive: true });
    const db = await openPglite(dir);
    return {
      ...db,
      dispose: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('pgUrl')!;
  const pgTemplate = inject('pgTemplate')!;
  const name = `lockerops_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = await openPostgres(url, 1);
  await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 5);
  return {
    ...db,
    dispose: async () => {
      await db.close();
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database with the demo organization seeded. `adapters` replaces
 * adapters built from the configuration (`BuildOptions.adapters`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  tweak?: (c: Config) => void,
  adapters?: Partial<Adapters>,
  clock?: () => Date,
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    OUTSIDE_CALL_CHECK: 'throw',
    ...env,
  });
  config.authRateLimit = 1000;
  tweak?.(config);
  await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const app = await buildApp({ config, database, adapters, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates an organization (flags on, optional parent) directly in the database. */
export async function createOrganization(t: TestApp, name: string, parentId?: string) {
  const [org] = await t.database.db
    .insert(organizations)
    .values({
      name,
      subdomain: name.toLowerCase().replace(/\s+/g, '-'),
      appName: name,
      parentId,
      ...allFlags(),
    })
    .returning();
  await t.database.db.insert(settings).values({ organizationId: org!.id });
  return org!;
}

export async function demoOrg(t: TestApp) {
  const [org] = await t.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.subdomain, 'demo-org'));
  return org!;
}

/** Creates a team member with a known password; `invited` leaves it pending a new password. */
export async function createMember(
  t: TestApp,
  organizationId: string,
  opts: { email: string; role?: TRole; password?: string; invited?: boolean; firstName?: string | null },
) {
  const [m] = await t.database.db
    .insert(members)
    .values({
      organizationId,
      email: opts.email,
      role: opts.role ?? 'admin',
      firstName: opts.firstName === undefined ? 'Test' : opts.firstName,
      passwordHash: await hashPassword(opts.password ?? ADMIN_PASSWORD),
      status: opts.invited ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
    })
    .returning();
  return m!;
}

/** Signs in through the API and answers the token pair; `host` picks the organization. */
export async function signIn(
  app: FastifyInstance,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  host = 'localhost',
): Promise<TTokensResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { host },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (tokens: { id_token: string }) => ({ authorization: `Bearer ${tokens.id_token}` });

/**
 * The one row an `INSERT … RETURNING` of a single row answers, as a one-element tuple, so a test can
 * destructure it (`[{ id }] = await one(db.insert(t).values(v).returning())`); throws when none came.
 */
export async function one<T>(rows: Promise<T[]>): Promise<[T]> {
  const [row] = await rows;
  if (row === undefined) throw new Error('expected one row, got none');
  return [row];
}

type Db = Database['db'];

/** Inserts a location of the organization (address `1 Market St`) and answers its id. */
export async function insertLocation(db: Db, organizationId: string, name = 'Market St'): Promise<string> {
  const [row] = await one(
    db.insert(locations).values({ organizationId, name, address: '1 Market St' }).returning(),
  );
  return row.id;
}

/** Inserts the hourly pay-per-time price "Hourly" (5.00 an hour) and answers its id. */
export async function insertHourlyPrice(db: Db, organizationId: string): Promise<string> {
  const [row] = await one(
    db
      .insert(prices)
      .values({
        organizationId,
        name: 'Hourly',
        priceType: 'pay_per_time',
        amount: '5.00',
        unitAmount: 1,
        unit: 'hour',
      })
      .returning(),
  );
  return row.id;
}

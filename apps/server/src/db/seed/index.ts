import { randomBytes } from 'node:crypto';
import { DEFAULT_ORGANIZATION, ORGANIZATION_FLAGS } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { members, organizations, settings } from '../schema';

export interface SeedResult {
  created: boolean;
  email: string;
  /** Only when generated on this run, to be printed once. */
  generatedPassword?: string;
}

/** Column values that turn every feature page, mode and hardware flag on. */
export function allFlags(): Partial<typeof organizations.$inferInsert> {
  const cols = organizations as unknown as Record<string, { name?: string }>;
  const out: Record<string, boolean> = {};
  for (const [prop, col] of Object.entries(cols)) {
    if (col && typeof col === 'object' && (ORGANIZATION_FLAGS as readonly string[]).includes(col.name ?? ''))
      out[prop] = true;
  }
  return out;
}

/** Makes a password that satisfies the policy: 16 characters with every class. */
export function generatePassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa1!`;
}

/**
 * First-start seed: organization `demo-org` (app name "Demo Org") with every flag on, its default
 * settings, and its admin. Does nothing when the organization exists.
 */
export async function seed(
  db: Db,
  opts: { adminEmail: string; adminPassword?: string },
): Promise<SeedResult> {
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, DEFAULT_ORGANIZATION));
  if (existing) return { created: false, email: opts.adminEmail };
  const password = opts.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        name: DEFAULT_ORGANIZATION,
        subdomain: DEFAULT_ORGANIZATION,
        appName: 'Demo Org',
        ownerEmail: opts.adminEmail,
        ...allFlags(),
      })
      .returning();
    // the demo operator is in Chicago (README "Demo data"); other organizations start on UTC
    await tx.insert(settings).values({ organizationId: org!.id, timeZone: 'America/Chicago' });
    await tx.insert(members).values({
      organizationId: org!.id,
      email: opts.adminEmail,
      firstName: 'Demo',
      lastName: 'Admin',
      name: 'Demo',
      role: 'admin',
      status: 'CONFIRMED',
      verified: true,
      passwordHash,
    });
  });
  return {
    created: true,
    email: opts.adminEmail,
    generatedPassword: opts.adminPassword ? undefined : password,
  };
}

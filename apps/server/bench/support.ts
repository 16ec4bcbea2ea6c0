import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { organizations } from '../src/db/schema';

/** The seeded demo organization's id. */
export async function demoOrgId(db: Db): Promise<string> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, 'demo-org'));
  return org!.id;
}

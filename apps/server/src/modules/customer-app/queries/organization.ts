import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { organizations } from '../../../db/schema';

/*
 * The Lite App's queries (README "Lite App"): the organization an app address names, and what the
 * app shows of it. Every statement names its organization.
 */

/**
 * The active organization with the Lite App feature on whose sub-domain label is `subdomain`, or
 * undefined (no organization is known yet: the label is the filter).
 */
export async function appOrganization({ db, subdomain }: { db: Db; subdomain: string }) {
  // tenant: every organization — the sub-domain label is what finds the organization
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.subdomain, subdomain.toLowerCase()),
        eq(organizations.active, true),
        eq(organizations.liteAppEnabled, true),
      ),
    )
    .limit(1);
  return row;
}

/** The organization's white label: name, app name and logo. */
export async function whiteLabel({ tx, organizationId }: { tx: DbOrTx; organizationId: string }) {
  const [row] = await tx
    .select({ name: organizations.name, appName: organizations.appName, logo: organizations.appLogo })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

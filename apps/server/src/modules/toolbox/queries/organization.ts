import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { organizations } from '../../../db/schema';

/**
 * Whether the organization's payment provider account is set up (`stripe_details_submitted`);
 * false for an unknown organization. spec: console §2 Integrations.
 */
export async function paymentsAccountReady({
  db,
  organizationId,
}: {
  db: DbOrTx;
  organizationId: string;
}): Promise<boolean> {
  const [org] = await db
    .select({ stripe: organizations.stripeDetailsSubmitted })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return !!org?.stripe;
}

/**
 * The name and app name of one organization, or undefined when there is none — the title of its
 * public widget page. spec: console §2 Apps and widgets.
 */
export async function organizationNames({
  db,
  organizationId,
}: {
  db: DbOrTx;
  organizationId: string;
}): Promise<{ name: string; appName: string | null } | undefined> {
  const [org] = await db
    .select({ name: organizations.name, appName: organizations.appName })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

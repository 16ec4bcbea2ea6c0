import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { organizations } from '../../../db/schema';

/**
 * The organization's payment provider account: its id (`stripe_account_id`, null when none is
 * connected) and whether it is set up (`stripe_details_submitted`). spec: console §2 Integrations.
 */
export async function paymentAccountOf({
  db,
  organizationId,
}: {
  db: DbOrTx;
  organizationId: string;
}): Promise<{ account: string | null; ready: boolean }> {
  const [org] = await db
    .select({ account: organizations.stripeAccountId, ready: organizations.stripeDetailsSubmitted })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { account: org?.account ?? null, ready: !!org?.ready };
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

/**
 * The organization's settings row and branding, as the Settings page writes them (spec: console §2
 * Settings, White label): the row is made with the organization and belongs to it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { organizations, settings } from '../../../db/schema';

type SettingsRow = typeof settings.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;
/** Columns of a settings row to write. */
export type SettingsValues = Partial<typeof settings.$inferInsert>;

/** Writes the organization's settings (insert or update); answers the row after. */
export async function upsertSettings({
  tx,
  organizationId,
  values,
}: {
  tx: DbOrTx;
  organizationId: string;
  values: SettingsValues;
}): Promise<SettingsRow> {
  const [row] = await tx
    .insert(settings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: settings.organizationId, set: values })
    .returning();
  return row!;
}

/** Writes the branding of the organization `organizationId`; answers the row after. */
export async function updateBranding({
  tx,
  organizationId,
  values,
}: {
  tx: DbOrTx;
  organizationId: string;
  values: Pick<
    typeof organizations.$inferInsert,
    'appName' | 'primaryColor' | 'secondaryColor' | 'appLogo' | 'oemLogo' | 'updatedAt'
  >;
}): Promise<OrganizationRow> {
  const [row] = await tx
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, organizationId))
    .returning();
  return row!;
}

/** Marks the settings' support e-mail verified when it is `email`. */
export async function markSupportEmailVerified({
  tx,
  organizationId,
  email,
}: {
  tx: DbOrTx;
  organizationId: string;
  email: string;
}): Promise<void> {
  await tx
    .update(settings)
    .set({ supportEmailVerified: true })
    .where(
      and(
        eq(settings.organizationId, organizationId),
        sql`lower(${settings.defaultSupportEmail}) = lower(${email})`,
      ),
    );
}

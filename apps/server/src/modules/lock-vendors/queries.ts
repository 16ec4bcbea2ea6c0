import type { TCloudLockVendor } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { lockVendorAccounts } from '../../db/schema';

export type VendorAccountRow = typeof lockVendorAccounts.$inferSelect;

/** The columns a save writes (the secret only when a new one is given). */
export interface VendorAccountValues {
  baseUrl: string;
  accountId: string | null | undefined;
  tokenUrl: string | null | undefined;
  secretEnc?: string;
  secretLast4?: string;
  updatedAt: Date;
}

/** The organization's account at `vendor`, or undefined. */
export async function vendorAccountOf({
  tx,
  auth,
  vendor,
}: {
  tx: Tx;
  auth: AuthContext;
  vendor: TCloudLockVendor;
}): Promise<VendorAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(lockVendorAccounts)
    .where(
      and(eq(lockVendorAccounts.organizationId, auth.organizationId), eq(lockVendorAccounts.vendor, vendor)),
    );
  return row;
}

/** Every account of the organization. */
export function vendorAccountsOf({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  return tx.select().from(lockVendorAccounts).where(eq(lockVendorAccounts.organizationId, organizationId));
}

/** Updates the organization's account `id`; answers the row after. */
export async function updateVendorAccount({
  tx,
  auth,
  id,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  values: VendorAccountValues;
}): Promise<VendorAccountRow | undefined> {
  const [row] = await tx
    .update(lockVendorAccounts)
    .set(values)
    .where(and(eq(lockVendorAccounts.id, id), eq(lockVendorAccounts.organizationId, auth.organizationId)))
    .returning();
  return row;
}

/** Inserts the organization's account at `vendor` (a new one always carries its secret). */
export async function insertVendorAccount({
  tx,
  auth,
  vendor,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  vendor: TCloudLockVendor;
  values: VendorAccountValues;
}): Promise<VendorAccountRow | undefined> {
  const [row] = await tx
    .insert(lockVendorAccounts)
    .values({
      organizationId: auth.organizationId,
      vendor,
      secretEnc: values.secretEnc!,
      secretLast4: values.secretLast4!,
      ...values,
    })
    .returning();
  return row;
}

/** Deletes the organization's account at `vendor`; answers the deleted row, if any. */
export async function deleteVendorAccount({
  tx,
  auth,
  vendor,
}: {
  tx: Tx;
  auth: AuthContext;
  vendor: TCloudLockVendor;
}): Promise<VendorAccountRow | undefined> {
  const [row] = await tx
    .delete(lockVendorAccounts)
    .where(
      and(eq(lockVendorAccounts.organizationId, auth.organizationId), eq(lockVendorAccounts.vendor, vendor)),
    )
    .returning();
  return row;
}

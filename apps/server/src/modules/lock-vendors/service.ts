import {
  CLOUD_LOCK_VENDORS,
  CLOUD_VENDOR_FIELDS,
  HARDWARE_LABELS,
  LOCK_MESSAGES,
  type TCloudLockVendor,
  type TLockVendorAccount,
  type ZLockVendorAccountRequest,
} from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { lockVendorAccounts } from '../../db/schema';
import { BadRequest } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import type { SecretBox } from '../../lib/secrets';

type Row = typeof lockVendorAccounts.$inferSelect;

function toWire(vendor: TCloudLockVendor, r: Row | undefined): TLockVendorAccount {
  return {
    vendor,
    configured: !!r,
    base_url: r?.baseUrl ?? null,
    account_id: r?.accountId ?? null,
    token_url: r?.tokenUrl ?? null,
    secret_last4: r?.secretLast4 ?? null,
    updated_at: r ? r.updatedAt.toISOString() : null,
  };
}

async function rowOf(tx: Tx, organizationId: string, vendor: TCloudLockVendor): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(lockVendorAccounts)
    .where(and(eq(lockVendorAccounts.organizationId, organizationId), eq(lockVendorAccounts.vendor, vendor)));
  return row;
}

/** Every cloud vendor with the organization's account there (masked: the secret's last 4 only). */
export async function listVendorAccounts(tx: Tx, organizationId: string): Promise<TLockVendorAccount[]> {
  const rows = await tx
    .select()
    .from(lockVendorAccounts)
    .where(eq(lockVendorAccounts.organizationId, organizationId));
  return CLOUD_LOCK_VENDORS.map((v) =>
    toWire(
      v,
      rows.find((r) => r.vendor === v),
    ),
  );
}

/** What an audit entry keeps of an account: the fields, and of the secret only that it changed. */
const audited = (r: Row | undefined) =>
  r ? { base_url: r.baseUrl, account_id: r.accountId, token_url: r.tokenUrl, api_secret: r.secretEnc } : {};

/**
 * Saves the organization's account at a cloud lock vendor: the base URL, the account or client id
 * (required by the OAuth vendors, 400 "<label> is required"), an optional token URL, and the API
 * secret, sealed with the secret box and kept readable only as its last 4 characters. A save
 * without `secret` keeps the saved one (400 "API secret is required" when there is none). Audit
 * entry `lock_vendor_saved` (the secret as "changed" only, never its value).
 */
export async function saveVendorAccount(
  tx: Tx,
  auth: AuthContext,
  vendor: TCloudLockVendor,
  input: z.output<typeof ZLockVendorAccountRequest>,
  secrets: SecretBox,
): Promise<TLockVendorAccount> {
  const fields = CLOUD_VENDOR_FIELDS[vendor];
  if (fields.accountId && fields.oauth && !input.account_id)
    throw BadRequest(LOCK_MESSAGES.accountIdRequired(fields.accountId));
  const before = await rowOf(tx, auth.organizationId, vendor);
  if (!input.secret && !before) throw BadRequest(LOCK_MESSAGES.secretRequired);
  const values = {
    baseUrl: input.base_url.replace(/\/+$/, ''),
    accountId: fields.accountId ? input.account_id : null,
    tokenUrl: fields.oauth ? input.token_url : null,
    ...(input.secret
      ? { secretEnc: secrets.encrypt(input.secret), secretLast4: input.secret.slice(-4) }
      : {}),
    updatedAt: new Date(),
  };
  const [row] = before
    ? await tx.update(lockVendorAccounts).set(values).where(eq(lockVendorAccounts.id, before.id)).returning()
    : await tx
        .insert(lockVendorAccounts)
        .values({
          organizationId: auth.organizationId,
          vendor,
          secretEnc: values.secretEnc!,
          secretLast4: values.secretLast4!,
          ...values,
        })
        .returning();
  await writeAudit(tx, auth, {
    entity: 'lock_vendor',
    entityId: row!.id,
    action: 'lock_vendor_saved',
    before: audited(before),
    after: audited(row),
  });
  return toWire(vendor, row);
}

/** Removes the organization's account at a vendor: its locks answer "not configured" again. */
export async function removeVendorAccount(
  tx: Tx,
  auth: AuthContext,
  vendor: TCloudLockVendor,
): Promise<{ detail: string }> {
  const [row] = await tx
    .delete(lockVendorAccounts)
    .where(
      and(eq(lockVendorAccounts.organizationId, auth.organizationId), eq(lockVendorAccounts.vendor, vendor)),
    )
    .returning();
  if (row)
    await writeAudit(tx, auth, {
      entity: 'lock_vendor',
      entityId: row.id,
      action: 'lock_vendor_removed',
      changes: { vendor: { before: HARDWARE_LABELS[vendor], after: null } },
    });
  return { detail: LOCK_MESSAGES.vendorRemoved };
}

import {
  CLOUD_LOCK_VENDORS,
  CLOUD_VENDOR_FIELDS,
  HARDWARE_LABELS,
  LOCK_MESSAGES,
  type TCloudLockVendor,
  type TLockVendorAccount,
  ZLockVendorAccount,
  type ZLockVendorAccountRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { TxAuth, TxOrg } from '../../auth/context';
import { BadRequest } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import type { SecretBox } from '../../lib/secrets';
import { wireOf } from '../../lib/wire';
import {
  deleteVendorAccount,
  insertVendorAccount,
  type VendorAccountRow as Row,
  updateVendorAccount,
  vendorAccountOf,
  vendorAccountsOf,
} from './queries';

function toWire(vendor: TCloudLockVendor, r: Row | undefined): TLockVendorAccount {
  if (r) return wireOf(ZLockVendorAccount, r, { vendor, configured: true });
  return {
    vendor,
    configured: false,
    base_url: null,
    account_id: null,
    token_url: null,
    secret_last4: null,
    updated_at: null,
  };
}

/** Every cloud vendor with the organization's account there (masked: the secret's last 4 only). */
export async function listVendorAccounts({ tx, organizationId }: TxOrg): Promise<TLockVendorAccount[]> {
  const rows = await vendorAccountsOf({ tx, organizationId });
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
export async function saveVendorAccount({
  tx,
  auth,
  vendor,
  input,
  secrets,
}: TxAuth<{
  vendor: TCloudLockVendor;
  input: z.output<typeof ZLockVendorAccountRequest>;
  secrets: SecretBox;
}>): Promise<TLockVendorAccount> {
  const fields = CLOUD_VENDOR_FIELDS[vendor];
  if (fields.accountId && fields.oauth && !input.account_id)
    throw BadRequest(LOCK_MESSAGES.accountIdRequired(fields.accountId));
  const before = await vendorAccountOf({ tx, auth, vendor });
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
  const row = before
    ? await updateVendorAccount({ tx, auth, id: before.id, values })
    : await insertVendorAccount({ tx, auth, vendor, values });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'lock_vendor',
      entityId: row!.id,
      action: 'lock_vendor_saved',
      before: audited(before),
      after: audited(row),
    },
  });
  return toWire(vendor, row);
}

/** Removes the organization's account at a vendor: its locks answer "not configured" again. */
export async function removeVendorAccount({
  tx,
  auth,
  vendor,
}: TxAuth<{ vendor: TCloudLockVendor }>): Promise<{ detail: string }> {
  const row = await deleteVendorAccount({ tx, auth, vendor });
  if (row)
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'lock_vendor',
        entityId: row.id,
        action: 'lock_vendor_removed',
        changes: { vendor: { before: HARDWARE_LABELS[vendor], after: null } },
      },
    });
  return { detail: LOCK_MESSAGES.vendorRemoved };
}

import {
  HARDWARE_FLAGS,
  MODE_FLAGS,
  ORGANIZATION_FLAGS,
  ORGANIZATION_MESSAGES,
  type THardwareVendor,
  type TMode,
  type TOrganizationFlag,
  type TOrganizationFlags,
} from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import { Forbidden, NotFound } from '../../../errors';
import { camelCase } from '../../../lib/wire';
import { type OrganizationInsert, type OrganizationRow, organizationById } from '../queries';

/** The Drizzle property of a wire flag: `lite_app_enabled` → `liteAppEnabled`. */
export const flagProp = (flag: TOrganizationFlag) => camelCase(flag) as keyof OrganizationRow;

/** The flags of an organization row, by their wire names. */
export function flagsOf(row: OrganizationRow): TOrganizationFlags {
  return Object.fromEntries(
    ORGANIZATION_FLAGS.map((f) => [f, Boolean(row[flagProp(f)])]),
  ) as TOrganizationFlags;
}

/** Column values for the flags present in `input` (absent ones are left out). */
export function flagColumns(
  input: Partial<Record<TOrganizationFlag, boolean | undefined>>,
): Partial<OrganizationInsert> {
  const out: Record<string, boolean> = {};
  for (const f of ORGANIZATION_FLAGS) {
    const v = input[f];
    if (typeof v === 'boolean') out[flagProp(f)] = v;
  }
  return out as Partial<OrganizationInsert>;
}

/**
 * The feature, mode and hardware flags of an organization (spec: console §3 Organization).
 * `tx` is a tenant transaction (or the owner's handle); 404 when the organization is not visible.
 */
export async function getOrganizationFlags({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TOrganizationFlags> {
  const row = await organizationById({ tx, organizationId });
  if (!row) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  return flagsOf(row);
}

/** The flags of the organization the request acts for. */
export const requestFlags = (req: FastifyRequest) =>
  req.withTenant((tx) => getOrganizationFlags({ tx, organizationId: req.auth.organizationId }));

/**
 * Refuses (403 'This feature is not enabled for this organization.') a request whose organization
 * has `flag` off. For later areas: `await assertFeature(req, 'pricing')`, or as a route's
 * `preHandler: requireFeature('pricing')` (spec: console §2 Shell "Sections appear only if the
 * organisation's feature pages allow them").
 */
export async function assertFeature(req: FastifyRequest, flag: TOrganizationFlag): Promise<void> {
  const flags = await requestFlags(req);
  if (!flags[flag]) throw Forbidden(ORGANIZATION_MESSAGES.featureDisabled);
}

/** A route `preHandler` that runs {@link assertFeature}. */
export const requireFeature = (flag: TOrganizationFlag) => (req: FastifyRequest) => assertFeature(req, flag);

/** The modes an organization has on (`<mode>_mode` flags; spec operational §1). */
export const enabledModes = (flags: TOrganizationFlags): TMode[] =>
  MODE_FLAGS.filter((f) => flags[f]).map((f) => f.replace(/_mode$/, '') as TMode);

/** The hardware vendors an organization has on (`<vendor>_hardware` flags; spec operational §1). */
export const enabledHardware = (flags: TOrganizationFlags): THardwareVendor[] =>
  HARDWARE_FLAGS.filter((f) => flags[f]).map((f) => f.replace(/_hardware$/, '') as THardwareVendor);

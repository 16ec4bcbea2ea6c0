import { z } from 'zod';
import { FEATURE_FLAGS, HARDWARE_VENDORS, MODES } from './common';

export const MODE_FLAGS = MODES.map((m) => `${m}_mode` as const);
export const HARDWARE_FLAGS = HARDWARE_VENDORS.map((h) => `${h}_hardware` as const);
export type TModeFlag = `${(typeof MODES)[number]}_mode`;
export type THardwareFlag = `${(typeof HARDWARE_VENDORS)[number]}_hardware`;

/** Every boolean flag of an organization: feature pages, modes and hardware (spec console §3). */
export const ORGANIZATION_FLAGS = [...FEATURE_FLAGS, ...MODE_FLAGS, ...HARDWARE_FLAGS] as const;
export type TOrganizationFlag = (typeof ORGANIZATION_FLAGS)[number];

export const ZOrganizationFlags = z.object(
  Object.fromEntries(ORGANIZATION_FLAGS.map((f) => [f, z.boolean()])) as Record<
    TOrganizationFlag,
    z.ZodBoolean
  >,
);
export type TOrganizationFlags = z.infer<typeof ZOrganizationFlags>;

export const ZWhiteLabel = z.object({
  app_name: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  organization_owner: z.string().nullable(),
  app_logo: z.string().nullable(),
  oem_logo: z.string().nullable(),
});
export type TWhiteLabel = z.infer<typeof ZWhiteLabel>;

/** Public details for the login page's branding: `GET organization?name=` (spec console §7). */
export const ZOrganizationPublic = z.object({
  name: z.string(),
  app_name: z.string().nullable(),
  app_logo: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  stripe_enabled: z.boolean(),
});
export type TOrganizationPublic = z.infer<typeof ZOrganizationPublic>;
export const ZOrganizationPublicQuery = z.object({ name: z.string().trim().min(1).max(100).optional() });

const ZOrganizationBase = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  parent_id: z.uuid().nullable(),
  white_label: ZWhiteLabel,
  user_pool: z.string(),
  client_id: z.string(),
  owner: z.string().nullable(),
});

export const ZOrganization = ZOrganizationBase.extend(ZOrganizationFlags.shape).extend({
  sub_orgs: z.array(ZOrganizationBase.extend(ZOrganizationFlags.shape)),
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Organization name required',
  nameUnique: 'An organization with this name already exists. Please use an unique name.',
  namePattern: 'Organization name can only contain letters, numbers and spaces.',
  firstNameRequired: 'First name required',
  logoRequired: 'A valid logo image file is required.',
  hardwareRequired: 'You need to select at least one hardware type for this organization.',
  cannotArchiveCurrent: 'You cannot archive the organization you are currently logged into.',
  archivedMustRestore: 'Archived organizations must be restored in order to be edited.',
  archived: 'Organization has been archived!',
  restored: 'Organization has been restored!',
  archiveQuestion: 'Are you sure you want to archive this organization?',
  restoreQuestion: 'Are you sure you want to restore this organization?',
  noSubOrgs: 'No sub-organizations found',
} as const;

/** The sub-domain label of an organization name: lower-case, spaces to hyphens. */
export const subdomainOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

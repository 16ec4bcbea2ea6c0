import { z } from 'zod';
import { ZEmail } from './auth';
import { FEATURE_FLAGS, HARDWARE_VENDORS, MODES, ZListQuery } from './common';
import { ZTimeZone } from './dashboard';

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
  selectAllModes: 'Select all modes',
  selectAllHardwares: 'Select all hardwares',
  notFound: 'Organization not found',
  /** Our text (the spec names none): a sub-organization may not widen its own access. */
  featureDisabled: 'This feature is not enabled for this organization.',
  ownFlagsForbidden: 'Only the parent organization can change the access of this organization.',
  /** Our text: only Super-Tenant organizations manage sub-organizations (spec console §6). */
  superTenantRequired: 'Only Super-Tenant organizations can create sub-organizations.',
  /** Our text: a sub-organization's access is capped at its parent's. */
  flagsBeyondParent: 'A sub-organization cannot get access its parent organization does not have:',
  /** Our text: the OEM logo is an image uploaded here (`PATCH white-label/logo`, field `oem_image`). */
  oemLogoInvalid: 'The OEM logo must be an image uploaded to this console.',
} as const;

/** The sub-domain label of an organization name: lower-case, spaces to hyphens. */
export const subdomainOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/** Labels of the 'Allow access for' checkboxes of the organization form (spec console §2), in order. */
export const FEATURE_FLAG_LABELS: Record<(typeof FEATURE_FLAGS)[number], string> = {
  multi_tenant: 'Multi-Tenant',
  pricing: 'Pricing',
  product: 'Products',
  notifications: 'Notifications',
  lite_app_enabled: 'Lite app',
  toolbox: 'Toolbox',
  super_tenant: 'Super-Tenant',
  shared_locations: 'Shared Locations',
};

/** Status filter of the multi-tenant list (spec console §2, §9): active, archived, all. */
export const ORGANIZATION_STATUSES = ['active', 'archived', 'all'] as const;
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type TOrganizationStatus = z.infer<typeof ZOrganizationStatus>;

/** `GET organizations` query (spec console §7): page, size, search, status (default active). */
export const ZListOrganizationsQuery = ZListQuery.extend({
  status: ZOrganizationStatus.default('active'),
  target_org: z.uuid().optional(),
});
export type TListOrganizationsQuery = z.infer<typeof ZListOrganizationsQuery>;

export const ORGANIZATION_NAME_PATTERN = /^[A-Za-z0-9 ]+$/;
export const ORGANIZATION_NAME_MAX = 100;

/**
 * `GET organizations/name-available`: whether a name is free for a new organization, or for the
 * organization `id` being renamed (spec console §5: the name is unique, and submit stays disabled
 * while it is a duplicate).
 */
export const ZOrganizationNameQuery = z.object({
  name: z.string().trim().min(1).max(ORGANIZATION_NAME_MAX),
  id: z.uuid().optional(),
});
export type TOrganizationNameQuery = z.infer<typeof ZOrganizationNameQuery>;
/** The answer: `available`, and when it is not, the spec's message to show under the field. */
export const ZOrganizationNameCheck = z.object({
  available: z.boolean(),
  detail: z.string().nullable(),
});
export type TOrganizationNameCheck = z.infer<typeof ZOrganizationNameCheck>;

/** Organization name rule of spec console §5: required; letters, digits and spaces only. */
export const ZOrganizationName = z
  .string({ error: ORGANIZATION_MESSAGES.nameRequired })
  .trim()
  .min(1, ORGANIZATION_MESSAGES.nameRequired)
  .max(ORGANIZATION_NAME_MAX)
  .regex(ORGANIZATION_NAME_PATTERN, ORGANIZATION_MESSAGES.namePattern);

export const DEFAULT_COLOR = '#000000';
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const COLOR_MESSAGE = 'Colors must be hex values such as #000000.';
export const ZHexColor = z.string().trim().regex(HEX_COLOR_PATTERN, COLOR_MESSAGE);

/** A boolean that also reads multipart text: 'true'/'1'/'on' and 'false'/'0'/''. */
const zFlagField = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());

/** Every flag, each optional (a missing flag is off on create and unchanged on update). */
export const ZOrganizationFlagsInput = z.object(
  Object.fromEntries(ORGANIZATION_FLAGS.map((f) => [f, zFlagField.optional()])) as Record<
    TOrganizationFlag,
    z.ZodOptional<typeof zFlagField>
  >,
);
export type TOrganizationFlagsInput = z.infer<typeof ZOrganizationFlagsInput>;

/** Whether at least one hardware flag is on (spec console §5). */
export const hasHardware = (flags: Partial<Record<TOrganizationFlag, boolean | undefined>>): boolean =>
  HARDWARE_FLAGS.some((f) => flags[f] === true);

/**
 * Text fields of the organization create form (spec console §3 "Organization create form", §5):
 * name, colours (default #000000), owner e-mail and first name (required), last name (optional),
 * the flags, and the organization's time zone (the console sends the creating browser's). The logo is a file (multipart `logo`), checked by content on the server.
 */
export const ZCreateOrganizationFields = z
  .object({
    name: ZOrganizationName,
    primary_color: ZHexColor.default(DEFAULT_COLOR),
    secondary_color: ZHexColor.default(DEFAULT_COLOR),
    email: ZEmail,
    first_name: z
      .string({ error: ORGANIZATION_MESSAGES.firstNameRequired })
      .trim()
      .min(1, ORGANIZATION_MESSAGES.firstNameRequired)
      .max(100),
    last_name: z.string().trim().max(100).optional(),
    /** IANA zone of the new organization (the creating browser's); UTC when not sent */
    time_zone: ZTimeZone.optional(),
  })
  .extend(ZOrganizationFlagsInput.shape);
export type TCreateOrganizationFields = z.infer<typeof ZCreateOrganizationFields>;

/** Hardware refinement shared by the create and update requests (spec console §5). */
export const hardwareRefinement = {
  message: ORGANIZATION_MESSAGES.hardwareRequired,
  path: ['hardware'],
  when: () => true,
};

/** `POST organizations` text fields with the hardware rule (the console's form uses this too). */
export const ZCreateOrganizationRequest = ZCreateOrganizationFields.refine(hasHardware, hardwareRefinement);
export type TCreateOrganizationRequest = z.infer<typeof ZCreateOrganizationRequest>;

/** `PATCH organizations/{id}`: name, colours and flags, each optional (spec console §7). */
export const ZUpdateOrganizationRequest = z
  .object({
    name: ZOrganizationName.optional(),
    primary_color: ZHexColor.optional(),
    secondary_color: ZHexColor.optional(),
  })
  .extend(ZOrganizationFlagsInput.shape);
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

export const ZOrganizationList = z.object({
  items: z.array(ZOrganization),
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TOrganizationList = z.infer<typeof ZOrganizationList>;

/** `PUT/PATCH white-label`, `PUT white-label/{org}` (spec console §7). */
export const ZWhiteLabelRequest = z.object({
  app_name: z.string().trim().max(100).nullable().optional(),
  primary_color: ZHexColor.nullable().optional(),
  secondary_color: ZHexColor.nullable().optional(),
  /**
   * The OEM logo (white_label.oem_logo): an uploaded file's address (`/api/files/{key}`, as
   * `PATCH white-label/logo` answers it), or null to remove it; not sent: kept (as the app logo).
   */
  oem_logo: z
    .string()
    .regex(/^\/api\/files\/[\w.-]{1,60}$/, ORGANIZATION_MESSAGES.oemLogoInvalid)
    .nullable()
    .optional(),
});
export type TWhiteLabelRequest = z.infer<typeof ZWhiteLabelRequest>;

export const ZWhiteLabelResponse = ZWhiteLabel.extend({ organization_id: z.uuid() });
export type TWhiteLabelResponse = z.infer<typeof ZWhiteLabelResponse>;

import { z } from 'zod';
import { EMAIL_PATTERN, zFlag, zOptionalText, zRequiredText, zUploadedImage } from './common';
import { ZTimeZone } from './dashboard';
import { MSG } from './messages';

/** Map defaults of the Locations list and of a new marker (spec: operational §2 Locations). */
export const LOCATIONS_MAP_CENTER = { lat: 37.7749, lng: -122.4194 } as const;
export const LOCATIONS_MAP_ZOOM = 11;
export const NEW_LOCATION_POSITION = { lat: 41.87, lng: -87.62 } as const;
/**
 * How many locations the map view draws at once (spec: operational §2 Locations, map view): those
 * in the view, first by name; past it the map asks to zoom in.
 */
export const LOCATIONS_MAP_LIMIT = 500;

/** Restriction types of a location (spec: operational §3 Location, §4 Location). */
export const RESTRICTION_TYPES = ['users', 'groups'] as const;
export const ZRestrictionType = z.enum(RESTRICTION_TYPES);
export type TRestrictionType = z.infer<typeof ZRestrictionType>;
/** What one `assign-user` id refers to. */
export const ASSIGNMENT_TYPES = ['user', 'group'] as const;
export const ZAssignmentType = z.enum(ASSIGNMENT_TYPES);
export type TAssignmentType = z.infer<typeof ZAssignmentType>;

/**
 * Texts of the Locations area: the spec's words (operational §5 Location, §8); those marked
 * "ours" are not given by the spec.
 */
export const LOCATION_MESSAGES = {
  nameRequired: 'Name required',
  /** spec console §5: "Address required where an address is asked" */
  addressRequired: MSG.addressRequired,
  emailRequired: MSG.emailRequired,
  invalidEmail: 'Invalid email address',
  /** ours */
  phoneRequired: 'Phone number required',
  invalidPhone: 'Invalid phone number',
  restrictionTypeRequired: 'Please select a restriction type.',
  switchUsers:
    'You have selected/assigned users to this location, please unselect/remove them if you want to change the restriction type.',
  switchGroups:
    'You have selected/assigned groups to this location, please unselect/remove them if you want to change the restriction type.',
  created: 'Location created successfully',
  updated: 'Location updated successfully',
  /** ours */
  sharedNotAllowed: 'Shared locations are not enabled for this organization.',
  /** ours: a location with devices cannot be deleted */
  hasDevices: 'This location still has devices. Please remove or move them before deleting it.',
  /** ours */
  notFound: 'Location not found',
  userNotFound: 'User not found',
  groupNotFound: 'Group not found',
  /** ours: the default support contact is chosen but none is set */
  noDefaultContact: 'No default support contact is set. Please enter a contact.',
  hideConfirm: 'Are you sure you want to hide this location?',
  liveConfirm: 'Are you sure you want to make this location live?',
  /** ours: answers of the assignment calls */
  assigned: 'Assigned successfully',
  removed: 'Removed successfully',
  /** ours: a marker drag whose address lookup failed */
  geocodeFailed: 'Could not look up the address of this position. The address was left unchanged.',
  unlockSent: 'Unlock request sent to selected devices',
  /** ours */
  nothingToUnlock: 'There are no available devices to unlock at this location.',
} as const;

/**
 * Who may mark a location Shared: a super-tenant organization with the Shared Locations flag (spec
 * operational §4 Location, console §6). The console shows the Shared checkbox on the same rule.
 */
export const mayShareLocations = (org: { super_tenant: boolean; shared_locations: boolean }) =>
  org.super_tenant && org.shared_locations;

/**
 * "Require image" (a photo to end a rental) means something only for rental (spec operational §5
 * Device "require image only for rental mode"): a location offers it when the organization rents.
 */
export const locationMayRequireImage = (org: { rental_mode: boolean }) => org.rental_mode;

/** A phone number: spaces stripped, an optional leading plus, 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?\d{7,15}$/;

const stripSpaces = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v);
const blank = (v: unknown) => v === '' || v === null || v === undefined;

const zCoordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? Number(v) : v),
    z.number().min(min).max(max).nullable().optional(),
  );

/** Ids from JSON (array), a form field (comma-separated), or nothing. */
const zIdList = z.preprocess((v) => {
  if (blank(v)) return [];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}, z.array(z.uuid()));

/** An assigned user or group as the location shows it. */
export const ZAssignee = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable().optional(),
});
export type TAssignee = z.infer<typeof ZAssignee>;

/** A location (spec: operational §3 Location); `devices` is the number of devices there. */
export const ZLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  image: z.string().nullable(),
  hidden: z.boolean(),
  shared: z.boolean(),
  devices: z.number().int(),
  custom_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  require_image: z.boolean(),
  /** IANA zone of this location's days, overriding the organization's (null = the organization's). */
  time_zone: z.string().nullable(),
  restriction: z.object({
    restriction_type: ZRestrictionType.nullable(),
    items: z.array(ZAssignee),
  }),
  /** true: a super-tenant parent's shared location, listed read-only to its sub-organization */
  shared_from_parent: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLocation = z.infer<typeof ZLocation>;

/**
 * Create and update body (JSON or multipart form fields); the same schema validates each CSV row.
 * `use_default_contact` copies the organization's default support contact. `restricted` with
 * `restriction_type` users|groups restricts the location; `assign_to` (ids) with
 * `assignment_type` assigns users or groups on the way.
 */
export const ZLocationCreateRequest = z
  .object({
    name: zRequiredText(LOCATION_MESSAGES.nameRequired, 200),
    address: zRequiredText(LOCATION_MESSAGES.addressRequired, 500),
    image: zUploadedImage(),
    hidden: zFlag.optional().default(false),
    shared: zFlag.optional().default(false),
    custom_id: zOptionalText(100),
    latitude: zCoordinate(-90, 90).transform((v) => v ?? null),
    longitude: zCoordinate(-180, 180).transform((v) => v ?? null),
    use_default_contact: zFlag.optional().default(false),
    contact_email: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.string().regex(EMAIL_PATTERN, LOCATION_MESSAGES.invalidEmail).optional(),
    ),
    contact_phone: z.preprocess(
      (v) => (blank(v) ? undefined : stripSpaces(v)),
      z.string().regex(PHONE_PATTERN, LOCATION_MESSAGES.invalidPhone).optional(),
    ),
    require_image: zFlag.optional().default(false),
    /** Not sent: kept as it is (null on create); blank: the organization's zone. */
    time_zone: z.preprocess((v) => (blank(v) ? null : v), ZTimeZone.nullable().optional()),
    restricted: zFlag.optional().default(false),
    restriction_type: z.preprocess((v) => (blank(v) ? null : v), ZRestrictionType.nullable().optional()),
    assign_to: zIdList.optional().default([]),
    assignment_type: z.preprocess((v) => (blank(v) ? undefined : v), ZAssignmentType.optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.use_default_contact) {
      if (!v.contact_email)
        ctx.addIssue({ code: 'custom', path: ['contact_email'], message: LOCATION_MESSAGES.emailRequired });
      if (!v.contact_phone)
        ctx.addIssue({ code: 'custom', path: ['contact_phone'], message: LOCATION_MESSAGES.phoneRequired });
    }
    if (v.restricted && !v.restriction_type)
      ctx.addIssue({
        code: 'custom',
        path: ['restriction_type'],
        message: LOCATION_MESSAGES.restrictionTypeRequired,
      });
  });
export type TLocationCreateRequest = z.input<typeof ZLocationCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZLocationUpdateRequest = ZLocationCreateRequest;

/** `PATCH location/{id}`: the toggles of the list (hide/live, shared, require image). */
export const ZLocationPatchRequest = z
  .object({
    hidden: z.boolean().optional(),
    shared: z.boolean().optional(),
    require_image: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

const ZLongitude = z.number().min(-180).max(180);
const ZLatitude = z.number().min(-90).max(90);

/**
 * A map's view as `west,south,east,north` in WGS84 degrees (longitude, latitude; the order of
 * GeoJSON and OGC bounding boxes). South is not above north; a west east of its east crosses the
 * antimeridian (the Pacific view from Tokyo to Honolulu).
 */
export const ZBoundingBox = z
  .string()
  .max(100)
  .transform((v) => v.split(',').map((n) => (n.trim() === '' ? Number.NaN : Number(n))))
  .pipe(z.tuple([ZLongitude, ZLatitude, ZLongitude, ZLatitude]))
  .refine(([, south, , north]) => south <= north, 'south must not be north of north')
  .describe('west,south,east,north in WGS84 degrees');
export type TBoundingBox = z.output<typeof ZBoundingBox>;

/**
 * List filters: `id_location` narrows to one location; `hidden` to hidden or live ones; `bbox` to
 * the placed locations inside a map's view (`ZBoundingBox`; spec: operational §2 Locations, map view).
 */
export const ZLocationListQuery = z.object({
  id_location: z.uuid().optional(),
  hidden: z.enum(['true', 'false']).optional(),
  bbox: ZBoundingBox.optional(),
});

/** `PATCH resources/{id}/assign-user` and `remove-user` (spec: operational §7 Locations). */
export const ZResourceAssignRequest = z.object({
  /** The user's id, or the group's id when `resource_type` is group. */
  id_user: z.uuid(),
  /** What `id_user` refers to; defaults to the location's restriction type. */
  resource_type: z.preprocess(
    (v) => (v === 'users' ? 'user' : v === 'groups' ? 'group' : blank(v) ? undefined : v),
    ZAssignmentType.optional(),
  ),
});
export type TResourceAssignRequest = z.input<typeof ZResourceAssignRequest>;

/** `GET locations/{id}/sizes` query and answer: sizes at the location with device counts. */
export const ZLocationSizesQuery = z.object({
  by_mode: z.string().optional(),
  by_status: z.enum(['available', 'reserved', 'maintenance']).optional(),
});
export const ZLocationSize = z.object({
  id: z.uuid(),
  name: z.string(),
  width: z.number(),
  depth: z.number(),
  height: z.number(),
  image: z.string().nullable(),
  devices: z.number().int(),
});
export type TLocationSize = z.infer<typeof ZLocationSize>;

/** Answer of a reverse address lookup (`GET geocode/reverse`). `address` null when nothing found. */
export const ZReverseGeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const ZReverseGeocodeResponse = z.object({ address: z.string().nullable() });

/** Shortest and longest address a forward lookup takes (`GET geocode/search?q=`). */
export const GEOCODE_QUERY_MIN = 3;
export const GEOCODE_QUERY_MAX = 200;

/** Query of a forward address lookup: the address as typed. */
export const ZGeocodeSearchQuery = z.object({
  q: z.string().trim().min(GEOCODE_QUERY_MIN).max(GEOCODE_QUERY_MAX),
});
/** Answer of a forward address lookup: the places the address may be at, best first (at most 5). */
export const ZGeocodeSearchResponse = z.object({
  items: z.array(
    z.object({
      label: z.string(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    }),
  ),
});
export type TGeocodeSearchResponse = z.infer<typeof ZGeocodeSearchResponse>;

/** Headers of the locations CSV, the same for upload, template and export. */
export const LOCATION_CSV_HEADERS = [
  'name',
  'address',
  'custom_id',
  'latitude',
  'longitude',
  'contact_email',
  'contact_phone',
  'hidden',
  'shared',
  'require_image',
] as const;

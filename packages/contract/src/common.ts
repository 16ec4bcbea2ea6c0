import { z } from 'zod';
import { MSG } from './messages';

/** Error body of every failed call (CONTRIBUTING.md "Conventions"). */
/**
 * An error answer (RFC 9457 problem details, extended): `detail` is the spec's English text (or
 * several); `code` the stable machine code of the message (`<area>.<key>`, `http.<status name>`
 * for a free-form text), `params` a template message's arguments, and `codes` the code of each
 * text when `detail` is a list. The console translates `code`, falling back to `detail`.
 */
export const ZErrorResponse = z.object({
  detail: z.union([z.string(), z.array(z.string())]),
  code: z.string().optional(),
  params: z.array(z.string()).optional(),
  codes: z.array(z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Plain `{ detail }` answer of actions that have no entity to return. */
export const ZDetailResponse = z.object({ detail: z.union([z.string(), z.boolean()]) });
export type TDetailResponse = z.infer<typeof ZDetailResponse>;

export const ZId = z.uuid();

/**
 * A location's own IANA zone as a row that joins the location carries it (null: the location keeps
 * the organization's zone, settings `time_zone`): the console shows the row's times on that clock.
 */
export const ZLocationZone = z
  .string()
  .nullable()
  .describe("the location's own IANA time zone; null when it keeps the organization's");
export const ZIdParams = z.object({ id: ZId });
export type TIdParams = z.infer<typeof ZIdParams>;

/** Page-size constants of spec console §9. */
export const PAGE_SIZES = [25, 50, 200] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 10000;
/**
 * Highest page number a list accepts: beyond it the offset (page × size) would leave the exact
 * integer range and the query fail; a larger `page` answers 400.
 */
export const MAX_PAGE = 100000;
/** The 1-based `page` query field of every paged list (1 … MAX_PAGE, default 1). */
export const zPageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const TRUNCATE_LENGTH = 25;

/**
 * Lists count exactly up to this many matching rows; above it `total` is the planner's estimate and
 * `total_estimated` is true, so no call counts millions of rows.
 */
export const EXACT_COUNT_LIMIT = 1000;
/**
 * Deepest row a `page` (offset) may start at; deeper pages are reached with `cursor` (keyset paging,
 * as cheap as the first page), so no call walks and discards millions of rows.
 */
export const MAX_OFFSET = 10000;
/** `cursor` of a list: the `next_cursor` of the previous page (opaque). */
export const zCursor = z.string().max(500).optional();

/** Query of every list: 1-based page, size, case-insensitive search, server-side sort. */
export const ZListQuery = z.object({
  page: zPageNumber,
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().optional(),
  sort_by: z.string().optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

const makePage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** true when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT rows match) */
    total_estimated: z.boolean().optional(),
    /** the `cursor` of the next page; absent on the last page or when the sort has no keyset */
    next_cursor: z.string().optional(),
  });
const makePlainPage = <T extends z.ZodType>(item: T) =>
  makePage(item).omit({ total_estimated: true, next_cursor: true });
const pages = new WeakMap<z.ZodType, z.ZodType>();
const keyed = new WeakSet<z.ZodType>();
/**
 * The one paginated shape of every list (CONTRIBUTING.md "Adding a list area"). One schema per item schema, so the
 * OpenAPI document can name it (`<Item>Page`) once. `keyset`: the list also answers
 * `total_estimated` and `next_cursor` (the lists paged by cursor).
 */
export const zPage = <T extends z.ZodType>(item: T, keyset = false): ReturnType<typeof makePage<T>> => {
  const cached = pages.get(item);
  if (cached && (!keyset || keyed.has(cached))) return cached as ReturnType<typeof makePage<T>>;
  const page = keyset ? makePage(item) : makePlainPage(item);
  if (keyset) keyed.add(page);
  pages.set(item, page);
  return page as unknown as ReturnType<typeof makePage<T>>;
};
/** The page schema made for `item` by `zPage`, if any. */
export const pageSchemaOf = (item: z.ZodType): z.ZodType | undefined => pages.get(item);
export type TPage<T> = {
  items: T[];
  total: number;
  pages: number;
  page: number;
  page_size: number;
  total_estimated?: boolean;
  next_cursor?: string;
};

/** Ids of a bulk delete, as JSON body `{ ids }` or a bare array. */
export const ZIdsRequest = z.union([z.object({ ids: z.array(ZId).min(1) }), z.array(ZId).min(1)]);
export type TIdsRequest = z.infer<typeof ZIdsRequest>;
export const idsOf = (body: TIdsRequest): string[] => (Array.isArray(body) ? body : body.ids);

/** Modes of a device or transaction (spec: operational-data-areas §1, §9). */
export const MODES = ['rental', 'storage', 'delivery', 'service', 'vending'] as const;
export const ZMode = z.enum(MODES);
export type TMode = z.infer<typeof ZMode>;
export const MODE_LABELS: Record<TMode, string> = {
  rental: 'Asset',
  storage: 'Storage',
  delivery: 'Delivery',
  service: 'Service',
  vending: 'Vending',
};

/** Hardware vendors an organization may enable (spec console §3, §9). */
export const HARDWARE_VENDORS = [
  'linka',
  'ojmar',
  'gantner',
  'harbor',
  'dclock',
  'spintly',
  'kerong',
  'headleader',
] as const;
export const ZHardwareVendor = z.enum(HARDWARE_VENDORS);
export type THardwareVendor = z.infer<typeof ZHardwareVendor>;

/** Feature pages of an organization (spec console §3). */
export const FEATURE_FLAGS = [
  'multi_tenant',
  'pricing',
  'product',
  'notifications',
  'lite_app_enabled',
  'toolbox',
  'super_tenant',
  'shared_locations',
] as const;
export type TFeatureFlag = (typeof FEATURE_FLAGS)[number];

export const ROLES = ['admin', 'member', 'viewer'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Administrator',
  member: 'Member',
  viewer: 'Viewer',
};

/**
 * The role sets of the spec's role tables (console §6, operational §1), written once: the endpoint
 * map's `roles` (which the server enforces) and the console's gates (areas, buttons) use these,
 * never a list of their own.
 * - ADMINS: settings, members, bulk delete/upload/export, transaction actions;
 * - STAFF: admins and members — every write an operator's desk makes, and the pages viewers cannot open;
 * - EVERYONE: every signed-in role (reads open to viewers, the dashboard).
 */
export const ADMINS = ['admin'] as const satisfies readonly TRole[];
export const STAFF = ['admin', 'member'] as const satisfies readonly TRole[];
export const EVERYONE = [...ROLES] as const;
export type TRoleSet = readonly TRole[];

export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = {
  usd: '$',
  eur: '€',
  gbp: '£',
  aud: 'AU$',
  cad: 'CA$',
};
export const currencySymbol = (code?: string | null): string =>
  (code && CURRENCY_SYMBOLS[code as TCurrency]) || '$';

/** The console's date format (spec §9). */
export const DATE_FORMAT = 'MM/DD/YYYY hh:mm A';
export const APP_VERSION = '1.0';
export const DEFAULT_ORGANIZATION = 'demo-org';

/** E-mail pattern shared by every form and the server. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blankToUndefined = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v;

/**
 * A positive decimal with at most `decimals` places, accepting numbers or numeric strings (forms,
 * CSV cells). Messages: '{label} required', '{label} must be greater than 0',
 * '{label} must have up to 2 decimal places' (spec: operational §5 Size).
 */
export const zPositiveDecimal = (label: string, decimals = 2) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? Number(b) : b;
    },
    z
      .number({
        error: (iss) => (iss.input === undefined ? `${label} required` : `${label} must be a number`),
      })
      .refine((v) => Number.isFinite(v), `${label} must be a number`)
      .refine((v) => v > 0, `${label} must be greater than 0`)
      .refine(
        (v) => Math.abs(v * 10 ** decimals - Math.round(v * 10 ** decimals)) < 1e-6,
        `${label} must have up to ${decimals} decimal places`,
      ),
  );

/** An optional trimmed text; blank becomes null. */
export const zOptionalText = (max: number, message?: string) =>
  z
    .preprocess(blankToUndefined, z.string().max(max, message).nullable().optional())
    .transform((v) => v ?? null);

/**
 * The address of a file the server's upload answered (`POST images` → `{ detail: url }`):
 * `/api/files/{uuid}.{ext}`, nothing else — no outside address (a tracking pixel shown to staff),
 * no other path of this server.
 */
export const UPLOADED_FILE_URL = /^\/api\/files\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/**
 * An optional image of a record (size, device, locker wall, product, product group, location):
 * one of the product's own uploads (`UPLOADED_FILE_URL`, 400 'Only images uploaded here are
 * allowed!' otherwise); blank becomes null.
 */
export const zUploadedImage = () =>
  zOptionalText(500).refine((v) => v === null || UPLOADED_FILE_URL.test(v), MSG.imageNotUploaded);

/** A required trimmed text with the spec's message. */
export const zRequiredText = (message: string, max = 200, maxMessage?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message).max(max, maxMessage),
  );

/** A boolean from JSON, a form field or a CSV cell ("true", "1", "yes"). */
export const zFlag = z.preprocess((v) => {
  if (typeof v === 'string') return ['true', '1', 'yes', 'on'].includes(v.trim().toLowerCase());
  return v ?? false;
}, z.boolean());

/** Per-row answer of a bulk upload (spec: operational §3 Bulk-upload result). */
export const ZBulkUploadRow = z.object({
  row: z.number().int(),
  detail: z.union([z.literal(true), z.string()]),
});
export const ZBulkUploadResult = z.array(ZBulkUploadRow);
export type TBulkUploadRow = z.infer<typeof ZBulkUploadRow>;
export const MAX_CSV_ROWS = 500;
export const CSV_MESSAGES = {
  tooManyRows: `A bulk upload takes at most ${MAX_CSV_ROWS} rows.`,
  fileRequired: 'Please select a .csv file to upload.',
  unreadable: "Couldn't read the file. Please try again.",
  rowError: (n: number, text: string) => `Error ocurred on row ${n}: ${text}`,
  allFailed: 'Upload was unsuccessful!',
  partialOk: (n: number) => `${n} rows was successfully added`,
  partialFailed: (n: number) => `${n} rows has failed`,
  allOk: (n: number) => `${n} row(s) uploaded successfully!`,
  exporting: 'Exporting all the data is in progress...',
  exported: (n: number) => `Exported ${n} item(s) successfully`,
  downloadFailed: "Couldn't download the file. Please try again.",
} as const;

/** Answer of a bulk delete. */
export const ZDeleteResponse = z.object({ detail: z.string(), deleted: z.number().int() });

/**
 * Fields whose values never enter the audit log: lock codes, PINs, access and pickup codes, reset
 * codes, tokens, secrets and keys. Their entries keep only the fact of a change
 * (`AUDIT_SECRET_CHANGED`), which a History Log reads as "changed" in its own language.
 */
export const AUDIT_SECRET_FIELD =
  /^(pin|pin_code|user_code|master_code|access_code|pickup_code|reset_code|code_hash|secret|token|api_key|key_hash|key)$|_(pin|pin_code|token|secret|password|key)$/;
/** What an audit entry holds instead of a secret's value. */
export const AUDIT_SECRET_CHANGED = 'changed';

/** One audit entry as the History Log tabs show it. */
export const ZHistoryEntry = z.object({
  id: z.uuid(),
  action: z.string(),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  created_at: z.string(),
});
/** The names of related records whose ids a History Log's changes hold (a deleted record's id is absent). */
export const ZHistoryNames = z
  .record(z.string(), z.string())
  .describe("the names of related records whose ids the changes hold (a deleted record's id is absent)");
export const ZHistoryResponse = z.object({
  items: z.array(ZHistoryEntry),
  names: ZHistoryNames.optional(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/** `POST images` answer: `detail` is the stored image's URL (spec: operational §7 Locker walls). */
export const ZImageResponse = z.object({ detail: z.string() });

/**
 * One person of a people picker (issue form, notification form): what the console reads from a
 * `GET users` or `GET members` list item. Users answer `id` (and their operator's own `user_id`,
 * often null); team members answer their id as `user_id` (spec operational §3). Every field a real
 * answer may leave empty is nullable, so one empty field never fails the whole list.
 */
export const ZPersonOption = z.object({
  id: z.string().nullish(),
  user_id: z.string().nullish(),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
});
export type TPersonOption = z.infer<typeof ZPersonOption>;

import { z } from 'zod';

/** Error body of every failed call (ARCHITECTURE: Errors). */
export const ZErrorResponse = z.object({ detail: z.union([z.string(), z.array(z.string())]) });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Plain `{ detail }` answer of actions that have no entity to return. */
export const ZDetailResponse = z.object({ detail: z.union([z.string(), z.boolean()]) });
export type TDetailResponse = z.infer<typeof ZDetailResponse>;

export const ZId = z.uuid();
export const ZIdParams = z.object({ id: ZId });
export type TIdParams = z.infer<typeof ZIdParams>;

/** Page-size constants of spec console §9. */
export const PAGE_SIZES = [25, 50, 200] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 10000;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const TRUNCATE_LENGTH = 25;

/** Query of every list: 1-based page, size, case-insensitive search, server-side sort. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().optional(),
  sort_by: z.string().optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** The one paginated shape of every list (ARCHITECTURE: Lists). */
export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
export type TPage<T> = { items: T[]; total: number; pages: number; page: number; page_size: number };

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

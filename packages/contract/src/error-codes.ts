import { API_KEY_MESSAGES } from './api-keys';
import { CSV_MESSAGES } from './common';
import { CONDITION_MESSAGES } from './conditions';
import { DASHBOARD_MESSAGES } from './dashboard';
import { DEVICE_MESSAGES } from './devices';
import { FLEET_HEALTH_MESSAGES } from './fleet-health';
import { GROUP_MESSAGES } from './groups';
import { ISSUE_MESSAGES } from './issues';
import { KIOSK_MESSAGES } from './kiosks';
import { LOCATION_MESSAGES } from './locations';
import { LOCKER_WALL_MESSAGES } from './locker-walls';
import { LOCK_MESSAGES } from './locks';
import { MEMBER_MESSAGES } from './members';
import { MEMBERSHIP_MESSAGES } from './memberships';
import { MSG } from './messages';
import { NOTIFICATION_MESSAGES } from './notifications';
import { ORGANIZATION_MESSAGES } from './organizations';
import { PAYMENT_MESSAGES } from './payments';
import { PRICE_MESSAGES } from './prices';
import { PRODUCT_GROUP_MESSAGES } from './product-groups';
import { PRODUCT_MESSAGES } from './products';
import { PROMO_MESSAGES } from './promos';
import { REPORT_MESSAGES } from './reports';
import { RESERVATION_MESSAGES, RESERVATION_SETTINGS_MESSAGES } from './reservations';
import { SETTINGS_MESSAGES } from './settings';
import { SIZE_MESSAGES } from './sizes';
import { TOOLBOX_MESSAGES } from './toolbox';
import { TRANSACTION_MESSAGES } from './transactions';
import { USER_MESSAGES } from './users';

/**
 * The server's own words for answers the spec gives no message for (database conflicts, values a
 * column cannot hold, unknown routes).
 */
export const HTTP_MESSAGES = {
  duplicate: 'This record already exists.',
  overlapping: 'This conflicts with an existing record.',
  stillReferenced: 'This record is still referenced elsewhere.',
  invalidValue: 'Invalid value.',
  numberOutOfRange: 'A number is out of range.',
  textTooLong: 'A text is too long.',
  dateOutOfRange: 'A date or time is out of range.',
  dateInvalid: 'A date or time is not valid.',
  badCharacter: 'A text holds a character that cannot be stored.',
  tryAgain: 'Please try again.',
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
} as const;

type Catalog = Record<string, string | ((...args: never[]) => string)>;

/**
 * Every catalog of user-facing messages, by area. A message's stable machine code is
 * `<area>.<key>` — the area here and the constant's own name beside its text — so each message
 * constant has exactly one code, and a new constant gets its code by being written.
 * Codes never change once published; the console's `errors` catalog translates them.
 */
export const MESSAGE_CATALOGS = {
  common: MSG,
  http: HTTP_MESSAGES,
  csv: CSV_MESSAGES,
  apiKeys: API_KEY_MESSAGES,
  conditions: CONDITION_MESSAGES,
  dashboard: DASHBOARD_MESSAGES,
  devices: DEVICE_MESSAGES,
  fleetHealth: FLEET_HEALTH_MESSAGES,
  groups: GROUP_MESSAGES,
  issues: ISSUE_MESSAGES,
  kiosks: KIOSK_MESSAGES,
  lockerWalls: LOCKER_WALL_MESSAGES,
  locations: LOCATION_MESSAGES,
  locks: LOCK_MESSAGES,
  members: MEMBER_MESSAGES,
  memberships: MEMBERSHIP_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  organizations: ORGANIZATION_MESSAGES,
  payments: PAYMENT_MESSAGES,
  prices: PRICE_MESSAGES,
  productGroups: PRODUCT_GROUP_MESSAGES,
  products: PRODUCT_MESSAGES,
  promos: PROMO_MESSAGES,
  reports: REPORT_MESSAGES,
  reservations: RESERVATION_MESSAGES,
  reservationSettings: RESERVATION_SETTINGS_MESSAGES,
  settings: SETTINGS_MESSAGES,
  sizes: SIZE_MESSAGES,
  toolbox: TOOLBOX_MESSAGES,
  transactions: TRANSACTION_MESSAGES,
  users: USER_MESSAGES,
} as const satisfies Record<string, Catalog>;

/**
 * Codes of an answer whose text is none of the catalogs' (a free-form detail): by status. The
 * console shows the `detail` of these as it is.
 */
export const STATUS_ERROR_CODES: Record<number, string> = {
  400: 'http.badRequest',
  401: 'http.unauthorized',
  402: 'http.paymentRequired',
  403: 'http.forbidden',
  404: 'http.notFound',
  409: 'http.conflict',
  413: 'http.tooLarge',
  422: 'http.unprocessable',
  429: 'http.tooManyRequests',
  500: 'http.serverError',
  502: 'http.badGateway',
  503: 'http.unavailable',
};
export const GENERIC_ERROR_CODES = new Set(Object.values(STATUS_ERROR_CODES));

interface Template {
  code: string;
  pattern: RegExp;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MARK = '\u0001';

for (const [area, catalog] of Object.entries(MESSAGE_CATALOGS) as [string, Catalog][]) {
  for (const [key, message] of Object.entries(catalog)) {
    const code = `${area}.${key}`;
    if (typeof message === 'string') {
      if (!exact.has(message)) exact.set(message, code);
      continue;
    }
    // A template: its text with a marker for each argument becomes a pattern that reads them back.
    const args = Array.from({ length: Math.max(message.length, 1) }, (_, i) => `${MARK}${i}${MARK}`);
    const text = (message as (...a: string[]) => string)(...args);
    const parts = text.split(new RegExp(`${MARK}\\d+${MARK}`));
    const order = [...text.matchAll(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'))].map((m) => Number(m[1]));
    if (new Set(order).size !== order.length) continue;
    const source = parts.map(escapeRegExp).join('([\\s\\S]+?)');
    templates.push({ code, pattern: new RegExp(`^${source}$`) });
  }
}

/** Every code a message can have, sorted (the OpenAPI document lists them). */
export const ERROR_CODES: readonly string[] = [
  ...new Set([...exact.values(), ...templates.map((t) => t.code), ...Object.values(STATUS_ERROR_CODES)]),
].sort();

export interface MessageCode {
  code: string;
  /** a template's arguments, in the order of its parameters (`{0}`, `{1}` in the catalogs) */
  params?: string[];
}

/**
 * The code of a user-facing message text (the spec's English), with a template's arguments read
 * back from it: `'3 item(s) deleted successfully'` → `{ code: 'common.itemsDeleted', params: ['3'] }`.
 * Undefined for a text no catalog holds.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  const code = exact.get(text);
  if (code) return { code };
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (m) return { code: t.code, params: m.slice(1) };
  }
  return undefined;
}

/** The message text of a code in English (templates with `{0}`-style placeholders), for catalogs. */
export function englishMessageOf(code: string): string | undefined {
  const [area, key] = code.split('.') as [keyof typeof MESSAGE_CATALOGS, string];
  const message = (MESSAGE_CATALOGS[area] as Catalog | undefined)?.[key];
  if (typeof message === 'string') return message;
  if (!message) return undefined;
  const args = Array.from({ length: Math.max(message.length, 1) }, (_, i) => `{${i}}`);
  return (message as (...a: string[]) => string)(...args);
}

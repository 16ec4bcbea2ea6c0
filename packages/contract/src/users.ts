import { z } from 'zod';
import { EMAIL_PATTERN, ZLocationZone, zFlag, zOptionalText } from './common';
import type { TNotificationChannel } from './settings';

/** Texts of the Users area (spec: operational §5 User, §8). */
export const USER_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email required',
  phoneRequired: 'Phone number required',
  emailOrPhoneRequired: 'Either phone number or email is required',
  invalidEmail: 'Invalid email address',
  phoneNeedsPlus: 'Please add + with country code',
  invalidPhone: 'Invalid phone number',
  invalidPin: 'Invalid Pin Code',
  emailInUse: 'A user with this email already exists.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  activated: 'User has been activated.',
  deactivated: 'User has been deactivated.',
  emailNotFound: 'User Email does not exist',
  phoneNotFound: 'User Phone does not exist',
  noTransactions: 'No transactions for this user.',
  fetchTransactionsFailed: 'Failed to fetch transactions from selected user',
} as const;

const blank = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);

/** E-mail of a user: trimmed, lower-cased, patterned; blank becomes null. */
export const zUserEmail = z
  .preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().toLowerCase()) : blank(v)),
    z.string().max(254).regex(EMAIL_PATTERN, USER_MESSAGES.invalidEmail).nullable().optional(),
  )
  .transform((v) => v ?? null);

/**
 * Phone of a user: keeps digits and a leading plus (spaces, dashes, brackets dropped); must start
 * with + ('Please add + with country code') and carry 7 to 15 digits; blank becomes null.
 */
export const zUserPhone = z
  .preprocess(
    (v) => {
      if (typeof v === 'number') return `${v}`;
      if (typeof v !== 'string') return blank(v);
      const t = v.trim();
      return blank(t ? `${t.startsWith('+') ? '+' : ''}${t.replace(/\D/g, '')}` : '');
    },
    z
      .string()
      .refine((s) => s.startsWith('+'), USER_MESSAGES.phoneNeedsPlus)
      .refine((s) => !s.startsWith('+') || /^\+\d{7,15}$/.test(s), USER_MESSAGES.invalidPhone)
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

/** PIN of a user: exactly 4 digits ('Invalid Pin Code'); blank becomes null (spec §5 User, §9). */
export const zUserPin = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? blank(v.trim()) : blank(v)),
    z
      .string()
      .regex(/^\d{4}$/, USER_MESSAGES.invalidPin)
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

/** A group as a user lists it. */
export const ZUserGroupRef = z.object({ id: z.uuid(), name: z.string() });

/** A user: one of the operator's customers (spec: operational §3 User). */
export const ZUser = z.object({
  id: z.uuid(),
  name: z.string().describe('first name'),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  user_id: z.string().nullable().describe("the operator's own identifier of the user"),
  pin_code: z.string().nullable(),
  active: z.boolean(),
  is_deleted: z.boolean(),
  require_auth: z.boolean(),
  access_code: z.string().nullable(),
  groups: z.array(ZUserGroupRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * Create and update body; the same schema validates each CSV row. Which of e-mail and phone is
 * required depends on the organization's default notification channel and is checked by the
 * server (and by the form through `userContactIssue`).
 */
export const ZUserCreateRequest = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: USER_MESSAGES.nameRequired }).min(1, USER_MESSAGES.nameRequired).max(100),
  ),
  last_name: zOptionalText(100),
  email: zUserEmail,
  address: zOptionalText(300),
  phone_number: zUserPhone,
  user_id: zOptionalText(100),
  pin_code: zUserPin,
  require_auth: zFlag.optional(),
  access_code: zOptionalText(100),
});
export type TUserCreateRequest = z.input<typeof ZUserCreateRequest>;
export type TUserCreateValues = z.output<typeof ZUserCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZUserUpdateRequest = ZUserCreateRequest;

/**
 * The contact rule of spec §5 User: e-mail required when the default channel is email, phone when
 * sms; neither at all blocks the submit. Answers the message, or undefined when the rule holds.
 */
export function userContactIssue(
  values: { email?: string | null; phone_number?: string | null },
  channel: TNotificationChannel,
): string | undefined {
  if (!values.email && !values.phone_number) {
    return channel === 'sms' ? USER_MESSAGES.phoneRequired : USER_MESSAGES.emailRequired;
  }
  if (channel === 'email' && !values.email) return USER_MESSAGES.emailRequired;
  if (channel === 'sms' && !values.phone_number) return USER_MESSAGES.phoneRequired;
  return undefined;
}

/** Headers of the users CSV, the same for upload, template and export (spec: operational §5 CSV upload). */
export const USER_CSV_HEADERS = ['name', 'email', 'phone_number', 'user_id', 'pin_code'] as const;

/** Column filters of `GET users` (spec: operational §7 Users); each a case-insensitive substring. */
export const ZUserListQuery = z.object({
  by_phone: z.string().trim().optional(),
  by_email: z.string().trim().optional(),
  by_first_name: z.string().trim().optional(),
  by_user_id: z.string().trim().optional(),
  by_last_name: z.string().trim().optional(),
  by_address: z.string().trim().optional(),
  active: z.enum(['true', 'false']).optional(),
  id_group: z.uuid().optional(),
});

/**
 * `GET users/search`: an exact e-mail or phone lookup (404 'User Email does not exist' /
 * 'User Phone does not exist'), or a free-text `search` (2+ characters, at most 20 answers).
 */
export const ZUserSearchQuery = z.object({
  email: z.string().trim().optional(),
  phone_number: z.string().trim().optional(),
  search: z.string().trim().optional(),
});
export const ZUserSearchResponse = z.object({ items: z.array(ZUser) });

/** Answer of activate / deactivate. */
export const ZUserActivationResponse = z.object({ detail: z.string(), user: ZUser });

/** Per-user transaction row (spec: operational §3 "Per-user transaction row"). */
export const ZUserTransactionRow = z.object({
  id: z.uuid(),
  started: z.string().nullable().describe('ISO 8601 UTC'),
  ended: z.string().nullable().describe('ISO 8601 UTC'),
  condition: z.string().nullable(),
  location: z.string().nullable(),
  id_location: z.uuid().nullable(),
  location_time_zone: ZLocationZone,
  locker_number: z.number().int().nullable(),
  duration: z.number().int().nullable().describe('seconds'),
  amount: z.number().describe('two decimals, in the organization currency'),
});
export type TUserTransactionRow = z.infer<typeof ZUserTransactionRow>;

/** The user a transaction history belongs to. */
export const ZUserSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
});

/** `GET events_by_user/{id}`: the user's last 100 transactions, newest first. */
export const ZUserTransactionsResponse = z.object({
  user: ZUserSummary,
  items: z.array(ZUserTransactionRow),
  total: z.number().int(),
});
export type TUserTransactionsResponse = z.infer<typeof ZUserTransactionsResponse>;
export const USER_TRANSACTIONS_LIMIT = 100;
export const ZUserTransactionsQuery = z.object({ active: z.enum(['true', 'false']).optional() });

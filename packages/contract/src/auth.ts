import { z } from 'zod';
import { EMAIL_PATTERN, ZRole } from './common';
import { ZLanguage } from './language';
import { MSG } from './messages';

export type TPasswordStrength = 'Weak' | 'Medium' | 'Strong';

const classes = (pw: string) => ({
  upper: /[A-Z]/.test(pw),
  lower: /[a-z]/.test(pw),
  digit: /\d/.test(pw),
  special: /[^A-Za-z0-9]/.test(pw),
});

/**
 * Strength meter of spec console §5: Strong = 12+ characters with digit, special, upper and lower;
 * Medium = 8+ characters with two of upper, lower, digit; otherwise Weak.
 */
export function passwordStrength(pw: string): TPasswordStrength {
  const c = classes(pw);
  if (pw.length >= 12 && c.upper && c.lower && c.digit && c.special) return 'Strong';
  const two = [c.upper, c.lower, c.digit].filter(Boolean).length >= 2;
  if (pw.length >= 8 && two) return 'Medium';
  return 'Weak';
}

/**
 * The one password rule, shared by the console's meter and the server (spec console §5):
 * Weak blocks, Medium and Strong are accepted — so whatever the meter does not call Weak,
 * the server takes.
 */
export function isAcceptablePassword(pw: string): boolean {
  return passwordStrength(pw) !== 'Weak';
}

export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);

export const ZNewPassword = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .max(256)
  .refine(isAcceptablePassword, MSG.weakPassword);

/** Optional organization name for unauthenticated calls; otherwise the Host's first label. */
const ZOrgHint = z.string().trim().min(1).max(100).optional();

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256),
  organization: ZOrgHint,
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** The signed-in team member as the console keeps it (spec console §3 "User session"). */
export const ZSessionUser = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string().nullable(),
  role: ZRole,
  enabled: z.boolean(),
  user_status: z.string(),
  id_locations: z.array(z.uuid()),
  first_login: z.boolean(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/**
 * How a caller asks for a cookie session (the console): the header `X-Session: cookie` on sign-in,
 * new-password and refresh. The refresh token then travels only in an httpOnly, SameSite=Strict
 * cookie scoped to `/api/auth` (and `/api/members/change-password`), and the answers carry no
 * `refresh_token`. Without the header (partners) the tokens are answered in the body as before.
 */
export const SESSION_HEADER = 'X-Session';
export const COOKIE_SESSION = 'cookie';

export const ZTokensResponse = z.object({
  id_token: z.string(),
  refresh_token: z
    .string()
    .optional()
    .describe('absent in cookie mode (`X-Session: cookie`): the token is then in the httpOnly cookie'),
  expires_in: z.number().int().describe('seconds until id_token expires'),
  user: ZSessionUser,
});
export type TTokensResponse = z.infer<typeof ZTokensResponse>;

export const ZChallengeResponse = z.object({
  challenge: z.literal('NEW_PASSWORD_REQUIRED'),
  session: z.string(),
});
export type TChallengeResponse = z.infer<typeof ZChallengeResponse>;

export const ZSignInResponse = z.union([ZTokensResponse, ZChallengeResponse]);
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZNewPasswordRequest = z.object({ session: z.string().min(1), new_password: ZNewPassword });
export type TNewPasswordRequest = z.infer<typeof ZNewPasswordRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail, organization: ZOrgHint });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZConfirmForgotPasswordRequest = z.object({
  email: ZEmail,
  code: z
    .string({ error: MSG.codeRequired })
    .trim()
    .min(1, MSG.codeRequired)
    .regex(/^\d{6}$/, MSG.invalidCode),
  new_password: ZNewPassword,
  organization: ZOrgHint,
});
export type TConfirmForgotPasswordRequest = z.infer<typeof ZConfirmForgotPasswordRequest>;

/** `refresh_token` may be left out in cookie mode (`X-Session: cookie`): the cookie carries it. */
export const ZRefreshRequest = z.object({ refresh_token: z.string().min(1).optional() });
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZSignOutRequest = z.object({ refresh_token: z.string().optional() });

/** Profile (spec console §3 Profile, §7 Profile calls). */
export const ZMemberSelf = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: ZRole,
  status: z.string(),
  verified: z.boolean(),
  pin_code: z.string().nullable(),
  send_reported_issues: z.boolean(),
  created_at: z.string(),
  helpdesk: z.boolean(),
  /** The console's language: the member's saved choice, else the request's Accept-Language. */
  language: ZLanguage,
  /** Whether `language` is the member's saved choice (false: negotiated from the browser). */
  language_saved: z.boolean(),
});
export type TMemberSelf = z.infer<typeof ZMemberSelf>;

export const ZUpdateProfileRequest = z.object({
  name: z.string().trim().max(100).optional(),
  first_name: z.string({ error: MSG.firstNameIsRequired }).trim().min(1, MSG.firstNameIsRequired).max(100),
  last_name: z.string().trim().max(100).optional().nullable(),
  /** The member's language; left out keeps the saved one. */
  language: ZLanguage.optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZChangePasswordRequest = z.object({
  pwd: z.string().min(1, MSG.passwordRequired),
  new_pwd: ZNewPassword,
  client_id: z.string().optional(),
  refresh_token: z.string().optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** A help-desk session: e-mail contains "helpdesk" and the account has no name (spec console §1). */
export const isHelpdesk = (u: { email: string; first_name?: string | null; name?: string | null }) =>
  u.email.toLowerCase().includes('helpdesk') && !u.first_name && !u.name;

import { z } from 'zod';
import { EMAIL_PATTERN, ZRole } from './common';

/** Texts of the Team members area (spec: operational §5 Member, §8). */
export const MEMBER_MESSAGES = {
  emailRequired: 'Email required',
  invalidEmail: 'Invalid email address',
  firstNameRequired: 'First name is required',
  roleRequired: 'Role is required',
  invalidPin: 'Invalid pin code',
  emailInUse: 'A team member with this email already exists.',
  emailCannotChange: 'The email of a team member cannot be changed.',
  created: 'Member created successfully',
  updated: 'Member updated successfully',
  invited: 'Invitation sent',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotResendSelf: 'You cannot resend the password email for your own account.',
  cannotChangeOwnStatus: 'You cannot disable your own account.',
  notPending: 'This team member has already set a password.',
  passwordEmailSent: 'Password email sent',
  enabled: 'Member enabled',
  disabled: 'Member disabled',
  verified: 'Member verified',
  rolesUpdated: 'Team members updated successfully',
  selectMembers: 'Please select at least one team member',
} as const;

/** Member PIN: 4 to 8 digits, not 1234 (spec §5 Member, §9); blank becomes null. */
export const zMemberPin = z
  .preprocess(
    (v) =>
      typeof v === 'number'
        ? String(v)
        : typeof v === 'string'
          ? v.trim() || undefined
          : v === null
            ? undefined
            : v,
    z
      .string()
      .regex(/^\d{4,8}$/, MEMBER_MESSAGES.invalidPin)
      .refine((p) => p !== '1234', MEMBER_MESSAGES.invalidPin)
      .optional(),
  )
  .transform((v) => v ?? null);

const zRequiredRole = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(['admin', 'member', 'viewer'], { error: MEMBER_MESSAGES.roleRequired }),
);

/** A member's e-mail: trimmed, patterned; compared case-insensitively. */
export const zMemberEmail = z
  .string({ error: MEMBER_MESSAGES.emailRequired })
  .trim()
  .min(1, MEMBER_MESSAGES.emailRequired)
  .max(254)
  .regex(EMAIL_PATTERN, MEMBER_MESSAGES.invalidEmail);

/** A team member as the list answers it (spec: operational §3 Team member). */
export const ZMember = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: ZRole,
  pin_code: z.string().nullable(),
  send_reported_issues: z.boolean(),
  created_at: z.string(),
  status: z.string().describe('CONFIRMED, or FORCE_CHANGE_PASSWORD while the invitation is pending'),
  enabled: z.boolean(),
  verified: z.boolean(),
});
export type TMember = z.infer<typeof ZMember>;

/** Invite (`POST members?email`) and edit (`PUT members/{id}`) body. */
export const ZMemberRequest = z.object({
  first_name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MEMBER_MESSAGES.firstNameRequired }).min(1, MEMBER_MESSAGES.firstNameRequired).max(100),
  ),
  last_name: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v),
      z.string().max(100).nullable().optional(),
    )
    .transform((v) => v ?? null),
  role: zRequiredRole,
  pin_code: zMemberPin,
  send_reported_issues: z
    .preprocess(
      (v) => (typeof v === 'string' ? ['true', '1', 'yes'].includes(v.toLowerCase()) : v),
      z.boolean(),
    )
    .optional()
    .transform((v) => v ?? false),
});
export type TMemberRequest = z.input<typeof ZMemberRequest>;
export type TMemberValues = z.output<typeof ZMemberRequest>;

/** The console's member form: the invite body plus the e-mail (read-only when editing). */
export const ZMemberForm = ZMemberRequest.extend({ email: zMemberEmail });
export type TMemberForm = z.input<typeof ZMemberForm>;

/** `POST members?email`: the e-mail travels in the query. */
export const ZMemberInviteQuery = z.object({ email: zMemberEmail });

/** `PUT members/{id}` may repeat the e-mail (it must be the same) but cannot change it. */
export const ZMemberUpdateRequest = ZMemberRequest.extend({ email: z.string().trim().optional() });

export const ZMemberListQuery = z.object({
  role: ZRole.optional(),
  status: z.string().optional(),
});

/** `PATCH members/{id}/status`: enable or disable the account. */
export const ZMemberStatusRequest = z.object({ enabled: z.boolean() });

/** `PATCH members/{id}/verify`: mark verified (default true). */
export const ZMemberVerifyRequest = z
  .object({ verified: z.boolean().default(true) })
  .default({ verified: true });

/** `PATCH members/`: bulk role edit, all or nothing (spec: operational §2 "Edit Team Members"). */
export const ZMemberBulkRoleRequest = z.object({
  user_ids: z.array(z.uuid()).min(1, MEMBER_MESSAGES.selectMembers).max(1000),
  member: z.object({ role: zRequiredRole }),
});
export type TMemberBulkRoleRequest = z.input<typeof ZMemberBulkRoleRequest>;

/** `POST members/resend-password-email`. */
export const ZResendPasswordRequest = z.object({ email: zMemberEmail });

/** Headers of the members CSV, the same for upload and export. */
export const MEMBER_CSV_HEADERS = [
  'email',
  'first_name',
  'last_name',
  'role',
  'pin_code',
  'send_reported_issues',
] as const;

/** Answer of a member action that changes one member. */
export const ZMemberActionResponse = z.object({ detail: z.string(), member: ZMember });
export const ZMemberBulkResponse = z.object({ detail: z.string(), members: z.array(ZMember) });

import {
  fillMailText,
  MAIL_TEXTS,
  MEMBER_MESSAGES,
  MSG,
  type TLanguage,
  type TMember,
  type TMemberValues,
  type TRole,
  ZMember,
  ZMemberRequest,
  type ZMemberUpdateRequest,
} from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AuthContext, TxAuth } from '../../auth/context';
import { revokeMemberSessions } from '../../auth/queries/sessions';
import { deleteMemberRows, insertMember, updateMemberRow, updateMemberRows } from '../../auth/queries/team';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { generatePassword } from '../../db/seed';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { recipientLanguage } from '../../lib/message-language';
import { hashPassword } from '../../lib/passwords';
import { fromWire, wireOf } from '../../lib/wire';
import { signInUrlOf } from '../organizations';
import {
  lockMember,
  lockMembers,
  type MemberRow,
  memberAuditImage,
  memberEmailTaken,
  organizationSignIn,
} from './queries';

export type { MemberRow } from './queries';

/** A team member on the wire (spec: operational §3 Team member). */
export function toMember(m: MemberRow): TMember {
  return wireOf(ZMember, m, { user_id: m.id });
}

/**
 * `toMember` for a reader: a team member's PIN is for admins (and the member itself) only; other
 * readers get `pin_code: null` (issue: members read every colleague's PIN).
 */
export function toMemberFor(auth: Pick<AuthContext, 'role' | 'memberId'>): (m: MemberRow) => TMember {
  return (m) => {
    const wire = toMember(m);
    return auth.role === 'admin' || m.id === auth.memberId ? wire : { ...wire, pin_code: null };
  };
}

/** An invitation to mail once its transaction has committed. */
export interface PendingInvite {
  organizationId: string;
  email: string;
  firstName: string | null;
  password: string;
  /** The mail's language: the member's saved one, else the organization's default (`recipientLanguage`). */
  language: TLanguage;
}

const isUniqueViolation = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Inserts an invited member (status FORCE_CHANGE_PASSWORD, a policy-satisfying temporary password)
 * in `tx` and logs it. 409 'A team member with this email already exists.' when the e-mail is
 * taken in the organization, also under a race (the unique index `members_org_email_uq` decides;
 * the insert runs in a savepoint so the caller's transaction survives). Answers the row and the
 * invitation to mail after commit (spec: operational §7 `POST members?email`).
 */
export async function insertInvitedMember({
  tx,
  auth,
  email,
  values,
}: TxAuth<{ email: string; values: TMemberValues }>): Promise<{ row: MemberRow; invite: PendingInvite }> {
  const taken = await memberEmailTaken({ tx, auth, email });
  if (taken) throw Conflict(MEMBER_MESSAGES.emailInUse);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  let row: MemberRow;
  try {
    row = await insertMember({
      tx,
      auth,
      values: {
        email,
        ...fromWire(ZMemberRequest, values),
        name: values.first_name,
        role: values.role as TRole,
        status: 'FORCE_CHANGE_PASSWORD',
        verified: false,
        passwordHash,
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw Conflict(MEMBER_MESSAGES.emailInUse);
    throw err;
  }
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'member',
      entityId: row.id,
      action: 'create',
      after: memberAuditImage(row),
    },
  });
  // the invitee has chosen no language yet: the organization's default one
  const language = await recipientLanguage({ tx, organizationId: auth.organizationId });
  return {
    row,
    invite: { organizationId: auth.organizationId, email, firstName: values.first_name, password, language },
  };
}

/**
 * Sets a new temporary password on a still-pending member (resend of the password e-mail) and
 * answers the invitation to mail. 409 'This team member has already set a password.' otherwise.
 */
export async function renewTemporaryPassword({
  tx,
  auth,
  member,
}: TxAuth<{ member: MemberRow }>): Promise<PendingInvite> {
  if (member.status !== 'FORCE_CHANGE_PASSWORD') throw Conflict(MEMBER_MESSAGES.notPending);
  const password = generatePassword();
  await updateMemberRow({ tx, auth, id: member.id, set: { passwordHash: await hashPassword(password) } });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'member',
      entityId: member.id,
      action: 'resend-password',
      changes: { password: { before: null, after: 'temporary password sent' } },
    },
  });
  const language = await recipientLanguage({ tx, organizationId: auth.organizationId, own: member.language });
  return {
    organizationId: auth.organizationId,
    email: member.email,
    firstName: member.firstName,
    password,
    language,
  };
}

/**
 * Mails each invitation: the sign-in address of the organization (PUBLIC_URL with its sub-domain),
 * the e-mail and the temporary password; the first sign-in meets NEW_PASSWORD_REQUIRED. A failed
 * send answers 502 'We were unable to send the email. Please try again.' (the member exists; the
 * password e-mail can be resent). Each mail speaks the invitation's `language` (`MAIL_TEXTS`).
 */
export async function mailInvites(
  ctx: AppContext,
  log: FastifyBaseLogger,
  invites: PendingInvite[],
): Promise<void> {
  if (!invites.length) return;
  const org = await organizationSignIn({ db: ctx.db, organizationId: invites[0]!.organizationId });
  const appName = org?.appName ?? org?.name ?? 'Lockerops';
  const url = `${signInUrlOf(ctx.config.publicUrl, org?.subdomain ?? 'demo-org')}/auth/login`;
  try {
    for (const inv of invites) {
      const w = MAIL_TEXTS[inv.language];
      await ctx.mail.send({
        organizationId: inv.organizationId,
        to: inv.email,
        language: inv.language,
        subject: fillMailText(w.inviteSubject, { app: appName }),
        text: [
          inv.firstName ? fillMailText(w.helloName, { name: inv.firstName }) : w.hello,
          '',
          fillMailText(w.inviteIntro, { app: appName }),
          fillMailText(w.signInAt, { url }),
          fillMailText(w.email, { email: inv.email }),
          fillMailText(w.temporaryPassword, { password: inv.password }),
          '',
          w.newPassword,
        ].join('\n'),
      });
    }
  } catch (err) {
    log.error({ err }, 'member invitation e-mail failed');
    throw new HttpError(502, 'We were unable to send the email. Please try again.');
  }
}

/**
 * Edits a team member (`PUT members/{id}`) with an audit entry `update`, and answers it on the
 * wire. 400 'The email of a team member cannot be changed.' when a different e-mail is sent; 404
 * for another organization's member. spec: operational §5 Member.
 */
export async function updateMember({
  tx,
  auth,
  id,
  b,
}: TxAuth<{ id: string; b: z.output<typeof ZMemberUpdateRequest> }>): Promise<TMember> {
  const before = await lockMember({ tx, auth, id });
  if (b.email && b.email.toLowerCase() !== before.email.toLowerCase())
    throw BadRequest(MEMBER_MESSAGES.emailCannotChange);
  const after = await updateMemberRow({
    tx,
    auth,
    id: before.id,
    set: { ...fromWire(ZMemberRequest, b), name: b.first_name, role: b.role as TRole },
  });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'member',
      entityId: before.id,
      action: 'update',
      before: memberAuditImage(before),
      after: memberAuditImage(after),
    },
  });
  return toMember(after);
}

/**
 * Deletes team members (`DELETE members`), all or nothing, with an audit entry `delete` each; their
 * sessions end with them. 404 'User not found' when any id is unknown or of another organization.
 * spec: operational §1, §7 Members.
 */
export async function deleteMembers({ tx, auth, ids }: TxAuth<{ ids: string[] }>): Promise<void> {
  const rows = await lockMembers({ tx, auth, ids });
  if (rows.length !== ids.length) throw NotFound(MSG.userNotFound);
  await deleteMemberRows({ tx, auth, ids });
  for (const row of rows) {
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'member',
        entityId: row.id,
        action: 'delete',
        before: memberAuditImage(row),
      },
    });
  }
}

/** Sets one flag of a team member (enabled or verified) with its audit entry; answers the new row. */
async function setMemberFlag(
  tx: Tx,
  auth: AuthContext,
  id: string,
  flag: { enabled: boolean } | { verified: boolean },
  action: 'enable' | 'disable' | 'verify',
) {
  const before = await lockMember({ tx, auth, id });
  const after = await updateMemberRow({ tx, auth, id: before.id, set: flag });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'member',
      entityId: before.id,
      action,
      before: memberAuditImage(before),
      after: memberAuditImage(after),
    },
  });
  return after;
}

/**
 * Enables or disables a team member (`PATCH members/{id}/status`) with an audit entry `enable` /
 * `disable`; a disabled member's sessions are revoked. Answers the member on the wire. 404 for
 * another organization's member. spec: operational §7 Members.
 */
export async function setMemberEnabled({
  tx,
  auth,
  id,
  enabled,
}: TxAuth<{ id: string; enabled: boolean }>): Promise<TMember> {
  const after = await setMemberFlag(tx, auth, id, { enabled }, enabled ? 'enable' : 'disable');
  if (!enabled) {
    await revokeMemberSessions({
      db: tx,
      organizationId: auth.organizationId,
      memberId: after.id,
      reason: 'disabled',
    });
  }
  return toMember(after);
}

/**
 * Marks a team member verified or not (`PATCH members/{id}/verify`) with an audit entry `verify`,
 * and answers the member on the wire. 404 for another organization's member. spec: operational §7
 * Members.
 */
export async function verifyMember({
  tx,
  auth,
  id,
  verified,
}: TxAuth<{ id: string; verified: boolean }>): Promise<TMember> {
  return toMember(await setMemberFlag(tx, auth, id, { verified }, 'verify'));
}

/**
 * Gives several team members one role ("Edit Team Members", `PATCH members`) in one transaction,
 * all or none, with an audit entry `update` each; answers them on the wire. 404 'User not found'
 * when any id is unknown or of another organization. spec: operational §2, §7 Members.
 */
export async function setMembersRole({
  tx,
  auth,
  ids,
  role,
}: TxAuth<{ ids: string[]; role: TRole }>): Promise<TMember[]> {
  const rows = await lockMembers({ tx, auth, ids });
  if (rows.length !== ids.length) throw NotFound(MSG.userNotFound);
  const updated = await updateMemberRows({ tx, auth, ids, set: { role } });
  for (const before of rows) {
    const after = updated.find((u) => u.id === before.id)!;
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'member',
        entityId: before.id,
        action: 'update',
        before: memberAuditImage(before),
        after: memberAuditImage(after),
      },
    });
  }
  return updated.map(toMember);
}

import { randomInt } from 'node:crypto';
import { fillMailText, formatMailDuration, MAIL_TEXTS, MSG, messageLanguage } from '@lockerops/contract';
import type { MailAdapter } from '../adapters/mail';
import type { Db } from '../db/client';
import { BadRequest } from '../errors';
import { hashPassword } from '../lib/passwords';
import type { AttemptSubject, AuthAttempts } from './attempts';
import type { MemberRow as Member } from './queries';
import { setMemberPassword } from './queries/members';
import { type OrganizationRow as Organization, organizationDefaultLanguage } from './queries/organizations';
import {
  countWrongTry,
  insertResetCode,
  latestResetCode,
  probeResetCodes,
  useResetCode,
  voidResetCodes,
} from './queries/reset-codes';
import { revokeMemberSessions } from './queries/sessions';
import { sha256 } from './tokens';

/**
 * The forgotten-password flow of the identity service (spec: console §4 Forgot password, §7
 * `auth/forgot-password`, `auth/confirm-forgot-password`): the e-mailed code and its use.
 */

const RESET_CODE_TTL_MINUTES = 60;
const RESET_CODE_MAX_ATTEMPTS = 5;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** What the flow needs of the identity service. */
export interface ResetDeps {
  db: Db;
  mail: MailAdapter;
  attempts: AuthAttempts;
  log?: { error(obj: object, msg: string): void };
  /** The member of the organization with this e-mail (case-insensitive). */
  findMember(organizationId: string, email: string): Promise<Member | undefined>;
}

/**
 * `POST auth/forgot-password`: mails a 6-digit code valid 60 minutes; earlier codes of the account
 * are voided. The answer does not tell whether the account exists, neither by its text nor by its
 * time: every call counts as an attempt of `from` (429 over the budget), both cases run the same
 * three statements, and the mail is sent after the answer (a slow or failing mail server would
 * otherwise time or fail known accounts only; a failure is logged). The mail speaks the member's
 * saved language, else the organization's default one (`MAIL_TEXTS`; English when neither is set).
 */
export async function forgotPassword(
  deps: ResetDeps,
  org: Organization | undefined,
  email: string,
  from: AttemptSubject,
): Promise<void> {
  await deps.attempts.check(from);
  await deps.attempts.record(from, 'forgot');
  const found = await deps.findMember(org?.id ?? NIL_UUID, email);
  const member = found?.enabled && org?.active ? found : undefined;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const memberId = member?.id ?? NIL_UUID;
  const organizationId = org?.id ?? NIL_UUID;
  await voidResetCodes({ db: deps.db, organizationId, memberId });
  // a member who never chose a language reads the organization's default one; read on every path,
  // so an unknown address takes as many round trips as a known one
  const defaultLanguage = await organizationDefaultLanguage({ db: deps.db, organizationId });
  if (!org || !member) {
    // The same round trip as the insert below, writing nothing.
    await probeResetCodes({ db: deps.db, organizationId, memberId });
    return;
  }
  await insertResetCode({
    db: deps.db,
    organizationId: org.id,
    memberId: member.id,
    codeHash: sha256(`${member.id}:${code}`),
    expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
  });
  const appName = org.appName ?? org.name;
  const language = messageLanguage(member.language, defaultLanguage);
  const w = MAIL_TEXTS[language];
  const valid = formatMailDuration(RESET_CODE_TTL_MINUTES, 'minute', language);
  const codeLine = (c: string, app: string) => fillMailText(w.resetCode, { app, code: c });
  const validLine = fillMailText(w.resetValid, { valid });
  deps.mail
    .send({
      organizationId: org.id,
      to: member.email,
      language,
      subject: fillMailText(w.resetSubject, { app: appName }),
      text: `${codeLine(code, appName)}\n\n${validLine}`,
      html: `<p>${codeLine(`<strong>${code}</strong>`, escapeHtml(appName))}</p><p>${escapeHtml(validLine)}</p>`,
    })
    .catch((err: unknown) => deps.log?.error({ err }, 'password reset mail not sent'));
}

/**
 * `POST auth/confirm-forgot-password`: sets a new password with the mailed code. A code works once;
 * five wrong tries void it; the right code once expired, used or voided asks for a new one
 * (`expiredCode`). Revokes every session. A wrong code answers the same for every e-mail — one
 * with an account or without, with a pending code or none: `invalidCode`, then
 * `attemptsExceeded` at the fifth wrong try since the e-mail's last forgot-password call, then
 * `expiredCode`, counted per e-mail over every client (`wrongResetTries`); nothing in the answer
 * depends on whether a code is pending. Every wrong code counts as a failed attempt of `from`
 * (429 over the budget).
 */
export async function confirmForgotPassword(
  deps: ResetDeps,
  org: Organization | undefined,
  email: string,
  code: string,
  newPassword: string,
  from: AttemptSubject,
): Promise<void> {
  await deps.attempts.check(from);
  const member = org ? await deps.findMember(org.id, email) : undefined;
  const entry = member
    ? await latestResetCode({ db: deps.db, organizationId: member.organizationId, memberId: member.id })
    : undefined;
  const matches = !!member && entry?.codeHash === sha256(`${member.id}:${code.trim()}`);
  if (matches && entry && (entry.usedAt || entry.expiresAt <= new Date())) throw BadRequest(MSG.expiredCode);
  if (!matches || !entry) {
    const tries = await deps.attempts.wrongResetTries(from);
    if (tries >= RESET_CODE_MAX_ATTEMPTS) throw BadRequest(MSG.expiredCode);
    await deps.attempts.record(from, 'confirm');
    const live = entry && !entry.usedAt && entry.expiresAt > new Date() ? entry : undefined;
    const after = live
      ? await countWrongTry({
          db: deps.db,
          organizationId: live.organizationId,
          id: live.id,
          maxAttempts: RESET_CODE_MAX_ATTEMPTS,
        })
      : undefined;
    if (tries + 1 >= RESET_CODE_MAX_ATTEMPTS || (after !== undefined && after >= RESET_CODE_MAX_ATTEMPTS))
      throw BadRequest(MSG.attemptsExceeded);
    throw BadRequest(MSG.invalidCode);
  }
  const used = await useResetCode({ db: deps.db, organizationId: member.organizationId, id: entry.id });
  if (!used) throw BadRequest(MSG.expiredCode);
  await setMemberPassword({
    db: deps.db,
    organizationId: member.organizationId,
    memberId: member.id,
    passwordHash: await hashPassword(newPassword),
    confirm: true,
  });
  await revokeMemberSessions({
    db: deps.db,
    organizationId: member.organizationId,
    memberId: member.id,
    reason: 'password reset',
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

import {
  MSG,
  subdomainOf,
  type TChallengeResponse,
  type TRole,
  type TSessionUser,
  type TTokensResponse,
} from '@lockerops/contract';
import type { MailAdapter } from '../adapters/mail';
import type { Db } from '../db/client';
import { BadRequest, Forbidden, HttpError, Unauthorized } from '../errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import type { AttemptSubject, AuthAttempts } from './attempts';
import { confirmForgotPassword, forgotPassword, type ResetDeps } from './password-reset';
import type { MemberRow as Member } from './queries';
import {
  changeMemberPassword,
  confirmInvitedMember,
  markSignedIn,
  memberByEmail,
  memberById,
  memberWithOrganization,
} from './queries/members';
import { type OrganizationRow as Organization, organizationByLabel } from './queries/organizations';
import {
  claimRefreshToken,
  insertRefreshToken,
  openSession,
  refreshTokenWithSession,
  revokeSession,
  sessionCheckOf,
  sessionOfRefreshToken,
} from './queries/sessions';
import { type ChallengeClaims, type IdClaims, randomToken, sha256, type TokenService } from './tokens';

const REFRESH_TTL_DAYS = 30;
/** Lifetime of a refresh token in seconds (also the Max-Age of the console's refresh cookie). */
export const REFRESH_TTL_SECONDS = REFRESH_TTL_DAYS * 86400;
/**
 * Seconds after its rotation in which a refresh token used again still answers a fresh token of
 * the same session instead of revoking it: console tabs sharing one cookie refresh at the same
 * time. After the grace a second use is reuse and revokes the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
const CHALLENGE_TTL_SECONDS = 15 * 60;

/** What an authenticated request knows of its caller. */
export interface SessionInfo {
  memberId: string;
  organizationId: string;
  role: TRole;
  sessionId: string;
  email: string;
  name: string | null;
}

/**
 * The built-in identity service (spec: console §4 Login / Forgot password, §7 identity operations).
 * Runs as the database owner because it works before an organization is known (refresh tokens);
 * every query still names the organization where one is involved.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly mail: MailAdapter,
    private readonly attempts: AuthAttempts,
    private readonly opts: {
      idTokenTtl: number;
      publicUrl: string;
      log?: { error(obj: object, msg: string): void };
      /** The read pool's handle (`Database.readDb`): session checks of GET requests run there. */
      readDb?: Db;
    },
  ) {
    this.sessionCheck = sessionCheckOf(db);
    this.readSessionCheck = opts.readDb ? sessionCheckOf(opts.readDb) : this.sessionCheck;
  }

  private readonly sessionCheck: ReturnType<typeof sessionCheckOf>;
  private readonly readSessionCheck: ReturnType<typeof sessionCheckOf>;

  /**
   * The organization of an unauthenticated call: an explicit name, else the Host's first label,
   * else `demo-org`. Undefined when no such organization exists.
   */
  async resolveOrganization(name: string | undefined): Promise<Organization | undefined> {
    const label = subdomainOf(name ?? 'demo-org');
    return organizationByLabel({ db: this.db, label });
  }

  private async findMember(organizationId: string, email: string): Promise<Member | undefined> {
    return memberByEmail({ db: this.db, organizationId, email });
  }

  /**
   * `POST auth/sign-in`: e-mail trimmed and matched case-insensitively within `org`.
   * Answers tokens, or the NEW_PASSWORD_REQUIRED challenge for an invited account.
   * 401 'Incorrect username or password.' for an unknown e-mail or a wrong password (same text, same
   * timing); 403 for a disabled account or an archived organization. 429 while `from` is over its
   * budget of failed attempts (`AuthAttempts`); only the 401 answers count as failures.
   */
  async signIn(
    org: Organization | undefined,
    email: string,
    password: string,
    from: AttemptSubject,
  ): Promise<TTokensResponse | TChallengeResponse> {
    await this.attempts.check(from);
    const member = org ? await this.findMember(org.id, email) : undefined;
    if (!org || !member) {
      await verifyAgainstDummy(password);
      await this.attempts.record(from, 'sign-in');
      throw Unauthorized(MSG.incorrectCredentials);
    }
    if (!(await verifyPassword(member.passwordHash, password))) {
      await this.attempts.record(from, 'sign-in');
      throw Unauthorized(MSG.incorrectCredentials);
    }
    if (!org.active) throw Forbidden(MSG.organizationArchived);
    if (!member.enabled) throw Forbidden(MSG.userDisabled);
    if (member.status === 'FORCE_CHANGE_PASSWORD') {
      const claims: ChallengeClaims = { typ: 'challenge', sub: member.id, org: org.id };
      return {
        challenge: 'NEW_PASSWORD_REQUIRED',
        session: await this.tokens.sign(claims, CHALLENGE_TTL_SECONDS),
      };
    }
    return this.startSession(org, member);
  }

  /** `POST auth/new-password`: completes the challenge with an acceptable password; answers tokens. */
  async completeNewPassword(session: string, newPassword: string): Promise<TTokensResponse> {
    let claims: ChallengeClaims;
    try {
      claims = await this.tokens.verify<ChallengeClaims>(session, 'challenge');
    } catch {
      throw BadRequest(MSG.invalidSession);
    }
    const row = await memberWithOrganization({
      db: this.db,
      organizationId: claims.org,
      memberId: claims.sub,
    });
    if (!row) throw BadRequest(MSG.userNotFound);
    if (row.member.status !== 'FORCE_CHANGE_PASSWORD') throw BadRequest(MSG.invalidSession);
    if (!row.org.active) throw Forbidden(MSG.organizationArchived);
    const passwordHash = await hashPassword(newPassword);
    const member = await confirmInvitedMember({
      db: this.db,
      organizationId: row.member.organizationId,
      memberId: row.member.id,
      passwordHash,
    });
    if (!member) throw BadRequest(MSG.invalidSession);
    return this.startSession(row.org, member);
  }

  /** Opens a session (refresh-token family) and answers the first token pair. */
  private async startSession(org: Organization, member: Member): Promise<TTokensResponse> {
    const firstLogin = member.lastSignInAt === null;
    const sessionId = await openSession({ db: this.db, organizationId: org.id, memberId: member.id });
    await markSignedIn({ db: this.db, organizationId: org.id, memberId: member.id });
    return this.issue(org, member, sessionId, firstLogin);
  }

  /**
   * Answers a fresh id token and the refresh token `refresh` (a new random one by default), written
   * once: a successor already written by a concurrent use of its predecessor is kept as it is.
   */
  private async issue(
    org: Organization,
    member: Member,
    sessionId: string,
    firstLogin: boolean,
    refresh = randomToken(),
  ): Promise<TTokensResponse> {
    await insertRefreshToken({
      db: this.db,
      organizationId: org.id,
      sessionId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    });
    const claims: IdClaims = { typ: 'id', sub: member.id, org: org.id, role: member.role, sid: sessionId };
    return {
      id_token: await this.tokens.sign(claims, this.opts.idTokenTtl),
      refresh_token: refresh,
      expires_in: this.opts.idTokenTtl,
      user: sessionUser(org, member, firstLogin),
    };
  }

  /**
   * `POST auth/refresh`: rotates the refresh token. A token already used revokes its whole family
   * (reuse detection) and answers 401, as does an expired or revoked one — except within
   * `REFRESH_REUSE_GRACE_SECONDS` of its first use, when it answers the same successor as the first
   * use did (`TokenService.successorOf`; tabs refreshing together with one cookie), so the session
   * never forks into independent branches. 403 for a disabled member or an archived organization.
   */
  async refresh(token: string): Promise<TTokensResponse> {
    const row = await refreshTokenWithSession({ db: this.db, token });
    if (!row) throw Unauthorized(MSG.tokenExpired);
    if (row.session.revokedAt) throw Unauthorized(MSG.tokenExpired);
    // Mark used atomically: of two concurrent uses of one token, only one passes.
    const claimed = await claimRefreshToken({
      db: this.db,
      organizationId: row.rt.organizationId,
      id: row.rt.id,
    });
    if (!claimed) {
      // Null when the concurrent use that won the claim happened between the select and the update.
      const usedAt = row.rt.usedAt ?? new Date();
      if (Date.now() - usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) {
        await revokeSession({
          db: this.db,
          organizationId: row.session.organizationId,
          sessionId: row.session.id,
          reason: 'refresh token reuse',
        });
        throw Unauthorized(MSG.tokenExpired);
      }
    }
    if (row.rt.expiresAt.getTime() < Date.now()) throw Unauthorized(MSG.tokenExpired);
    if (!row.org.active) throw Forbidden(MSG.organizationArchived);
    if (!row.member.enabled) throw Forbidden(MSG.userDisabled);
    return this.issue(row.org, row.member, row.session.id, false, this.tokens.successorOf(token));
  }

  /**
   * `POST auth/sign-out`: revokes the session of the id token (`session`: its id and organization),
   * and the sessions of the refresh tokens given (body, cookie). Unknown tokens are ignored.
   */
  async signOut(opts: {
    session?: { id: string; organizationId: string };
    refreshTokens?: readonly (string | undefined)[];
  }): Promise<void> {
    if (opts.session)
      await revokeSession({
        db: this.db,
        organizationId: opts.session.organizationId,
        sessionId: opts.session.id,
        reason: 'sign-out',
      });
    for (const token of new Set(opts.refreshTokens ?? [])) {
      if (!token) continue;
      const rt = await sessionOfRefreshToken({ db: this.db, token });
      if (rt) await revokeSession({ db: this.db, ...rt, reason: 'sign-out' });
    }
  }

  /**
   * Verifies an id token for a request: signature, expiry, and that its session is not revoked, its
   * member enabled and its organization active. 401 otherwise. `read`: the check runs on the read
   * pool (a GET request of the console), so it never waits behind writes holding the main pool.
   */
  async authenticate(idToken: string, opts: { read?: boolean } = {}): Promise<SessionInfo> {
    const claims = await this.tokens.verify<IdClaims>(idToken, 'id');
    const check = opts.read ? this.readSessionCheck : this.sessionCheck;
    const [row] = await check.execute({ sid: claims.sid, sub: claims.sub, org: claims.org });
    if (!row || row.revokedAt || !row.enabled || !row.active) throw Unauthorized(MSG.tokenExpired);
    return {
      memberId: claims.sub,
      organizationId: claims.org,
      role: row.role,
      sessionId: claims.sid,
      email: row.email,
      name: row.firstName,
    };
  }

  /** `POST auth/forgot-password` (password-reset.ts). */
  forgotPassword(org: Organization | undefined, email: string, from: AttemptSubject): Promise<void> {
    return forgotPassword(this.resetDeps, org, email, from);
  }

  /** `POST auth/confirm-forgot-password` (password-reset.ts). */
  confirmForgotPassword(
    org: Organization | undefined,
    email: string,
    code: string,
    newPassword: string,
    from: AttemptSubject,
  ): Promise<void> {
    return confirmForgotPassword(this.resetDeps, org, email, code, newPassword, from);
  }

  private get resetDeps(): ResetDeps {
    return {
      db: this.db,
      mail: this.mail,
      attempts: this.attempts,
      log: this.opts.log,
      findMember: (organizationId, email) => this.findMember(organizationId, email),
    };
  }

  /**
   * `POST members/change-password`: checks the current password, sets the new one and revokes
   * every other session of the member (as a reset does). The calling session `keep.sessionId`
   * stays, and so does the session of `keep.refreshToken` (the body's `refresh_token`, else the
   * console's cookie) when it is one of the member's. A wrong current password is 400 'Incorrect
   * username or password.' and counts as a failed attempt of `from`, like a sign-in (429 over the
   * budget); 404 'User not found' without a member of `organizationId` (the member's own
   * organization, `AuthContext.homeOrganizationId`).
   */
  async changePassword(
    organizationId: string,
    memberId: string,
    keep: { sessionId?: string; refreshToken?: string },
    current: string,
    next: string,
    from: Omit<AttemptSubject, 'organization' | 'email'>,
  ): Promise<void> {
    const member = await memberById({ db: this.db, organizationId, memberId });
    if (!member) throw new HttpError(404, MSG.userNotFound);
    const subject = { ...from, organization: member.organizationId, email: member.email };
    await this.attempts.check(subject);
    if (!(await verifyPassword(member.passwordHash, current))) {
      await this.attempts.record(subject, 'password');
      throw BadRequest(MSG.incorrectCredentials);
    }
    const kept = [keep.sessionId];
    if (keep.refreshToken) {
      const rt = await sessionOfRefreshToken({ db: this.db, token: keep.refreshToken });
      if (rt?.memberId === memberId) kept.push(rt.sessionId);
    }
    const keepIds = kept.filter((id): id is string => !!id);
    const passwordHash = await hashPassword(next);
    await changeMemberPassword({ db: this.db, organizationId, memberId, passwordHash, keepIds });
  }
}

/** The session user the console keeps (spec: console §3 "User session"). */
export function sessionUser(org: Organization, member: Member, firstLogin: boolean): TSessionUser {
  return {
    user_id: member.id,
    email: member.email,
    first_name: member.firstName,
    last_name: member.lastName,
    name: member.name ?? member.firstName,
    role: member.role,
    enabled: member.enabled,
    user_status: member.status,
    id_locations: [],
    first_login: firstLogin,
    organization: { id: org.id, name: org.name },
  };
}

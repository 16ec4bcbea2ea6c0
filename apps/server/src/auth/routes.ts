import { COOKIE_SESSION, endpoints, MSG, SESSION_HEADER, ZSignOutRequest } from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest, HttpError, NotFound, Unauthorized } from '../errors';
import { errors, routeOf } from '../lib/openapi';
import { organizationLabelFromHost } from '../tenancy';
import type { AttemptSubject } from './attempts';
import { bearerOf } from './context';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TTL_SECONDS } from './identity.service';
import { toMemberSelf } from './members.view';
import { selfMember, updateProfile } from './queries';
import {
  answerTokens,
  type CookieOptions,
  clearRefreshCookie,
  REFRESH_COOKIE,
  refreshCookieOf,
  wantsCookieSession,
} from './session-cookie';

/** What the description of a call that answers tokens says about the two session modes. */
const COOKIE_MODE = `With the header \`${SESSION_HEADER}: ${COOKIE_SESSION}\` (the console) the refresh token is set as the httpOnly, SameSite=Strict cookie \`${REFRESH_COOKIE}\` (paths /api/auth and /api/members/change-password, Max-Age its lifetime, Secure over https) and left out of the body; without it the body carries both tokens.`;

/**
 * The identity calls under `/api/auth` and the profile calls of spec console §7.
 * Failed sign-ins, every forgot-password call and wrong reset codes are counted per e-mail and
 * organization and per client address (`AuthAttempts`, AUTH_RATE_LIMIT): 429 over the budget.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicHost = new URL(app.ctx.config.publicUrl).hostname;
  /** The organization named by the call (or its Host), and who tries, for the attempt counters. */
  const caller = async (req: FastifyRequest, email: string, explicit?: string) => {
    const name = explicit ?? organizationLabelFromHost(req.headers.host, publicHost);
    const org = await app.ctx.identity.resolveOrganization(name);
    const from: AttemptSubject = {
      organization: org?.id ?? `?${(name ?? 'demo-org').trim().toLowerCase()}`,
      email,
      address: req.ip,
    };
    return { org, from };
  };
  const tags = ['auth'];
  const cookie: CookieOptions = {
    secure: new URL(app.ctx.config.publicUrl).protocol === 'https:',
    maxAge: REFRESH_TTL_SECONDS,
  };

  app.route({
    ...routeOf(endpoints.auth.signIn, {
      tags,
      summary: 'Sign in with e-mail and password',
      description: `The organization is \`organization\` when given, else the Host's first label (else demo-org). Answers tokens, or \`{challenge: "NEW_PASSWORD_REQUIRED", session}\` for an account created with a temporary password. ${COOKIE_MODE} spec: console §4 Login.`,
      errors: errors(400, 401, 403, 429),
    }),
    config: { public: true },
    handler: async (req, reply) => {
      const { org, from } = await caller(req, req.body.email, req.body.organization);
      const res = await app.ctx.identity.signIn(org, req.body.email, req.body.password, from);
      return 'challenge' in res ? res : answerTokens(req, reply, res, cookie);
    },
  });

  app.route({
    ...routeOf(endpoints.auth.newPassword, {
      tags,
      summary: 'Complete the NEW_PASSWORD_REQUIRED challenge',
      description: `The password must be 8+ characters with upper, lower, digit and special. Answers tokens. ${COOKIE_MODE} spec: console §2 Welcome, §4 Login.`,
      errors: errors(400, 403),
    }),
    config: { public: true },
    handler: async (req, reply) =>
      answerTokens(
        req,
        reply,
        await app.ctx.identity.completeNewPassword(req.body.session, req.body.new_password),
        cookie,
      ),
  });

  app.route({
    ...routeOf(endpoints.auth.forgotPassword, {
      tags,
      summary: 'Mail a 6-digit reset code (valid 60 minutes)',
      description: 'Answers the same whether or not the account exists. spec: console §4 Forgot password.',
      errors: errors(400, 429),
    }),
    config: { public: true },
    handler: async (req) => {
      const { org, from } = await caller(req, req.body.email, req.body.organization);
      await app.ctx.identity.forgotPassword(org, req.body.email, from);
      return { detail: MSG.codeSent };
    },
  });

  app.route({
    ...routeOf(endpoints.auth.confirmForgotPassword, {
      tags,
      summary: 'Set a new password with the mailed code',
      description:
        'A code works once; five wrong tries void it. Revokes every session of the account. spec: console §4.',
      errors: errors(400, 429),
    }),
    config: { public: true },
    handler: async (req) => {
      const { email, code, new_password, organization } = req.body;
      const { org, from } = await caller(req, email, organization);
      await app.ctx.identity.confirmForgotPassword(org, email, code, new_password, from);
      return { detail: MSG.passwordResetDone };
    },
  });

  app.route({
    ...routeOf(endpoints.auth.refresh, {
      tags,
      summary: 'Rotate the refresh token',
      description: `Answers a new token pair. The refresh token is the body's \`refresh_token\`, else, with the header \`${SESSION_HEADER}: ${COOKIE_SESSION}\`, the cookie \`${REFRESH_COOKIE}\` (the body is then \`{}\`; the header is required for the cookie, so a form of another site cannot refresh); neither answers 400 'refresh_token is required', cookie mode without a cookie 401. A refresh token used a second time revokes its whole session (401), except within ${REFRESH_REUSE_GRACE_SECONDS} seconds of its first use, when it answers a fresh token of the same session (tabs refreshing together). ${COOKIE_MODE}`,
      errors: errors(400, 401, 403),
    }),
    config: { public: true },
    handler: async (req, reply) => {
      let token = req.body.refresh_token;
      if (!token && wantsCookieSession(req)) {
        token = refreshCookieOf(req);
        if (!token) throw Unauthorized();
      }
      if (!token) throw BadRequest('refresh_token is required');
      return answerTokens(req, reply, await app.ctx.identity.refresh(token), cookie);
    },
  });

  app.route({
    ...routeOf(endpoints.auth.signOut, {
      tags,
      summary: 'Sign out: revoke the session',
      description: `Revokes the session of the bearer id token, of the refresh token given and of the cookie \`${REFRESH_COOKIE}\`, and expires that cookie. Always answers 200.`,
      body: ZSignOutRequest.optional(),
    }),
    config: { public: true },
    handler: async (req, reply) => {
      let session: { id: string; organizationId: string } | undefined;
      const token = bearerOf(req);
      if (token)
        session = await app.ctx.identity.authenticate(token).then(
          (s) => ({ id: s.sessionId, organizationId: s.organizationId }),
          () => undefined,
        );
      await app.ctx.identity.signOut({
        session,
        refreshTokens: [req.body?.refresh_token, refreshCookieOf(req)],
      });
      clearRefreshCookie(reply, cookie);
      return { detail: 'Signed out' };
    },
  });

  // Profile calls (spec: console §7 Profile)
  app.route({
    ...routeOf(endpoints.members.self, {
      tags: ['members'],
      summary: 'The signed-in team member',
      errors: errors(401),
    }),
    handler: async (req) => {
      const row = await req.withTenant((tx) => selfMember({ tx, auth: req.auth }));
      if (!row) throw NotFound('User not found');
      return toMemberSelf(row, req.headers['accept-language']);
    },
  });

  app.route({
    ...routeOf(endpoints.members.updateProfile, {
      tags: ['members'],
      summary: "Update a team member's name and language (own profile)",
      description:
        "Any role may change its own name and `language` (en, es, de: the console's language and that of the system e-mails the member receives; left out keeps the saved one); changing another member is for admins (404 for an id of another organization). spec: console §7 Profile.",
      params: z.object({ id: z.uuid() }),
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) => {
      const own = req.params.id === req.auth.memberId;
      if (!own && req.auth.role !== 'admin') throw new HttpError(403, MSG.forbidden);
      const { first_name, last_name, name, language } = req.body;
      const row = await req.withTenant((tx) =>
        updateProfile({
          tx,
          auth: req.auth,
          id: req.params.id,
          profile: { firstName: first_name, lastName: last_name ?? null, name: name || first_name, language },
        }),
      );
      if (!row) throw NotFound('User not found');
      return toMemberSelf(row, req.headers['accept-language']);
    },
  });

  app.route({
    ...routeOf(endpoints.members.changePassword, {
      tags: ['members'],
      summary: "Change the signed-in member's password",
      description: `\`pwd\` is the current password, \`new_pwd\` the new one (8+ with upper, lower, digit, special). Revokes every other session of the member: the session of the id token stays, and so does the session of \`refresh_token\` (the body's, else the console's cookie \`${REFRESH_COOKIE}\`) when it is the member's. Wrong current passwords count like failed sign-ins (429). spec: console §7 Profile.`,
      errors: errors(400, 401, 429),
    }),
    handler: async (req) => {
      await app.ctx.identity.changePassword(
        req.auth.homeOrganizationId,
        req.auth.memberId ?? '',
        { sessionId: req.auth.sessionId, refreshToken: req.body.refresh_token || refreshCookieOf(req) },
        req.body.pwd,
        req.body.new_pwd,
        {
          address: req.ip,
        },
      );
      return { detail: MSG.passwordChanged };
    },
  });
};

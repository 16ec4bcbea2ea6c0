import {
  MSG,
  ROLES,
  ZChangePasswordRequest,
  ZConfirmForgotPasswordRequest,
  ZDetailResponse,
  ZForgotPasswordRequest,
  ZMemberSelf,
  ZNewPasswordRequest,
  ZRefreshRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignOutRequest,
  ZTokensResponse,
  ZUpdateProfileRequest,
} from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { members } from '../db/schema';
import { HttpError, NotFound } from '../errors';
import { errors } from '../lib/openapi';
import { organizationLabelFromHost } from '../tenancy';
import { bearerOf } from './context';
import { toMemberSelf } from './members.view';

/**
 * The identity calls under `/api/auth` and the profile calls of spec console §7.
 * Sign-in and both forgot-password calls are rate-limited per e-mail and per client address.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.ctx.config.authRateLimit;
  // Two budgets per call: per client address and per e-mail (the plugin's own hook runs only once
  // per request, so both checks go through `createRateLimit` in one handler).
  const perAddress = app.createRateLimit({
    max: limit * 3,
    timeWindow: 60_000,
    keyGenerator: (req) => `auth-ip:${req.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: limit,
    timeWindow: 60_000,
    keyGenerator: (req) =>
      `auth-email:${String((req.body as { email?: string })?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  const limited = {
    preHandler: async (req: FastifyRequest) => {
      const [byAddress, byEmail] = await Promise.all([perAddress(req), perEmail(req)]);
      const exceeded = (r: typeof byAddress) => !r.isAllowed && r.isExceeded;
      if (exceeded(byAddress) || exceeded(byEmail)) throw new HttpError(429, MSG.tooManyRequests);
    },
  };
  const orgOf = (req: FastifyRequest, explicit?: string) =>
    app.ctx.identity.resolveOrganization(
      explicit ?? organizationLabelFromHost(req.headers.host, new URL(app.ctx.config.publicUrl).hostname),
    );
  const tags = ['auth'];

  app.post(
    '/auth/sign-in',
    {
      ...limited,
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'The organization is `organization` when given, else the Host\'s first label (else demo-org). Answers tokens, or `{challenge: "NEW_PASSWORD_REQUIRED", session}` for an account created with a temporary password. spec: console §4 Login.',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (req) =>
      app.ctx.identity.signIn(await orgOf(req, req.body.organization), req.body.email, req.body.password),
  );

  app.post(
    '/auth/new-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Complete the NEW_PASSWORD_REQUIRED challenge',
        description:
          'spec: console §2 Welcome, §4 Login. The password must be 8+ characters with upper, lower, digit and special.',
        body: ZNewPasswordRequest,
        response: { 200: ZTokensResponse, ...errors(400, 403) },
      },
    },
    async (req) => app.ctx.identity.completeNewPassword(req.body.session, req.body.new_password),
  );

  app.post(
    '/auth/forgot-password',
    {
      ...limited,
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a 6-digit reset code (valid 60 minutes)',
        description: 'Answers the same whether or not the account exists. spec: console §4 Forgot password.',
        body: ZForgotPasswordRequest,
        response: { 200: ZDetailResponse, ...errors(400, 429) },
      },
    },
    async (req) => {
      await app.ctx.identity.forgotPassword(await orgOf(req, req.body.organization), req.body.email);
      return { detail: MSG.codeSent };
    },
  );

  app.post(
    '/auth/confirm-forgot-password',
    {
      ...limited,
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with the mailed code',
        description:
          'A code works once; five wrong tries void it. Revokes every session of the account. spec: console §4.',
        body: ZConfirmForgotPasswordRequest,
        response: { 200: ZDetailResponse, ...errors(400, 429) },
      },
    },
    async (req) => {
      const { email, code, new_password, organization } = req.body;
      await app.ctx.identity.confirmForgotPassword(await orgOf(req, organization), email, code, new_password);
      return { detail: MSG.passwordResetDone };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        description: 'Answers a new token pair. A refresh token used twice revokes its whole session (401).',
        body: ZRefreshRequest,
        response: { 200: ZTokensResponse, ...errors(401, 403) },
      },
    },
    async (req) => app.ctx.identity.refresh(req.body.refresh_token),
  );

  app.post(
    '/auth/sign-out',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign out: revoke the session',
        description: 'Revokes the session of the bearer id token and/or of the refresh token given.',
        body: ZSignOutRequest.optional(),
        response: { 200: ZDetailResponse },
      },
    },
    async (req) => {
      let sessionId: string | undefined;
      const token = bearerOf(req);
      if (token)
        sessionId = await app.ctx.identity.authenticate(token).then(
          (s) => s.sessionId,
          () => undefined,
        );
      await app.ctx.identity.signOut({ sessionId, refreshToken: req.body?.refresh_token });
      return { detail: 'Signed out' };
    },
  );

  // Profile calls (spec: console §7 Profile)
  app.get(
    '/members/self',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['members'],
        summary: 'The signed-in team member',
        response: { 200: ZMemberSelf, ...errors(401) },
      },
    },
    async (req) => {
      const row = await req.withTenant(async (tx) => {
        const [m] = await tx
          .select()
          .from(members)
          .where(
            and(
              eq(members.id, req.auth.memberId ?? ''),
              eq(members.organizationId, req.auth.homeOrganizationId),
            ),
          );
        return m;
      });
      if (!row) throw NotFound('User not found');
      return toMemberSelf(row);
    },
  );

  app.patch(
    '/members/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['members'],
        summary: "Update a team member's name (own profile)",
        description:
          'Any role may change its own name; changing another member is for admins (404 for an id of another organization). spec: console §7 Profile.',
        params: z.object({ id: z.uuid() }),
        body: ZUpdateProfileRequest,
        response: { 200: ZMemberSelf, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const own = req.params.id === req.auth.memberId;
      if (!own && req.auth.role !== 'admin') throw new HttpError(403, MSG.forbidden);
      const { first_name, last_name, name } = req.body;
      const row = await req.withTenant(async (tx) => {
        const [m] = await tx
          .update(members)
          .set({
            firstName: first_name,
            lastName: last_name ?? null,
            name: name || first_name,
            updatedAt: new Date(),
          })
          .where(and(eq(members.id, req.params.id), eq(members.organizationId, req.auth.organizationId)))
          .returning();
        return m;
      });
      if (!row) throw NotFound('User not found');
      return toMemberSelf(row);
    },
  );

  app.post(
    '/members/change-password',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['members'],
        summary: "Change the signed-in member's password",
        description:
          '`pwd` is the current password, `new_pwd` the new one (8+ with upper, lower, digit, special).',
        body: ZChangePasswordRequest,
        response: { 200: ZDetailResponse, ...errors(400, 401) },
      },
    },
    async (req) => {
      await app.ctx.identity.changePassword(req.auth.memberId ?? '', req.body.pwd, req.body.new_pwd);
      return { detail: MSG.passwordChanged };
    },
  );
};

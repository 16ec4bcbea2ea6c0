import {
  ADMINS,
  STAFF,
  USER_MESSAGES,
  USER_TRANSACTIONS_LIMIT,
  ZUserActivationResponse,
  ZUserSearchQuery,
  ZUserSearchResponse,
  ZUserTransactionsQuery,
  ZUserTransactionsResponse,
  zUserPhone,
} from '@lockerops/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { likePattern } from '../../lib/crud/paging';
import { lockOr404, wireOf } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { liveUsersOf, usersToWire } from './resource';
import { userTransactions } from './service';

type UserRow = typeof users.$inferSelect;
const Params = z.object({ id: z.uuid() });
const tags = ['Users'];

/**
 * The Users calls beyond CRUD (spec: operational §7 Users, Transactions `events_by_user`):
 * activate / deactivate, `users/search` and `events_by_user/{id}`. Subscribers are served by the
 * memberships area (`GET memberships/subscribers`).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['activate', 'deactivate'] as const) {
    app.patch(
      `/users/:id/${action}`,
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} a user`,
          description: `Admins only (spec: operational §1, §4 User). Answers '${action === 'activate' ? USER_MESSAGES.activated : USER_MESSAGES.deactivated}' and the user; logged in the User History Log. 404 for a deleted user or another organization's id.`,
          params: Params,
          response: { 200: ZUserActivationResponse, ...errors(401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const before = (await lockOr404(tx, users, req.auth, req.params.id)) as unknown as UserRow;
          if (before.isDeleted) throw NotFound();
          const [after] = await tx
            .update(users)
            .set({ active: action === 'activate', updatedAt: new Date() })
            .where(and(eq(users.id, before.id), eq(users.organizationId, req.auth.organizationId)))
            .returning();
          await writeAudit(tx, req.auth, {
            entity: 'user',
            entityId: before.id,
            action,
            before: wireOf(users, before as never),
            after: wireOf(users, after as never),
          });
          return {
            detail: action === 'activate' ? USER_MESSAGES.activated : USER_MESSAGES.deactivated,
            user: (await usersToWire([after!], tx))[0]!,
          };
        }),
    );
  }

  app.get(
    '/users/search',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Find users by e-mail, phone or text',
        description:
          "`email`: the user with this e-mail (case-insensitive), else 404 'User Email does not exist'. `phone_number`: the user with this phone (normalised to + and digits), else 404 'User Phone does not exist'. `search` (2+ characters): up to 20 users matching name, last name, e-mail, phone or user id. Deleted users are never found. spec: operational §7 Users, §8.",
        querystring: ZUserSearchQuery,
        response: { 200: ZUserSearchResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { email, phone_number, search } = req.query;
      return req.withTenant(async (tx) => {
        const base = liveUsersOf(req.auth.organizationId);
        if (email) {
          const rows = await tx
            .select()
            .from(users)
            .where(and(base, eq(users.emailNormalized, email.toLowerCase())))
            .limit(1);
          if (!rows.length) throw NotFound(USER_MESSAGES.emailNotFound);
          return { items: await usersToWire(rows, tx) };
        }
        if (phone_number) {
          const parsed = zUserPhone.safeParse(phone_number);
          const phone = parsed.success ? parsed.data : null;
          const rows = phone
            ? await tx
                .select()
                .from(users)
                .where(and(base, eq(users.phoneNumber, phone)))
                .orderBy(asc(users.createdAt))
                .limit(1)
            : [];
          if (!rows.length) throw NotFound(USER_MESSAGES.phoneNotFound);
          return { items: await usersToWire(rows, tx) };
        }
        const s = search?.trim() ?? '';
        if (s.length < 2) throw BadRequest('Search needs at least 2 characters.');
        const pattern = likePattern(s);
        const rows = await tx
          .select()
          .from(users)
          .where(
            and(
              base,
              or(
                ...[users.name, users.lastName, users.email, users.phoneNumber, users.userId].map((c) =>
                  ilike(sql`${c}::text`, pattern),
                ),
              ),
            ),
          )
          .orderBy(asc(users.name), asc(users.id))
          .limit(20);
        return { items: await usersToWire(rows, tx) };
      });
    },
  );

  app.get(
    '/events_by_user/:id',
    {
      schema: {
        tags,
        summary: "A user's transactions",
        description:
          "The user's last 100 transactions, newest first, as per-user transaction rows (started, ended, condition, location, locker_number, duration in seconds, amount with two decimals); `active=true` keeps those still in progress. Open to every role (the Transactions page is). 404 for an unknown user or another organization's. spec: operational §2 User transaction history, §3 Per-user transaction row, §7 Transactions.",
        params: Params,
        querystring: ZUserTransactionsQuery,
        response: { 200: ZUserTransactionsResponse, ...errors(401, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, req.params.id), eq(users.organizationId, req.auth.organizationId)));
        if (!user) throw NotFound(USER_MESSAGES.fetchTransactionsFailed);
        const active = req.query.active === undefined ? undefined : req.query.active === 'true';
        const { items, total } = await userTransactions.list(tx, req.auth, user.id, {
          limit: USER_TRANSACTIONS_LIMIT,
          active,
        });
        return {
          user: {
            id: user.id,
            name: user.name,
            last_name: user.lastName,
            email: user.email,
            phone_number: user.phoneNumber,
          },
          items: items.slice(0, USER_TRANSACTIONS_LIMIT),
          total,
        };
      }),
  );
};

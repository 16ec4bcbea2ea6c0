import { endpoints, USER_MESSAGES, USER_TRANSACTIONS_LIMIT } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../errors';
import { errors, routeOf } from '../../lib/openapi';
import { userTransactions } from './queries';
import { findUser, searchUsers, setUserActive } from './resource';

const Params = z.object({ id: z.uuid() });
const tags = ['Users'];

/**
 * The Users calls beyond CRUD (spec: operational §7 Users, Transactions `events_by_user`):
 * activate / deactivate, `users/search` and `events_by_user/{id}`. Subscribers are served by the
 * memberships area (`GET memberships/subscribers`).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['activate', 'deactivate'] as const) {
    app.route({
      ...routeOf(endpoints.users[action], {
        tags,
        summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} a user`,
        description: `Admins only (spec: operational §1, §4 User). Answers '${action === 'activate' ? USER_MESSAGES.activated : USER_MESSAGES.deactivated}' and the user; logged in the User History Log. 404 for a deleted user or another organization's id.`,
        params: Params,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant(async (tx) => ({
          detail: action === 'activate' ? USER_MESSAGES.activated : USER_MESSAGES.deactivated,
          user: await setUserActive({ tx, auth: req.auth, id: req.params.id, action }),
        })),
    });
  }

  app.route({
    ...routeOf(endpoints.users.search, {
      tags,
      summary: 'Find users by e-mail, phone or text',
      description:
        "`email`: the user with this e-mail (case-insensitive), else 404 'User Email does not exist'. `phone_number`: the user with this phone (normalised to + and digits), else 404 'User Phone does not exist'. `search` (2+ characters): up to 20 users matching name, last name, e-mail, phone or user id. Deleted users are never found. spec: operational §7 Users, §8.",
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) => {
      return req.withTenant(async (tx) => ({
        items: await searchUsers({ tx, organizationId: req.auth.organizationId, query: req.query }),
      }));
    },
  });

  app.route({
    ...routeOf(endpoints.eventsByUser.get, {
      tags,
      summary: "A user's transactions",
      description:
        "The user's last 100 transactions, newest first, as per-user transaction rows (started, ended, condition, location, locker_number, duration in seconds, amount with two decimals); `active=true` keeps those still in progress. Open to every role (the Transactions page is). 404 for an unknown user or another organization's. spec: operational §2 User transaction history, §3 Per-user transaction row, §7 Transactions.",
      params: Params,
      errors: errors(401, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const user = await findUser({ tx, organizationId: req.auth.organizationId, id: req.params.id });
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
  });
};

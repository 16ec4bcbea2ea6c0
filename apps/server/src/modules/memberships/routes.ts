import { MAX_PAGE_SIZE, STAFF, ZListQuery, ZSubscriber, zPage } from '@lockerops/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberships, membershipUsers, users } from '../../db/schema';
import { likePattern, pageOf, pageOffset } from '../../lib/crud/paging';
import { crudRoutes } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { pricingGated } from '../prices/routes';
import { membershipsResource, withPlanSync } from './resource';

/**
 * `/memberships` CRUD, CSV upload and export (spec: operational §7 Memberships), plus
 * `GET /memberships/subscribers`: who holds which membership (console `/subscribers`). Gated by
 * the `pricing` feature; viewers get 403.
 */
export async function membershipsRoutes(app: FastifyInstance): Promise<void> {
  await pricingGated(app, async (scope) => {
    await scope.register(crudRoutes(withPlanSync(membershipsResource, app.ctx.plans)));
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/memberships/subscribers',
      {
        config: { roles: STAFF },
        schema: {
          tags: ['Memberships'],
          summary: 'Subscribers: users holding a membership',
          description:
            'Paged (1-based), newest first; `search` (2+ characters) matches the membership name and the user name, last name or e-mail. spec: operational §2 /subscribers.',
          querystring: ZListQuery,
          response: { 200: zPage(ZSubscriber), ...errors(400, 401, 403) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const q = req.query;
          const s = q.search?.trim();
          const where = and(
            eq(membershipUsers.organizationId, req.auth.organizationId),
            eq(users.isDeleted, false),
            s && s.length >= 2
              ? or(
                  ...[memberships.name, users.name, users.lastName, users.email].map((c) =>
                    ilike(sql`${c}::text`, likePattern(s)),
                  ),
                )
              : undefined,
          );
          const base = () =>
            tx
              .select({
                membershipId: memberships.id,
                membershipName: memberships.name,
                userId: users.id,
                name: users.name,
                lastName: users.lastName,
                email: users.email,
                used: membershipUsers.usedTransactions,
                createdAt: membershipUsers.createdAt,
              })
              .from(membershipUsers)
              .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
              .innerJoin(users, eq(users.id, membershipUsers.userId));
          const [{ total }] = (await tx
            .select({ total: count() })
            .from(membershipUsers)
            .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
            .innerJoin(users, eq(users.id, membershipUsers.userId))
            .where(where)) as [{ total: number }];
          const size = Math.min(q.size, MAX_PAGE_SIZE);
          const rows = await base()
            .where(where)
            .orderBy(desc(membershipUsers.createdAt), membershipUsers.membershipId, membershipUsers.userId)
            .limit(size)
            .offset(pageOffset(q.page, size));
          return pageOf(
            rows.map((r) => ({
              membership: { id: r.membershipId, name: r.membershipName },
              user: { id: r.userId, name: [r.name, r.lastName].filter(Boolean).join(' '), email: r.email },
              used_transactions: r.used,
              created_at: r.createdAt.toISOString(),
            })),
            total,
            q.page,
            size,
          );
        }),
    );
  });
}

import { MAX_PAGE_SIZE, ZReport, ZReportListQuery, zPage } from '@lockerops/contract';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reports } from '../../db/schema';
import { crudRoutes } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { reportsResource } from './resource';
import { type ReportRow, reportsToWire } from './service';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The Reporting calls (spec: console §7 Reports): the list area's CRUD from `reportsResource`,
 * and `GET reports/all`.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crudRoutes(reportsResource));

  app.get(
    '/reports/all',
    {
      schema: {
        tags: ['Reports'],
        summary: 'List reports',
        description:
          'The reports of the organization (or, with `target_org`, of one of a super-tenant’s sub-organizations; any other id: 404), newest first; paged (1-based), search on the name (2+ characters). Every signed-in role. spec: console §2 Reporting, §7 `GET reports/all`.',
        querystring: ZReportListQuery,
        response: { 200: zPage(ZReport), ...errors(400, 401, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const q = req.query;
        const parts: SQL[] = [eq(reports.organizationId, req.auth.organizationId)];
        const s = q.search?.trim();
        if (s && s.length >= 2) parts.push(ilike(reports.name, `%${escapeLike(s)}%`));
        const where = and(...parts);
        const [{ total }] = (await tx.select({ total: count() }).from(reports).where(where)) as [
          { total: number },
        ];
        const size = Math.min(q.size, MAX_PAGE_SIZE);
        const rows = await tx
          .select()
          .from(reports)
          .where(where)
          .orderBy(desc(reports.createdAt), sql`${reports.id}`)
          .limit(size)
          .offset((q.page - 1) * size);
        return {
          items: await reportsToWire(rows as ReportRow[], tx),
          total,
          pages: Math.ceil(total / size),
          page: q.page,
          page_size: size,
        };
      }),
  );
};

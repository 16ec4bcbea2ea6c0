import { endpoints, ZReport, zPage } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { findReportOr404, listReports, reportsResource } from './resource';
import { downloadLanguage } from './service';
import { renderPdf } from './service/pdf';
import { buildReport } from './service/render';
import { renderCsv } from './service/render-mail';

/**
 * The Reporting calls (spec: console §7 Reports): the list area's CRUD from `reportsResource`,
 * `GET reports/all` and `GET reports/download/{id}`.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crudRoutes(reportsResource));

  app.route({
    ...routeOf(endpoints.reports.all, {
      tags: ['Reports'],
      summary: 'List reports',
      description:
        'The reports of the organization (or, with `target_org`, of one of a super-tenant’s sub-organizations; any other id: 404), newest first; paged (1-based), search on the name (2+ characters). Every signed-in role. spec: console §2 Reporting, §7 `GET reports/all`.',
      response: zPage(ZReport),
      errors: errors(400, 401, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) => listReports({ tx, organizationId: req.auth.organizationId, q: req.query })),
  });

  app.route({
    ...routeOf(endpoints.reports.download, {
      tags: ['Reports'],
      summary: 'Download a report',
      description:
        "The report's contents for its period (the week, two weeks, month or two months before `due_at`, default now, in the organization zone), computed with the dashboard's metric reads; with include_sub_orgs each sub-organization is its own section. `format=csv` (one section per content; raw figures) or `pdf` (the organization's display name, logo and colours; per content its figures formatted and compared with the previous period, a chart per time series, its table; page numbers and the generated-at time; as many pages as needed). Its words and formats are in the caller's saved language, else the request's Accept-Language (en, es, de). Every signed-in role; another organization's id: 404. spec: console §7 `GET reports/download/{id}`.",
      params: z.object({ id: z.uuid() }),
      produces: ['text/csv', 'application/pdf'],
      errors: errors(400, 401, 404),
    }),
    handler: async (req, reply) => {
      const row = await req.withTenant((tx) => findReportOr404({ tx, auth: req.auth, id: req.params.id }));
      const dueAt = req.query.due_at ? new Date(req.query.due_at) : new Date();
      const language = await downloadLanguage({
        db: app.ctx.db,
        who: req.auth,
        acceptLanguage: req.headers['accept-language'],
      });
      const data = await req.withReadingDb((db) =>
        buildReport({
          db,
          report: row,
          dueAt,
          opts: { storage: app.ctx.storage, language },
        }),
      );
      const base = `${row.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'report'}_${data.from}_${data.to}`;
      const pdf = req.query.format === 'pdf';
      reply
        .type(pdf ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}.${pdf ? 'pdf' : 'csv'}"`)
        .header('access-control-expose-headers', 'content-disposition');
      return reply.send((pdf ? await renderPdf(data) : renderCsv(data)) as never);
    },
  });
};

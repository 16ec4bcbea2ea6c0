import { endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden, NotFound } from '../../errors';
import { findOr404, historyRegistry } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { listAuditEntries, namesInChanges } from './queries';

/**
 * `GET history/{entity}/{id}`: the audit entries of one record, newest first (at most 200) — the
 * per-entity History Log tabs (Device History Log, User History Log…). 403 for a role that may not
 * read the entity itself (its list's read roles); 404 for an unknown entity or an id of another
 * organization. Secret fields are stored as 'changed' (`writeAudit`). `names` maps the ids of
 * related records the changes hold (a location, size, price, device, user, group…) to their names,
 * read in one statement for the page; an id of a deleted record is not in it.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.history.get, {
      tags: ['history'],
      summary: 'History log of one record',
      description:
        "Who changed what and when: `changes` maps each field to `{ before, after }` (secrets only as 'changed'); `names` maps the ids of related records in the changes to their names (a deleted record's id is absent). 403 for roles that may not read the entity.",
      params: z.object({ entity: z.string().max(40), id: z.uuid() }),
      errors: errors(401, 403, 404),
    }),
    handler: async (req) => {
      const entry = historyRegistry.get(req.params.entity);
      if (!entry) throw NotFound('Unknown entity');
      if (!entry.roles.includes(req.auth.role)) throw Forbidden();
      const { table } = entry;
      return req.withTenant(async (tx) => {
        await findOr404({ tx, table, auth: req.auth, id: req.params.id });
        const rows = await listAuditEntries({
          tx,
          organizationId: req.auth.organizationId,
          entity: req.params.entity,
          entityId: req.params.id,
        });
        const names = await namesInChanges({
          tx,
          organizationId: req.auth.organizationId,
          changes: rows.map((r) => r.changes),
          own: req.params.id,
        });
        return {
          names,
          items: rows.map((r) => ({
            id: r.id,
            action: r.action,
            actor_type: r.actorType,
            actor_name: r.actorName,
            changes: r.changes,
            created_at: r.createdAt.toISOString(),
          })),
        };
      });
    },
  });
};

import { endpoints, ISSUE_MESSAGES } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detectImage } from '../../adapters/storage';
import { BadRequest } from '../../errors';
import { MULTIPART, UploadedFile } from '../../lib/crud/multipart';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { issuesResource, setIssueStatus } from './resource';

const Params = z.object({ id: z.uuid() });

/**
 * Lets `POST issues` and `PUT issues/{id}` take multipart (spec: console §7): every file of the
 * `images` field must be an image by its content, else 400 'One or more of the selected files are
 * not images. Please try again.' and nothing is stored; the stored images' URLs are added to
 * `pictures` (the URLs kept). `id_event` may come in the query (`POST issues?id_event=`).
 */
function acceptIssueImages(scope: FastifyInstance): void {
  const isIssueWrite = (method: string, url: string) =>
    (method === 'POST' && url.endsWith('/issues')) || (method === 'PUT' && url.endsWith('/issues/:id'));
  scope.addHook('onRoute', (o) => {
    if (!o.schema || !isIssueWrite(String(o.method), String(o.url))) return;
    o.schema.consumes = ['application/json', ...MULTIPART];
    o.config = { ...(o.config ?? {}), upload: 'image' };
    // another organization's (or a missing) user or team member answers 404
    o.schema.response = { ...(o.schema.response as object), ...errors(404) };
    o.schema.querystring = z.object({ id_event: z.uuid().optional() });
    o.schema.description = `${o.schema.description ?? ''} JSON, or multipart/form-data with the same fields plus \`images\` (one or more image files, checked by content; otherwise 400 '${ISSUE_MESSAGES.notImages}'). \`pictures\` lists the image URLs to keep. Creating needs an order/invoice number of this organization (\`invoice_id\`, or \`id_event\` in the query or body), else 400 '${ISSUE_MESSAGES.orderNotFound}'; the issue carries that transaction, its user (unless \`id_user\` names another) and the reporter (the caller). Viewers: 403.`;
  });
  scope.addHook('preValidation', async (req) => {
    if (!isIssueWrite(req.method, req.routeOptions.url ?? '')) return;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const idEvent = (req.query as { id_event?: string } | undefined)?.id_event;
    if (idEvent && !body.id_event) body.id_event = idEvent;
    if (req.isMultipart()) {
      const parts = [body.images ?? []].flat();
      delete body.images;
      // an empty file part is no image; text under `images` is not one either
      if (parts.some((p) => !(p instanceof UploadedFile) && p !== ''))
        throw BadRequest(ISSUE_MESSAGES.notImages);
      const files = parts.filter((p): p is UploadedFile => p instanceof UploadedFile && p.size > 0);
      const kinds = await Promise.all(files.map(detectImage));
      if (kinds.some((k) => !k)) throw BadRequest(ISSUE_MESSAGES.notImages);
      const kept =
        body.pictures === undefined ? [] : [body.pictures].flat().filter((p) => typeof p === 'string' && p);
      const stored = await Promise.all(
        files.map((f, i) => scope.ctx.storage.put(f, kinds[i]!.mime, kinds[i]!.ext)),
      );
      if (stored.length || body.pictures !== undefined)
        body.pictures = [...kept, ...stored.map((s) => s.url)];
    }
    req.body = body;
  });
}

/**
 * The Issues calls (spec: console §2 Issues list, §7 Issues): the list area's CRUD and export from
 * `issuesResource` (with multipart images), and `PATCH issues/{id}?status=`.
 */
export const issuesRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptIssueImages(app);
  await app.register(crudRoutes(issuesResource));

  app.route({
    ...routeOf(endpoints.issues.status, {
      tags: ['Issues'],
      summary: 'Change the status of an issue',
      description:
        "Query `status`: pending, in_progress or resolved (changed freely, saved at once; spec: console §4 issue status, §7 `PATCH issues/{id}`). Answers 'Issue updated successfully!' and the issue; the change is in the issue's history. 404 for another organization's id; viewers 403.",
      params: Params,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => ({
        detail: ISSUE_MESSAGES.updated,
        issue: await setIssueStatus({ tx, auth: req.auth, id: req.params.id, status: req.query.status }),
      })),
  });
};

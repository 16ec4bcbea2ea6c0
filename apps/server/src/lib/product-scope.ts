import type { FastifyInstance, RouteOptions } from 'fastify';
import { storeImage } from '../adapters/storage';
import { rolesFor } from '../auth/roles';
import { requireFeature } from '../modules/organizations';
import { MULTIPART, UploadedFile } from './crud/multipart';

/**
 * What the product areas' routes share (products, product groups, conditions: the Inventory
 * pages): the `product` feature gate, image uploads on their Resource routes, the note of narrower
 * roles.
 */

/**
 * Registers `register` in a scope behind the organization's `product` feature page: every call
 * answers 403 ('This feature is not enabled for this organization.') when it is off (spec: console
 * §2 Shell "Sections appear only if the organisation's feature pages allow them").
 */
export async function productGated(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireFeature('product'));
    await register(scope);
  });
}

/**
 * Lets the JSON create/update routes of a `Resource` also take multipart (spec: operational §7
 * "POST products (multipart…)", "POST product-groups (multipart…)"): a file in the `image` field is
 * checked by content and stored, and its URL replaces the file before validation; an image that
 * is not one answers 400 `message`. An empty file part counts as no image. The OpenAPI document of
 * those routes lists both content types.
 */
export function acceptImageUploads(
  scope: FastifyInstance,
  routes: Array<{ method: 'POST' | 'PUT'; path: string }>,
  message: string,
): void {
  const matches = (o: RouteOptions) =>
    routes.some((r) => o.method === r.method && String(o.url).endsWith(r.path));
  scope.addHook('onRoute', (o) => {
    if (!matches(o) || !o.schema) return;
    o.schema.consumes = ['application/json', ...MULTIPART];
    o.config = { ...(o.config ?? {}), upload: 'image' };
    o.schema.description = `${o.schema.description ?? ''} JSON, or multipart/form-data with the same fields where \`image\` may be an image file (checked by content; otherwise 400 '${message}').`;
  });
  scope.addHook('preValidation', async (req) => {
    if (!req.isMultipart() || !req.body || typeof req.body !== 'object') return;
    const body = req.body as Record<string, unknown>;
    const image = body.image;
    if (!(image instanceof UploadedFile)) return;
    body.image = image.size ? (await storeImage(scope.ctx.storage, image, message)).url : undefined;
  });
}

/**
 * Notes in the API document the roles of routes registered later in `scope` whose roles (their
 * entries' in the endpoint map) are narrower than their area's other writes (e.g. members may
 * create but not edit).
 */
export function documentRoles(scope: FastifyInstance, routes: Array<{ method: string; path: string }>): void {
  scope.addHook('onRoute', (o) => {
    const method = String(o.method);
    if (!o.schema || !routes.some((r) => method === r.method && String(o.url).endsWith(r.path))) return;
    o.schema.description = `${o.schema.description ?? ''} Roles: ${rolesFor(method, o.url).join(', ')}.`;
  });
}

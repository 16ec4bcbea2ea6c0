import { endpoints, PRODUCT_MESSAGES, ZProduct } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest } from '../../errors';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { acceptImageUploads, documentRoles, productGated } from '../../lib/product-scope';
import {
  bulkUpdateProducts,
  duplicateProduct,
  findProductOr404,
  productsResource,
  productValues,
} from './resource';
import { productTimeline } from './service/tracking';

const Params = z.object({ id: z.uuid() });
const tags = ['Products'];

/**
 * The Products calls beyond CRUD (spec: operational §7 Products): duplicate, bulk edit and the
 * tracking timeline.
 */
export const productActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.products;

  app.route({
    ...routeOf(e.duplicate, {
      tags,
      summary: 'Clone a product',
      description:
        "Creates a copy of the product with the same name, image, SKU, cost, sales price, MSRP, description, product group and condition. The serial number is NOT copied: the clone's `serial_number` is null (serial numbers are unique within the organization), and it sits in no device. The clone gets its own 'Product Created' tracking entry. Answers 'Product cloned successfully' and the clone; 404 for another organization's id. spec: operational §2 Products, §7 `POST products/{id}/duplicate`.",
      params: Params,
      response: z.object({ detail: z.string(), product: ZProduct }),
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => ({
        detail: PRODUCT_MESSAGES.cloned,
        product: await duplicateProduct({ tx, auth: req.auth, id: req.params.id }),
      })),
  });

  app.route({
    ...routeOf(e.bulkUpdate, {
      tags,
      summary: 'Bulk edit products',
      description:
        "Admins only. `{ id_products, product }`: `product` holds only the fields to change (name, price = cost, description, sales_price, msrp, serial_number, id_product_group, id_condition), validated like the single form ('Product name is required', 'Cost must be greater than 0', 'Sale price must be greater than 0', 'MSRP must be greater than 0'); a blank optional field clears it. One transaction: all products change or none. A serial number can be given to one product only (409 otherwise, and when another product has it). 404 when any id is missing or of another organization. A changed condition applies its effects (maintenance, issue report). spec: operational §5 Product \"Bulk edit has the same rules\", §7 `PATCH products`.",
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) => {
      const ids = [...new Set(req.body.id_products)];
      const input = req.body.product;
      const values = productValues(input);
      if (!Object.keys(values).length) throw BadRequest(PRODUCT_MESSAGES.nothingToChange);
      return req.withTenant(async (tx) => {
        const updated = await bulkUpdateProducts({ tx, auth: req.auth, ids, input, values });
        return { detail: PRODUCT_MESSAGES.bulkUpdated(updated), updated };
      });
    },
  });

  app.route({
    ...routeOf(e.tracking, {
      tags,
      summary: "A product's history (Asset History Log)",
      description:
        "The product's tracking entries, newest first with the creation entry ('Product Created') last: state (new, incoming, outgoing, maintenance), its label ('Product Created', 'In', 'Out', 'Maintenance Ticket'), time (ISO 8601 UTC), the customer of an In/Out, the acting team member, the condition at that moment and the device. 404 for another organization's id. spec: operational §3 Product `product_tracking`, §4 Product tracking states.",
      params: Params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        await findProductOr404({ tx, auth: req.auth, id: req.params.id });
        return {
          items: await productTimeline({
            tx,
            organizationId: req.auth.organizationId,
            productId: req.params.id,
          }),
        };
      }),
  });
};

/**
 * All Products calls, behind the `product` feature page: CRUD, CSV upload and export from
 * `productsResource` (create and update as JSON or multipart with an image file), plus duplicate,
 * bulk edit and tracking. Viewers get 403 everywhere; members may list, add and clone but not edit
 * (`PUT products/{id}`: admins only, spec: operational §1 "cannot open … product … edit").
 */
export async function productsRoutes(app: FastifyInstance): Promise<void> {
  await productGated(app, async (scope) => {
    acceptImageUploads(
      scope,
      [
        { method: 'POST', path: '/products' },
        { method: 'PUT', path: '/products/:id' },
      ],
      PRODUCT_MESSAGES.onlyImages,
    );
    documentRoles(scope, [{ method: 'PUT', path: '/products/:id' }]);
    await scope.register(crudRoutes(productsResource));
    await scope.register(productActionRoutes);
  });
}

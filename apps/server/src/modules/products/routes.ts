import {
  PRODUCT_MESSAGES,
  ZProduct,
  ZProductBulkUpdateRequest,
  ZProductBulkUpdateResponse,
  ZProductTrackingResponse,
} from '@lockerops/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { crudRoutes, findOr404, wireOf } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { productsResource, productsToWire, productValues } from './resource';
import { acceptImageUploads, productGated, restrictRoles } from './scope';
import { afterProductWrite, assertProductRefs, assertSerialFree } from './service';
import { productTimeline } from './tracking';

type ProductRow = typeof products.$inferSelect;
const Params = z.object({ id: z.uuid() });
const tags = ['Products'];
const EDITORS = ['admin', 'member'] as const;

/**
 * The Products calls beyond CRUD (spec: operational §7 Products): duplicate, bulk edit and the
 * tracking timeline.
 */
export const productActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/:id/duplicate',
    {
      config: { roles: EDITORS },
      schema: {
        tags,
        summary: 'Clone a product',
        description:
          "Creates a copy of the product with the same name, image, SKU, cost, sales price, MSRP, description, product group and condition. The serial number is NOT copied: the clone's `serial_number` is null (serial numbers are unique within the organization), and it sits in no device. The clone gets its own 'Product Created' tracking entry. Answers 'Product cloned successfully' and the clone; 404 for another organization's id. spec: operational §2 Products, §7 `POST products/{id}/duplicate`.",
        params: Params,
        response: { 200: z.object({ detail: z.string(), product: ZProduct }), ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const source = (await findOr404(
          tx,
          products,
          req.auth,
          req.params.id,
          PRODUCT_MESSAGES.notFound,
        )) as unknown as ProductRow;
        const [copy] = await tx
          .insert(products)
          .values({
            organizationId: req.auth.organizationId,
            name: source.name,
            image: source.image,
            serialNumber: null,
            sku: source.sku,
            price: source.price,
            salesPrice: source.salesPrice,
            msrp: source.msrp,
            description: source.description,
            idProductGroup: source.idProductGroup,
            idCondition: source.idCondition,
          })
          .returning();
        await afterProductWrite(tx, req.auth, copy!);
        await writeAudit(tx, req.auth, {
          entity: 'product',
          entityId: copy!.id,
          action: 'create',
          after: { ...wireOf(products, copy as never), duplicated_from: source.id },
        });
        return { detail: PRODUCT_MESSAGES.cloned, product: (await productsToWire([copy!], tx))[0]! };
      }),
  );

  app.patch(
    '/products',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: 'Bulk edit products',
        description:
          "Admins only. `{ id_products, product }`: `product` holds only the fields to change (name, price = cost, description, sales_price, msrp, serial_number, id_product_group, id_condition), validated like the single form ('Product name is required', 'Cost must be greater than 0', 'Sale price must be greater than 0', 'MSRP must be greater than 0'); a blank optional field clears it. One transaction: all products change or none. A serial number can be given to one product only (409 otherwise, and when another product has it). 404 when any id is missing or of another organization. A changed condition applies its effects (maintenance, issue report). spec: operational §5 Product \"Bulk edit has the same rules\", §7 `PATCH products`.",
        body: ZProductBulkUpdateRequest,
        response: { 200: ZProductBulkUpdateResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.id_products)];
      const input = req.body.product;
      const values = productValues(input);
      if (!Object.keys(values).length) throw BadRequest(PRODUCT_MESSAGES.nothingToChange);
      return req.withTenant(async (tx) => {
        const before = await tx
          .select()
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.organizationId, req.auth.organizationId)))
          .for('update');
        if (before.length !== ids.length) throw NotFound(PRODUCT_MESSAGES.notFound);
        await assertProductRefs(tx, req.auth, input);
        if (input.serial_number && ids.length > 1) throw Conflict(PRODUCT_MESSAGES.serialInUse);
        await assertSerialFree(tx, req.auth, input.serial_number, ids);
        const after = await tx
          .update(products)
          .set({ ...values, updatedAt: new Date() })
          .where(and(inArray(products.id, ids), eq(products.organizationId, req.auth.organizationId)))
          .returning();
        const beforeOf = new Map(before.map((b) => [b.id, b]));
        for (const row of after) {
          const old = beforeOf.get(row.id)!;
          await afterProductWrite(tx, req.auth, row, old);
          await writeAudit(tx, req.auth, {
            entity: 'product',
            entityId: row.id,
            action: 'update',
            before: wireOf(products, old as never),
            after: wireOf(products, row as never),
          });
        }
        return { detail: PRODUCT_MESSAGES.bulkUpdated(after.length), updated: after.length };
      });
    },
  );

  app.get(
    '/products/:id/tracking',
    {
      config: { roles: EDITORS },
      schema: {
        tags,
        summary: "A product's history (Asset History Log)",
        description:
          "The product's tracking entries, newest first with the creation entry ('Product Created') last: state (new, incoming, outgoing, maintenance), its label ('Product Created', 'In', 'Out', 'Maintenance Ticket'), time (ISO 8601 UTC), the customer of an In/Out, the acting team member, the condition at that moment and the device. 404 for another organization's id. spec: operational §3 Product `product_tracking`, §4 Product tracking states.",
        params: Params,
        response: { 200: ZProductTrackingResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        await findOr404(tx, products, req.auth, req.params.id, PRODUCT_MESSAGES.notFound);
        return { items: await productTimeline(tx, req.auth.organizationId, req.params.id) };
      }),
  );
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
    restrictRoles(scope, [{ method: 'PUT', path: '/products/:id' }], ['admin']);
    await scope.register(crudRoutes(productsResource));
    await scope.register(productActionRoutes);
  });
}

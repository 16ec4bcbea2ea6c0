import { PRODUCT_GROUP_MESSAGES } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud/resource';
import { acceptImageUploads, productGated } from '../../lib/product-scope';
import { productGroupsResource } from './resource';

/**
 * All Product groups calls (spec: operational §7 Product groups), behind the `product` feature
 * page: list, one, create and update as JSON or multipart with an image file (400 'Only images are
 * allowed!' for anything else), delete, CSV upload and export. Viewers get 403.
 */
export async function productGroupsRoutes(app: FastifyInstance): Promise<void> {
  await productGated(app, async (scope) => {
    acceptImageUploads(
      scope,
      [
        { method: 'POST', path: '/product-groups' },
        { method: 'PUT', path: '/product-groups/:id' },
      ],
      PRODUCT_GROUP_MESSAGES.onlyImages,
    );
    await scope.register(crudRoutes(productGroupsResource));
  });
}

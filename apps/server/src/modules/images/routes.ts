import { endpoints, MSG } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage } from '../../adapters/storage';
import { MULTIPART, zFile } from '../../lib/crud/multipart';
import { errors, routeOf } from '../../lib/openapi';

/**
 * `POST images` (multipart `image`): stores an image after checking by content that it is one;
 * answers `{ detail: url }` (spec: operational §7 Locker walls, Sizes; 400 'Only images are allowed!').
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.images.create, {
      tags: ['images'],
      summary: 'Upload an image',
      description:
        'Raster images only (PNG, JPEG, GIF, WebP…), checked by content; at most 10 MB. Advised 400x250.',
      consumes: MULTIPART,
      body: z.object({ image: zFile }),
      errors: errors(400, 401, 403, 413),
    }),
    config: { upload: 'image' },
    handler: async (req) => ({
      detail: (await storeImage(app.ctx.storage, req.body.image, MSG.onlyImagesBang)).url,
    }),
  });
};

import { endpoints, MSG, ZFeedbackRequest } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage } from '../../adapters/storage';
import { filesOf, MULTIPART, zField, zFiles } from '../../lib/crud/multipart';
import { errors, routeOf } from '../../lib/openapi';
import { storeFeedback } from './queries';
import { feedbackMail } from './service';

const ZFeedbackBody = z.object({
  location: zField(ZFeedbackRequest.shape.location),
  device: zField(ZFeedbackRequest.shape.device),
  member: zField(ZFeedbackRequest.shape.member),
  department: zField(ZFeedbackRequest.shape.department),
  description: zField(ZFeedbackRequest.shape.description),
  notes: zField(ZFeedbackRequest.shape.notes),
  images: zFiles.optional(),
});

/**
 * `POST feedback` (spec: console §2 Shell Feedback dialog, §5 Feedback, §7): stores the feedback with
 * its images (checked by content) and mails it to the organization's support contact when one is set,
 * in the organization's default language.
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.feedback.create, {
      tags: ['feedback'],
      summary: 'Send feedback',
      description:
        'Multipart: location, device, member, department (Sales, Customer Support, Finance), description (≤200), notes (≤300), images (image files only, checked by content).',
      consumes: MULTIPART,
      body: ZFeedbackBody,
      errors: errors(400, 401, 413),
    }),
    config: { upload: 'image' },
    handler: async (req) => {
      const body = req.body;
      const files = filesOf(body.images);
      const images: string[] = [];
      for (const file of files) images.push((await storeImage(app.ctx.storage, file, MSG.notImages)).url);
      const { row, org, support, language } = await req.withTenant((tx) =>
        storeFeedback({ tx, auth: req.auth, input: { ...body, images } }),
      );
      if (support) {
        const mail = feedbackMail({
          language,
          sender: req.auth.actor.name,
          organization: org.appName ?? org.name,
          input: body,
          images: images.map((u) => `${app.ctx.config.publicUrl}${u}`),
        });
        await app.ctx.mail
          .send({ organizationId: org.id, to: support, ...mail })
          .catch((err) => req.log.warn({ err }, 'feedback mail failed'));
      }
      return { id: row.id, detail: MSG.feedbackThanks };
    },
  });
};

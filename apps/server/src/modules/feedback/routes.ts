import { endpoints, MSG, ZFeedbackRequest } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage } from '../../adapters/storage';
import { filesOf, MULTIPART, zField, zFiles } from '../../lib/crud/multipart';
import { errors, routeOf } from '../../lib/openapi';
import { storeFeedback } from './queries';

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
 * its images (checked by content) and mails it to the organization's support contact when one is set.
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
      const { row, org, support } = await req.withTenant((tx) =>
        storeFeedback({ tx, auth: req.auth, input: { ...body, images } }),
      );
      if (support) {
        const base = app.ctx.config.publicUrl;
        const lines = [
          `Feedback from ${req.auth.actor.name ?? 'a team member'} (${org.appName ?? org.name})`,
          `Department: ${body.department ?? '-'}`,
          `Location: ${body.location || '-'}`,
          `Device: ${body.device || '-'}`,
          `Member: ${body.member || '-'}`,
          '',
          body.description,
          '',
          body.notes ? `Notes: ${body.notes}` : '',
          ...images.map((u) => `Image: ${base}${u}`),
        ];
        await app.ctx.mail
          .send({ organizationId: org.id, to: support, subject: 'New feedback', text: lines.join('\n') })
          .catch((err) => req.log.warn({ err }, 'feedback mail failed'));
      }
      return { id: row.id, detail: MSG.feedbackThanks };
    },
  });
};

import { endpoints, MSG, ORGANIZATION_MESSAGES, SETTINGS_MESSAGES } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage, type TempFile } from '../../adapters/storage';
import { MULTIPART, zFile } from '../../lib/crud/multipart';
import { errors, routeOf } from '../../lib/openapi';
import {
  confirmContactVerification,
  getFilters,
  getSettings,
  getWhiteLabel,
  putFilters,
  saveSettings,
  saveWhiteLabel,
  sendContactVerification,
} from './service';

const ZPageParams = z.object({ page: z.string().max(60) });
const ZOrgParams = z.object({ org: z.uuid() });

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;text-align:center;padding:4rem"><p>${text}</p></body></html>`;

/**
 * Settings calls of spec console §7: `settings`, `filters/{page}`, `white-label`,
 * `notification-contact/verify`. Settings are refused to viewers (console §6); writes are admin-only
 * except each member's own table filters.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.route({
    ...routeOf(endpoints.settings.get, {
      tags,
      summary: 'Organization-level settings',
      description:
        'default_currency, default_device_hardware, default_device_mode, default_id_size, default_max_reservations (null = unlimited), default support e-mail and phone (and whether the e-mail is verified), default_notification_channel, time_zone, default_language (en/es/de: the language of mail and SMS to people with no language of their own). Readable by every role; writes are admin-only. spec: operational §3, console §3 Settings, §7.',
      errors: errors(401, 403),
    }),
    handler: async (req) =>
      req.withTenant((tx) => getSettings({ tx, organizationId: req.auth.organizationId })),
  });

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      ...routeOf(method === 'POST' ? endpoints.settings.save : endpoints.settings.update, {
        tags,
        summary: method === 'POST' ? 'Save all settings' : 'Update some settings',
        description: `${method === 'POST' ? 'Fields not sent take their defaults (usd, email, the rest null).' : 'Only the fields sent change.'} The default mode and hardware must be enabled for the organization (400); default_id_size one of its sizes (404); default_language en, es or de (400). Admin only. spec: console §7 settings.`,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          saveSettings({
            tx,
            organizationId: req.auth.organizationId,
            input: req.body,
            mode: method === 'POST' ? 'replace' : 'merge',
            auth: req.auth,
          }),
        ),
    });
  }

  app.route({
    ...routeOf(endpoints.filters.get, {
      tags,
      summary: "The caller's stored columns and filters of a table",
      description:
        'Answers `{ page, columns: string[] | null, filters: {} }` (null columns = all). Page keys: reporting, pay-per, subscriptions, promo-codes, locations, devices, sizes, transactions, reservations, users, members, groups, issues, notifications, inventory, product-groups, conditions, subscribers; any other: 404. spec: console §7 filters.',
      params: ZPageParams,
      errors: errors(401, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) =>
        getFilters({
          tx,
          organizationId: req.auth.organizationId,
          subjectId: req.auth.memberId ?? req.auth.actor.id,
          page: req.params.page,
        }),
      ),
  });

  app.route({
    ...routeOf(endpoints.filters.update, {
      tags,
      summary: "Store the caller's columns and filters of a table",
      description:
        'Body `{ columns?: string[] | null, filters?: {} }`; fields not sent are kept. Answers the stored `{ page, columns, filters }`. Per team member and page. spec: console §7 filters.',
      params: ZPageParams,
      errors: errors(400, 401, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) =>
        putFilters({
          tx,
          organizationId: req.auth.organizationId,
          subjectId: req.auth.memberId ?? req.auth.actor.id,
          page: req.params.page,
          input: req.body,
        }),
      ),
  });

  app.route({
    ...routeOf(endpoints.whiteLabel.get, {
      tags,
      summary: 'White-label branding',
      description:
        'app_name, primary_color, secondary_color, organization_owner, app_logo, oem_logo of the organization. spec: console §3, §7 white-label.',
      errors: errors(401),
    }),
    handler: async (req) =>
      req.withTenant((tx) => getWhiteLabel({ tx, organizationId: req.auth.organizationId })),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      ...routeOf(method === 'PUT' ? endpoints.whiteLabel.replace : endpoints.whiteLabel.patch, {
        tags,
        summary: method === 'PUT' ? 'Replace the branding' : 'Update part of the branding',
        description: `Body \`{ app_name, primary_color, secondary_color, oem_logo }\` (#RRGGBB). ${method === 'PUT' ? 'Fields not sent become null' : 'Fields not sent are kept'}, except \`oem_logo\`: an uploaded file's address (\`/api/files/{key}\`, as \`PATCH white-label/logo\` answers it; else 400 '${ORGANIZATION_MESSAGES.oemLogoInvalid}') or null to remove it, kept when not sent. Admin only. spec: console §7 white-label.`,
        errors: errors(400, 401, 403),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          saveWhiteLabel({
            tx,
            organizationId: req.auth.organizationId,
            targetId: req.auth.organizationId,
            input: req.body,
            mode: method === 'PUT' ? 'replace' : 'merge',
          }),
        ),
    });
  }

  app.route({
    ...routeOf(endpoints.whiteLabel.replaceFor, {
      tags,
      summary: 'Replace the branding of a managed organization',
      description:
        "For the caller's organization or one of its sub-organizations (any other: 404). 409 'Archived organizations must be restored in order to be edited.'. spec: console §7 `PUT white-label/{org}`.",
      params: ZOrgParams,
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) =>
      req.withTenant((tx) =>
        saveWhiteLabel({
          tx,
          organizationId: req.auth.organizationId,
          targetId: req.params.org,
          input: req.body,
          mode: 'replace',
        }),
      ),
  });

  app.route({
    ...routeOf(endpoints.whiteLabel.logo, {
      tags,
      summary: 'Upload the organization logo',
      description:
        "Multipart field `image`, the app logo, and/or `oem_image`, the OEM logo (white_label.oem_logo); each an image checked by content (else 400 'Only images are allowed'), at least one (else 400 'A valid logo image file is required.'). spec: console §2 Dashboard, §7 `PATCH white-label/logo`, white_label.oem_logo.",
      consumes: MULTIPART,
      body: z
        .object({ image: zFile.optional(), oem_image: zFile.optional() })
        .refine((b) => b.image || b.oem_image, { message: ORGANIZATION_MESSAGES.logoRequired }),
      errors: errors(400, 401, 403, 413),
    }),
    config: { upload: 'image' },
    handler: async (req) => {
      const store = async (file: TempFile | undefined) =>
        file ? (await storeImage(app.ctx.storage, file, MSG.onlyImages)).url : undefined;
      const app_logo = await store(req.body.image);
      const oem_logo = await store(req.body.oem_image);
      return req.withTenant((tx) =>
        saveWhiteLabel({
          tx,
          organizationId: req.auth.organizationId,
          targetId: req.auth.organizationId,
          input: { app_logo, oem_logo },
          mode: 'merge',
        }),
      );
    },
  });

  app.route({
    ...routeOf(endpoints.notificationContact.sendVerification, {
      tags,
      summary: 'Mail a verification link to the notification contact',
      description:
        'Query `email`. The link (valid 24 hours) leads to the public `GET notification-contact/verify?token=`, which marks the contact verified. At most 10 links an hour per organization, else 429. spec: console §7 notification-contact.',
      errors: errors(400, 401, 403, 429),
    }),
    handler: async (req) => {
      await sendContactVerification(app.ctx, {
        organizationId: req.auth.organizationId,
        email: req.query.email,
      });
      return { detail: SETTINGS_MESSAGES.verificationSent };
    },
  });

  app.route({
    ...routeOf(endpoints.notificationContact.verify, {
      tags,
      summary: 'Follow a notification-contact verification link',
      description:
        'Public: the link mailed by `POST notification-contact/verify`. Answers a short HTML page; 400 for an unknown, used or expired link.',
      querystring: z.object({ token: z.string().min(1).max(200) }),
      produces: ['text/html'],
    }),
    config: { public: true },
    handler: async (req, reply) => {
      const ok = await confirmContactVerification(app.ctx, req.query.token);
      return reply
        .status(ok ? 200 : 400)
        .type('text/html')
        .send(
          ok
            ? page('Verified', SETTINGS_MESSAGES.verified)
            : page('Invalid link', SETTINGS_MESSAGES.verificationInvalid),
        );
    },
  });
};

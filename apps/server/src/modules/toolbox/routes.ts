import { endpoints, TOOLBOX_MESSAGES } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../lib/openapi';
import { requireFeature } from '../organizations';
import { paymentAccountOf } from './queries/organization';
import {
  getLiteApp,
  getTwilio,
  getWidget,
  removeTwilio,
  rotatePublishableKey,
  saveLiteApp,
  saveTwilio,
  saveWidget,
} from './service';

/**
 * The Apps & Widgets and Integrations calls (spec: console §2 Apps and widgets, Integrations):
 * customizers saved per organization, the widget's publishable key, and the
 * organization's Twilio account. Admin only, 403 when the organization's `toolbox` flag is off.
 */
export const toolboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireFeature('toolbox'));
  const tags = ['toolbox'];
  // admins of organizations with the Toolbox flag (spec: console §6 "/apis, /apps-widgets and /integrations are always restricted")
  const publicUrl = app.ctx.config.publicUrl;

  app.route({
    ...routeOf(endpoints.apps.getLiteApp, {
      tags,
      summary: 'The Lite App customizer',
      description: 'Saved options, or the defaults. spec: console §2 Apps and widgets.',
      errors: errors(401, 403),
    }),
    handler: (req) => req.withTenant((tx) => getLiteApp({ tx, organizationId: req.auth.organizationId })),
  });
  app.route({
    ...routeOf(endpoints.apps.putLiteApp, {
      tags,
      summary: 'Save the Lite App customizer',
      description:
        'Sign-in method (phone, email or both), the five toggles and two colours (#RRGGBB). spec: console §2 Apps and widgets.',
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) => saveLiteApp({ tx, organizationId: req.auth.organizationId, s: req.body })),
  });

  app.route({
    ...routeOf(endpoints.apps.getWidget, {
      tags,
      summary: 'The Reservation Widget customizer and embed URL',
      description:
        'Saved colours, payment toggle and maximum duration (hours, days or weeks), with the embed URL and `<iframe>` snippet carrying the publishable key (made on first sight). While the organization has no API key `embed_url` is null and the page shows the no-token text. spec: console §2 Apps and widgets.',
      errors: errors(401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) => getWidget({ tx, organizationId: req.auth.organizationId, publicUrl })),
  });
  app.route({
    ...routeOf(endpoints.apps.putWidget, {
      tags,
      summary: 'Save the Reservation Widget customizer',
      description: `The widget page uses these colours and refuses windows longer than the maximum duration. \`payment_enabled\`: a priced window is paid in the widget before it is booked; allowed while payments go through the local sandbox (no \`STRIPE_SECRET_KEY\`), else once the organization's payment account is connected and set up (400 '${TOOLBOX_MESSAGES.paymentProviderRequired}').`,
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        saveWidget({
          tx,
          organizationId: req.auth.organizationId,
          publicUrl,
          charges: app.ctx.charges,
          s: req.body,
        }),
      ),
  });
  app.route({
    ...routeOf(endpoints.apps.rotateWidgetKey, {
      tags,
      summary: "Rotate the widget's publishable key",
      description: `A new key and embed URL; the old URL stops working at once. 400 '${TOOLBOX_MESSAGES.noToken}' without an API key.`,
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        rotatePublishableKey({ tx, organizationId: req.auth.organizationId, publicUrl }),
      ),
  });

  app.route({
    ...routeOf(endpoints.integrations.get, {
      tags,
      summary: 'Which integrations are active',
      description:
        '`twilio`: the organization saved its own Twilio account; `stripe`: its payment provider account is set up. Every other card of the grid is "Coming Soon". spec: console §2 Integrations.',
      errors: errors(401, 403),
    }),
    handler: (req) =>
      req.withTenant(async (tx) => {
        const twilio = await getTwilio({ tx, organizationId: req.auth.organizationId });
        return {
          twilio: twilio.configured,
          stripe: (await paymentAccountOf({ db: tx, organizationId: req.auth.organizationId })).ready,
        };
      }),
  });
  app.route({
    ...routeOf(endpoints.integrations.getTwilio, {
      tags,
      summary: "The organization's Twilio account",
      description: 'Account SID, sender and the last 4 characters of the auth token (never the token).',
      errors: errors(401, 403),
    }),
    handler: (req) => req.withTenant((tx) => getTwilio({ tx, organizationId: req.auth.organizationId })),
  });
  app.route({
    ...routeOf(endpoints.integrations.putTwilio, {
      tags,
      summary: "Save the organization's Twilio account",
      description:
        "The organization's SMS then go through this account (the server's TWILIO_* settings stay the fallback). The auth token is stored encrypted (SECRETS_KEY); leave it out to keep the saved one.",
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        saveTwilio({
          tx,
          organizationId: req.auth.organizationId,
          input: req.body,
          secrets: app.ctx.secrets,
        }),
      ),
  });
  app.route({
    ...routeOf(endpoints.integrations.deleteTwilio, {
      tags,
      summary: "Remove the organization's Twilio account",
      errors: errors(401, 403),
    }),
    handler: async (req) => {
      await req.withTenant((tx) => removeTwilio({ tx, organizationId: req.auth.organizationId }));
      return { detail: TOOLBOX_MESSAGES.twilioRemoved };
    },
  });
};

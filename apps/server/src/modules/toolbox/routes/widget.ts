import {
  endpoints,
  isLanguage,
  MSG,
  negotiateLanguage,
  ORGANIZATION_MESSAGES,
  preferredLanguage,
  TOOLBOX_MESSAGES,
  type TWidgetSettings,
  ZWidgetOrgParams,
  ZWidgetPageQuery,
} from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Forbidden, HttpError, NotFound } from '../../../errors';
import { errors, routeOf } from '../../../lib/openapi';
import { addressKey } from '../../one-time-codes';
import { organizationNames } from '../queries/organization';
import { resolvePublishableKey } from '../service';
import { widgetConfig } from '../service/widget';
import { widgetQuote } from '../service/widget-quote';
import { requestWidgetCode, type VerificationDeps, widgetBookVerified } from '../service/widget-verification';
import { widgetPage } from './widget-page';

declare module 'fastify' {
  interface FastifyRequest {
    /** The saved widget settings of the organization a publishable key opened (widget routes only). */
    widget: TWidgetSettings;
  }
}

const keyOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-publishable-key'];
  if (typeof header === 'string' && header) return header;
  const q = (req.query as { key?: unknown } | undefined)?.key;
  return typeof q === 'string' ? q : undefined;
};

/**
 * The public widget API under `/api/widget/{organization}`. Authenticated by the
 * widget's publishable key only (`?key=` or `X-Publishable-Key`): it reads the organization's public
 * locations, sizes and availability and creates reservations, nothing else — the key is unknown to
 * every other call, and the secret API key is never part of an answer. A booking needs the code
 * the verification call sent to its contact. 403 while the organization's
 * Toolbox feature is off. Rate-limited per client
 * address (`WIDGET_RATE_LIMIT` calls a minute, 429); a rotated key answers 401 at once.
 */
export const widgetApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('widget', null as unknown as TWidgetSettings);
  const perAddress = app.createRateLimit({
    max: app.ctx.config.widgetRateLimit,
    timeWindow: 60_000,
    keyGenerator: (req) => `widget-ip:${addressKey(req.ip)}`,
  });
  const tags = ['widget'];
  const config = { public: true };
  const guard = {
    preHandler: async (req: FastifyRequest) => {
      const limit = await perAddress(req);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, MSG.tooManyRequests);
      const { organization } = req.params as { organization: string };
      const found = await resolvePublishableKey({ db: app.ctx.db, subdomain: organization, key: keyOf(req) });
      if (!found) throw new HttpError(401, TOOLBOX_MESSAGES.invalidKey);
      // the widget is a Toolbox feature: revoking the flag closes it at once
      if (!found.toolbox) throw Forbidden(ORGANIZATION_MESSAGES.featureDisabled);
      req.auth = {
        organizationId: found.organizationId,
        homeOrganizationId: found.organizationId,
        role: 'member',
        actor: { type: 'api_key', id: found.apiKeyId, name: 'Reservation widget' },
      };
      req.widget = found.widget;
    },
  };
  const security = [{ publishableKey: [] }];

  const e = endpoints.widget;

  app.route({
    ...routeOf(e.config, {
      tags,
      security,
      summary: 'Widget: what a customer may choose from',
      description:
        "The organization's name and logo, the saved widget colours, limits and payment switch, the currency, whether payments go through the local sandbox provider (`sandbox`: no real money moves; the page says so beside every amount), and its public locations (not hidden, not restricted) with the sizes of their storage lockers. `organization` is the sub-domain label.",
      errors: errors(401, 403, 429),
    }),
    config,
    ...guard,
    handler: (req) =>
      req.withTenant((tx) =>
        widgetConfig({
          tx,
          organizationId: req.auth.organizationId,
          widget: req.widget,
          sandbox: app.ctx.charges.kind === 'sandbox',
        }),
      ),
  });

  app.route({
    ...routeOf(e.quote, {
      tags,
      security,
      summary: 'Widget: availability and price of a window',
      description:
        "Whether a storage locker of the size is free at the location from `start` to `end` (ISO 8601), buffers included, and its price through the pricing module (`null`: free) in `currency` (the price's, else the organization's); `payment_required` when the widget's payment switch is on and the price is above zero (the booking then carries `payment_method`). 400 for a window in the past, an end before the start, or one longer than the maximum duration; 404 for a location that is not public.",
      errors: errors(400, 401, 403, 404, 429),
    }),
    config,
    ...guard,
    handler: (req) =>
      req.withTenant((tx) =>
        widgetQuote({ tx, organizationId: req.auth.organizationId, widget: req.widget, q: req.query }),
      ),
  });

  /** The verification step's outside world and limits, per request (its tenant transaction). */
  const verification = (req: FastifyRequest): VerificationDeps => ({
    run: (fn) => req.withTenant(fn),
    secrets: app.ctx.secrets,
    mail: app.ctx.mail,
    sms: app.ctx.sms,
    log: req.log,
    charges: app.ctx.charges,
    limits: app.ctx.config.widgetCodes,
    smsCountries: app.ctx.config.widgetSmsCountries,
  });

  app.route({
    ...routeOf(e.verification, {
      tags,
      security,
      summary: 'Widget: send a verification code to the contact',
      description:
        "Sends a 6-digit code to the one contact given — `email` by e-mail, `phone_number` by SMS (a number of the organization's country or `WIDGET_SMS_COUNTRIES`, never premium-rate: else 400) — valid 10 minutes, void after 5 wrong tries; a booking for that contact carries it as `verification_code`. The code is stored as its HMAC-SHA256 only and never appears in an answer. 400 for a phone number while the organization's Twilio \"Enable Verification and Identity\" switch is off (`toolbox.smsVerificationOff`). 429 past 3 codes to a contact from one client address in 10 minutes, 10 from a client address (an IPv6 /64) in an hour, or the organization's hourly cap (`WIDGET_CODES_PER_CONTACT`, `WIDGET_CODES_PER_ADDRESS`, `CODES_PER_ORGANIZATION_HOUR`; reaching the cap e-mails the operator); 502 when the mail or SMS provider refused it. The code's e-mail or SMS is in the page's language (`Accept-Language`: en, es, de), else the organization's default language.",
      errors: errors(400, 401, 403, 429, 502),
    }),
    config,
    ...guard,
    handler: async (req, reply) => {
      const sent = await requestWidgetCode(verification(req), req.auth, {
        ...req.body,
        address: req.ip,
        language: preferredLanguage(req.headers['accept-language']),
      });
      return reply.status(202).send(sent);
    },
  });

  app.route({
    ...routeOf(e.reservations, {
      tags,
      security,
      summary: 'Widget: book a locker',
      description:
        "Creates a storage reservation exactly like the console's (same rules, same constraint against double booking: 409) for one verified contact: the booking carries `email` or `phone_number` (not both) and the `verification_code` `POST widget/{organization}/verification` sent to it. Without a valid code — missing (`toolbox.verificationRequired`), else one answer (`toolbox.verificationInvalid`) for a wrong, expired or used code and one void after 5 wrong tries from the client address — it answers 400 and nothing happens: no customer created or attached, no locker held, no message sent. A code is used once. The booking is for the organization's customer with that contact (the operator's own record first), else a new widget-only record, and emits `on_reservation` (its notification template and webhooks). Answers the tracking number, place, window and price. 400 for a phone number outside the organization's country and `WIDGET_SMS_COUNTRIES`; 429 past the caps on open widget bookings per contact, client address and organization (`WIDGET_MAX_OPEN_*`). While the widget's payment switch is on, a priced window is paid before it holds a locker: the booking carries `payment_method` (the sandbox's `pm_sandbox_card` while no real provider is connected; else a payment method of the organization's Stripe account, charged through a PaymentIntent on it) — 402 `toolbox.paymentRequired` without it, 402 when the provider declines (`payments.declined`) or has not confirmed the payment (`toolbox.paymentNotCompleted`). The payment is made once per verified code (409 `toolbox.paymentUnderWay` for a second request while it runs; the code is used by the booking), then the door that was priced is booked with the payment attached (`paid: true`); when the booking fails after the payment (the door taken meanwhile) the payment is refunded and the answer is 409 with the reason and `toolbox.paymentRefunded`. A window with no price books as without payment.",
      errors: errors(400, 401, 402, 403, 404, 409, 429),
    }),
    config,
    ...guard,
    handler: async (req, reply) => {
      const guard = { address: addressKey(req.ip), maxOpen: app.ctx.config.widgetMaxOpen };
      const booking = await widgetBookVerified(verification(req), req.auth, req.widget, req.body, guard);
      return reply.status(201).send(booking);
    },
  });
};

/**
 * `GET /widget/{organization}?key=…`: the public reservation widget page, served by Lockerops for an
 * operator's `<iframe>` (framing allowed from any site). An unknown or rotated key answers 404 with
 * a short page; the page itself carries only the publishable key it was opened with.
 */
export const widgetPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/widget/:organization',
    { schema: { hide: true, params: ZWidgetOrgParams, querystring: ZWidgetPageQuery } },
    async (req, reply) => {
      const found = await resolvePublishableKey({
        db: app.ctx.db,
        subdomain: req.params.organization,
        key: keyOf(req),
      });
      // Embeddable from any site: no X-Frame-Options, and its own policy below (frame-ancestors *).
      reply.removeHeader('x-frame-options');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-security-policy',
          "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors *",
        );
      if (!found?.toolbox) {
        return reply
          .status(404)
          .send(
            `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Widget</title><p style="font-family:system-ui;padding:16px">${TOOLBOX_MESSAGES.invalidKey}</p>`,
          );
      }
      const org = await organizationNames({ db: app.ctx.db, organizationId: found.organizationId });
      if (!org) throw NotFound();
      return widgetPage({
        organization: req.params.organization,
        name: org.appName || org.name,
        settings: found.widget,
        // `?lang=` (a link for one audience), else the customer's browser
        language: isLanguage(req.query.lang)
          ? req.query.lang
          : negotiateLanguage(req.headers['accept-language']),
      });
    },
  );
};

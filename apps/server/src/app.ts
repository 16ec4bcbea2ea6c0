import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Adapters, createAdapters } from './adapters';
import { AuthAttempts } from './auth/attempts';
import { installAuth } from './auth/context';
import { IdentityService } from './auth/identity.service';
import { authRoutes } from './auth/routes';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createReplicaRouter } from './db/replica';
import { subscribe } from './domain-events';
import { installErrorHandler } from './errors';
import {
  docsRoutes,
  OneLinePerRequest,
  refuseNulCharacters,
  securityHeaders,
  serveConsole,
  serveCustomer,
} from './http';
import { installUploads } from './lib/crud/multipart';
import { crudRoutes, tagDescriptions } from './lib/crud/resource';
import { IDEMPOTENCY_DOC, installIdempotency } from './lib/idempotency';
import { createMetrics } from './lib/metrics';
import { compactDocument, registerContractSchemas, withIdempotencyKeyParameter } from './lib/openapi';
import { trackTransactions } from './lib/outside';
import { installOverloadShedding } from './lib/overload';
import { postgresRateLimitStore } from './lib/rate-limit';
import { createSecretBox } from './lib/secrets';
import { createVendorBudget } from './lib/vendor-budget';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { apiKeyResolver } from './modules/api-keys/service';
import { conditionsRoutes } from './modules/conditions/routes';
import { createAppPage } from './modules/customer-app';
import { customerAppRoutes } from './modules/customer-app/routes';
import { customerPageRoutes } from './modules/customer-app/routes/page';
import { dashboardRoutes } from './modules/dashboard/routes';
import { devicesResource } from './modules/devices/resource';
import { devicesRoutes } from './modules/devices/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { filesRoutes } from './modules/files/routes';
import { fleetHealthRoutes } from './modules/fleet-health';
import { groupsRoutes } from './modules/groups/routes';
import { healthRoutes } from './modules/health/routes';
import { metricsRoutes } from './modules/health/routes/metrics';
import { historyRoutes } from './modules/history/routes';
import { imagesRoutes } from './modules/images/routes';
import { issuesRoutes } from './modules/issues/routes';
import { kioskRoutes, kiosksRoutes } from './modules/kiosks';
import { locationsResource } from './modules/locations/resource';
import { locationsRoutes } from './modules/locations/routes';
import { lockVendorRoutes } from './modules/lock-vendors/routes';
import { lockerWallRoutes } from './modules/locker-walls/routes';
import { membersRoutes } from './modules/members/routes';
import { membershipsRoutes } from './modules/memberships/routes';
import { queueNotifications, setNotificationLinkBase } from './modules/notifications';
import { notificationsRoutes } from './modules/notifications/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { stripeWebhookRoutes } from './modules/payments/service/webhook';
import { pricesRoutes } from './modules/prices/routes';
import { productGroupsRoutes } from './modules/product-groups/routes';
import { productsRoutes } from './modules/products/routes';
import { promosRoutes } from './modules/promos/routes';
import { reportsRoutes } from './modules/reports/routes';
import { reservationsResource } from './modules/reservations/resource';
import { reservationsRoutes } from './modules/reservations/routes';
import { settingsRoutes } from './modules/settings/routes';
import { sizesResource } from './modules/sizes/resource';
import { toolboxRoutes } from './modules/toolbox/routes';
import { widgetApiRoutes, widgetPageRoutes } from './modules/toolbox/routes/widget';
import { twilioCredentials, twilioPurposes } from './modules/toolbox/service';
import { transactionsRoutes } from './modules/transactions/routes';
import { usersResource } from './modules/users/resource';
import { usersRoutes } from './modules/users/routes';
import { enqueueWebhooks } from './modules/webhooks';
import { webhookRoutes } from './modules/webhooks/routes';
import { readsOnly } from './tenancy';

export { loggedUrl } from './http';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database. */
  database: Database;
  /**
   * Replaces adapters built from the configuration (tests: a pending charge gateway, a lock
   * driver with a delay…; mail tests use a real SMTP sink through `SMTP_URL` when they can).
   */
  adapters?: Partial<Adapters>;
  /** Called for every route registered (the endpoint-map test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of what ends by the time (a Lite App door's hold); tests move it. Default: now. */
  clock?: () => Date;
}

/**
 * Builds the Fastify instance of the partner API and, when `config.webDist` is set, the console.
 * Plugin order: external plugins (docs, multipart, rate-limit), then auth and tenancy, then the
 * modules (CONTRIBUTING.md "Conventions"). Used by main.ts and by every test.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // adapters check that no transaction is open when they are called (lib/outside.ts)
  trackTransactions({ db: database.db });
  // the domain-event subscribers (CONTRIBUTING.md "Domain events and jobs"); a second app adds nothing again.
  // Notifications queue the messages of the templates matching the event; webhooks put one
  // outbox message per subscribed endpoint.
  subscribe(queueNotifications);
  setNotificationLinkBase(config.publicUrl);
  subscribe(enqueueWebhooks);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'],
            ...(config.logFormat === 'pretty'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    logController: new OneLinePerRequest(),
    // Forwarded headers are believed only from the configured proxies (TRUST_PROXY); otherwise any
    // client could choose its own address and escape the per-address limits.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // writes that need no credential ignore Idempotency-Key; the API document leaves the header out there
  const publicWrites = new Set<string>();
  app.addHook('onRoute', (r) => {
    const cfg = r.config as { public?: boolean; ownCaller?: boolean } | undefined;
    if (!cfg?.public || cfg.ownCaller) return;
    for (const m of [r.method].flat())
      publicWrites.add(`${m.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseNulCharacters(app);

  const tokens = await TokenService.load(database.db);
  const secrets = createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir });
  const metrics = createMetrics(database, { defaults: Boolean(config.metricsToken) });
  const adapters = createAdapters(
    config,
    {
      db: database.db,
      metrics,
      log: app.log,
      secrets,
      twilioResolver: async (organizationId) => {
        const own = await twilioCredentials({ tx: database.db, organizationId, secrets });
        return own && { ...own, baseUrl: config.twilioBaseUrl };
      },
      smsPurposes: (organizationId) => twilioPurposes({ tx: database.db, organizationId }),
    },
    opts.adapters,
  );
  const { mail, locks, geocoder } = adapters;
  const ctx: AppContext = {
    ...adapters,
    secrets,
    config,
    database,
    db: database.db,
    readDb: database.readDb ?? database.db,
    replica:
      database.replicaDb && database.replicaPool && database.pool
        ? {
            db: readsOnly(database.replicaDb),
            router: createReplicaRouter({
              primary: database.pool,
              replica: database.replicaPool,
              maxLagMs: config.databaseReplica?.maxLagMs ?? 2000,
              onChange: (s) =>
                app.log.warn(
                  { replica: s },
                  s.up ? 'the read replica answers again' : 'the read replica is skipped: unreachable',
                ),
            }),
          }
        : undefined,
    metrics,
    heartbeats: createVendorBudget(config.health.vendorRates),
    tokens,
    identity: new IdentityService(
      database.db,
      tokens,
      mail,
      new AuthAttempts(database.db, config.authRateLimit),
      {
        idTokenTtl: config.idTokenTtl,
        publicUrl: config.publicUrl,
        log: app.log,
        readDb: database.readDb,
      },
    ),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.replica?.router.close();
    await mail.close();
  });

  // Request durations by route pattern (`GET /metrics`); a URL no route matched counts as one series.
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  await installOverloadShedding(app, config);

  await app.register(helmet, securityHeaders(config.publicUrl));

  registerContractSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lockerops partner API',
        version: '1.0',
        description: [
          'The partner API behind the Lockerops console. Authenticate with `Authorization: Bearer <id_token>` from `POST /api/auth/sign-in`, or with an organization API key in `X-API-Key`. Errors answer `{ "detail": string | string[] }`. Lists answer `{ items, total, pages, page, page_size }` with a 1-based `page`. An id of another organization answers 404 everywhere.',
          '',
          'Every list area (sizes, locations, devices, users, …) has the same calls. `GET /<area>`: paged, searched over 2+ characters in any case, sorted by the fields its description names. `POST /<area>` answers the created record, `PUT /<area>/{id}` the updated one. `DELETE /<area>`: JSON body `{ ids }` (or a bare array), all or nothing — an id of another organization answers 404 and deletes nothing. `GET /<area>/export` streams the CSV file named in its description: the rows matching search and filters, or `ids` (comma list), with their count in the header `X-Export-Count`. `POST /<area>/csv`: multipart `file` (.csv with the header row its description names, at most 500 rows) and optional `dry_run`=true; each row is validated like a single create and written in its own savepoint, so good rows are kept when others fail; answers one `{ row, detail }` per data row, `true` or the error text; a dry run answers the same without writing.',
        ].join('\n'),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          publishableKey: { type: 'apiKey', in: 'query', name: 'key' },
          kioskToken: { type: 'apiKey', in: 'header', name: 'X-Kiosk-Token' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      compactDocument(
        withIdempotencyKeyParameter(jsonSchemaTransformObject(doc), IDEMPOTENCY_DOC, publicWrites),
        tagDescriptions,
      ),
  });
  // Parses Cookie and writes Set-Cookie: the console's refresh-token cookie (auth/session-cookie.ts).
  await app.register(cookie);
  // Files stream to DATA_DIR/upload-tmp as they arrive, with the route's limit (`config.upload`:
  // images 10 MB, CSV 5 MB), at most 10 files and 50 MB a request: beyond, 413 with `detail`.
  await installUploads(app, path.join(config.dataDir, 'upload-tmp'));
  // the per-address and per-kiosk limits count in PostgreSQL, shared by every server process
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx.db), skipOnError: true });

  await app.register(
    async (api) => {
      installAuth(api, { resolve: apiKeyResolver({ db: ctx.db, cacheSeconds: config.apiKeyCacheSeconds }) });
      // every write of the API takes an Idempotency-Key (README: Idempotent writes)
      installIdempotency(api, { db: ctx.db, secrets });
      await api.register(healthRoutes);
      await api.register(fleetHealthRoutes);
      await api.register(authRoutes);
      await api.register(organizationRoutes);
      await api.register(settingsRoutes);
      await api.register(apiKeyRoutes);
      await api.register(feedbackRoutes);
      await api.register(filesRoutes);
      await api.register(imagesRoutes);
      await api.register(historyRoutes);
      await api.register(crudRoutes(sizesResource));
      await api.register(crudRoutes(locationsResource));
      await api.register(locationsRoutes({ locks, geocoder }));
      await api.register(crudRoutes(devicesResource));
      await api.register(devicesRoutes({ locks }));
      await api.register(lockVendorRoutes);
      await api.register(lockerWallRoutes);
      await api.register(crudRoutes(usersResource));
      await api.register(usersRoutes);
      await api.register(groupsRoutes);
      await api.register(membersRoutes);
      await api.register(pricesRoutes);
      await api.register(promosRoutes);
      await api.register(membershipsRoutes);
      await api.register(paymentsRoutes, { adapter: adapters.payments });
      await api.register(stripeWebhookRoutes, { secret: config.stripeWebhookSecret, db: database.db });
      await api.register(productsRoutes);
      await api.register(productGroupsRoutes);
      await api.register(conditionsRoutes);
      await api.register(transactionsRoutes({ locks }));
      await api.register(crudRoutes(reservationsResource));
      await api.register(reservationsRoutes);
      await api.register(issuesRoutes);
      await api.register(notificationsRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportsRoutes);
      await api.register(toolboxRoutes);
      await api.register(webhookRoutes);
      await api.register(widgetApiRoutes);
      await api.register(customerAppRoutes({ locks, now: opts.clock ?? (() => new Date()) }));
      await api.register(kiosksRoutes);
      await api.register(kioskRoutes({ locks, now: opts.clock ?? (() => new Date()) }));
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );
  // Names the list pages the routes made (`<Item>Page`) before the document is first generated.
  registerContractSchemas();

  await app.register(widgetPageRoutes);
  await app.register(customerPageRoutes);
  await app.register(metricsRoutes);

  if (config.customerDist && fs.existsSync(path.join(config.customerDist, 'app.html'))) {
    await serveCustomer(
      app,
      config.customerDist,
      createAppPage({ db: app.ctx.db, dist: config.customerDist }),
    );
  }
  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await serveConsole(app, config.webDist);
  }
  return app;
}

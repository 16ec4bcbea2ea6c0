import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { BadRequest } from './errors';

/**
 * The HTTP pieces `buildApp` puts around the API: request logging, the NUL-character guard, the
 * security headers, the console's static files and the API document pages.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** Third-party files served as they are: the Redoc bundle from the redoc 2.5.4 npm package (MIT). */
export const VENDOR_DIR = path.join(here, '..', '..', '..', 'vendor', 'redoc');

/** A URL as logged: the value of a `token` query field (share links, contact checks) hidden. */
export const loggedUrl = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/** One log line per request (method, URL, status, milliseconds) instead of Fastify's two. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: loggedUrl(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query field, path parameter or JSON
 * body carrying one answers 400 'Text may not contain the NUL character.' before any handler runs,
 * instead of a database error (500).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  const hasNul = (v: unknown, depth = 0): boolean => {
    if (typeof v === 'string') return v.includes('\u0000');
    if (depth > 20 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
    return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x, depth + 1));
  };
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || hasNul(req.query) || hasNul(req.params) || hasNul(req.body))
      throw BadRequest('Text may not contain the NUL character.');
  });
}

/**
 * Security headers of every answer (`@fastify/helmet`): a Content-Security-Policy without inline
 * scripts that the console and the Redoc page pass (styles inline for MUI and Redoc; images also
 * from https for `image_url`s and map tiles; Redoc's search worker from blob:), no framing
 * (`frame-ancestors 'none'`, X-Frame-Options DENY) except the reservation widget page, which sets
 * its own policy, and the Lite App's preview (`/app/{organization}?preview`, framed by this origin
 * only), `X-Content-Type-Options: nosniff`, and HSTS only when `PUBLIC_URL` is https.
 */
export function securityHeaders(publicUrl: string) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' as const },
    hsts: publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    // Images and files of /api/files are shown by operators' own pages (widget, receipts).
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/** Lets the page be framed by pages of its own origin only (the console's previews). */
function framedBySelf(reply: FastifyReply): void {
  reply.removeHeader('x-frame-options');
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
}

/**
 * The built console at `/`: files from `webDist`, sent precompressed (the build writes `.br` and
 * `.gz` beside each file) and cached for a year when their name carries a content hash
 * (`/assets/…`); any other non-API path answers `index.html` (a single-page app), never cached.
 * An unknown `/api/…` path answers the API's 404 `{ detail }`, not the console.
 */
export async function serveConsole(app: FastifyInstance, webDist: string): Promise<void> {
  const assets = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) =>
      reply.header(
        'cache-control',
        file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const rel = decodeURIComponent(pathname).replace(/^\/+/, '');
    const file = path.join(webDist, rel);
    if (rel && file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(rel);
    }
    return reply.sendFile('index.html');
  });
}

/**
 * The customer's side, built apart from the console (apps/customer): its files under `/customer/`
 * (hashed `/customer/assets/…` cached for a year), the Lite App's page `app.html` at
 * `/app/{organization}` and every address below it (a place `/l/{location}`, a door `/d/{device}`),
 * its service worker at `/app/sw.js` (scope `/app/`), and the kiosk's page `kiosk.html` at `/kiosk`.
 * The organization's manifest (`/app/{organization}/manifest.webmanifest`) is the Lite App's routes'.
 */
export async function serveCustomer(
  app: FastifyInstance,
  customerDist: string,
  /** the Lite App's page of a request, filled in for its organization (else `app.html` as built) */
  appPage?: (req: { organization: string; rest: string; acceptLanguage?: string }) => Promise<string>,
): Promise<void> {
  const assets = path.join(customerDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: customerDist,
    prefix: '/customer/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) =>
      reply.header(
        'cache-control',
        file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  const page = (file: string) => (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(path.join(customerDist, file)));
  const builtPage = page('app.html');
  /**
   * The Lite App's page; `?preview` is the console's customizer framing it (README "Lite App"):
   * only then may it be framed, and by the console's own origin only (`frame-ancestors 'self'`, no
   * X-Frame-Options). The preview itself acts on nothing and takes unsaved settings only from the
   * page of this origin that frames it. Filled in per organization (`appPage`), it is sent
   * compressed (brotli, else gzip) when the browser takes it; never cached.
   */
  const appRoute = async (req: FastifyRequest, reply: FastifyReply) => {
    if (Object.hasOwn(req.query as object, 'preview')) framedBySelf(reply);
    if (!appPage) return builtPage(req, reply);
    const { organization, '*': rest = '' } = req.params as { organization: string; '*'?: string };
    const body = await appPage({ organization, rest, acceptLanguage: req.headers['accept-language'] });
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts))
      return reply
        .header('content-encoding', 'br')
        .send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body));
    return reply.send(body);
  };
  const hide = { schema: { hide: true } };
  app.get('/app/sw.js', hide, (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/app/')
      .send(fs.createReadStream(path.join(customerDist, 'sw.js'))),
  );
  app.get('/app/:organization', hide, appRoute);
  app.get('/app/:organization/*', hide, appRoute);
  app.get('/kiosk', hide, page('kiosk.html'));
  app.get('/kiosk/*', hide, page('kiosk.html'));
}

/** `/api/openapi.json` and `/api/redoc` (Redoc served offline from the npm package's bundle). */
export async function docsRoutes(api: FastifyInstance): Promise<void> {
  api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => api.swagger());
  api.get('/redoc/redoc.standalone.js', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(VENDOR_DIR, 'redoc.standalone.js'))),
  );
  api.get('/redoc', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply.type('text/html').send(`<!doctype html>
<html><head><meta charset="utf-8"><title>Lockerops API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0}</style></head>
<body><redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
<script src="/api/redoc/redoc.standalone.js"></script></body></html>`),
  );
}

import { API_KEY_MESSAGES, type TApiKeyScope, type TRole } from '@lockerops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx, TxConfig } from '../db/client';
import { Forbidden, NotFound, Unauthorized } from '../errors';
import { withTenant } from '../tenancy';
import { managedSubOrganization } from './queries/organizations';
import { rolesFor } from './roles';
import { apiKeyMayCall } from './scopes';

/** Who is calling and for which organization; set by the auth hook on every non-public route. */
export interface AuthContext {
  /** The organization the request acts for: the caller's own, or a `target_org` it may manage. */
  organizationId: string;
  /** The caller's own organization. */
  homeOrganizationId: string;
  role: TRole;
  memberId?: string;
  sessionId?: string;
  actor: { type: 'member' | 'api_key'; id: string; name: string | null };
  /** For an API key: what it may call (`API_KEY_SCOPE_RULES`). */
  scope?: TApiKeyScope;
}

/**
 * The first argument of every service, action and query function that acts for a caller: the
 * database transaction and the auth context, then the function's own members
 * (`listWalls({ tx, auth, idLocation })`; CONTRIBUTING: "One shape for the tenant").
 */
export type TxAuth<T = unknown> = { tx: Tx; auth: AuthContext } & T;

/**
 * The same for work done for an organization with no caller (jobs, domain-event subscribers, the
 * steps' helpers): the transaction and the organization's id first.
 */
export type TxOrg<T = unknown> = { tx: Tx; organizationId: string } & T;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No authentication (sign-in, public lookups, docs). */
    public?: boolean;
    /**
     * With `public`: the route identifies its own caller before the idempotency hook (the Lite
     * App's customer cookie, a screen's kiosk token), so its writes honour Idempotency-Key.
     */
    ownCaller?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext;
    /**
     * Runs `fn` in a transaction scoped to the request's organization (row-level security on);
     * `config` sets its isolation level and access mode.
     */
    withTenant<T>(fn: (tx: Tx) => Promise<T>, config?: TxConfig): Promise<T>;
    /**
     * Runs `fn` with the database a read of this request that opens its own transactions goes to
     * (a report built for download): the read replica for a console read it may serve, else the
     * read pool, and the primary for anything but a console read. A replica that cannot be reached,
     * or refuses a write, is marked down and `fn` runs again on the read pool.
     */
    withReadingDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  }
}

/** Extracts a bearer token from the Authorization header. */
export const bearerOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
};

/**
 * Whether a request is a console read: a GET or HEAD signed in with a member session. Its session
 * check and tenant transaction use the read pool (`DATABASE_READ_POOL_SIZE`), so the console's
 * pages never queue behind the kiosks' and partners' writes (API keys) holding the main pool. With a
 * streaming replica (`DATABASE_REPLICA_URL`) its tenant transaction goes there instead, while the
 * replica router allows it (db/replica.ts); the session check stays on the primary, where a session
 * just signed in already is.
 */
const isConsoleRead = (method: string, actor: 'member' | 'api_key') =>
  (method === 'GET' || method === 'HEAD') && actor === 'member';

/**
 * SQLSTATEs on which a console read that the replica refused runs again on the primary: a read
 * that writes after all (25006, read-only transaction) or asks what a standby cannot give (0A000,
 * e.g. SERIALIZABLE).
 */
const RETRY_ON_PRIMARY = new Set(['25006', '0A000']);

/**
 * A console read on the streaming replica, read-only (a standby takes no other), with the primary
 * behind it: when the replica cannot be reached (its connection fails before the read began), the
 * router marks it down and the read runs on the primary, so a stopped replica costs the console no
 * error; a read the replica refuses as a write runs on the primary too.
 */
async function readOnReplica<T>(p: {
  replica: NonNullable<FastifyInstance['ctx']['replica']>;
  primary: Db;
  organizationId: string;
  fn: (tx: Tx) => Promise<T>;
  config?: TxConfig;
}): Promise<T> {
  let began = false;
  try {
    return await withTenant(
      p.replica.db,
      p.organizationId,
      (tx) => {
        began = true;
        return p.fn(tx);
      },
      p.config,
    );
  } catch (err) {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    const code = e.code ?? e.cause?.code;
    if (!began) p.replica.router.down();
    else if (typeof code !== 'string' || !RETRY_ON_PRIMARY.has(code)) throw err;
    return withTenant(p.primary, p.organizationId, p.fn, p.config);
  }
}

/**
 * Whether `err` says the replica could not serve at all: its connection refused, reset or cut
 * (node errors, SQLSTATE class 08, 57P01–57P03 shutting down), or a write it refused (25006).
 */
function replicaRefused(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = String(e.code ?? e.cause?.code ?? '');
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|08...|57P0[123]|25006)$/.test(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(String((err as Error)?.message))
  );
}

/** Resolves an API key to an organization; registered by the api-keys module. */
export type ApiKeyResolver = (key: string) => Promise<AuthContext | undefined>;

/**
 * Installs authentication, the role guard and tenant-scoped data access on an encapsulated scope
 * (the `/api` plugin). Routes are private unless `config.public`; an id token or an `X-API-Key`
 * header identifies the caller (a key only within its scope, else 403), whose role must be one of
 * the call's roles in the endpoint map (`rolesFor`, else 403); `target_org` lets a super-tenant act
 * for one of its sub-organizations (any other answers 404).
 */
export function installAuth(app: FastifyInstance, apiKeys: { resolve?: ApiKeyResolver }): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('withTenant', function <
    T,
  >(this: FastifyRequest, fn: (tx: Tx) => Promise<T>, config?: TxConfig) {
    if (!this.auth) throw Unauthorized();
    if (!isConsoleRead(this.method, this.auth.actor.type))
      return withTenant(app.ctx.db, this.auth.organizationId, fn, config);
    const replica = app.ctx.replica;
    if (!replica?.router.serves(this.auth.actor.id))
      return withTenant(app.ctx.readDb, this.auth.organizationId, fn, config);
    return readOnReplica({
      replica,
      primary: app.ctx.readDb,
      organizationId: this.auth.organizationId,
      fn,
      config,
    });
  });

  app.decorateRequest('withReadingDb', async function <T>(this: FastifyRequest, fn: (db: Db) => Promise<T>) {
    if (!this.auth || !isConsoleRead(this.method, this.auth.actor.type)) return fn(app.ctx.db);
    const replica = app.ctx.replica;
    if (!replica?.router.serves(this.auth.actor.id)) return fn(app.ctx.readDb);
    try {
      return await fn(replica.db);
    } catch (err) {
      if (!replicaRefused(err)) throw err;
      replica.router.down();
      return fn(app.ctx.readDb);
    }
  });

  // read-your-writes: a caller's write is noted before its answer goes out, so their next read waits
  // for the replica to replay it (db/replica.ts)
  if (app.ctx.replica) {
    const router = app.ctx.replica.router;
    app.addHook('onSend', async (req) => {
      if (req.auth && req.method !== 'GET' && req.method !== 'HEAD') router.wrote(req.auth.actor.id);
    });
  }

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!req.routeOptions.url || config.public) return;
    const token = bearerOf(req);
    const apiKey = req.headers['x-api-key'];
    let auth: AuthContext | undefined;
    if (token) {
      const s = await app.ctx.identity.authenticate(token, { read: isConsoleRead(req.method, 'member') });
      auth = {
        organizationId: s.organizationId,
        homeOrganizationId: s.organizationId,
        role: s.role,
        memberId: s.memberId,
        sessionId: s.sessionId,
        actor: { type: 'member', id: s.memberId, name: s.name ?? s.email },
      };
    } else if (typeof apiKey === 'string' && apiKey && apiKeys.resolve) {
      auth = await apiKeys.resolve(apiKey);
    }
    if (!auth) throw Unauthorized();
    if (!rolesFor(req.method, req.routeOptions.url).includes(auth.role)) throw Forbidden();
    if (
      auth.actor.type === 'api_key' &&
      !apiKeyMayCall(auth.scope ?? 'partner', req.method, req.routeOptions.url)
    ) {
      throw Forbidden(API_KEY_MESSAGES.outOfScope);
    }
    const target = (req.query as Record<string, unknown> | undefined)?.target_org;
    if (typeof target === 'string' && target && target !== auth.organizationId) {
      auth.organizationId = await resolveTargetOrganization(app, auth.homeOrganizationId, target);
    }
    req.auth = auth;
  });
}

/** A super-tenant may act for its own sub-organizations; anything else answers 404. */
async function resolveTargetOrganization(
  app: FastifyInstance,
  homeId: string,
  target: string,
): Promise<string> {
  if (!/^[0-9a-f-]{36}$/i.test(target)) throw NotFound('Organization not found');
  const sub = await managedSubOrganization({ db: app.ctx.db, homeOrganizationId: homeId, id: target });
  if (!sub) throw NotFound('Organization not found');
  return sub;
}

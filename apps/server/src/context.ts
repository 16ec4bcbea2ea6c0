import type { Adapters } from './adapters';
import type { IdentityService } from './auth/identity.service';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ReplicaRouter } from './db/replica';
import type { Metrics } from './lib/metrics';
import type { SecretBox } from './lib/secrets';
import type { VendorBudget } from './lib/vendor-budget';

/**
 * The services one server process shares across requests, with every adapter (mail, sms,
 * payments, charges, locks, storage, geocoder) built once in `buildApp`.
 */
export interface AppContext extends Adapters {
  config: Config;
  database: Database;
  db: Db;
  /** The read pool's handle for the console's GET requests (`Database.readDb`), else `db`. */
  readDb: Db;
  /**
   * With a streaming replica (`DATABASE_REPLICA_URL`): its handle and the router that says when a
   * console read may use it (db/replica.ts).
   */
  replica?: { db: Db; router: ReplicaRouter };
  tokens: TokenService;
  identity: IdentityService;
  /** Encrypts secrets kept in the database (SECRETS_KEY). */
  secrets: SecretBox;
  /** The process's Prometheus metrics (`GET /metrics`). */
  metrics: Metrics;
  /** The per-vendor budget of heartbeat calls per second (fleet health's relay and polls on demand). */
  heartbeats: VendorBudget;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

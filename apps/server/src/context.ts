import type { MailAdapter } from './adapters/mail';
import type { StorageAdapter } from './adapters/storage';
import type { IdentityService } from './auth/identity.service';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database, Db } from './db/client';

/** The services one server process shares across requests. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  identity: IdentityService;
  mail: MailAdapter;
  storage: StorageAdapter;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

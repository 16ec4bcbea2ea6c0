import type { TApiKeyScope } from '@lockerops/contract';
import { ENDPOINT_ENTRIES, routeKey } from './endpoint-entries';

/**
 * The API-key scopes of every call, read from the endpoint map: each entry names the scopes that
 * may call it (`scopes`, e.g. `PARTNER`); an entry without any is closed to keys (default deny, so
 * a new endpoint stays closed until its entry opens it). Keyed by method and route pattern.
 */
const SCOPES_BY_ROUTE: ReadonlyMap<string, readonly TApiKeyScope[]> = new Map(
  ENDPOINT_ENTRIES.filter(([, e]) => e.scopes?.length).map(([key, e]) => [key, e.scopes!] as const),
);

/**
 * True when a key of `scope` may call `method` on the route `url` (Fastify's route pattern, with
 * or without the `/api` prefix): the endpoint map's entry for it lists the scope.
 */
export function apiKeyMayCall(scope: TApiKeyScope, method: string, url: string): boolean {
  return SCOPES_BY_ROUTE.get(routeKey(method, url))?.includes(scope) ?? false;
}

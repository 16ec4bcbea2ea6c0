import { type Endpoint, endpoints } from '@lockerops/contract';

/** Every entry of the endpoint map, each keyed by `routeKey(method, path)`. */
export const ENDPOINT_ENTRIES: ReadonlyArray<readonly [string, Endpoint]> = Object.values(
  endpoints as unknown as Record<string, Record<string, Endpoint>>,
)
  .flatMap((group) => Object.values(group))
  .map((e) => [routeKey(e.method, e.path), e] as const);

/**
 * The key of a route in the maps read from the endpoint map: its method (HEAD as GET, Fastify's
 * twin of a GET) and its route pattern (Fastify's, with or without the `/api` prefix).
 */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url.replace(/^\/api(?=\/)/, '')}`;
}

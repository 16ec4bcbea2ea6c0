import { type HttpMethod, rolesOf, type TRole } from '@lockerops/contract';
import { ENDPOINT_ENTRIES, routeKey } from './endpoint-entries';

/**
 * The roles of every call, read from the endpoint map: each entry's `roles`, else every role for
 * a GET and admins and members for a write (`rolesOf`; spec: operational §1, console §6). Keyed by
 * method and route pattern.
 */
const ROLES_BY_ROUTE: ReadonlyMap<string, readonly TRole[]> = new Map(
  ENDPOINT_ENTRIES.map(([key, e]) => [key, rolesOf(e)] as const),
);

/**
 * The roles that may call `method` on the route `url` (Fastify's route pattern, with or without
 * the `/api` prefix, HEAD as GET): its entry's in the endpoint map; a route the map does not hold
 * gets the default (every role for a read, admins and members for a write).
 */
export function rolesFor(method: string, url: string): readonly TRole[] {
  const key = routeKey(method, url);
  return ROLES_BY_ROUTE.get(key) ?? rolesOf({ method: key.slice(0, key.indexOf(' ')) as HttpMethod });
}

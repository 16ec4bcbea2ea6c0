import type { Endpoint, endpoints } from '@lockerops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type CallOptions, type CallResult } from './client';

type Endpoints = typeof endpoints;

/** The areas of the endpoint map whose `list` answers a page: the sources of a select's options. */
export type OptionArea = {
  [A in keyof Endpoints]: Endpoints[A] extends { list: infer L extends Endpoint }
    ? CallResult<L> extends { items: readonly unknown[] }
      ? A
      : never
    : never;
}[keyof Endpoints];

type ListOf<A extends OptionArea> = Endpoints[A] extends { list: infer L extends Endpoint } ? L : never;

/** One option of area A: the item of its list answer, typed from the endpoint map. */
export type OptionItem<A extends OptionArea> =
  CallResult<ListOf<A>> extends { items: readonly (infer I)[] } ? I : never;

/** The filters and sort of an option list (page and size are the list-fetch sizes). */
export type OptionQuery<A extends OptionArea> = Omit<
  NonNullable<CallOptions<ListOf<A>>['query']>,
  'page' | 'size'
>;

/**
 * Page sizes of the option lists (spec operational §7 list-fetch sizes, console §9): page 1, size
 * 10000, except product groups (1000).
 */
const OPTION_SIZES: Partial<Record<OptionArea, number>> = { productGroups: 1000 };

/**
 * Where each option area's list call comes from: the first part of its query key (its path) and its
 * module of the endpoint map, loaded when a select first needs it. A page imports only the areas it
 * calls, and its pickers bring the schemas of the other areas they list (a module already loaded
 * by the page costs nothing more).
 */
const OPTION_LISTS: {
  [A in OptionArea]: {
    key: ListOf<A>['path'] extends `/${infer P}` ? P : never;
    load: () => Promise<ListOf<A>>;
  };
} = {
  organizations: {
    key: 'organizations',
    load: () =>
      import('@lockerops/contract/endpoints/organizations').then(
        (m) => m.organizationsEndpoints.organizations.list,
      ),
  },
  locations: {
    key: 'locations',
    load: () =>
      import('@lockerops/contract/endpoints/locations').then((m) => m.locationsEndpoints.locations.list),
  },
  devices: {
    key: 'devices',
    load: () => import('@lockerops/contract/endpoints/devices').then((m) => m.devicesEndpoints.devices.list),
  },
  users: {
    key: 'users',
    load: () => import('@lockerops/contract/endpoints/users').then((m) => m.usersEndpoints.users.list),
  },
  groups: {
    key: 'groups',
    load: () => import('@lockerops/contract/endpoints/groups').then((m) => m.groupsEndpoints.groups.list),
  },
  memberships: {
    key: 'memberships',
    load: () =>
      import('@lockerops/contract/endpoints/memberships').then(
        (m) => m.membershipsEndpoints.memberships.list,
      ),
  },
  products: {
    key: 'products',
    load: () =>
      import('@lockerops/contract/endpoints/products').then((m) => m.productsEndpoints.products.list),
  },
  conditions: {
    key: 'conditions',
    load: () =>
      import('@lockerops/contract/endpoints/conditions').then((m) => m.conditionsEndpoints.conditions.list),
  },
  reservations: {
    key: 'reservations',
    load: () =>
      import('@lockerops/contract/endpoints/reservations').then(
        (m) => m.reservationsEndpoints.reservations.list,
      ),
  },
  issues: {
    key: 'issues',
    load: () => import('@lockerops/contract/endpoints/issues').then((m) => m.issuesEndpoints.issues.list),
  },
  notifications: {
    key: 'notifications',
    load: () =>
      import('@lockerops/contract/endpoints/notifications').then(
        (m) => m.notificationsEndpoints.notifications.list,
      ),
  },
  reports: {
    key: 'reports',
    load: () => import('@lockerops/contract/endpoints/reports').then((m) => m.reportsEndpoints.reports.list),
  },
  sizes: {
    key: 'sizes',
    load: () => import('@lockerops/contract/endpoints/sizes').then((m) => m.sizesEndpoints.sizes.list),
  },
  prices: {
    key: 'prices',
    load: () => import('@lockerops/contract/endpoints/prices').then((m) => m.pricesEndpoints.prices.list),
  },
  promos: {
    key: 'promos',
    load: () => import('@lockerops/contract/endpoints/promos').then((m) => m.promosEndpoints.promos.list),
  },
  lockVendors: {
    key: 'lock-vendors',
    load: () => import('@lockerops/contract/endpoints/locks').then((m) => m.locksEndpoints.lockVendors.list),
  },
  productGroups: {
    key: 'product-groups',
    load: () =>
      import('@lockerops/contract/endpoints/product-groups').then(
        (m) => m.productGroupsEndpoints.productGroups.list,
      ),
  },
  kiosks: {
    key: 'kiosks',
    load: () => import('@lockerops/contract/endpoints/kiosks').then((m) => m.kiosksEndpoints.kiosks.list),
  },
  couriers: {
    key: 'couriers',
    load: () => import('@lockerops/contract/endpoints/kiosks').then((m) => m.kiosksEndpoints.couriers.list),
  },
};

/**
 * The query of one option list: `GET <area>?page=1&size=<list-fetch size>&<query>`, answered by the
 * area's list schema. The key starts with the area's path (`['locations', 'options', query]`), so
 * invalidating an area's key refreshes its pickers too; one key holds one shape, whichever page reads it.
 */
export function optionsQuery<A extends OptionArea>(area: A, query?: OptionQuery<A>) {
  const { key, load } = OPTION_LISTS[area] as { key: string; load: () => Promise<Endpoint> };
  const q = { ...(query as object) };
  return queryOptions({
    queryKey: [key, 'options', q] as const,
    queryFn: async ({ signal }) =>
      apiCall(await load(), {
        query: { page: 1, size: OPTION_SIZES[area] ?? 10000, ...q },
        signal,
      }) as Promise<{
        items: OptionItem<A>[];
      }>,
  });
}

/**
 * The options of a select: area A's list (`optionsQuery`), its items mapped by `select` (default:
 * the items as they are). `enabled` holds the fetch back until a dialog opens.
 */
export function useOptions<A extends OptionArea, R = OptionItem<A>[]>(
  area: A,
  options: {
    query?: OptionQuery<A>;
    enabled?: boolean;
    select?: (items: OptionItem<A>[]) => R;
    retry?: boolean;
  } = {},
) {
  const { query, enabled, select, retry } = options;
  return useQuery({
    ...optionsQuery(area, query),
    enabled,
    retry,
    select: (page): R => (select ? select(page.items) : (page.items as R)),
  });
}

import { type Endpoint, zPage } from '@lockerops/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { formatMoney, formatPhone } from '../lib/format';
import { apiCall } from './client';

/**
 * What a search picker searches. `ownLocations` are the organization's own locations: a
 * super-tenant parent's shared locations (listed read-only) are left out of its matches.
 * `organizations` are the caller's organization and those it manages (a super-tenant's).
 */
export type PickerArea =
  | 'organizations'
  | 'users'
  | 'members'
  | 'devices'
  | 'locations'
  | 'ownLocations'
  | 'products'
  | 'productGroups'
  | 'conditions'
  | 'sizes'
  | 'prices'
  | 'groups';

/** One choice of a search picker: the id the form keeps, the name shown, a second line. */
export interface PickerOption {
  id: string;
  label: string;
  secondary?: string;
}

/** How many matches a picker shows: the first 20; typing narrows them. */
export const PICKER_SIZE = 20;

type Item = Record<string, unknown>;

/**
 * A picker reads a few fields of each item (`option` below) and checks only the page's shape: an
 * item the area's full schema would refuse (a null where it names a string) is still a choice.
 */
const ZPickerPage = zPage(z.record(z.string(), z.unknown()));
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');

/** An item known by its name alone (a product group, a condition). */
const named = (i: Item): PickerOption => ({ id: String(i.id), label: String(i.name) });

const locationOption = (l: Item): PickerOption => ({
  id: String(l.id),
  label: String(l.name),
  secondary: text(l.address),
});

/**
 * Each area's list call (loaded with its module of the endpoint map) and how an item of its answer
 * becomes an option. A team member's id is its `user_id`.
 */
const SOURCES: Record<
  PickerArea,
  { load: () => Promise<Endpoint>; option: (i: Item) => PickerOption | null }
> = {
  organizations: {
    load: () =>
      import('@lockerops/contract/endpoints/organizations').then(
        (m) => m.organizationsEndpoints.organizations.list,
      ),
    option: (o) => ({ id: String(o.id), label: String(o.name), secondary: text(o.subdomain) }),
  },
  users: {
    load: () => import('@lockerops/contract/endpoints/users').then((m) => m.usersEndpoints.users.list),
    option: (u) => ({
      id: String(u.id),
      label: joined(u.name, u.last_name) || text(u.email) || String(u.id),
      secondary: [text(u.email), text(u.phone_number) && formatPhone(String(u.phone_number))]
        .filter(Boolean)
        .join(' · '),
    }),
  },
  members: {
    load: () => import('@lockerops/contract/endpoints/members').then((m) => m.membersEndpoints.members.list),
    option: (m) =>
      text(m.user_id)
        ? {
            id: String(m.user_id),
            label: joined(m.first_name ?? m.name, m.last_name) || text(m.email) || String(m.user_id),
            secondary: text(m.email),
          }
        : null,
  },
  devices: {
    load: () => import('@lockerops/contract/endpoints/devices').then((m) => m.devicesEndpoints.devices.list),
    option: (d) => ({
      id: String(d.id),
      label: `#${String(d.locker_number)} ${String(d.name)}`,
      secondary: text((d.location as Item | undefined)?.name),
    }),
  },
  locations: {
    load: () =>
      import('@lockerops/contract/endpoints/locations').then((m) => m.locationsEndpoints.locations.list),
    option: (l) => locationOption(l),
  },
  ownLocations: {
    load: () =>
      import('@lockerops/contract/endpoints/locations').then((m) => m.locationsEndpoints.locations.list),
    option: (l) => (l.shared_from_parent ? null : locationOption(l)),
  },
  products: {
    load: () =>
      import('@lockerops/contract/endpoints/products').then((m) => m.productsEndpoints.products.list),
    option: (p) => ({
      id: String(p.id),
      label: String(p.name),
      secondary: [text(p.sku), text(p.serial_number)].filter(Boolean).join(' · ') || undefined,
    }),
  },
  productGroups: {
    load: () =>
      import('@lockerops/contract/endpoints/product-groups').then(
        (m) => m.productGroupsEndpoints.productGroups.list,
      ),
    option: named,
  },
  conditions: {
    load: () =>
      import('@lockerops/contract/endpoints/conditions').then((m) => m.conditionsEndpoints.conditions.list),
    option: named,
  },
  groups: {
    load: () => import('@lockerops/contract/endpoints/groups').then((m) => m.groupsEndpoints.groups.list),
    option: named,
  },
  sizes: {
    load: () => import('@lockerops/contract/endpoints/sizes').then((m) => m.sizesEndpoints.sizes.list),
    option: (z) => ({ id: String(z.id), label: String(z.name), secondary: text(z.description) }),
  },
  prices: {
    load: () => import('@lockerops/contract/endpoints/prices').then((m) => m.pricesEndpoints.prices.list),
    option: (p) => ({
      id: String(p.id),
      label: `${String(p.name)} (${formatMoney(Number(p.amount), String(p.currency))})`,
    }),
  },
};

/** Reads one record by id with the area's `GET <area>/{id}`. */
const byId =
  (load: () => Promise<Endpoint>) =>
  async (id: string, signal: AbortSignal): Promise<Item | null> =>
    (await apiCall(await load(), { params: { id }, signal } as never)) as Item;

const locationById = byId(() =>
  import('@lockerops/contract/endpoints/locations').then((m) => m.locationsEndpoints.locations.get),
);

/**
 * The one-record read of the areas whose saved id may reach a form or a filter without its name (a
 * default from Settings, a bookmarked filter, a remembered place), so the picker can name it:
 * `GET <area>/{id}`; an organization heads the list of what it manages (`GET
 * organizations?target_org={id}`: itself first), of which the first item is read.
 */
const ONE: Partial<Record<PickerArea, (id: string, signal: AbortSignal) => Promise<Item | null>>> = {
  sizes: byId(() => import('@lockerops/contract/endpoints/sizes').then((m) => m.sizesEndpoints.sizes.get)),
  prices: byId(() =>
    import('@lockerops/contract/endpoints/prices').then((m) => m.pricesEndpoints.prices.get),
  ),
  locations: locationById,
  ownLocations: locationById,
  organizations: async (id, signal) => {
    const page = (await apiCall(await SOURCES.organizations.load(), {
      query: { page: 1, size: 1, target_org: id },
      schema: ZPickerPage,
      signal,
    } as never)) as { items: Item[] };
    return page.items.find((o) => o.id === id) ?? null;
  },
};

/** Whether a picker of `area` can name an id by reading its record alone. */
export const pickerReadsOne = (area: PickerArea) => !!ONE[area];

/**
 * The option of one saved id, read alone (`GET <area>/{id}`) when a picker holds an id it cannot
 * name; disabled for an area without such a call (the record then names its own choices).
 */
export function pickerOneQuery(area: PickerArea, id: string) {
  const one = ONE[area];
  return queryOptions({
    queryKey: [area, 'picker-one', id] as const,
    queryFn: async ({ signal }) => {
      const item = one ? await one(id, signal) : null;
      return item ? SOURCES[area].option(item) : null;
    },
    staleTime: 60_000,
  });
}

/**
 * One search of a picker: `GET <area>?page=1&size=20&search=<text>&<filters>` (the list's own
 * search: names, e-mails, phone numbers, numbers), mapped to options. Keyed under the area, so a
 * change to the area refreshes open pickers too.
 */
export function pickerSearchQuery(
  area: PickerArea,
  search: string,
  filters?: Record<string, string | number | boolean | undefined>,
) {
  return queryOptions({
    queryKey: [area, 'picker', search, filters ?? {}] as const,
    queryFn: async ({ signal }) => {
      const source = SOURCES[area];
      const page = (await apiCall(await source.load(), {
        query: { page: 1, size: PICKER_SIZE, ...(search ? { search } : {}), ...filters },
        schema: ZPickerPage,
        signal,
      } as never)) as { items: Item[] };
      return page.items.flatMap((i) => source.option(i) ?? []);
    },
    // asked again each time a picker opens: what is free changes with every save elsewhere
    staleTime: 0,
  });
}

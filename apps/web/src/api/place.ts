import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useCallback, useSyncExternalStore } from 'react';
import { browserTimeZone, getDisplayTimeZone, isTimeZone, setDisplayTimeZone } from '../lib/format';
import { apiCall } from './client';
import { settingsQuery } from './settings';

/**
 * Where a time belongs (README.md "Time zones: where they come from"): the organization's zone (`GET settings`
 * `time_zone`), a location's own zone (`GET locations` `time_zone`, else the organization's), and
 * the page's zone — the organization's, or the browser's when the member chose "my browser's zone"
 * (kept in this browser's storage).
 */

const ZONE_CHOICE_KEY = 'lockerops.zone-choice';
export type ZoneChoice = 'organization' | 'browser';
const listeners = new Set<() => void>();

/** The member's choice of zone for organization-wide times in this browser (organization unless chosen). */
export function zoneChoice(): ZoneChoice {
  try {
    return localStorage.getItem(ZONE_CHOICE_KEY) === 'browser' ? 'browser' : 'organization';
  } catch {
    return 'organization';
  }
}

/** Saves the member's zone choice in this browser and re-renders what reads it. */
export function setZoneChoice(choice: ZoneChoice): void {
  try {
    localStorage.setItem(ZONE_CHOICE_KEY, choice);
  } catch {
    /* storage unavailable: the choice lasts for the page */
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The member's zone choice, re-rendering when it changes. */
export const useZoneChoice = (): ZoneChoice => useSyncExternalStore(subscribe, zoneChoice, zoneChoice);

/** The organization's IANA zone (`GET settings` `time_zone`); the browser's until loaded. */
export function useOrganizationZone(): string {
  const q = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  const z = q.data?.time_zone;
  return isTimeZone(z) ? z : browserTimeZone();
}

/**
 * Whether the page's zone is settled: the member chose the browser's zone, or `GET settings` has
 * answered (or failed: the browser's zone stands). The shell draws a page only then, so a page is
 * not drawn a second time — losing what was typed in it — when the organization's zone arrives.
 */
export function usePageZoneSettled(): boolean {
  const q = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  const choice = useZoneChoice();
  return choice === 'browser' || q.isFetched || q.isError || q.data !== undefined;
}

/**
 * The zone organization-wide times of the page are shown in — the organization's, or the
 * browser's by the member's choice — also set as the formatters' default (`setDisplayTimeZone`).
 */
export function usePageZone(): string {
  const org = useOrganizationZone();
  const choice = useZoneChoice();
  const zone = choice === 'browser' ? browserTimeZone() : org;
  if (getDisplayTimeZone() !== zone) setDisplayTimeZone(zone);
  return zone;
}

/** The organization's currency code (`GET settings` default_currency; spec §9), usd until loaded. */
export function useCurrency(): string {
  const q = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  return q.data?.default_currency ?? 'usd';
}

/**
 * The organization's country for phone numbers (ISO 3166 alpha-2): the country of its support phone
 * (`GET settings` default_support_phone); undefined when none is known (numbers then read
 * internationally).
 */
export function usePhoneCountry(): string | undefined {
  const q = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  const phone = q.data?.default_support_phone;
  return phone ? parsePhoneNumberFromString(phone)?.country : undefined;
}

/**
 * The zone of a place from the own zone a row carries (`location.time_zone` of a transaction or a
 * reservation, `location_time_zone` of an issue or a user's history row: the lists that join the
 * location): that zone, else the organization's (also when the row has no location).
 */
export function usePlaceZone(): (timeZone: string | null | undefined) => string {
  const org = useOrganizationZone();
  return useCallback((z) => (isTimeZone(z) ? z : org), [org]);
}

/**
 * One location's own zone, read alone: `GET locations?id_location=<id>&page=1&size=1` (the list
 * also holds a super-tenant parent's shared locations, which a sub-organization's doors may stand
 * at); null when it keeps the organization's. Keyed under the locations, so an edit refreshes it.
 */
const locationZoneQuery = (idLocation: string) =>
  queryOptions({
    queryKey: ['locations', 'zone', idLocation] as const,
    queryFn: async ({ signal }) => {
      const { locationsEndpoints } = await import('@lockerops/contract/endpoints/locations');
      const page = await apiCall(locationsEndpoints.locations.list, {
        query: { page: 1, size: 1, id_location: idLocation },
        signal,
      });
      return (page.items[0] as { time_zone?: string | null } | undefined)?.time_zone ?? null;
    },
    staleTime: 60_000,
  });

/**
 * The zone of one location by its id, for a screen about one place (a door, a locker wall, a
 * device's log): its own `time_zone` (`locationZoneQuery`), else the organization's (also for no
 * id, and until the location is read).
 */
export function useLocationZone(idLocation: string | null | undefined, enabled = true): string {
  const org = useOrganizationZone();
  const q = useQuery({ ...locationZoneQuery(idLocation ?? ''), enabled: enabled && !!idLocation });
  return isTimeZone(q.data) ? q.data : org;
}

/**
 * The zone of one location, for a form that has one location chosen (a reservation's), as a
 * function of a location's id: the chosen location's zone (`useLocationZone`), the organization's
 * for any other id.
 */
export function useChosenLocationZone(
  idLocation: string | undefined,
): (idLocation: string | null | undefined) => string {
  const org = useOrganizationZone();
  const zone = useLocationZone(idLocation);
  return useCallback((id) => (id && id === idLocation ? zone : org), [idLocation, zone, org]);
}

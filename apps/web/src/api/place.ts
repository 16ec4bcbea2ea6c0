import { useQuery } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useCallback, useSyncExternalStore } from 'react';
import { browserTimeZone, getDisplayTimeZone, isTimeZone, setDisplayTimeZone } from '../lib/format';
import { apiCall } from './client';
import { type OptionItem, useOptions } from './options';
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

const zoneMap = (items: OptionItem<'locations'>[]) => new Map(items.map((l) => [l.id, l.time_zone] as const));

/**
 * The zone of a location by its id: its own `time_zone`, else the organization's (also for an
 * unknown or missing id). Reads the locations option list.
 */
export function useLocationZones(enabled = true): (idLocation: string | null | undefined) => string {
  const org = useOrganizationZone();
  const q = useOptions('locations', { enabled, select: zoneMap });
  const zones = q.data;
  return useCallback(
    (id) => {
      const z = id ? zones?.get(id) : null;
      return isTimeZone(z) ? z : org;
    },
    [zones, org],
  );
}

/**
 * The zone of one location, for a form that has one location chosen (a reservation's): `GET
 * locations/{id}` `time_zone`, else the organization's. Answers the same function as
 * `useLocationZones` without reading every location: any other id gets the organization's zone.
 */
export function useChosenLocationZone(
  idLocation: string | undefined,
): (idLocation: string | null | undefined) => string {
  const org = useOrganizationZone();
  const q = useQuery({
    queryKey: ['locations', 'zone', idLocation] as const,
    queryFn: async ({ signal }) => {
      const { locationsEndpoints } = await import('@lockerops/contract/endpoints/locations');
      const l = await apiCall(locationsEndpoints.locations.get, { params: { id: idLocation ?? '' }, signal });
      return (l as { time_zone?: string | null }).time_zone ?? null;
    },
    enabled: !!idLocation,
    staleTime: 60_000,
  });
  const zone = q.data;
  return useCallback(
    (id) => (id && id === idLocation && isTimeZone(zone) ? zone : org),
    [idLocation, zone, org],
  );
}

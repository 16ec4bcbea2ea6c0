import {
  LOCATIONS_MAP_LIMIT,
  locationsEndpoints,
  type TAssignee,
  type TLocation,
  type TPage,
  type TRestrictionType,
  ZAssignee,
  ZLocation,
  zPage,
} from '@lockerops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { locationDevicesQuery } from '../../api/locations';
import { locationsKey } from './keys';

export const ZLocationPage: z.ZodType<TPage<TLocation>> = zPage(ZLocation);
const ZAssignees = z.object({ items: z.array(ZAssignee) });

/** Query key of the users or groups assigned to a location (`GET resources/{id}/users|groups`). */
const assigneesKey = (id: string, kind: TRestrictionType) => [...locationsKey, id, 'assignees', kind];

/** The area's reads as query options: each key and fetcher is written once, here. */
export const locationQueries = {
  /** `GET resources/{id}/users` or `resources/{id}/groups`. */
  assignees: (id: string | undefined, kind: TRestrictionType | null | undefined) =>
    queryOptions({
      queryKey: assigneesKey(id ?? '', kind ?? 'users'),
      queryFn: () =>
        apiCall(
          kind === 'groups' ? locationsEndpoints.resources.groups : locationsEndpoints.resources.users,
          {
            params: { id: String(id) },
            schema: ZAssignees,
          },
        ),
    }),
  /**
   * `GET locations?page=1&size=500&bbox=…`: the placed locations inside a map's view, the first
   * `LOCATIONS_MAP_LIMIT` by name; `total` says how many are there.
   */
  map: (bbox: string) =>
    queryOptions({
      queryKey: [...locationsKey, 'map', bbox],
      queryFn: ({ signal }) =>
        apiCall(locationsEndpoints.locations.list, {
          query: { page: 1, size: LOCATIONS_MAP_LIMIT, bbox },
          schema: ZLocationPage,
          signal,
        }),
    }),
};

/** The users or groups assigned to location `id` (spec: operational §7 Locations). */
export const useAssignees = (id: string | undefined, kind: TRestrictionType | null | undefined) =>
  useQuery({
    ...locationQueries.assignees(id, kind),
    select: (r): TAssignee[] => r.items,
    enabled: !!id && !!kind,
  });

/** The whole world as a map's view (`west,south,east,north`): every placed location. */
export const WORLD_VIEW = '-180,-90,180,90';

/**
 * The locations of the map view (spec operational §2 Locations), never the whole list: those in
 * `bbox` (the map's view, `WORLD_VIEW` until it is framed), at most `LOCATIONS_MAP_LIMIT`; the last
 * view's stay drawn while the next one loads. Fetched only while the map is shown.
 */
export const useLocationsMap = (bbox: string, enabled: boolean) =>
  useQuery({ ...locationQueries.map(bbox), enabled, placeholderData: keepPreviousData });

/** The devices at the location (`GET locations/{id}/devices`). */
export const useLocationDevices = (id: string) => useQuery(locationDevicesQuery(id));

import {
  locationsEndpoints,
  type TAssignee,
  type TLocation,
  type TPage,
  type TRestrictionType,
  ZAssignee,
  ZLocation,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
  /** `GET locations?page=1&size=10000`: every location, for the map. */
  map: () =>
    queryOptions({
      queryKey: [...locationsKey, 'map'],
      queryFn: () =>
        apiCall(locationsEndpoints.locations.list, {
          query: { page: 1, size: 10000 },
          schema: ZLocationPage,
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

/** Every location for the map view; fetched only while the map is shown. */
export const useLocationsMap = (enabled: boolean) => useQuery({ ...locationQueries.map(), enabled });

/** The devices at the location (`GET locations/{id}/devices`). */
export const useLocationDevices = (id: string) => useQuery(locationDevicesQuery(id));

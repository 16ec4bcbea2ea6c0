import { locationsEndpoints, ZDevice } from '@lockerops/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from './client';

const ZLocationDevices = z.object({ items: z.array(ZDevice), total: z.number() });

/**
 * `GET locations/{id}/devices` as query options: every device of one location, read by the
 * location's settings tab and by the reservation form. Keyed under the locations key, so a
 * location save refreshes it.
 */
export const locationDevicesQuery = (locationId: string | undefined) =>
  queryOptions({
    queryKey: ['locations', locationId, 'devices'],
    queryFn: ({ signal }) =>
      apiCall(locationsEndpoints.locations.devices, {
        params: { id: String(locationId) },
        schema: ZLocationDevices,
        signal,
      }),
  });

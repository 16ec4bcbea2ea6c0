import {
  fleetHealthEndpoints,
  type TBridgeFaultsRequest,
  type TDoorFaultsRequest,
  type TDoorHealth,
  type TDoorHealthState,
  ZBridgeFaults,
  ZDeviceHealth,
  ZDoorHealth,
  ZDoorHealthList,
  ZFleetHealth,
  ZPollResponse,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from './client';
import { formatApiError } from './errors';

/** Query-key prefix of fleet health. */
export const fleetHealthKey = ['fleet-health'] as const;

/** The area's reads: each key and fetcher is written once, here. */
export const fleetHealthQueries = {
  /** `GET fleet-health`: places worst first and open alerts. */
  overview: () =>
    queryOptions({
      queryKey: [...fleetHealthKey, 'overview'],
      queryFn: ({ signal }) =>
        apiCall(fleetHealthEndpoints.fleetHealth.overview, { schema: ZFleetHealth, signal }),
      refetchInterval: 15_000,
    }),
  /** `GET fleet-health/doors?id_location=`: the doors of a place with their health. */
  doors: (idLocation: string | null) =>
    queryOptions({
      queryKey: [...fleetHealthKey, 'doors', idLocation],
      queryFn: ({ signal }) =>
        apiCall(fleetHealthEndpoints.fleetHealth.doors, {
          query: { id_location: idLocation ?? '' },
          schema: ZDoorHealthList,
          signal,
        }),
      enabled: !!idLocation,
      refetchInterval: 15_000,
    }),
  /** `GET fleet-health/devices/:id`: a door's health, timeline and alerts. */
  device: (id: string) =>
    queryOptions({
      queryKey: [...fleetHealthKey, 'device', id],
      queryFn: ({ signal }) =>
        apiCall(fleetHealthEndpoints.fleetHealth.device, { params: { id }, schema: ZDeviceHealth, signal }),
      refetchInterval: 15_000,
    }),
};

/**
 * A simulator change of fleet health (admins): sends it, then polls the organization's doors
 * once, so the console shows what the next heartbeat makes of it; refreshes every health read.
 */
function useSimulatorAction<V>(send: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: async (v: V) => {
      await send(v);
      await apiCall(fleetHealthEndpoints.fleetHealth.poll, { schema: ZPollResponse });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetHealthKey }),
  });
}

/** `PUT fleet-health/devices/:id/faults`: a virtual lock's simulated faults (admins). */
export const useDoorFaults = (id: string) =>
  useSimulatorAction((body: TDoorFaultsRequest) =>
    apiCall(fleetHealthEndpoints.fleetHealth.faults, { params: { id }, body, schema: ZDoorHealth }),
  );

/** `PUT fleet-health/locations/:id/bridge-faults`: the simulated bridges of a place (admins). */
export const useBridgeFaults = (idLocation: string) =>
  useSimulatorAction((body: TBridgeFaultsRequest) =>
    apiCall(fleetHealthEndpoints.fleetHealth.bridgeFaults, {
      params: { id: idLocation },
      body,
      schema: ZBridgeFaults,
    }),
  );

/** The health of a place's doors by device id (the locker wall's states). */
export function useDoorsHealth(idLocation: string | null): Map<string, TDoorHealth> | undefined {
  const q = useQuery(fleetHealthQueries.doors(idLocation));
  return q.data ? new Map(q.data.map((d) => [d.id_device, d])) : undefined;
}

/**
 * The colours of the door states, the same in both themes, each with white or near-black text of
 * at least 4.5:1; a state is always shown with its name too, never by colour alone.
 */
export const HEALTH_COLORS: Record<TDoorHealthState, { bg: string; fg: string }> = {
  alert: { bg: '#b71c1c', fg: '#ffffff' },
  offline: { bg: '#424242', fg: '#ffffff' },
  open: { bg: '#e65100', fg: '#000000' },
  closed: { bg: '#1b5e20', fg: '#ffffff' },
  unknown: { bg: '#e0e0e0', fg: '#212121' },
};

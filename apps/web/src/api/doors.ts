import {
  ACTIVE_TRANSACTION_STATUSES,
  devicesEndpoints,
  reservationsEndpoints,
  type TDeviceBulkResponse,
  type TDeviceUnlock,
  transactionsEndpoints,
  UNLOCK_REFRESH_MS,
  ZDevice,
  ZDeviceBulkResponse,
  ZDeviceUnlock,
  ZReservation,
  ZTransaction,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { translateMessage } from '../i18n/messages';
import { apiCall } from './client';
import { formatApiError } from './errors';

/**
 * One door's reads and actions, shared by the places that show a door (the locker wall's door
 * dialog and the Devices page's Device Details). Keys sit under the devices key, so the
 * devices list's own invalidations refresh them, and every action also refreshes the locker walls.
 */
const DEVICES = ['devices'] as const;
const WALLS = ['locker-walls'] as const;

/** Unlocks shown in a door's timeline: the latest ones. */
const TIMELINE_SIZE = 10;
/** How often a timeline is re-read while an unlock is under way, in ms. */
export const LIVE_TIMELINE_MS = 700;

/** Whether an unlock has reached its outcome (opened, jammed or offline). */
export const unlockSettled = (u: Pick<TDeviceUnlock, 'state'>) =>
  u.state === 'opened' || u.state === 'jammed' || u.state === 'offline';

export const doorQueries = {
  /** `GET devices/{id}`: the door's device as the Devices page knows it (status, lock status). */
  device: (id: string) =>
    queryOptions({
      queryKey: [...DEVICES, id, 'door'],
      queryFn: ({ signal }) =>
        apiCall(devicesEndpoints.devices.get, { params: { id }, schema: ZDevice, signal }),
    }),
  /** `GET devices/{id}/unlocks?page=1&size=10`: the door's latest unlocks. */
  unlocks: (id: string) =>
    queryOptions({
      queryKey: [...DEVICES, id, 'unlocks'],
      queryFn: ({ signal }) =>
        apiCall(devicesEndpoints.devices.unlocks, {
          params: { id },
          query: { page: 1, size: TIMELINE_SIZE },
          schema: zPage(ZDeviceUnlock),
          signal,
        }),
    }),
  /**
   * What the door holds: its open transaction (`GET events?id_device=&status=<active statuses>`,
   * newest first) and its active reservation (`GET reservations?id_device=&status=active`).
   */
  contents: (id: string) =>
    queryOptions({
      queryKey: [...DEVICES, id, 'contents'],
      queryFn: async ({ signal }) => {
        const [events, reservations] = await Promise.all([
          apiCall(transactionsEndpoints.events.list, {
            query: {
              id_device: id,
              status: ACTIVE_TRANSACTION_STATUSES.join(','),
              page: 1,
              size: 1,
              sort_by: 'created_at',
              order: 'desc',
            },
            schema: zPage(ZTransaction),
            signal,
          }),
          apiCall(reservationsEndpoints.reservations.list, {
            query: { id_device: id, status: 'active', page: 1, size: 1 },
            schema: zPage(ZReservation, true),
            signal,
          }),
        ]);
        return { transaction: events.items[0] ?? null, reservation: reservations.items[0] ?? null };
      },
    }),
};

/**
 * The door's unlock timeline; re-read every LIVE_TIMELINE_MS while `live` (an unlock was asked) or
 * while the newest unlock has not reached its outcome, so it moves by itself from requested to
 * opened or jammed.
 */
export const useDoorUnlocks = (id: string, live = false) =>
  useQuery({
    ...doorQueries.unlocks(id),
    refetchInterval: (q) => {
      const newest = q.state.data?.items[0];
      return live || (newest && !unlockSettled(newest)) ? LIVE_TIMELINE_MS : false;
    },
  });

/** A door action answering `{ detail, updated, failed }`: its message, then the lists refreshed. */
function useDoorAction<TArg>(fn: (arg: TArg) => Promise<TDeviceBulkResponse>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: DEVICES });
    void queryClient.invalidateQueries({ queryKey: WALLS });
  };
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      enqueueSnackbar(translateMessage(r.detail), { variant: r.failed.length ? 'warning' : 'success' });
      for (const f of r.failed) enqueueSnackbar(translateMessage(f.detail), { variant: 'error' });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
    onSettled: () => {
      refresh();
      // the locks report their new state a moment later (spec operational §2 Devices)
      setTimeout(refresh, UNLOCK_REFRESH_MS);
    },
  });
}

/** `PATCH devices/unlock` for one door (admins). */
export const useUnlockDoor = () =>
  useDoorAction((id: string) =>
    apiCall(devicesEndpoints.devices.unlock, { body: { ids: [id] }, schema: ZDeviceBulkResponse }),
  );

/** `PATCH devices/maintain-all?disable=` for one door: into maintenance (`disable`) or back (admins). */
export const useDoorMaintenance = () =>
  useDoorAction(({ id, disable }: { id: string; disable: boolean }) =>
    apiCall(devicesEndpoints.devices.maintainAll, {
      query: { disable: disable ? 'true' : 'false' },
      body: { ids: [id] },
      schema: ZDeviceBulkResponse,
    }),
  );

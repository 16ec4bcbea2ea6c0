import {
  DEVICE_MESSAGES,
  type TDevice,
  type TDeviceBulkResponse,
  type TLocation,
  type TPage,
  type TTypeOption,
  ZDevice,
  ZDeviceBulkResponse,
  ZLocation,
  ZPrice,
  ZSize,
  ZTypeOptions,
  zPage,
} from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { apiRequest } from '../../api/client';
import { formatApiError } from '../../api/errors';

export const devicesKey = ['devices'] as const;
export const DEVICES_ENDPOINT = 'devices';
export const ZDevicePage: z.ZodType<TPage<TDevice>> = zPage(ZDevice);

/** Dropdown lists: page 1, size 10000 (spec operational §7 List-fetch sizes). */
const ALL = { page: 1, size: 10000 };

export function useLocationOptions() {
  return useQuery({
    queryKey: ['locations', 'options'],
    queryFn: () => apiRequest('locations', { query: ALL, schema: zPage(ZLocation) }),
    select: (p) => p.items as TLocation[],
  });
}

export function useSizeOptions() {
  return useQuery({
    queryKey: ['sizes', 'options'],
    queryFn: () => apiRequest('sizes', { query: ALL, schema: zPage(ZSize) }),
    select: (p) => p.items,
  });
}

/** The organization's prices (`GET prices?size=10000`) for the device's "Price" select. */
export function usePriceOptions() {
  return useQuery({
    queryKey: ['prices', 'options'],
    queryFn: () => apiRequest('prices', { query: ALL, schema: zPage(ZPrice) }),
    select: (p) => p.items,
  });
}

/** `GET types/device/mode` / `types/device/hardware`: what the organization may use. */
export function useTypeOptions(kind: 'mode' | 'hardware') {
  return useQuery({
    queryKey: ['types', 'device', kind],
    queryFn: () => apiRequest(`types/device/${kind}`, { schema: ZTypeOptions }),
    select: (r): TTypeOption[] => r.items,
  });
}

const FILTER_STORAGE = 'lockerops.devices.filters';

/** The location and status filters, remembered between visits (spec operational §2 Devices). */
export function useRememberedFilters() {
  const [filters, setState] = useState<{ id_location?: string; by_status?: string }>(() => {
    try {
      return JSON.parse(localStorage.getItem(FILTER_STORAGE) ?? '{}');
    } catch {
      return {};
    }
  });
  const setFilter = useCallback((key: 'id_location' | 'by_status', value: string | undefined) => {
    setState((prev) => {
      const next = { ...prev, [key]: value || undefined };
      localStorage.setItem(FILTER_STORAGE, JSON.stringify(next));
      return next;
    });
  }, []);
  return { filters, setFilter };
}

/** A device action that answers `{ detail, updated, failed }`, shown as a snackbar; refreshes the list. */
function useDeviceAction<TArg>(fn: (arg: TArg) => Promise<TDeviceBulkResponse>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      enqueueSnackbar(r.detail, { variant: r.failed.length ? 'warning' : 'success' });
      for (const f of r.failed) enqueueSnackbar(f.detail, { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `PATCH devices/maintain-all?disable=` for one or many devices. */
export function useMaintenance() {
  return useDeviceAction(({ ids, disable }: { ids: string[]; disable?: boolean }) =>
    apiRequest('devices/maintain-all', {
      method: 'PATCH',
      query: disable === undefined ? {} : { disable: String(disable) },
      body: { ids },
      schema: ZDeviceBulkResponse,
    }),
  );
}

/** `PATCH devices/unlock` with the ids. */
export function useUnlock() {
  return useDeviceAction((ids: string[]) =>
    apiRequest('devices/unlock', { method: 'PATCH', body: { ids }, schema: ZDeviceBulkResponse }),
  );
}

/** `PATCH location/{id}/unlock` for each chosen location ("Unlock All"). */
export function useUnlockLocations() {
  return useDeviceAction(async (ids: string[]) => {
    const all = await Promise.all(
      ids.map((id) => apiRequest(`location/${id}/unlock`, { method: 'PATCH', schema: ZDeviceBulkResponse })),
    );
    return {
      detail: DEVICE_MESSAGES.unlockSent,
      updated: all.flatMap((r) => r.updated),
      failed: all.flatMap((r) => r.failed),
    };
  });
}

/** `PATCH devices` ("Edit Devices") with the chosen fields. */
export function useBulkEdit() {
  return useDeviceAction((body: { id_devices: string[]; device: Record<string, unknown> }) =>
    apiRequest('devices', { method: 'PATCH', body, schema: ZDeviceBulkResponse }),
  );
}

/** `DELETE devices` for one device, with "Your device was deleted.". */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) => apiRequest(DEVICES_ENDPOINT, { method: 'DELETE', body: { ids: [id] } }),
    onSuccess: () => {
      enqueueSnackbar(DEVICE_MESSAGES.deleted, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

import {
  DEVICE_CSV_HEADERS,
  DEVICE_MESSAGES,
  deviceCsvTemplateHeaders,
  devicesEndpoints,
  locationsEndpoints,
  mayShareLocations,
  productsEndpoints,
  type TDevice,
  type TDeviceBulkResponse,
  type THardwareType,
  type TPage,
  type TTypeOption,
  UNLOCK_REFRESH_MS,
  ZDevice,
  ZDeviceBulkResponse,
  ZDeviceLogs,
  ZLocationLockSettings,
  ZProduct,
  ZTypeOptions,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { pickerSearchQuery } from '../../api/pickers';
import { translateMessage } from '../../i18n/messages';

export const devicesKey = ['devices'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const DEVICES_ENDPOINT = devicesEndpoints.devices;
export const ZDevicePage: z.ZodType<TPage<TDevice>> = zPage(ZDevice);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const deviceQueries = {
  /** `GET locations/{id}/lock-settings`. */
  lockSettings: (idLocation: string | undefined) =>
    queryOptions({
      queryKey: ['locations', idLocation, 'lock-settings'],
      queryFn: () =>
        apiCall(locationsEndpoints.locations.getLockSettings, {
          params: { id: String(idLocation) },
          schema: ZLocationLockSettings,
        }),
    }),
  /**
   * Whether any product is in no device (`GET products?unassigned=true&size=1`, its `total`); under
   * the devices key, so every device save, which takes or frees a product, refreshes it. The
   * products themselves are searched by the form's picker.
   */
  freeProducts: () =>
    queryOptions({
      queryKey: [...devicesKey, 'free-products'],
      queryFn: () =>
        apiCall(productsEndpoints.products.list, {
          query: { page: 1, size: 1, unassigned: 'true' },
          schema: zPage(ZProduct),
        }),
    }),
  /** `GET device-logs/{id}`: the Device History Log (audit entries and transaction steps). */
  logs: (id: string) =>
    queryOptions({
      queryKey: [...devicesKey, id, 'logs'],
      queryFn: ({ signal }) =>
        apiCall(devicesEndpoints.deviceLogs.get, { params: { id }, schema: ZDeviceLogs, signal }),
      staleTime: 0,
    }),
  /** `GET types/device/mode` / `types/device/hardware`. */
  types: (kind: 'mode' | 'hardware') =>
    queryOptions({
      queryKey: ['types', 'device', kind],
      queryFn: () =>
        apiCall(kind === 'mode' ? devicesEndpoints.types.deviceMode : devicesEndpoints.types.deviceHardware, {
          schema: ZTypeOptions,
        }),
    }),
};

/**
 * Whether "Add Device" should first offer to add a location or a size (spec operational §2 Devices:
 * "Confirmation prompts offer to add products, sizes or locations when none exist"): the first page
 * of the form's own pickers (20 of the organization's own locations, 20 sizes), never a whole list.
 * Unknown (false) until each answers.
 */
export function useDevicePrerequisites() {
  const locations = useQuery(pickerSearchQuery('ownLocations', ''));
  const sizes = useQuery(pickerSearchQuery('sizes', ''));
  return {
    noLocations: locations.isSuccess && !locations.data.length,
    noSizes: sizes.isSuccess && !sizes.data.length,
  };
}

/**
 * How many products a door may be stocked with: those in no device (`GET products?unassigned=true`,
 * spec operational §5 Device "product options exclude products already assigned to devices").
 */
export const useFreeProductCount = (enabled = true) =>
  useQuery({ ...deviceQueries.freeProducts(), select: (p) => p.total, enabled });

/** `GET types/device/mode` / `types/device/hardware`: what the organization may use. */
export const useTypeOptions = (kind: 'mode' | 'hardware') =>
  useQuery({ ...deviceQueries.types(kind), select: (r): TTypeOption[] => r.items });

/** A device action that answers `{ detail, updated, failed }`, shown as a snackbar; refreshes the list. */
function useDeviceAction<TArg>(fn: (arg: TArg) => Promise<TDeviceBulkResponse>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      enqueueSnackbar(translateMessage(r.detail), { variant: r.failed.length ? 'warning' : 'success' });
      for (const f of r.failed) enqueueSnackbar(translateMessage(f.detail), { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `PATCH devices/maintain-all?disable=` for one or many devices. */
export function useMaintenance() {
  return useDeviceAction(({ ids, disable }: { ids: string[]; disable?: boolean }) =>
    apiCall(devicesEndpoints.devices.maintainAll, {
      query: disable === undefined ? {} : { disable: disable ? 'true' : 'false' },
      body: { ids },
      schema: ZDeviceBulkResponse,
    }),
  );
}

/**
 * Reloads the device list once more `UNLOCK_REFRESH_MS` after an unlock, when the locks have had
 * time to report their new state (spec operational §2 Devices "the unlock list refreshes after 5
 * seconds").
 */
function useRefreshAfterUnlock() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: devicesKey }), UNLOCK_REFRESH_MS);
  }, [queryClient]);
}

/** `PATCH devices/unlock` with the ids; the list refreshes again after UNLOCK_REFRESH_MS. */
export function useUnlock() {
  const refreshLater = useRefreshAfterUnlock();
  return useDeviceAction(async (ids: string[]) => {
    const r = await apiCall(devicesEndpoints.devices.unlock, { body: { ids }, schema: ZDeviceBulkResponse });
    refreshLater();
    return r;
  });
}

/** `PATCH location/{id}/unlock` for each chosen location ("Unlock All"). */
export function useUnlockLocations() {
  const refreshLater = useRefreshAfterUnlock();
  return useDeviceAction(async (ids: string[]) => {
    const all = await Promise.all(
      ids.map((id) =>
        apiCall(locationsEndpoints.location.unlock, { params: { id }, schema: ZDeviceBulkResponse }),
      ),
    );
    refreshLater();
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
    apiCall(devicesEndpoints.devices.bulkEdit, { body, schema: ZDeviceBulkResponse }),
  );
}

/** `DELETE devices` for one device, with "Your device was deleted.". */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) => apiCall(devicesEndpoints.devices.remove, { body: { ids: [id] } }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(DEVICE_MESSAGES.deleted), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/**
 * The columns of the devices CSV template this organization is offered (`deviceCsvTemplateHeaders`):
 * the hardware fields of the hardware it may use only (an Ojmar-only organization: Ojmar's), and
 * `shared` only when it may share locations; every column until both reads have answered.
 */
export function useDeviceTemplateHeaders(enabled: boolean): readonly string[] {
  const hardware = useQuery({ ...deviceQueries.types('hardware'), enabled });
  const org = useOrganizationSelf();
  if (!hardware.data || !org.data) return DEVICE_CSV_HEADERS;
  return deviceCsvTemplateHeaders(
    hardware.data.items.map((h) => h.value as THardwareType),
    mayShareLocations(org.data),
  );
}

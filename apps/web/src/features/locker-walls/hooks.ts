import { zodResolver } from '@hookform/resolvers/zod';
import {
  LOCKER_WALL_MESSAGES,
  lockerWallsEndpoints,
  type TLockerWall,
  type TLockerWallActionResponse,
  type TPage,
  ZDetailResponse,
  ZLockerWall,
  ZLockerWallActionResponse,
  ZLockerWallCreateRequest,
  ZUnassignedDevicesResponse,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { type PickerOption, pickerOneQuery, pickerSearchQuery } from '../../api/pickers';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the locker walls; every wall and door mutation invalidates it. */
export const lockerWallsKey = ['locker-walls'] as const;
const ZWallPage: z.ZodType<TPage<TLockerWall>> = zPage(ZLockerWall);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const lockerWallQueries = {
  /** `GET locker-walls?id_location=`: the walls of one location with their doors. */
  list: (idLocation: string | null) =>
    queryOptions({
      queryKey: [...lockerWallsKey, idLocation],
      queryFn: ({ signal }) =>
        apiCall(lockerWallsEndpoints.lockerWalls.list, {
          query: { id_location: idLocation ?? undefined },
          schema: ZWallPage,
          signal,
        }),
    }),
  /** `GET locker-walls/{id}/unassigned-devices`: devices of the wall's location in no door. */
  unassignedDevices: (wallId: string | null) =>
    queryOptions({
      queryKey: [...lockerWallsKey, wallId, 'unassigned-devices'],
      queryFn: ({ signal }) =>
        apiCall(lockerWallsEndpoints.lockerWalls.unassignedDevices, {
          params: { id: String(wallId) },
          schema: ZUnassignedDevicesResponse,
          signal,
        }),
    }),
};

/**
 * The location the page shows, never from a whole list: `wanted` (a link's or the one last chosen
 * here) read alone while it exists, else the first location by name (the first page of the
 * location picker's search). `place` is null while reading, and when the organization has no
 * location (`none`).
 */
export function useWallLocation(wanted: string | null) {
  const chosen = useQuery({ ...pickerOneQuery('locations', wanted ?? ''), enabled: !!wanted, retry: false });
  const fallBack = !wanted || chosen.isError || (chosen.isSuccess && !chosen.data);
  const first = useQuery({ ...pickerSearchQuery('locations', ''), enabled: fallBack });
  const place: PickerOption | null =
    wanted && chosen.data ? chosen.data : fallBack ? (first.data?.[0] ?? null) : null;
  return {
    place,
    pending: fallBack ? first.isPending : chosen.isPending,
    error: fallBack ? first.error : null,
    none: fallBack && first.isSuccess && !first.data.length,
  };
}

/** `GET locker-walls?id_location=` — the walls of one location with their doors. */
export const useLockerWalls = (idLocation: string | null) =>
  useQuery({ ...lockerWallQueries.list(idLocation), enabled: !!idLocation, select: (page) => page.items });

/** Devices of the wall's location that sit in no door: the assign/reassign choices. */
export const useUnassignedDevices = (wallId: string | null, enabled: boolean) =>
  useQuery({
    ...lockerWallQueries.unassignedDevices(wallId),
    enabled: !!wallId && enabled,
    select: (r) => r.items,
  });

export type TLockerWallFormInput = z.input<typeof ZLockerWallCreateRequest>;
export type TLockerWallFormOutput = z.output<typeof ZLockerWallCreateRequest>;

function valuesOf(wall: TLockerWall | null, idLocation: string): TLockerWallFormInput {
  if (!wall) {
    return {
      id_location: idLocation,
      name: '',
      description: '',
      custom_id: '',
      image: null,
      qty_wide: '',
      qty_tall: '',
      is_kiosk: false,
    };
  }
  return {
    id_location: wall.id_location,
    name: wall.name,
    description: wall.description ?? '',
    custom_id: wall.custom_id ?? '',
    image: wall.image,
    qty_wide: String(wall.qty_wide),
    qty_tall: String(wall.qty_tall),
    is_kiosk: wall.is_kiosk,
  };
}

/**
 * The Add/Edit Locker Wall form, validated by the contract's ZLockerWallCreateRequest (spec operational
 * §5 Locker wall), reset to `wall` (or blank at `idLocation`) whenever the dialog opens.
 */
export function useLockerWallForm(wall: TLockerWall | null, idLocation: string, open: boolean) {
  const form = useForm<TLockerWallFormInput, unknown, TLockerWallFormOutput>({
    resolver: zodResolver(ZLockerWallCreateRequest),
    defaultValues: valuesOf(wall, idLocation),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(wall, idLocation));
  }, [open, wall, idLocation, reset]);
  return form;
}

/** `POST locker-walls` (no id) or `PUT locker-walls/{id}` (the image string is sent again when unchanged). */
export function saveLockerWall(id: string | undefined, body: TLockerWallFormOutput): Promise<TLockerWall> {
  return id
    ? apiCall(lockerWallsEndpoints.lockerWalls.update, { params: { id }, body, schema: ZLockerWall })
    : apiCall(lockerWallsEndpoints.lockerWalls.create, { body, schema: ZLockerWall });
}

/** `DELETE locker-walls/{id}` and 'Locker Wall deleted successfully'. */
export function useDeleteLockerWall() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(lockerWallsEndpoints.lockerWalls.remove, { params: { id }, schema: ZDetailResponse }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(LOCKER_WALL_MESSAGES.deleted), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: lockerWallsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** A door or kiosk action of one wall; its answer's `detail` is the spec's success message. */
export type TWallAction =
  | { kind: 'door'; x: number; y: number; id_device: string | null; reassign?: boolean }
  | { kind: 'moveKiosk'; x: number; y: number }
  | { kind: 'removeKiosk' };

function runAction(wallId: string, action: TWallAction): Promise<TLockerWallActionResponse> {
  const params = { id: wallId };
  const schema = ZLockerWallActionResponse;
  switch (action.kind) {
    case 'door': {
      const { kind: _kind, ...body } = action;
      return apiCall(lockerWallsEndpoints.lockerWalls.doors, { params, body, schema });
    }
    case 'moveKiosk':
      return apiCall(lockerWallsEndpoints.lockerWalls.moveKiosk, {
        params,
        body: { x: action.x, y: action.y },
        schema,
      });
    case 'removeKiosk':
      return apiCall(lockerWallsEndpoints.lockerWalls.removeKiosk, { params, schema });
  }
}

/**
 * Assign / reassign / unassign a door and move / remove the kiosk (`PATCH locker-walls/{id}/doors`,
 * `PATCH|DELETE locker-walls/{id}/kiosk`): shows the answer's message ('Locker has been assigned
 * correctly', 'Kiosk successfully moved'…) or the error ('Something went wrong! This locker is already
 * assigned.'), then refreshes the walls.
 */
export function useWallAction(wallId: string | null) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (action: TWallAction) => runAction(wallId!, action),
    onSuccess: (res) => enqueueSnackbar(translateMessage(res.detail), { variant: 'success' }),
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockerWallsKey }),
  });
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  locationsEndpoints,
  RESERVATION_MESSAGES,
  reservationsEndpoints,
  type TPage,
  type TReservation,
  type TReservationCreateValues,
  type TReservationSettings,
  ZDeleteResponse,
  ZLocationSize,
  ZReservation,
  ZReservationCreateRequest,
  ZReservationSettings,
  ZReservationSettingsResponse,
  ZTrackingCheckResponse,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { locationDevicesQuery } from '../../api/locations';
import { translateMessage } from '../../i18n/messages';
import { reservationFormValues, type TReservationFormInput, withDays, withZone } from './reservationForm';

/** Query-key prefix of the reservations list; every reservation mutation invalidates it. */
export const reservationsKey = ['reservations'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const RESERVATIONS_ENDPOINT = reservationsEndpoints.reservations;
export const ZReservationPage: z.ZodType<TPage<TReservation>> = zPage(ZReservation);
/** Query key of the reservation settings (the settings dialog). */
export const reservationSettingsKey = ['reservation-settings'] as const;

/** The area's reads as query options: each key and fetcher is written once, here. */
export const reservationQueries = {
  /** `GET locations/{id}/sizes?by_mode=&by_status=available`. */
  availableSizes: (locationId: string | undefined, mode: string | undefined) =>
    queryOptions({
      queryKey: ['locations', locationId, 'sizes', mode, 'available'],
      queryFn: ({ signal }) =>
        apiCall(locationsEndpoints.locations.sizes, {
          params: { id: String(locationId) },
          query: { by_mode: mode, by_status: 'available' },
          schema: z.object({ items: z.array(ZLocationSize) }),
          signal,
        }),
    }),
  /** `GET reservation-settings`. */
  settings: () =>
    queryOptions({
      queryKey: reservationSettingsKey,
      queryFn: ({ signal }) =>
        apiCall(reservationsEndpoints.reservationSettings.get, { schema: ZReservationSettings, signal }),
    }),
};

/** `GET locations/{id}/sizes?by_mode=&by_status=available`: sizes with available devices of the mode. */
export const useAvailableSizes = (locationId: string | undefined, mode: string | undefined) =>
  useQuery({
    ...reservationQueries.availableSizes(locationId, mode),
    select: (r) => r.items,
    enabled: !!locationId && !!mode,
  });

/** `GET locations/{id}/devices`: every device of the location. */
export const useLocationDevices = (locationId: string | undefined) =>
  useQuery({
    ...locationDevicesQuery(locationId),
    select: (r) => r.items,
    enabled: !!locationId,
  });

/** `GET reservations/{tracking}/check-uniqueness`: the spec's message when a delivery tracking number is taken. */
export async function checkTracking(tracking: string, id?: string): Promise<string | undefined> {
  const r = await apiCall(reservationsEndpoints.reservations.checkUniqueness, {
    params: { tracking: tracking.trim() },
    query: id ? { id } : undefined,
    schema: ZTrackingCheckResponse,
  });
  return r.unique ? undefined : r.detail;
}

/**
 * The Add/Edit Reservation form (CONTRIBUTING.md "Conventions"): the contract's ZReservationCreateRequest
 * validates it ("days all" is applied first), reset whenever the dialog opens.
 */
export function useReservationForm(
  reservation: TReservation | null,
  open: boolean,
  zoneOf: (idLocation: string | null | undefined) => string,
) {
  const base = zodResolver(ZReservationCreateRequest) as unknown as Resolver<
    TReservationFormInput,
    unknown,
    TReservationCreateValues
  >;
  // the zones as known now, without resetting what is typed when the location list reloads
  const zones = useRef(zoneOf);
  zones.current = zoneOf;
  const form = useForm<TReservationFormInput, unknown, TReservationCreateValues>({
    resolver: (values, ctx, options) =>
      base(withZone(withDays(values), zones.current(values.id_location as string | undefined)), ctx, options),
    defaultValues: reservationFormValues(reservation, zoneOf),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(reservationFormValues(reservation, zones.current));
  }, [open, reservation, reset]);
  return form;
}

/** `POST reservations` or `PUT reservations/{id}`; answers the reservation. */
export function saveReservation(
  id: string | undefined,
  body: TReservationCreateValues,
): Promise<TReservation> {
  return id
    ? apiCall(reservationsEndpoints.reservations.update, { params: { id }, body, schema: ZReservation })
    : apiCall(reservationsEndpoints.reservations.create, { body, schema: ZReservation });
}

/** Deletes one reservation (admin only, spec operational §1). */
export function useDeleteReservation() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(reservationsEndpoints.reservations.remove, { body: { ids: [id] }, schema: ZDeleteResponse }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(RESERVATION_MESSAGES.deleted), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: reservationsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `GET reservation-settings` (the settings dialog of the reservations page). */
export const useReservationSettings = (enabled: boolean) =>
  useQuery({ ...reservationQueries.settings(), enabled });

/** `PUT reservation-settings`; answers the saved settings. */
export async function saveReservationSettings(body: TReservationSettings): Promise<TReservationSettings> {
  const r = await apiCall(reservationsEndpoints.reservationSettings.update, {
    body,
    schema: ZReservationSettingsResponse,
  });
  return r.settings;
}

import {
  NOTIFICATION_MESSAGES as M,
  notificationsEndpoints,
  type TNotification,
  type TNotificationCreateInput,
  type TNotificationCreateRequest,
  type TPage,
  ZDeleteResponse,
  ZNotification,
  ZNotificationActionResponse,
  ZNotificationCreateRequest,
  ZNotificationDelivery,
  ZNotificationTestResponse,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { ApiError, formatApiError } from '../../api/errors';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the templates list; every template mutation invalidates it. */
export const notificationsKey = ['notifications'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const NOTIFICATIONS_ENDPOINT = notificationsEndpoints.notifications;
export const ZNotificationPage: z.ZodType<TPage<TNotification>> = zPage(ZNotification);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const notificationQueries = {
  /** `GET notifications/{id}/deliveries`: one page of the template's delivery log. */
  deliveries: (id: string, page: number, size: number) =>
    queryOptions({
      queryKey: [...notificationsKey, 'deliveries', id, page, size],
      queryFn: ({ signal }) =>
        apiCall(notificationsEndpoints.notifications.deliveries, {
          params: { id },
          query: { page, size },
          schema: zPage(ZNotificationDelivery),
          signal,
        }),
    }),
};

const valuesOf = (n: TNotification | null): TNotificationCreateInput => ({
  name: n?.name ?? '',
  subject: n?.subject ?? '',
  mode: n ? (n.mode === 'vending' ? 'rental' : n.mode) : ('' as 'rental'),
  notification_type: n?.notification_type ?? ('' as 'on_start'),
  time_unit: n?.time_unit ?? 'immediately',
  time_amount: n?.time_amount ?? 0,
  before: n?.before ?? false,
  after: n?.after ?? true,
  email: n?.email ?? true,
  sms: n?.sms ?? false,
  is_default: n?.is_default ?? false,
  is_template: n?.is_template ?? false,
  header: n?.header ?? '',
  footer: n?.footer ?? '',
  message: n?.message ?? '',
  message_email: n?.message_email ?? '',
  location_message: n?.location_message ?? '',
  member_message: n?.member_message ?? '',
  id_member: n?.id_member ?? '',
  locations: n?.locations.map((l) => l.id) ?? [],
});

/** The notification form, validated by the contract's ZNotificationCreateRequest (spec console §5). */
export function useNotificationForm(n: TNotification | null, open: boolean) {
  return useDialogForm(ZNotificationCreateRequest, valuesOf, n, open);
}

/** The three images of a template; a picked file replaces the stored one. */
export interface TemplateImages {
  header_image?: File;
  body_image?: File;
  footer_image?: File;
}

/**
 * Saves a template (`POST notifications` / `PUT notifications/{id}`, JSON), then uploads the picked
 * images (`PATCH notifications-service/notifications/{id}/upload-images`). Answers the spec §8 text
 * to show: the plain success, or 'Notification created, but image upload failed.' (… updated …)
 * when the template was saved but the images were not.
 */
export async function saveNotification(
  id: string | undefined,
  values: TNotificationCreateRequest,
  images: TemplateImages,
): Promise<string> {
  const saved = id
    ? await apiCall(notificationsEndpoints.notifications.update, {
        params: { id },
        body: values,
        schema: ZNotification,
      })
    : await apiCall(notificationsEndpoints.notifications.create, { body: values, schema: ZNotification });
  const files = Object.entries(images).filter(([, f]) => f);
  if (files.length) {
    const body = new FormData();
    for (const [k, f] of files) body.append(k, f as File);
    try {
      await apiCall(notificationsEndpoints.notificationsService.uploadImages, {
        params: { id: saved.id },
        body,
        schema: ZNotification,
      });
    } catch (e) {
      const status = e instanceof ApiError ? e.status : 0;
      return `${id ? M.updatedUploadFailed : M.createdUploadFailed} ${M.uploadFailed(status)}`;
    }
  }
  return id ? M.updated : M.created;
}

function useNotificationMutation<T>(fn: (arg: T) => Promise<{ detail: string }>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `POST notifications/{id}/clone` ('Notification cloned successfully'). */
export const useCloneNotification = () =>
  useNotificationMutation((id: string) =>
    apiCall(notificationsEndpoints.notifications.clone, {
      params: { id },
      schema: ZNotificationActionResponse,
    }),
  );

/** Deletes one template ('Notification deleted successfully'); a default is refused by the server. */
export const useDeleteNotification = () =>
  useNotificationMutation((id: string) =>
    apiCall(notificationsEndpoints.notifications.remove, { body: { ids: [id] }, schema: ZDeleteResponse }),
  );

/** `GET notifications/{id}/deliveries`: the template's delivery log (newest first). */
export const useDeliveries = (id: string, page: number, size: number) =>
  useQuery(notificationQueries.deliveries(id, page, size));

/** `POST notifications/{id}/test`: renders the template with sample data and sends it at once. */
export function useSendTest(id: string) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (body: { email?: string; phone_number?: string }) =>
      apiCall(notificationsEndpoints.notifications.test, {
        params: { id },
        body,
        schema: ZNotificationTestResponse,
      }),
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'deliveries', id] });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

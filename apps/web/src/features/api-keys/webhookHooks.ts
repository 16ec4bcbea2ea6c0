import {
  TOOLBOX_MESSAGES,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointRequest,
  toolboxEndpoints,
  ZDetailResponse,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointRequest,
  ZWebhookEndpointWithSecret,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

export const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** The event descriptions of `GET webhooks/events` (the picker shows them beside each event). */

/** The webhook reads as query options: each key and fetcher is written once, here. */
export const webhookQueries = {
  /** `GET webhooks?page=1&size=200`: every endpoint (an organization has a handful). */
  list: () =>
    queryOptions({
      queryKey: webhooksKey,
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.webhooks.list, {
          query: { page: 1, size: 200 },
          schema: zPage(ZWebhookEndpoint),
          signal,
        }),
    }),
  /** `GET webhooks/{id}/deliveries?page=&size=`. */
  deliveries: (id: string, page: number, size: number) =>
    queryOptions({
      queryKey: [...deliveriesKey(id), page, size],
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.webhooks.deliveries, {
          params: { id },
          query: { page, size },
          schema: zPage(ZWebhookDelivery),
          signal,
        }),
    }),
};

/** `GET webhooks`: the organization's endpoints, newest first. */
export const useWebhooksQuery = () => useQuery(webhookQueries.list());

/** `GET webhooks/{id}/deliveries`: one page of the delivery log, newest first (page 1-based). */
export const useWebhookDeliveries = (id: string, page: number, size: number) =>
  useQuery(webhookQueries.deliveries(id, page, size));

export type TWebhookFormOutput = z.output<typeof ZWebhookEndpointRequest>;

const valuesOf = (e: TWebhookEndpoint | null): TWebhookEndpointRequest => ({
  url: e?.url ?? '',
  description: e?.description ?? '',
  events: e?.events ?? [],
  enabled: e?.enabled ?? true,
});

/** The endpoint dialog's form (ZWebhookEndpointRequest). */
export function useWebhookForm(endpoint: TWebhookEndpoint | null, open: boolean) {
  return useDialogForm(ZWebhookEndpointRequest, valuesOf, endpoint, open);
}

/** `POST webhooks`: the endpoint with its signing secret, shown this once. */
export const createWebhook = (body: TWebhookFormOutput) =>
  apiCall(toolboxEndpoints.webhooks.create, { body, schema: ZWebhookEndpointWithSecret });
/** `PUT webhooks/{id}`: URL, description, events, enabled; the secret stays. */
export const updateWebhook = (id: string, body: TWebhookFormOutput) =>
  apiCall(toolboxEndpoints.webhooks.update, { params: { id }, body, schema: ZWebhookEndpoint });

/** A webhook call with the snackbar of its outcome; the endpoint list refreshes after it. */
function useWebhookMutation<T, R>(call: (arg: T) => Promise<R>, message: (r: R) => string) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => {
      enqueueSnackbar(translateMessage(message(r)), { variant: 'success' });
      void client.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** The enabled switch of a row: `PUT webhooks/{id}` with everything else unchanged. */
export const useToggleWebhook = () =>
  useWebhookMutation(
    (e: TWebhookEndpoint) =>
      updateWebhook(e.id, {
        url: e.url,
        description: e.description,
        events: e.events,
        enabled: !e.enabled,
      }),
    () => TOOLBOX_MESSAGES.webhookUpdated,
  );

/** `DELETE webhooks/{id}`. */
export const useDeleteWebhook = () =>
  useWebhookMutation(
    (id: string) => apiCall(toolboxEndpoints.webhooks.remove, { params: { id }, schema: ZDetailResponse }),
    () => TOOLBOX_MESSAGES.webhookDeleted,
  );

/** `POST webhooks/{id}/rotate-secret`: answers the new secret, shown this once. */
export const useRotateSecret = () =>
  useWebhookMutation(
    (id: string) =>
      apiCall(toolboxEndpoints.webhooks.rotateSecret, { params: { id }, schema: ZWebhookEndpointWithSecret }),
    () => TOOLBOX_MESSAGES.secretRotated,
  );

/** `POST webhooks/{id}/deliveries/{deliveryId}/replay` (202; 409 while the message is still being sent). */
export function useReplayDelivery(id: string) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (d: TWebhookDelivery) =>
      apiCall(toolboxEndpoints.webhooks.replayDelivery, {
        params: { id, deliveryId: d.id },
        schema: ZDetailResponse,
      }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(TOOLBOX_MESSAGES.replayQueued), { variant: 'success' });
      void client.invalidateQueries({ queryKey: deliveriesKey(id) });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

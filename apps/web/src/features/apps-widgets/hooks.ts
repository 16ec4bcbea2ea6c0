import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TLiteAppSettings,
  TOOLBOX_MESSAGES,
  type TWidgetSettings,
  type TWidgetSettingsResponse,
  toolboxEndpoints,
  ZLiteAppSettings,
  ZWidgetSettings,
  ZWidgetSettingsResponse,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { translateMessage } from '../../i18n/messages';

export const liteAppKey = ['apps', 'lite-app'] as const;
export const widgetKey = ['apps', 'widget'] as const;

/** The area's reads as query options: each key and fetcher is written once, here. */
export const appQueries = {
  /** `GET apps/lite-app`. */
  liteApp: () =>
    queryOptions({
      queryKey: liteAppKey,
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.apps.getLiteApp, { schema: ZLiteAppSettings, signal }),
    }),
  /** `GET apps/widget`. */
  widget: () =>
    queryOptions({
      queryKey: widgetKey,
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.apps.getWidget, { schema: ZWidgetSettingsResponse, signal }),
    }),
};

/** `GET apps/lite-app`: the saved Lite App customizer, or its defaults. */
export const useLiteAppQuery = () => useQuery(appQueries.liteApp());

/** `GET apps/widget`: the Reservation Widget customizer with its embed URL (null without an API key). */
export const useWidgetQuery = () => useQuery(appQueries.widget());

export type TLiteAppFormInput = z.input<typeof ZLiteAppSettings>;
export type TWidgetFormInput = z.input<typeof ZWidgetSettings>;

/** A form over `schema` that takes the saved values once they arrive (and after every save). */
function useSettingsForm<TIn extends Record<string, unknown>, TOut>(
  schema: z.ZodType<TOut, TIn>,
  saved: TIn | undefined,
) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: (saved ?? schema.parse({})) as never,
  });
  const { reset } = form;
  useEffect(() => {
    if (saved) reset(saved as never);
  }, [saved, reset]);
  return form;
}

/** The Lite App customizer form (ZLiteAppSettings). */
export const useLiteAppForm = (saved: TLiteAppSettings | undefined) =>
  useSettingsForm<TLiteAppFormInput, TLiteAppSettings>(ZLiteAppSettings, saved);

/** The Reservation Widget customizer form (ZWidgetSettings). */
export const useWidgetForm = (saved: TWidgetSettings | undefined) =>
  useSettingsForm<TWidgetFormInput, TWidgetSettings>(ZWidgetSettings, saved);

/** `PUT apps/lite-app`; "Settings saved." or the server's detail in a snackbar. */
export function useSaveLiteApp() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (body: TLiteAppSettings) =>
      apiCall(toolboxEndpoints.apps.putLiteApp, { body, schema: ZLiteAppSettings }),
    onSuccess: (saved) => {
      client.setQueryData(liteAppKey, saved);
      enqueueSnackbar(translateMessage(TOOLBOX_MESSAGES.saved), { variant: 'success' });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `PUT apps/widget` or `POST apps/widget/rotate-key`; both answer the customizer with its embed URL. */
export function useWidgetMutation<T>(call: (arg: T) => Promise<TWidgetSettingsResponse>, message: string) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      client.setQueryData(widgetKey, saved);
      enqueueSnackbar(translateMessage(message), { variant: 'success' });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

export const saveWidget = (body: TWidgetSettings) =>
  apiCall(toolboxEndpoints.apps.putWidget, { body, schema: ZWidgetSettingsResponse });
export const rotateWidgetKey = () =>
  apiCall(toolboxEndpoints.apps.rotateWidgetKey, { schema: ZWidgetSettingsResponse });

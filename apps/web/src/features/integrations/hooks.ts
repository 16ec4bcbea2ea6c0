import {
  type TTwilioSettings,
  type TTwilioSettingsRequest,
  toolboxEndpoints,
  ZDetailResponse,
  ZIntegrationsState,
  ZTwilioSettings,
  ZTwilioSettingsRequest,
} from '@lockerops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { useDialogForm } from '../../components/form';

export const integrationsKey = ['integrations'] as const;
export const twilioKey = ['integrations', 'twilio'] as const;

/** The area's reads as query options: each key and fetcher is written once, here. */
export const integrationQueries = {
  /** `GET integrations`. */
  state: () =>
    queryOptions({
      queryKey: integrationsKey,
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.integrations.get, { schema: ZIntegrationsState, signal }),
    }),
  /** `GET integrations/twilio`. */
  twilio: () =>
    queryOptions({
      queryKey: twilioKey,
      queryFn: ({ signal }) =>
        apiCall(toolboxEndpoints.integrations.getTwilio, { schema: ZTwilioSettings, signal }),
    }),
};

/** `GET integrations`: whether the organization's own Twilio account and its Stripe account are set up. */
export const useIntegrationsQuery = () => useQuery(integrationQueries.state());

/** `GET integrations/twilio`: account SID, sender and the auth token's last 4 characters. */
export const useTwilioQuery = (enabled: boolean) => useQuery({ ...integrationQueries.twilio(), enabled });

export type TTwilioFormOutput = z.output<typeof ZTwilioSettingsRequest>;

const valuesOf = (t: TTwilioSettings | undefined): TTwilioSettingsRequest => ({
  account_sid: t?.account_sid ?? '',
  auth_token: '',
  from: t?.from ?? '',
  verification_enabled: t?.verification_enabled ?? true,
  alerts_enabled: t?.alerts_enabled ?? true,
});

/** The Twilio dialog's form (ZTwilioSettingsRequest); the token field starts empty: empty keeps the saved one. */
export function useTwilioForm(saved: TTwilioSettings | undefined, open: boolean) {
  return useDialogForm(ZTwilioSettingsRequest, valuesOf, saved, open);
}

/** `PUT integrations/twilio`. */
export const saveTwilio = (body: TTwilioFormOutput) =>
  apiCall(toolboxEndpoints.integrations.putTwilio, { body, schema: ZTwilioSettings });
/** `DELETE integrations/twilio`: the organization's SMS go through the server's default again. */
export const removeTwilio = () =>
  apiCall(toolboxEndpoints.integrations.deleteTwilio, { schema: ZDetailResponse });

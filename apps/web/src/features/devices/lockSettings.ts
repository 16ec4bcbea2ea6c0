import {
  locationsEndpoints,
  type TLocationLockSettingsRequest,
  ZLocationLockSettings,
} from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { i18next } from '../../i18n';
import { deviceQueries } from './hooks';

/** `GET locations/{id}/lock-settings`. */
export const useLockSettings = (idLocation: string | undefined) =>
  useQuery({ ...deviceQueries.lockSettings(idLocation), enabled: !!idLocation });

/** `PUT locations/{id}/lock-settings`, with the saved message or the server's reason. */
export function useSaveLockSettings() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TLocationLockSettingsRequest }) =>
      apiCall(locationsEndpoints.locations.putLockSettings, {
        params: { id },
        body,
        schema: ZLocationLockSettings,
      }),
    onSuccess: (_r, v) => {
      enqueueSnackbar(i18next.t('devices:lockSettings.saved'), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: deviceQueries.lockSettings(v.id).queryKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

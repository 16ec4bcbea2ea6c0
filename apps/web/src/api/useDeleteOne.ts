import { type Endpoint, ZDeleteResponse } from '@lockerops/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { translateMessage } from '../i18n/messages';
import { apiCall } from './client';
import { formatApiError } from './errors';

/**
 * Deletes one row (an area's bulk-delete `endpoint` with `{ ids: [id] }`), shows `message` (e.g. 'Price has been
 * successfully deleted!') and refreshes `key`. Shared by the list areas.
 */
export function useDeleteOne(endpoint: Endpoint, key: QueryKey, message: string) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) => apiCall(endpoint, { body: { ids: [id] }, schema: ZDeleteResponse }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(message), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

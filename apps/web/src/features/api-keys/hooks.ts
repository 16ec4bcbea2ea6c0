import { ZApiKey, ZApiKeyList } from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** `GET api-keys` (spec console §7): a list; the console uses the first record's `key`. */
export function useApiKeysQuery() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => apiRequest('api-keys', { schema: ZApiKeyList, signal }),
  });
}

/** `POST api-keys`: generates the organization's one key. */
export function useGenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('api-keys', { method: 'POST', schema: ZApiKey }),
    onSuccess: (key) => client.setQueryData(apiKeyKeys.all, [key]),
  });
}

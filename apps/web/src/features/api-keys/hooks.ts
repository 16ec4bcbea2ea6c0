import {
  apiKeysEndpoints,
  type TApiKeyCreated,
  ZApiKeyCreated,
  ZApiKeyList,
  ZDetailResponse,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** The area's reads as query options: each key and fetcher is written once, here. */
export const apiKeyQueries = {
  /** `GET api-keys`. */
  list: () =>
    queryOptions({
      queryKey: apiKeyKeys.all,
      queryFn: ({ signal }) => apiCall(apiKeysEndpoints.apiKeys.list, { schema: ZApiKeyList, signal }),
    }),
};

/** `GET api-keys` (spec console §7): a list of `{ id, prefix, scope, created_at, last_used_at }`, never the key. */
export const useApiKeysQuery = () => useQuery(apiKeyQueries.list());

/** Keeps the list in step with a key just generated or rotated, without its secret. */
function useKeyShownOnce() {
  const client = useQueryClient();
  return ({ key: _secret, ...listed }: TApiKeyCreated) => client.setQueryData(apiKeyKeys.all, [listed]);
}

/** `POST api-keys`: generates the organization's one key; the answer carries the key, shown once. */
export function useGenerateApiKey() {
  const onSuccess = useKeyShownOnce();
  return useMutation({
    mutationFn: () => apiCall(apiKeysEndpoints.apiKeys.create, { schema: ZApiKeyCreated }),
    onSuccess,
  });
}

/** `POST api-keys/{id}/rotate`: a new key replaces the old one; the answer carries it, shown once. */
export function useRotateApiKey() {
  const onSuccess = useKeyShownOnce();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(apiKeysEndpoints.apiKeys.rotate, { params: { id }, schema: ZApiKeyCreated }),
    onSuccess,
  });
}

/** `DELETE api-keys/{id}`: revokes the key. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(apiKeysEndpoints.apiKeys.remove, { params: { id }, schema: ZDetailResponse }),
    onSuccess: () => client.setQueryData(apiKeyKeys.all, []),
  });
}

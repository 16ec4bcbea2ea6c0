import { commonEndpoints, ZHistoryResponse } from '@lockerops/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './client';

export const historyKey = (entity: string, id: string) => ['history', entity, id] as const;

/** `GET history/{entity}/{id}`: the audit entries of one record, newest first (History Log tabs). */
export function useHistory(entity: string, id: string | undefined) {
  return useQuery({
    queryKey: historyKey(entity, id ?? ''),
    queryFn: ({ signal }) =>
      apiCall(commonEndpoints.history.get, {
        params: { entity, id: String(id) },
        schema: ZHistoryResponse,
        signal,
      }),
    enabled: !!id,
    staleTime: 0,
  });
}

import {
  kiosksEndpoints,
  ZCourierList,
  ZCourierWithCode,
  ZDetailResponse,
  ZKiosk,
  ZKioskList,
} from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { kiosksKey } from '../../api/kiosks';

const keys = { kiosks: kiosksKey, couriers: ['couriers'] as const };
const k = kiosksEndpoints;

/** `GET kiosks`: the screens at the walls, refreshed every 30 s (their online state changes). */
export const useKiosksQuery = () =>
  useQuery({
    queryKey: keys.kiosks,
    queryFn: ({ signal }) => apiCall(k.kiosks.list, { query: {}, schema: ZKioskList, signal }),
    refetchInterval: 30_000,
  });

/** `GET couriers`. */
export const useCouriersQuery = () =>
  useQuery({
    queryKey: keys.couriers,
    queryFn: ({ signal }) => apiCall(k.couriers.list, { schema: ZCourierList, signal }),
  });

/** `DELETE kiosks/{id}`: the screen's token stops at once. */
export function useRevokeScreen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(k.kiosks.revoke, { params: { id }, schema: ZKiosk }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.kiosks }),
  });
}

/** `POST couriers` / `POST couriers/{id}/code`: the code comes back once. */
export function useCourierCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { name: string } | { id_user: string } | { id: string }) =>
      'id' in a
        ? apiCall(k.couriers.newCode, { params: { id: a.id }, schema: ZCourierWithCode })
        : apiCall(k.couriers.create, { body: a, schema: ZCourierWithCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.couriers }),
  });
}

/** `DELETE couriers/{id}`. */
export function useRemoveCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(k.couriers.remove, { params: { id }, schema: ZDetailResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.couriers }),
  });
}

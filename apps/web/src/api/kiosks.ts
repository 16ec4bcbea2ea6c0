import { kiosksEndpoints, type TKioskPairingRequest, ZKioskPairing } from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './client';

/**
 * The calls of "Pair a screen" (README: The screen at the wall), shared by the Kiosks page and the
 * Locker Wall page.
 */

/** Query key of the kiosks list; a pairing refreshes it. */
export const kiosksKey = ['kiosks'] as const;

/** `POST kiosks/pairing`: a screen waiting for its one-time code, answered once. */
export function usePairScreen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TKioskPairingRequest) =>
      apiCall(kiosksEndpoints.kiosks.pairing, { body, schema: ZKioskPairing }),
    onSuccess: () => client.invalidateQueries({ queryKey: kiosksKey }),
  });
}

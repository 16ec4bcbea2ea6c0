import { GEOCODE_QUERY_MIN, locationsEndpoints, ZGeocodeSearchResponse } from '@lockerops/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall } from '../../api/client';

/** How long after the last key the typed address is looked up, ms (a lookup per pause, not per key). */
export const ADDRESS_LOOKUP_DEBOUNCE_MS = 500;

type Position = { lat: number; lng: number };

/**
 * Where the typed address puts the pin (README "Geocoding"): the address typed into the form is
 * looked up (`GET geocode/search?q=`) `ADDRESS_LOOKUP_DEBOUNCE_MS` after the last key and the pin
 * moves to the best place found — until the operator drags the pin. From then on a typed address
 * only offers `moveToAddress` (status `pinned`), so a hand-placed pin is never moved silently. An
 * address the form set itself (the record's, a drag's reverse lookup) is not looked up: call
 * `addressSet` with it first. `reset` starts over when the dialog opens.
 *
 * Status: `idle`, `looking`, `found` (with the place's label), `none` (nothing known), `failed`
 * (geocoding off or unreachable), `pinned` (the pin was dragged; the address no longer moves it).
 */
export function useAddressPin({
  address,
  enabled,
  place,
}: {
  address: string;
  enabled: boolean;
  place: (p: Position) => void;
}) {
  const [status, setStatus] = useState<'idle' | 'looking' | 'found' | 'none' | 'failed' | 'pinned'>('idle');
  const [label, setLabel] = useState('');
  const [dragged, setDragged] = useState(false);
  // the address as the form itself last set it: not the operator's typing
  const ownAddress = useRef<string | null>(null);
  const asked = useRef(0);
  const placeRef = useRef(place);
  placeRef.current = place;

  const lookUp = useCallback(async (text: string) => {
    const ask = ++asked.current;
    setStatus('looking');
    try {
      const r = await apiCall(locationsEndpoints.geocode.search, {
        query: { q: text },
        schema: ZGeocodeSearchResponse,
      });
      if (ask !== asked.current) return; // a later key already asked again
      const best = r.items[0];
      if (!best) return setStatus('none');
      placeRef.current({ lat: best.latitude, lng: best.longitude });
      setLabel(best.label);
      setStatus('found');
    } catch {
      if (ask === asked.current) setStatus('failed');
    }
  }, []);

  /** A dialog opened on `initial`: nothing dragged, nothing looked up yet (stable across renders). */
  const reset = useCallback((initial: string) => {
    ownAddress.current = initial;
    asked.current++;
    setDragged(false);
    setStatus('idle');
    setLabel('');
  }, []);

  useEffect(() => {
    const text = address.trim();
    if (!enabled || ownAddress.current === address || text.length < GEOCODE_QUERY_MIN) return;
    if (dragged) {
      setStatus('pinned');
      return;
    }
    const timer = setTimeout(() => void lookUp(text), ADDRESS_LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [address, enabled, dragged, lookUp]);

  return {
    status,
    label,
    /** The form set the address itself (no lookup for it). */
    addressSet: (text: string) => {
      ownAddress.current = text;
    },
    /** The operator dragged the pin: typed addresses no longer move it. */
    pinDragged: () => {
      asked.current++;
      setDragged(true);
      setStatus('idle');
    },
    /** The operator asked for the pin at the typed address: it follows the address again. */
    moveToAddress: () => {
      ownAddress.current = address;
      setDragged(false);
      void lookUp(address.trim());
    },
    reset,
  };
}

/** The geocoding adapter (CONTRIBUTING.md "Adapters (outside systems)": geocoding): Nominatim, or off. */
export interface Geocoder {
  readonly driver: 'nominatim' | 'off';
  /**
   * The postal address at a WGS84 position, or null when the service knows none there.
   * Throws `GeocodeUnavailable` when the service is off, unreachable, slow or failing.
   */
  reverse(lat: number, lng: number): Promise<string | null>;
}

/** The lookup could not be made; the caller keeps the address it had. */
export class GeocodeUnavailable extends Error {}

/** Longest wait for an answer, milliseconds: a lookup fails fast rather than hang a marker drag. */
export const GEOCODE_TIMEOUT_MS = 3000;
export const NOMINATIM_URL = 'https://nominatim.openstreetmap.org';

/** A geocoder that is switched off (offline installations): every lookup is unavailable. */
export const offGeocoder: Geocoder = {
  driver: 'off',
  async reverse() {
    throw new GeocodeUnavailable('geocoding is off');
  },
};

/**
 * The Nominatim driver: `GET {baseUrl}/reverse?format=jsonv2&lat=&lon=` with an identifying
 * User-Agent (Nominatim's usage policy), answering its `display_name`. Any network error, non-2xx
 * answer or a wait beyond `timeoutMs` throws `GeocodeUnavailable`.
 */
export function nominatimGeocoder(opts: {
  baseUrl: string;
  timeoutMs?: number;
  userAgent?: string;
}): Geocoder {
  const base = opts.baseUrl.replace(/\/$/, '');
  return {
    driver: 'nominatim',
    async reverse(lat, lng) {
      const url = `${base}/reverse?format=jsonv2&lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lng)}`;
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { 'user-agent': opts.userAgent ?? 'lockerops/1.0', accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODE_TIMEOUT_MS),
        });
      } catch (err) {
        throw new GeocodeUnavailable(err instanceof Error ? err.message : 'request failed');
      }
      if (!res.ok) throw new GeocodeUnavailable(`status ${res.status}`);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new GeocodeUnavailable('unreadable answer');
      }
      const name = (body as { display_name?: unknown })?.display_name;
      return typeof name === 'string' && name.trim() ? name.trim() : null;
    },
  };
}

/**
 * The geocoder of the configuration: `GEOCODE_URL=off` (or `none`) switches lookups off; another
 * value is the base URL of a Nominatim server; unset uses the public Nominatim.
 */
export function createGeocoder(geocodeUrl?: string): Geocoder {
  const url = geocodeUrl?.trim();
  if (url === 'off' || url === 'none') return offGeocoder;
  return nominatimGeocoder({ baseUrl: url || NOMINATIM_URL });
}

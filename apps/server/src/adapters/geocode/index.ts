import { GAZETTEER, normalizePlaceText } from './gazetteer';

/** A place an address was found at: its name as the service gives it and its WGS84 position. */
export interface GeocodePlace {
  label: string;
  lat: number;
  lng: number;
}

/** How many places a search answers at most, best first. */
export const GEOCODE_SEARCH_LIMIT = 5;

/**
 * The geocoding adapter (CONTRIBUTING.md "Adapters (outside systems)": geocoding): the built-in
 * gazetteer (no network), Nominatim, or off.
 */
export interface Geocoder {
  readonly driver: 'local' | 'nominatim' | 'off';
  /**
   * The places an address may be at, best first (at most `GEOCODE_SEARCH_LIMIT`), empty when none
   * is known. Throws `GeocodeUnavailable` when the service is off, unreachable, slow or failing.
   */
  search(address: string): Promise<GeocodePlace[]>;
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
  async search() {
    throw new GeocodeUnavailable('geocoding is off');
  },
};

/** Does the normalized `text` hold `name` as whole words? */
const holds = (text: string, name: string) => !!name && ` ${text} `.includes(` ${name} `);

/**
 * The local geocoder, for installations with no geocoding service: the address is matched against
 * the built-in gazetteer of major cities (`gazetteer.ts`), with no network and the same answer
 * every time. A place scores by the length of the city name found in the address as whole words
 * (accents and case ignored: "Zurich" finds "Zürich"), plus 100 when its country is named too; an
 * address naming only a country lands on its capital. The position is the city's centre, so the
 * operator drags the pin to the door's street. Reverse lookups answer null: the gazetteer knows no
 * street addresses, and the address typed stays.
 */
export const localGeocoder: Geocoder = {
  driver: 'local',
  async reverse() {
    return null;
  },
  async search(address) {
    const text = normalizePlaceText(address);
    if (!text) return [];
    const scored = GAZETTEER.map((place, order) => {
      const city = Math.max(0, ...place.names.filter((n) => holds(text, n)).map((n) => n.length));
      const country = place.countries.some((c) => holds(text, c)) ? 100 : 0;
      return { place, order, score: city ? city + country : 0, country };
    });
    let hits = scored.filter((s) => s.score > 0);
    if (!hits.length) {
      // only a country named: its capital, the first of its cities in the gazetteer
      const seen = new Set<string>();
      hits = scored.filter((s) => {
        const key = s.place.countries[0] ?? '';
        if (!s.country || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }
    return hits
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, GEOCODE_SEARCH_LIMIT)
      .map(({ place, score }) => ({
        label: score ? place.label : (place.label.split(', ')[1] ?? place.label),
        lat: place.lat,
        lng: place.lng,
      }));
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
  /** The JSON answer of `GET {base}{path}`, or `GeocodeUnavailable`. */
  const ask = async (path: string): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { 'user-agent': opts.userAgent ?? 'lockerops/1.0', accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODE_TIMEOUT_MS),
      });
    } catch (err) {
      throw new GeocodeUnavailable(err instanceof Error ? err.message : 'request failed');
    }
    if (!res.ok) throw new GeocodeUnavailable(`status ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new GeocodeUnavailable('unreadable answer');
    }
  };
  return {
    driver: 'nominatim',
    async reverse(lat, lng) {
      const body = await ask(
        `/reverse?format=jsonv2&lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lng)}`,
      );
      const name = (body as { display_name?: unknown })?.display_name;
      return typeof name === 'string' && name.trim() ? name.trim() : null;
    },
    async search(address) {
      const body = await ask(
        `/search?format=jsonv2&limit=${GEOCODE_SEARCH_LIMIT}&q=${encodeURIComponent(address)}`,
      );
      if (!Array.isArray(body)) throw new GeocodeUnavailable('unreadable answer');
      return body.flatMap((hit: { lat?: unknown; lon?: unknown; display_name?: unknown }) => {
        const lat = Number(hit?.lat);
        const lng = Number(hit?.lon);
        const label = typeof hit?.display_name === 'string' ? hit.display_name.trim() : '';
        const valid =
          Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
        return valid && label ? [{ label, lat, lng }] : [];
      });
    },
  };
}

/**
 * The geocoder of the configuration: unset (or `local`) uses the built-in gazetteer, which needs no
 * network; `GEOCODE_URL=off` (or `none`) switches lookups off; `nominatim` is the public Nominatim;
 * another value is the base URL of a Nominatim server.
 */
export function createGeocoder(geocodeUrl?: string): Geocoder {
  const url = geocodeUrl?.trim();
  if (!url || url === 'local') return localGeocoder;
  if (url === 'off' || url === 'none') return offGeocoder;
  return nominatimGeocoder({ baseUrl: url === 'nominatim' ? NOMINATIM_URL : url });
}

import type { customerAppEndpoints } from '@lockerops/contract';
import type { z } from 'zod';

/*
 * The customer's typed client for the contract's Lite App entries (`endpoints.customerApp`):
 * the request and answer types come from the entries; their methods and paths are repeated in
 * `ROUTES` below, checked against the entries by the compiler, so zod's schemas stay out of the
 * small bundle (the server validates every request). Same-origin: the app's session cookie goes
 * along.
 */

type Entries = (typeof customerAppEndpoints)['customerApp'];
export type EndpointName = keyof Entries;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type ResponseOf<E> = E extends { response: z.ZodType } ? z.output<E['response']> : undefined;

/** Each entry's method and path, exactly as the contract declares them (a drift fails `tsc`). */
const ROUTES = {
  config: ['GET', '/customer/:organization/config'],
  handover: ['POST', '/customer/:organization/handover'],
  handoverStart: ['POST', '/customer/:organization/handover/start'],
  requestCode: ['POST', '/customer/:organization/code'],
  signIn: ['POST', '/customer/:organization/session'],
  signOut: ['DELETE', '/customer/:organization/session'],
  me: ['GET', '/customer/:organization/me'],
  updateMe: ['PATCH', '/customer/:organization/me'],
  deleteMe: ['DELETE', '/customer/:organization/me'],
  locations: ['GET', '/customer/:organization/locations'],
  lockers: ['GET', '/customer/:organization/lockers'],
  startStorage: ['POST', '/customer/:organization/lockers'],
  openAgain: ['POST', '/customer/:organization/lockers/:id/open'],
  end: ['POST', '/customer/:organization/lockers/:id/end'],
  parcels: ['GET', '/customer/:organization/parcels'],
  openParcel: ['POST', '/customer/:organization/parcels/:id/open'],
  rentables: ['GET', '/customer/:organization/locations/:id/products'],
  conditions: ['GET', '/customer/:organization/conditions'],
  startRentals: ['POST', '/customer/:organization/rentals'],
  returnRental: ['POST', '/customer/:organization/rentals/:id/return'],
  photo: ['GET', '/customer/:organization/lockers/:id/photo'],
  receipt: ['GET', '/customer/:organization/lockers/:id/receipt'],
  reservations: ['GET', '/customer/:organization/reservations'],
  reserve: ['POST', '/customer/:organization/reservations'],
  hold: ['POST', '/customer/:organization/holds'],
  cancelReservation: ['DELETE', '/customer/:organization/reservations/:id'],
} as const satisfies { [K in EndpointName]: readonly [Entries[K]['method'], Entries[K]['path']] };

/** What a call sends: the entry's path parameters, query and JSON body, and an idempotency key. */
export type CallArgs<K extends EndpointName> = {
  params: Input<Entries[K]['params']>;
  query?: Entries[K] extends { query: z.ZodType } ? z.input<Entries[K]['query']> : undefined;
  body?: Entries[K] extends { body: z.ZodType } ? z.input<Entries[K]['body']> : undefined;
  /** `Idempotency-Key`: a retried write is answered once (one door opened, one charge). */
  idempotencyKey?: string;
  /** Extra request headers (the language the code's message is written in). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON (a photo with its fields). */
  form?: FormData;
};

/** A refused call: the HTTP status (0: no network) and the server's `detail`. */
export interface ApiFailure {
  status: number;
  detail: string;
}

export const isApiFailure = (e: unknown): e is ApiFailure =>
  typeof e === 'object' && e !== null && 'status' in e && 'detail' in e;

/** The entry's path with its `:name` parameters filled in, under `/api`. */
export function urlOf(
  path: string,
  params: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(String(params[k])));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const q = qs.toString();
  return `/api${filled}${q ? `?${q}` : ''}`;
}

let readsOnly = false;
/** From now on every call but a read is refused before it leaves (403): the customizer's preview. */
export const readOnly = (): void => {
  readsOnly = true;
};

/** Calls the entry `name`; answers its typed JSON, or throws an `ApiFailure`. */
export async function call<K extends EndpointName>(
  name: K,
  args: CallArgs<K>,
): Promise<ResponseOf<Entries[K]>> {
  const [method, path] = ROUTES[name];
  if (readsOnly && method !== 'GET') throw { status: 403, detail: '' } satisfies ApiFailure;
  const headers: Record<string, string> = { accept: 'application/json', ...args.headers };
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(
      urlOf(path, args.params as Record<string, unknown>, args.query as Record<string, unknown> | undefined),
      {
        method,
        headers,
        body: args.form ?? (args.body === undefined ? undefined : JSON.stringify(args.body)),
        credentials: 'same-origin',
      },
    );
  } catch {
    throw { status: 0, detail: '' } satisfies ApiFailure;
  }
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const detail = (json as { detail?: unknown } | undefined)?.detail;
    throw { status: res.status, detail: typeof detail === 'string' ? detail : '' } satisfies ApiFailure;
  }
  return json as ResponseOf<Entries[K]>;
}

/** A fresh idempotency key for one customer action (kept across its retries). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

import type { kiosksEndpoints } from '@lockerops/contract';
import type { z } from 'zod';
import type { ApiFailure } from '../shared/api';

/*
 * The kiosk's typed client for the contract's screen entries (`endpoints.kiosk`): types from the
 * entries, methods and paths repeated in `ROUTES` and checked by the compiler (no zod in the
 * bundle). The kiosk token rides in `X-Kiosk-Token`; a write carries an idempotency key that stays
 * the same across its retries, so a door never opens twice for one tap.
 */

type Entries = (typeof kiosksEndpoints)['kiosk'];
type Name = keyof Entries;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Body<K extends Name> = Entries[K] extends { body: z.ZodType } ? z.input<Entries[K]['body']> : undefined;
type Query<K extends Name> = Entries[K] extends { query: z.ZodType }
  ? z.input<Entries[K]['query']>
  : undefined;

const ROUTES = {
  pair: ['POST', '/kiosk/pair'],
  state: ['GET', '/kiosk/state'],
  pickup: ['POST', '/kiosk/pickup'],
  courierSession: ['POST', '/kiosk/courier/session'],
  drop: ['POST', '/kiosk/courier/drops'],
  parcel: ['GET', '/kiosk/courier/parcel'],
  recipients: ['GET', '/kiosk/courier/recipients'],
  report: ['POST', '/kiosk/doors/:id/report'],
  customerCode: ['POST', '/kiosk/customer/code'],
  customerSession: ['POST', '/kiosk/customer/session'],
  storage: ['GET', '/kiosk/storage'],
  storageStart: ['POST', '/kiosk/storage'],
  storageHold: ['POST', '/kiosk/storage/holds'],
  holdState: ['GET', '/kiosk/storage/holds/:id'],
  holdCancel: ['DELETE', '/kiosk/storage/holds/:id'],
  storageEnd: ['POST', '/kiosk/storage/:id/end'],
} as const satisfies { [K in Name]: readonly [Entries[K]['method'], Entries[K]['path']] };

const TOKEN_KEY = 'lockerops.kiosk.token';
/** The screen's kiosk token, kept on the tablet across reloads. */
export const savedToken = () => globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
export const saveToken = (token: string | null) =>
  token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY);

/** The app's version, sent with each call so the console lists it. */
export const KIOSK_VERSION = '1.0.0';

export interface KioskCall<K extends Name> {
  body?: Body<K>;
  query?: Query<K>;
  id?: string;
  courier?: string;
  /** the walk-up customer's session at this screen (storage) */
  customer?: string;
  /** a write's key: the same on each retry of one tap */
  idempotencyKey?: string;
  /** called while the network is down, before each retry */
  onOffline?: (offline: boolean) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls the screen's entry `name`; answers its JSON or throws an `ApiFailure`. While the network
 * is down (no answer, or 502/503/504 from a proxy), it retries with the same idempotency key every
 * two seconds, up to a minute, telling `onOffline`.
 */
export async function kioskCall<K extends Name>(
  name: K,
  args: KioskCall<K> = {},
): Promise<Output<Entries[K]['response']>> {
  const [method, path] = ROUTES[name];
  const headers: Record<string, string> = { accept: 'application/json', 'x-kiosk-version': KIOSK_VERSION };
  const token = savedToken();
  if (token) headers['x-kiosk-token'] = token;
  if (args.courier) headers['x-courier-session'] = args.courier;
  if (args.customer) headers['x-kiosk-customer'] = args.customer;
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
  const search = args.query ? `?${new URLSearchParams(args.query as Record<string, string>)}` : '';
  const url = `/api${path.replace(':id', encodeURIComponent(args.id ?? ''))}${search}`;
  for (let attempt = 0; ; attempt++) {
    let res: Response | undefined;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: args.body === undefined ? undefined : JSON.stringify(args.body),
      });
    } catch {
      res = undefined;
    }
    // a write without a key is never retried: it could open a door twice
    const retry =
      (!res || res.status === 503 || res.status === 504) && (method === 'GET' || !!args.idempotencyKey);
    if (retry && attempt < 30) {
      args.onOffline?.(true);
      await sleep(2000);
      continue;
    }
    if (!res) throw { status: 0, detail: '' } satisfies ApiFailure;
    args.onOffline?.(false);
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      const detail = (json as { detail?: unknown } | undefined)?.detail;
      throw { status: res.status, detail: typeof detail === 'string' ? detail : '' } satisfies ApiFailure;
    }
    return json as Output<Entries[K]['response']>;
  }
}

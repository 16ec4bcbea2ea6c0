import { COOKIE_SESSION, type Endpoint, SESSION_HEADER, ZTokensResponse } from '@lockerops/contract';
import type { z } from 'zod';
import { ApiError, NetworkError, SessionExpiredError } from './errors';
import { sessionStore, signedInUser } from './session';

export const API_BASE = '/api';

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or a FormData sent as multipart */
  body?: unknown;
  query?: Query;
  /** validates the answer; without it the JSON is returned as T unchecked */
  schema?: z.ZodType<T>;
  /** false for the calls made before sign-in (no bearer token, no refresh, no session expiry) */
  auth?: boolean;
  /** extra request headers (the identity calls add `X-Session: cookie`) */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The header by which the console asks the identity calls for a cookie session. */
export const COOKIE_SESSION_HEADERS: Record<string, string> = { [SESSION_HEADER]: COOKIE_SESSION };

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    // same-origin: the refresh cookie goes to /api/auth and comes back from it, never elsewhere
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
}

/** How a refresh ended: a new id token, no session (401/403), or no answer (network, 5xx). */
export type RefreshOutcome = 'refreshed' | 'signed-out' | 'failed';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Obtains a new id token with the refresh cookie (`POST auth/refresh`, `X-Session: cookie`; the
 * server rotates the cookie). One refresh at a time: concurrent 401s wait for the same rotation.
 * A sign-in or sign-out made meanwhile wins over the answer (`sessionStore.refreshed`).
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!refreshing) {
    const since = sessionStore.generation();
    refreshing = (async (): Promise<RefreshOutcome> => {
      try {
        const res = await send(buildUrl('auth/refresh'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...COOKIE_SESSION_HEADERS },
          body: '{}',
        });
        if (res.status === 400 || res.status === 401 || res.status === 403) return 'signed-out';
        if (!res.ok) return 'failed';
        const parsed = ZTokensResponse.safeParse(await parseBody(res));
        if (!parsed.success) return 'failed';
        sessionStore.refreshed(parsed.data, since);
        return since === sessionStore.generation() ? 'refreshed' : 'signed-out';
      } catch {
        return 'failed';
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** Waits for a refresh in flight, if any (a sign-in must not be overtaken by an older rotation). */
export async function settleRefresh(): Promise<void> {
  await refreshing;
}

/**
 * At start (main.tsx): the id token lives in memory only, so a loaded console asks the refresh
 * cookie for a session; the guard waits meanwhile. Without a session (no cookie, revoked, expired)
 * the user is forgotten and the guard sends the visitor to /auth/login. Answers whether a session
 * was restored.
 */
export async function restoreSession(): Promise<boolean> {
  const since = sessionStore.generation();
  sessionStore.restoring(true, since);
  const outcome = await refreshSession();
  if (outcome !== 'refreshed') sessionStore.restoring(false, since, outcome === 'signed-out');
  return outcome === 'refreshed';
}

/** Renews the id token this long before it expires, instead of waiting for a 401. */
const RENEW_BEFORE_MS = 10_000;

/**
 * The authenticated call behind apiRequest and apiDownload: bearer id token, one refresh and one
 * retry on 401, then SessionExpiredError. Returns the raw Response when it is ok; otherwise throws
 * ApiError (status + parsed body) or NetworkError.
 */
async function authorizedResponse(url: string, options: Omit<RequestOptions<unknown>, 'query' | 'schema'>) {
  const { method = 'GET', body, auth = true, signal } = options;
  if (auth) {
    // a refresh in flight (the start-up one, another call's 401) brings the token this call needs;
    // a signed-in tab without a live id token gets one from the cookie first
    await settleRefresh();
    const s = sessionStore.get();
    if (signedInUser(s) && (!s.idToken || s.idToken.expiresAt - RENEW_BEFORE_MS < Date.now())) {
      await refreshSession();
    }
  }
  const attempt = () => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const token = sessionStore.get().idToken?.token;
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    return send(url, { method, headers, body: payload, signal });
  };

  let res = await attempt();
  if (res.status === 401 && auth) {
    if ((await refreshSession()) === 'refreshed') res = await attempt();
    if (res.status === 401) {
      sessionStore.expire();
      throw new SessionExpiredError();
    }
  }
  if (!res.ok) throw new ApiError(res.status, await parseBody(res));
  return res;
}

/**
 * The typed client of the partner API. Authenticated calls carry the bearer id token (memory only);
 * a 401 triggers one refresh from the cookie and one retry, after which the session is expired
 * (spec console §4, §8) and a SessionExpiredError is thrown. Other failures throw ApiError (status + JSON body) or NetworkError.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { query, schema, ...rest } = options;
  const res = await authorizedResponse(buildUrl(path, query), rest);
  const data = await parseBody(res);
  if (!schema) return data as T;
  return schema.parse(data);
}

/** `{ id: string }` for `/sizes/:id`: the path parameters of an endpoint's path. */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? { [k in K]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? { [k in K]: string }
    : Record<never, never>;

type Schema<E extends Endpoint, K extends 'query' | 'body' | 'response'> = E[K] extends z.ZodType
  ? E[K]
  : never;

/** What a call of endpoint E takes: its path parameters, query and body, typed from the map. */
export type CallOptions<E extends Endpoint, T = unknown> = (keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  ([Schema<E, 'body'>] extends [never]
    ? { body?: E['multipart'] extends true ? FormData : unknown }
    : { body: z.input<Schema<E, 'body'>> | FormData }) & {
    query?: [Schema<E, 'query'>] extends [never] ? Query : z.input<Schema<E, 'query'>> & Query;
    /** validates the answer with this schema instead of the endpoint's (a narrower view) */
    schema?: z.ZodType<T>;
    auth?: boolean;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** The JSON body endpoint E takes (its request schema's input). */
export type CallBody<E extends Endpoint> = z.input<Schema<E, 'body'>>;

/** The answer of endpoint E (unknown when the map does not describe it). */
export type CallResult<E extends Endpoint> = [Schema<E, 'response'>] extends [never]
  ? unknown
  : z.output<Schema<E, 'response'>>;

type Args<E extends Endpoint, T> =
  object extends CallOptions<E, T> ? [CallOptions<E, T>?] : [CallOptions<E, T>];

/** `/sizes/:id` with `{ id }` → `sizes/<id>` (each value URI-encoded). */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k} of ${path}`);
    return encodeURIComponent(v);
  });
}

/**
 * Calls one endpoint of the map (`endpoints.<area>.<name>` of @lockerops/contract): method and
 * path from the entry, path parameters, query and body typed from its schemas, the answer
 * validated with its response schema (or `schema`). Same authentication and errors as apiRequest.
 */
export async function apiCall<E extends Endpoint, T = CallResult<E>>(
  endpoint: E,
  ...args: Args<E, T>
): Promise<T> {
  const { params, query, body, schema, auth, headers, signal } = (args[0] ?? {}) as CallOptions<
    Endpoint,
    T
  > & {
    params?: Record<string, string>;
  };
  const res = await authorizedResponse(buildUrl(pathOf(endpoint.path, params), query as Query), {
    method: endpoint.method,
    body,
    auth,
    headers,
    signal,
  });
  const data = await parseBody(res);
  const check = schema ?? endpoint.response;
  return (check ? check.parse(data) : data) as T;
}

/** A file answer of an endpoint of the map (CSV export, report download). */
export function apiFile<E extends Endpoint>(
  endpoint: E,
  options: { params?: Record<string, string>; query?: Query; signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  return apiDownload(pathOf(endpoint.path, options.params), options);
}

/**
 * The calls behind a list screen (`endpoints.<area>` of a list area, or a part of one): its list
 * and, where the area has them, bulk delete, CSV export and CSV upload.
 */
export interface ListCalls {
  list: Endpoint;
  remove?: Endpoint;
  export?: Endpoint;
  upload?: Endpoint;
}

/** A downloaded file: its bytes, the name from Content-Disposition (if any) and the response headers. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
  headers: Headers;
}

/** `filename="x.csv"` or `filename*=UTF-8''x.csv` of a Content-Disposition header. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ? plain[1].trim() : null;
}

/** A GET answered by a file (CSV export, report download); same auth and errors as apiRequest. */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions<unknown>, 'query' | 'signal'> = {},
): Promise<DownloadedFile> {
  const res = await authorizedResponse(buildUrl(path, options.query), { signal: options.signal });
  return {
    blob: await res.blob(),
    filename: filenameFromDisposition(res.headers.get('Content-Disposition')),
    headers: res.headers,
  };
}

import { ZTokensResponse } from '@lockerops/contract';
import type { z } from 'zod';
import { ApiError, NetworkError, SessionExpiredError } from './errors';
import { sessionStore } from './session';

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
  signal?: AbortSignal;
}

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
    return await fetch(url, init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same rotation (refresh tokens are single-use). */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = sessionStore.get().tokens?.refresh_token;
      if (!refreshToken) return false;
      try {
        const res = await send(buildUrl('auth/refresh'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        if (!res.ok) return false;
        const parsed = ZTokensResponse.safeParse(await parseBody(res));
        if (!parsed.success) return false;
        sessionStore.refreshed(parsed.data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * The typed client of the partner API. Authenticated calls carry the bearer id token; a 401 triggers
 * one refresh and one retry, after which the session is expired (spec console §4, §8) and a
 * SessionExpiredError is thrown. Other failures throw ApiError (status + JSON body) or NetworkError.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, auth = true, signal } = options;
  const url = buildUrl(path, query);

  const attempt = () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const token = sessionStore.get().tokens?.id_token;
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    return send(url, { method, headers, body: payload, signal });
  };

  let res = await attempt();
  if (res.status === 401 && auth) {
    if (await refreshSession()) res = await attempt();
    if (res.status === 401) {
      sessionStore.expire();
      throw new SessionExpiredError();
    }
  }
  const data = await parseBody(res);
  if (!res.ok) throw new ApiError(res.status, data);
  if (!schema) return data as T;
  return schema.parse(data);
}

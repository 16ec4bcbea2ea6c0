import { COOKIE_SESSION, SESSION_HEADER, type TTokensResponse } from '@lockerops/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the console's refresh-token cookie. */
export const REFRESH_COOKIE = 'refresh_token';

/**
 * The paths the cookie is sent to: the identity calls (refresh, sign-out) and the one profile call
 * that takes a refresh token (`POST members/change-password`, spec console §7). A cookie has one
 * path, so the same token is set once per path; nothing else under /api ever sees it.
 */
export const REFRESH_COOKIE_PATHS = ['/api/auth', '/api/members/change-password'] as const;

/** True when the request asked for a cookie session with `X-Session: cookie` (the console). */
export const wantsCookieSession = (req: FastifyRequest): boolean =>
  req.headers[SESSION_HEADER.toLowerCase()] === COOKIE_SESSION;

/** The refresh token of the cookie, if the browser sent one. */
export const refreshCookieOf = (req: FastifyRequest): string | undefined =>
  req.cookies[REFRESH_COOKIE] || undefined;

export interface CookieOptions {
  /** Secure attribute: set when the console is served over https (PUBLIC_URL). */
  secure: boolean;
  /** Max-Age in seconds: the refresh token's lifetime. */
  maxAge: number;
}

/**
 * Sets the refresh-token cookie on every path of `REFRESH_COOKIE_PATHS`: httpOnly (no script reads
 * it), SameSite=Strict (no other site's page sends it), Secure over https, Max-Age the token's
 * lifetime.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, opts: CookieOptions): void {
  for (const path of REFRESH_COOKIE_PATHS) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path,
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secure,
      maxAge: opts.maxAge,
    });
  }
}

/** Expires the refresh-token cookie on every path (sign-out). */
export function clearRefreshCookie(reply: FastifyReply, opts: Pick<CookieOptions, 'secure'>): void {
  for (const path of REFRESH_COOKIE_PATHS) {
    reply.clearCookie(REFRESH_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: opts.secure });
  }
}

/**
 * The answer of a call that opens or rotates a session. In cookie mode the refresh token goes into
 * the cookie and leaves the body; otherwise (partners) the body carries both tokens as always.
 */
export function answerTokens(
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: TTokensResponse,
  opts: CookieOptions,
): TTokensResponse {
  if (!wantsCookieSession(req) || !tokens.refresh_token) return tokens;
  const { refresh_token, ...rest } = tokens;
  setRefreshCookie(reply, refresh_token, opts);
  return rest;
}

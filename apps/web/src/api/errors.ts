import { MSG } from '@lockerops/contract';

/** A failed HTTP call: the status and the parsed JSON body (or null when the body was not JSON). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(formatErrorDetail(body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** fetch itself failed (offline, DNS, refused connection); `reason` is the browser's message. */
export class NetworkError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`${MSG.networkError} ${reason}`.trim());
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

/** The session could not be renewed (refresh failed or a retried call answered 401 again). */
export class SessionExpiredError extends Error {
  constructor() {
    super(MSG.sessionExpired);
    this.name = 'SessionExpiredError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const itemText = (item: unknown): string => {
  if (typeof item === 'string') return item;
  if (isRecord(item) && typeof item.msg === 'string') return item.msg;
  return JSON.stringify(item);
};

/**
 * Detail formatting of spec console §8: a list joins its messages; a string is used as is; an object
 * with a detail field is stringified; anything else gives the 'unexpected error' text.
 * `body` is the parsed JSON of an error answer, `{ detail: string | string[] }` on this API.
 */
export function formatErrorDetail(body: unknown): string {
  if (!isRecord(body) || !('detail' in body)) return MSG.unexpectedError;
  const { detail } = body;
  if (Array.isArray(detail)) return detail.length ? detail.map(itemText).join(', ') : MSG.unexpectedError;
  if (typeof detail === 'string') return detail || MSG.unexpectedError;
  if (isRecord(detail)) return JSON.stringify(detail);
  return MSG.unexpectedError;
}

/**
 * The text a failed call shows (spec console §8): 'Something went wrong! ' plus the formatted detail;
 * status 500 shows 'Server error'; a network failure shows its text plus the reason; a session
 * failure shows the session-expired text. Anything unknown gives the 'unexpected error' text.
 */
export function formatApiError(error: unknown): string {
  if (error instanceof SessionExpiredError) return MSG.sessionExpired;
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 500) return MSG.serverError;
    const detail = formatErrorDetail(error.body);
    return detail === MSG.unexpectedError ? detail : `${MSG.somethingWentWrong}${detail}`;
  }
  return MSG.unexpectedError;
}

/** The bare server detail, for the sign-in screens that show the identity service's own words. */
export function errorDetailText(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 500 ? MSG.serverError : formatErrorDetail(error.body);
  return formatApiError(error);
}

import { MSG } from '@lockerops/contract';
import { translateDetail, translateMessage } from '../i18n/messages';

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
    super(`${translateMessage(MSG.networkError)} ${reason}`.trim());
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

/** The session could not be renewed (refresh failed or a retried call answered 401 again). */
export class SessionExpiredError extends Error {
  constructor() {
    super(translateMessage(MSG.sessionExpired));
    this.name = 'SessionExpiredError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const itemText = (item: unknown): string => {
  if (typeof item === 'string') return translateMessage(item);
  if (isRecord(item) && typeof item.msg === 'string') return translateMessage(item.msg);
  return JSON.stringify(item);
};
const unexpected = () => translateMessage(MSG.unexpectedError);

/**
 * Detail formatting of spec console §8: a list joins its messages; a string is used as is; an object
 * with a detail field is stringified; anything else gives the 'unexpected error' text.
 * `body` is the parsed JSON of an error answer, `{ detail: string | string[], code, params, codes }`
 * on this API: each text is shown in the console's language by its code, else as it came.
 */
export function formatErrorDetail(body: unknown): string {
  if (!isRecord(body) || !('detail' in body)) return unexpected();
  const { detail } = body;
  if (Array.isArray(detail)) {
    if (!detail.length) return unexpected();
    if (detail.every((d) => typeof d === 'string')) return translateDetail({ ...body, detail }).join(', ');
    return detail.map(itemText).join(', ');
  }
  if (typeof detail === 'string')
    return detail ? (translateDetail({ ...body, detail })[0] ?? detail) : unexpected();
  if (isRecord(detail)) return JSON.stringify(detail);
  return unexpected();
}

/**
 * The text a failed call shows (spec console §8): 'Something went wrong! ' plus the formatted detail;
 * status 500 shows 'Server error'; a network failure shows its text plus the reason; a session
 * failure shows the session-expired text. Anything unknown gives the 'unexpected error' text.
 */
export function formatApiError(error: unknown): string {
  if (error instanceof SessionExpiredError) return translateMessage(MSG.sessionExpired);
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 500) return translateMessage(MSG.serverError);
    const detail = formatErrorDetail(error.body);
    return detail === unexpected() ? detail : `${translateMessage(MSG.somethingWentWrong)}${detail}`;
  }
  return unexpected();
}

/** The bare server detail, for the sign-in screens that show the identity service's own words. */
export function errorDetailText(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 500 ? translateMessage(MSG.serverError) : formatErrorDetail(error.body);
  return formatApiError(error);
}

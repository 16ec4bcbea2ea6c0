import { ZErrorResponse } from '@lockerops/contract';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `detail` holds the spec message(s)',
  401: 'No session, or an expired or revoked one',
  403: 'The role or a feature flag does not allow this',
  404: 'Not found, or owned by another organization',
  409: 'Conflict: a duplicate, or a state that forbids the action',
  413: 'Too large',
  429: 'Too many requests',
};

/** Response schemas of the error statuses a route may answer, for the OpenAPI document. */
export function errors(...codes: number[]) {
  return Object.fromEntries(
    codes.map((c) => [c, ZErrorResponse.describe(DESCRIPTIONS[c] ?? 'Error')]),
  ) as Record<number, typeof ZErrorResponse>;
}

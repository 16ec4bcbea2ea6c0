import type { TApiKeyScope } from '@lockerops/contract';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One allowed operation: methods and the route path under `/api` (Fastify's pattern, `:id`). */
type Rule = readonly [methods: readonly Method[] | '*', pattern: RegExp];

const READ = ['GET'] as const;

/**
 * What each API-key scope may call; anything not listed answers 403 (default deny, so a new
 * endpoint is closed to keys until it is added here). The partner/kiosk key drives transactions
 * and reservations, looks up users, reads what a kiosk shows and unlocks devices of its own
 * organization; it never manages members, settings, organizations, white-label, webhooks or keys,
 * and never uses the console's bulk tools (bulk end or delete, exports, CSV uploads) or refunds.
 */
export const API_KEY_SCOPE_RULES: Record<TApiKeyScope, readonly Rule[]> = {
  partner: [
    // transactions: the lists and logs, start, the life-cycle steps, payment, shares and codes —
    // not the console's bulk end and export, nor refunds and penalties (an operator's decisions):
    // a key sits in kiosks and apps, where it can be lifted, so it cannot pull every customer's
    // record or move money back
    [READ, /^\/events(\/statuses|\/:id)?$/],
    [['POST'], /^\/events\/(storage|rental|service|vending)$/],
    [['POST'], /^\/events\/:id\/(return|pickup|payment|resend-code|share)$/],
    [['PATCH'], /^\/events\/:id\/(service|cancel)$/],
    ['*', /^\/event\/.*$/],
    ['*', /^\/delivery\/.*$/],
    [READ, /^\/events_by_user\/[^/]+$/],
    [READ, /^\/event-logs\/[^/]+$/],
    // reservations one at a time — not the console's bulk delete, export and upload
    [READ, /^\/reservations(\/:id|\/:tracking\/check-uniqueness)?$/],
    [['POST'], /^\/reservations$/],
    [['PUT'], /^\/reservations\/:id$/],
    [READ, /^\/reservation-settings$/],
    // users: look-ups only
    [READ, /^\/users(\/search|\/:id)?$/],
    // devices: read and unlock
    [READ, /^\/devices(\/:id(\/lock-status)?)?$/],
    [['PATCH'], /^\/devices\/unlock$/],
    [['PATCH'], /^\/location\/:id\/unlock$/],
    [READ, /^\/device-logs\/[^/]+$/],
    // what a kiosk shows
    [READ, /^\/locations(\/:id(\/devices|\/sizes)?)?$/],
    [READ, /^\/sizes(\/:id)?$/],
    [READ, /^\/prices(\/:id)?$/],
    [READ, /^\/conditions(\/:id)?$/],
    [READ, /^\/products(\/:id)?$/],
    [READ, /^\/types\/.*$/],
    [READ, /^\/files\/.*$/],
    [READ, /^\/organizations\/self$/],
  ],
};

/**
 * True when a key of `scope` may call `method` on the route `url` (Fastify's route pattern, with
 * or without the `/api` prefix).
 */
export function apiKeyMayCall(scope: TApiKeyScope, method: string, url: string): boolean {
  const path = url.replace(/^\/api(?=\/)/, '');
  const m = (method === 'HEAD' ? 'GET' : method) as Method;
  return API_KEY_SCOPE_RULES[scope].some(
    ([methods, pattern]) => (methods === '*' || methods.includes(m)) && pattern.test(path),
  );
}

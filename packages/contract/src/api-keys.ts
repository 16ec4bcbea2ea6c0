import { z } from 'zod';

/** What a key may call. `partner`: the partner/kiosk key (the default, and today the only scope). */
export const ZApiKeyScope = z.enum(['partner']);
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

/** The scopes as the console describes them. */
export const API_KEY_SCOPES: Record<TApiKeyScope, { label: string; description: string }> = {
  partner: {
    label: 'Partner / kiosk',
    description:
      'Drives transactions and reservations, looks up users, reads locations, sizes and devices and unlocks devices of this organization. It cannot manage team members, settings, organizations or API keys, refund or penalize, nor use the bulk tools (bulk end or delete, exports, CSV uploads).',
  },
};

/**
 * One API key of an organization as listed (spec console §3 "API key"): never the key itself,
 * which is shown once, when it is generated or rotated. `prefix` is its first characters.
 */
export const ZApiKey = z.object({
  id: z.uuid(),
  prefix: z.string(),
  scope: ZApiKeyScope,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The answer of generating or rotating a key: the only time `key` is shown. */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyList = z.array(ZApiKey);
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** The header a partner sends its key in. */
export const API_KEY_HEADER = 'X-API-Key';

export const API_KEY_MESSAGES = {
  generated: 'API key has been generated.',
  none: 'No API Key found. Please generate one.',
  copied: 'Copied!',
  /** Our text (the spec names none): a second key is refused. */
  exists: 'An API key already exists for this organization.',
  /** Our texts for the key's life cycle. */
  shownOnce: 'Copy the key now: it is shown only once. Only its first characters are kept for display.',
  revoked: 'API key has been revoked.',
  rotated: 'API key has been rotated. The previous key no longer works.',
  notFound: 'API key not found',
  outOfScope: 'This API key may not call this operation.',
} as const;

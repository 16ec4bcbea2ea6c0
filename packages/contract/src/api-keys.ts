import { z } from 'zod';

/** One API key of an organization (spec console §3 "API key"): the console shows the first `key`. */
export const ZApiKey = z.object({
  id: z.uuid(),
  key: z.string(),
  created_at: z.string(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

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
} as const;

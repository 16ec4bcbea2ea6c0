import { messageLanguage, type TLanguage } from '@lockerops/contract';
import type { DbOrTx } from '../../db/client';
import { defaultLanguageOf, defaultLanguagesOf } from './queries';

/**
 * The one decision of every e-mail and SMS the product writes (README "Languages"): the
 * recipient's own language (a team member's saved one, a customer's page language) when there is
 * one, else the organization's default language (settings' `default_language`), else English
 * (`messageLanguage` of the contract). Its statements are in `queries.ts`.
 */

/**
 * The language of a message of `organizationId` to a person whose own language is `own` (null or
 * undefined: none). Reads the organization's default only when it is needed.
 */
export async function recipientLanguage({
  tx,
  organizationId,
  own,
}: {
  tx: DbOrTx;
  organizationId: string;
  own?: string | null;
}): Promise<TLanguage> {
  const chosen = messageLanguage(own, undefined);
  if (chosen === own) return chosen;
  return messageLanguage(own, await defaultLanguageOf({ tx, organizationId }));
}

/**
 * The organization's default language for messages to people with none of their own (English when
 * it has no settings).
 */
export async function organizationLanguage({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TLanguage> {
  return messageLanguage(null, await defaultLanguageOf({ tx, organizationId }));
}

/**
 * For a batch of messages over many organizations (a job): a function answering the language of a
 * message of `organizationId` to a person whose own language is `own`, after one statement reading
 * every organization's default.
 */
export async function recipientLanguages({
  tx,
  organizationIds,
}: {
  tx: DbOrTx;
  organizationIds: readonly string[];
}): Promise<(organizationId: string, own?: string | null) => TLanguage> {
  const defaults = await defaultLanguagesOf({ tx, organizationIds });
  return (organizationId, own) => messageLanguage(own, defaults.get(organizationId));
}

/**
 * The statements behind a message's language (`lib/message-language`): the organization's default
 * language from its settings. Each names the organization in its `where`.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { settingOf } from '../queries/settings';

/** The organization's `default_language` (settings); undefined for an organization without settings. */
export async function defaultLanguageOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<string | undefined> {
  return settingOf({ tx, organizationId, column: settings.defaultLanguage });
}

/**
 * The `default_language` of each of `organizationIds`, by organization id; organizations without
 * settings are left out. One statement for a batch (a job's sweep over many organizations).
 */
export async function defaultLanguagesOf({
  tx,
  organizationIds,
}: {
  tx: DbOrTx;
  organizationIds: readonly string[];
}): Promise<Map<string, string>> {
  if (!organizationIds.length) return new Map();
  const rows = await tx
    .select({ org: settings.organizationId, language: settings.defaultLanguage })
    .from(settings)
    .where(inArray(settings.organizationId, [...new Set(organizationIds)]));
  return new Map(rows.map((r) => [r.org, r.language]));
}

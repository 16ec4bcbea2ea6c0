import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { members } from '../../../db/schema';
import type { DeliveryRow } from '../queries';

/**
 * The saved language of the team members a batch of deliveries mails (`kind` member), by
 * organization and lower-cased address (`${organizationId} ${email}`); members without one are left
 * out. One query for the batch; runs as the job runner (every organization).
 */
export async function memberLanguages({
  db,
  deliveries,
}: {
  db: DbOrTx;
  deliveries: Pick<DeliveryRow, 'organizationId' | 'recipient' | 'kind' | 'channel'>[];
}): Promise<Map<string, string>> {
  const mail = deliveries.filter((d) => d.kind === 'member' && d.channel === 'email');
  if (!mail.length) return new Map();
  const email = sql<string>`lower(${members.email})`;
  const rows = await db
    .select({ org: members.organizationId, email, language: members.language })
    .from(members)
    .where(
      and(
        inArray(members.organizationId, [...new Set(mail.map((d) => d.organizationId))]),
        inArray(email, [...new Set(mail.map((d) => d.recipient.toLowerCase()))]),
      ),
    );
  return new Map(rows.filter((r) => r.language).map((r) => [`${r.org} ${r.email}`, r.language!]));
}

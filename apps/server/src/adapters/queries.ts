/**
 * The adapters' statements: the offline outboxes of mail and SMS, and the brand a mail's layout
 * reads. Run on the owner handle `db` (the outboxes are no tenant's rows; the brand is read by id).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, organizations, smsOutbox } from '../db/schema';

/** Records one e-mail in the outbox (`driver` 'outbox' keeps the body, a delivered one none). */
export const insertMailOutbox = ({ db, row }: { db: Db; row: typeof mailOutbox.$inferInsert }) =>
  db.insert(mailOutbox).values(row);

/** Records one SMS in the outbox (`driver` 'outbox' keeps the body, a delivered one none). */
export const insertSmsOutbox = ({ db, row }: { db: Db; row: typeof smsOutbox.$inferInsert }) =>
  db.insert(smsOutbox).values(row);

/** An organization's display names, logo address and colours; undefined for an unknown id. */
export async function brandRowOf({ db, organizationId }: { db: Db; organizationId: string }) {
  const [org] = await db
    .select({
      name: organizations.name,
      appName: organizations.appName,
      logo: organizations.appLogo,
      primary: organizations.primaryColor,
      secondary: organizations.secondaryColor,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { locations, members, organizations, reportDeliveries, reports, settings } from '../../db/schema';

export type ReportRow = typeof reports.$inferSelect;
export type ReportDeliveryRow = typeof reportDeliveries.$inferSelect;

/** The team members of the organization among `ids`: id, e-mail, names, enabled. */
export async function memberRowsOf({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids: readonly string[];
}) {
  if (!ids.length) return [];
  return tx
    .select({
      id: members.id,
      email: members.email,
      name: members.name,
      firstName: members.firstName,
      lastName: members.lastName,
      enabled: members.enabled,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, [...ids])));
}

/** Every report of the organization. */
export function reportsOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<ReportRow[]> {
  return tx.select().from(reports).where(eq(reports.organizationId, organizationId));
}

/** Sets when the organization's report `id` is next due. */
export async function setNextDue({
  tx,
  organizationId,
  id,
  nextDueAt,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  nextDueAt: Date | null;
}): Promise<void> {
  await tx
    .update(reports)
    .set({ nextDueAt })
    .where(and(eq(reports.id, id), eq(reports.organizationId, organizationId)));
}

// ——— the sending job: it works across organizations on the owner's handle ———

/** Up to `batch` reports due at `now`, oldest first, locked (`FOR UPDATE SKIP LOCKED`). */
export async function lockDueReports({ tx, now, batch }: { tx: DbOrTx; now: Date; batch: number }) {
  // tenant: every organization — the sending job takes the reports due, whatever their organization
  return (await tx
    .select()
    .from(reports)
    .where(lte(reports.nextDueAt, now))
    .orderBy(reports.nextDueAt)
    .limit(batch)
    .for('update', { skipLocked: true })) as ReportRow[];
}

/** Queues one mail of a report's send per recipient (a repeat is a no-op); answers how many were new. */
export async function queueReportMails({
  tx,
  organizationId,
  reportId,
  dueAt,
  to,
}: {
  tx: DbOrTx;
  organizationId: string;
  reportId: string;
  dueAt: Date;
  to: { id: string; email: string }[];
}): Promise<number> {
  if (!to.length) return 0;
  const rows = await tx
    .insert(reportDeliveries)
    .values(
      to.map((m) => ({
        organizationId,
        reportId,
        dueAt,
        memberId: m.id,
        recipient: m.email,
        sendAfter: dueAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: reportDeliveries.id });
  return rows.length;
}

/** Puts mails left `sending` past their lease back in the queue; answers how many. */
export async function requeueExpiredMails({ db, now }: { db: Db; now: Date }): Promise<number> {
  // tenant: every organization — the sending job's sweep of mails left past their lease
  const rows = await db
    .update(reportDeliveries)
    .set({ status: 'queued', lockedUntil: null })
    .where(and(eq(reportDeliveries.status, 'sending'), lte(reportDeliveries.lockedUntil, now)))
    .returning({ id: reportDeliveries.id });
  return rows.length;
}

/** Claims up to `batch` due queued mails (`FOR UPDATE SKIP LOCKED`): `sending` until `lease`. */
export function claimReportMails({
  db,
  now,
  lease,
  batch,
}: {
  db: Db;
  now: Date;
  lease: Date;
  batch: number;
}): Promise<ReportDeliveryRow[]> {
  // tenant: every organization — the sending job claims due mails, whatever their organization
  const due = db
    .select({ id: reportDeliveries.id })
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.status, 'queued'), lte(reportDeliveries.sendAfter, now)))
    .orderBy(reportDeliveries.sendAfter)
    .limit(batch)
    .for('update', { skipLocked: true });
  // tenant: every organization — the claim of the rows selected just above
  return db
    .update(reportDeliveries)
    .set({ status: 'sending', attempts: sql`${reportDeliveries.attempts} + 1`, lockedUntil: lease })
    .where(inArray(reportDeliveries.id, due))
    .returning();
}

/** The organization's report `id`, or undefined. */
export async function reportOf({
  tx,
  organizationId,
  id,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<ReportRow | undefined> {
  const [r] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.organizationId, organizationId)));
  return r;
}

/**
 * Marks a mail sent and sets its report's `last_sent`; `last_error` is cleared unless another
 * recipient's mail of the report is still failing.
 */
export async function markReportMailSent({
  tx,
  mail: d,
  sentAt,
}: {
  tx: DbOrTx;
  mail: ReportDeliveryRow;
  sentAt: Date;
}): Promise<void> {
  await tx
    .update(reportDeliveries)
    .set({ status: 'sent', sentAt, lockedUntil: null, lastError: null })
    .where(and(eq(reportDeliveries.id, d.id), eq(reportDeliveries.organizationId, d.organizationId)));
  await tx
    .update(reports)
    .set({
      lastSent: sql`greatest(${reports.lastSent}, ${d.dueAt.toISOString()}::timestamptz)`,
      lastError: sql`(SELECT o.last_error FROM report_deliveries o WHERE o.report_id = ${d.reportId}
        AND o.organization_id = ${d.organizationId}
        AND o.status IN ('queued', 'failed') AND o.last_error IS NOT NULL LIMIT 1)`,
    })
    .where(and(eq(reports.id, d.reportId), eq(reports.organizationId, d.organizationId)));
}

/** Records a failed mail (queued again at `sendAfter`, or `failed`) and the error on its report. */
export async function markReportMailFailed({
  tx,
  mail: d,
  last,
  error,
  sendAfter,
}: {
  tx: DbOrTx;
  mail: ReportDeliveryRow;
  last: boolean;
  error: string;
  sendAfter: Date;
}): Promise<void> {
  await tx
    .update(reportDeliveries)
    .set({ status: last ? 'failed' : 'queued', lastError: error, lockedUntil: null, sendAfter })
    .where(and(eq(reportDeliveries.id, d.id), eq(reportDeliveries.organizationId, d.organizationId)));
  await tx
    .update(reports)
    .set({ lastError: error })
    .where(and(eq(reports.id, d.reportId), eq(reports.organizationId, d.organizationId)));
}

// ——— what a report shows ———

/** The organization's names, logo and colours. */
export async function reportBrandOf({ db, organizationId }: { db: Db; organizationId: string }) {
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      appName: organizations.appName,
      appLogo: organizations.appLogo,
      primaryColor: organizations.primaryColor,
      secondaryColor: organizations.secondaryColor,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** The organization's sub-organizations by name. */
export function subOrganizationNames({ db, organizationId }: { db: Db; organizationId: string }) {
  return db
    .select({ id: organizations.id, name: organizations.name, appName: organizations.appName })
    .from(organizations)
    .where(eq(organizations.parentId, organizationId))
    .orderBy(asc(organizations.name));
}

/** The organization's default currency, or undefined. */
export async function currencyOf({ tx, organizationId }: { tx: DbOrTx; organizationId: string }) {
  const [cfg] = await tx
    .select({ currency: settings.defaultCurrency })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return cfg?.currency;
}

/** The names of the organization's locations by id. */
export async function locationNames({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.organizationId, organizationId));
  return new Map(rows.map((l) => [l.id, l.name]));
}

/**
 * The saved language of the team member a report mail goes to (or who downloads one); null when
 * none is saved or the member is gone.
 */
export async function assigneeLanguage({
  db,
  organizationId,
  memberId,
}: {
  db: DbOrTx;
  organizationId: string;
  memberId: string | null;
}) {
  if (!memberId) return null;
  const [m] = await db
    .select({ language: members.language })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return m?.language ?? null;
}

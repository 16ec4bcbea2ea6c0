import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  devices,
  locations,
  members,
  notificationDeliveries,
  notificationLocations,
  notifications,
  organizations,
  reservations,
  settings,
  transactions,
  users,
} from '../../db/schema';
import { settingOf } from '../../lib/queries/settings';
import { sharedFromParent } from '../../tenancy';

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type TemplateRow = typeof notifications.$inferSelect;
export type QueuedDelivery = typeof notificationDeliveries.$inferInsert;

/** What a read of one row by its id takes: the handle, the organization and the id. */
type RowOf = { tx: DbOrTx; organizationId: string; id: string };

/** The organization's transaction `id`, or undefined. */
export async function transactionOf({ tx, organizationId, id }: RowOf) {
  const [t] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
  return t;
}

/** The organization's reservation `id`, or undefined. */
export async function reservationOf({ tx, organizationId, id }: RowOf) {
  const [r] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.organizationId, organizationId)));
  return r;
}

/** The location of the door `id`: the organization's own, or a parent's shared one. */
export async function locationIdOfDevice({ tx, organizationId, id }: RowOf): Promise<string | null> {
  const [d] = await tx
    .select({ loc: devices.idLocation })
    .from(devices)
    .where(
      and(
        eq(devices.id, id),
        or(eq(devices.organizationId, organizationId), sharedFromParent.devices(devices)),
      ),
    );
  return d?.loc ?? null;
}

/** Name, address and zone of the location `id`: the organization's own, or a parent's shared one. */
export async function locationOf({ tx, organizationId, id }: RowOf) {
  const [loc] = await tx
    .select({ name: locations.name, address: locations.address, timeZone: locations.timeZone })
    .from(locations)
    .where(
      and(
        eq(locations.id, id),
        or(eq(locations.organizationId, organizationId), sharedFromParent.locations(locations)),
      ),
    );
  return loc;
}

/** Names and contact of the organization's user `id`, or undefined. */
export async function customerOf({ tx, organizationId, id }: RowOf) {
  const [u] = await tx
    .select({ name: users.name, lastName: users.lastName, email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  return u;
}

/** The organization's name and app name. */
export async function organizationNames({ tx, organizationId }: { tx: DbOrTx; organizationId: string }) {
  const [o] = await tx
    .select({ name: organizations.name, appName: organizations.appName, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o;
}

/** The organization's time zone from its settings, or undefined. */
export async function organizationZone({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<string | undefined> {
  return settingOf({ tx, organizationId, column: settings.timeZone });
}

/**
 * The organization's templates of a mode and event, when it has the Notifications feature (an
 * organization without it sends nothing).
 */
export async function templatesFor({
  tx,
  organizationId,
  mode,
  name,
}: {
  tx: Tx;
  organizationId: string;
  mode: string;
  name: string;
}): Promise<TemplateRow[]> {
  // a named prepared statement: read by every domain event of a transaction step
  const rows = await tx
    .select({ n: notifications })
    .from(notifications)
    .innerJoin(organizations, eq(organizations.id, notifications.organizationId))
    .where(
      and(
        eq(notifications.organizationId, sql.placeholder('org')),
        eq(notifications.mode, sql.placeholder('mode')),
        eq(notifications.notificationType, sql.placeholder('name')),
        eq(organizations.notifications, true),
      ),
    )
    .prepare('notification_templates_for')
    .execute({ org: organizationId, mode, name });
  return rows.map((r) => r.n);
}

/**
 * Whether the organization has a template of `mode` and `name` and the Notifications feature, as
 * a boolean SQL expression: the domain event's insert asks it (`DomainEventSubscriber.interest`)
 * so an event nobody is notified of costs no read of its own.
 */
export const templatesExistSql = ({
  organizationId,
  mode,
  name,
}: {
  organizationId: string;
  mode: string;
  name: string;
}) =>
  sql<boolean>`exists (select 1 from ${notifications} join ${organizations} on ${organizations.id} = ${notifications.organizationId} where ${notifications.organizationId} = ${organizationId} and ${notifications.mode} = ${mode} and ${notifications.notificationType} = ${name} and ${organizations.notifications})`;

/** The location links of the organization's templates `ids`. */
export function templateLocations({
  tx,
  organizationId,
  ids,
}: {
  tx: Tx;
  organizationId: string;
  ids: string[];
}) {
  return tx
    .select()
    .from(notificationLocations)
    .where(
      and(
        inArray(notificationLocations.idNotification, ids),
        eq(notificationLocations.organizationId, organizationId),
      ),
    );
}

/** Id, e-mail and saved language of the organization's team members `ids`. */
export async function memberEmails({
  tx,
  organizationId,
  ids,
}: {
  tx: Tx;
  organizationId: string;
  ids: string[];
}) {
  if (!ids.length) return [];
  return tx
    .select({ id: members.id, email: members.email, language: members.language })
    .from(members)
    .where(and(inArray(members.id, ids), eq(members.organizationId, organizationId)));
}

/** Queues deliveries (a second queueing of the same event and template is a no-op). */
export async function queueDeliveries({ tx, rows }: { tx: Tx; rows: QueuedDelivery[] }): Promise<void> {
  if (rows.length) await tx.insert(notificationDeliveries).values(rows).onConflictDoNothing();
}

// ——— the sending job: it works across organizations on the owner's handle, by delivery id ———

/** Marks deliveries left `sending` past their lease as failed; answers their ids. */
export function failInterruptedDeliveries({ db, now, answer }: { db: DbOrTx; now: Date; answer: string }) {
  // tenant: every organization — the sending job's sweep of stale deliveries
  return db
    .update(notificationDeliveries)
    .set({ status: 'failed', providerAnswer: answer, updatedAt: now })
    .where(and(eq(notificationDeliveries.status, 'sending'), lte(notificationDeliveries.lockedUntil, now)))
    .returning({ id: notificationDeliveries.id });
}

/**
 * Claims up to `batch` due `queued` deliveries (`FOR UPDATE SKIP LOCKED`, so two workers never take
 * the same row): `sending`, one more attempt, leased until `lease`. Answers the claimed rows.
 */
export function claimDueDeliveries({
  db,
  now,
  lease,
  batch,
}: {
  db: DbOrTx;
  now: Date;
  lease: Date;
  batch: number;
}): Promise<DeliveryRow[]> {
  // tenant: every organization — the sending job claims due deliveries, whatever their organization
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, 'queued'), lte(notificationDeliveries.sendAfter, now)))
    .orderBy(notificationDeliveries.sendAfter)
    .limit(batch)
    .for('update', { skipLocked: true });
  // tenant: every organization — the claim of the rows selected just above
  return db
    .update(notificationDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      lockedUntil: lease,
      updatedAt: now,
    })
    .where(inArray(notificationDeliveries.id, due))
    .returning();
}

/** Records the outcome of a claimed delivery (of `organizationId`). */
export async function settleDelivery({
  db,
  organizationId,
  id,
  set,
}: {
  db: DbOrTx;
  organizationId: string;
  id: string;
  set: Partial<DeliveryRow>;
}): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set(set)
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.organizationId, organizationId)));
}

/**
 * The addresses Send test may reach for the caller: the team member's own e-mail (an API key has
 * none) and the organization's contact e-mail and phone (settings' support e-mail and phone).
 */
export async function testRecipients({
  tx,
  organizationId,
  memberId,
}: {
  tx: Tx;
  organizationId: string;
  memberId?: string;
}): Promise<{ emails: string[]; phones: string[]; language: string | null }> {
  const [s] = await tx
    .select({
      email: settings.defaultSupportEmail,
      phone: settings.defaultSupportPhone,
      language: settings.defaultLanguage,
    })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  const own = memberId ? await memberEmails({ tx, organizationId, ids: [memberId] }) : [];
  const emails = [...own.map((m) => m.email), s?.email].filter((e): e is string => !!e);
  return {
    emails: emails.map((e) => e.trim().toLowerCase()),
    phones: s?.phone ? [s.phone] : [],
    // the caller's own language, else the organization's default
    language: own[0]?.language ?? s?.language ?? null,
  };
}

/**
 * Test messages of the last hour, by `sender` and by the whole organization, counted under a
 * per-organization advisory lock held to the end of the transaction, so that concurrent Send test
 * calls (on any server process) cannot pass the limits together.
 */
export async function recentTestSends({
  tx,
  organizationId,
  sender,
}: {
  tx: Tx;
  organizationId: string;
  sender: string;
}): Promise<{ bySender: number; byOrganization: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`test-send:${organizationId}`}, 0))`);
  const [row] = await tx
    .select({
      byOrganization: sql<number>`count(*)::int`,
      bySender: sql<number>`(count(*) filter (where ${notificationDeliveries.sentBy} = ${sender}))::int`,
    })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.organizationId, organizationId),
        eq(notificationDeliveries.kind, 'test'),
        sql`${notificationDeliveries.createdAt} > now() - interval '1 hour'`,
      ),
    );
  return { bySender: row?.bySender ?? 0, byOrganization: row?.byOrganization ?? 0 };
}

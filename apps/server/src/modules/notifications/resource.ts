import {
  endpoints,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_CSV_HEADERS,
  TEMPLATE_FIELDS,
  type TNotification,
  templateProblem,
  ZNotification,
  ZNotificationCreateRequest,
  ZNotificationListQuery,
  ZNotificationUpdateRequest,
} from '@lockerops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { locations, members, notificationLocations, notifications } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, wireColumns, wireOf } from '../../lib/wire';

export type NotificationRow = typeof notifications.$inferSelect;

/** The wire shape of a batch of templates with their locations and member (one query each). */
export async function notificationsToWire(rows: NotificationRow[], tx: Tx): Promise<TNotification[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const memberIds = [...new Set(rows.map((r) => r.idMember).filter((v): v is string => !!v))];
  const orgIds = organizationsOf(rows);
  const [locs, ms] = await Promise.all([
    tx
      .select({
        idNotification: notificationLocations.idNotification,
        id: locations.id,
        name: locations.name,
      })
      .from(notificationLocations)
      .innerJoin(locations, eq(locations.id, notificationLocations.idLocation))
      .where(
        and(
          inArray(notificationLocations.organizationId, orgIds),
          inArray(notificationLocations.idNotification, ids),
        ),
      )
      .orderBy(asc(locations.name)),
    memberIds.length
      ? tx
          .select({
            id: members.id,
            name: members.name,
            firstName: members.firstName,
            lastName: members.lastName,
            email: members.email,
          })
          .from(members)
          .where(and(inArray(members.organizationId, orgIds), inArray(members.id, memberIds)))
      : [],
  ]);
  return rows.map((n) => {
    const m = ms.find((x) => x.id === n.idMember);
    return wireOf(ZNotification, n, {
      member: m
        ? {
            id: m.id,
            name: m.name ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || m.email),
            email: m.email,
          }
        : null,
      locations: locs.filter((l) => l.idNotification === n.id).map((l) => ({ id: l.id, name: l.name })),
      header_s3_url: n.headerImage,
      body_s3_url: n.bodyImage,
      footer_s3_url: n.footerImage,
    });
  });
}

/** 400 with a `detail` naming the first unknown variable (or other template problem) of the messages. */
export function assertTemplates(
  input: Partial<Record<keyof typeof TEMPLATE_FIELDS, string | null | undefined>>,
): void {
  const problems = (Object.keys(TEMPLATE_FIELDS) as Array<keyof typeof TEMPLATE_FIELDS>)
    .map((k) => templateProblem(input[k], TEMPLATE_FIELDS[k]))
    .filter((p): p is string => !!p);
  if (problems.length) throw BadRequest(problems.length === 1 ? problems[0]! : problems);
}

async function assertRefs(
  tx: Tx,
  auth: AuthContext,
  input: { id_member?: string | null; locations: string[] },
) {
  if (input.id_member) {
    const [m] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, input.id_member), eq(members.organizationId, auth.organizationId)));
    if (!m) throw NotFound(M.memberNotFound);
  }
  const ids = [...new Set(input.locations)];
  if (ids.length) {
    const found = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, ids), eq(locations.organizationId, auth.organizationId)));
    if (found.length !== ids.length) throw NotFound(M.locationNotFound);
  }
}

/** Replaces the template's locations with `ids`. */
export async function setNotificationLocations({ tx, auth, id, ids }: TxAuth<{ id: string; ids: string[] }>) {
  await tx
    .delete(notificationLocations)
    .where(
      and(
        eq(notificationLocations.idNotification, id),
        eq(notificationLocations.organizationId, auth.organizationId),
      ),
    );
  const unique = [...new Set(ids)];
  if (unique.length)
    await tx
      .insert(notificationLocations)
      .values(
        unique.map((idLocation) => ({ organizationId: auth.organizationId, idNotification: id, idLocation })),
      );
}

/**
 * Notification templates (spec: console §2 Notifications list, §3 Notification, §4, §5, §7). The
 * rules of §5 are in the contract's request schema; here the variables of every message are
 * checked, the member and locations must be the organization's, and a default is refused on
 * delete. One default per mode and event is the database's partial unique index (409).
 */
export const notificationsResource: Resource<
  TNotification,
  typeof ZNotificationCreateRequest,
  typeof ZNotificationUpdateRequest,
  typeof ZNotificationListQuery
> = {
  entity: 'notification',
  path: 'notifications',
  api: endpoints.notifications,
  model: 'notification',
  tag: 'Notifications',
  table: notifications,
  item: ZNotification,
  create: ZNotificationCreateRequest,
  update: ZNotificationUpdateRequest,
  query: ZNotificationListQuery,
  filters: (q) => [q.mode ? eq(notifications.mode, q.mode) : undefined],
  search: [notifications.name, notifications.mode, notifications.notificationType],
  sort: wireColumns(notifications, ['name', 'mode', 'notification_type', 'created_at']),
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => notificationsToWire(rows as unknown as NotificationRow[], tx),
  async toValues(input, { tx, auth }) {
    assertTemplates(input);
    await assertRefs(tx, auth, input);
    return {
      ...fromWire(ZNotificationCreateRequest, input, ['locations']),
      // a text or member the request leaves out is cleared
      subject: input.subject ?? null,
      after: input.before ? false : input.after || input.time_unit !== 'immediately',
      header: input.header ?? null,
      footer: input.footer ?? null,
      message: input.message ?? null,
      messageEmail: input.message_email ?? null,
      locationMessage: input.location_message ?? null,
      memberMessage: input.member_message ?? null,
      idMember: input.id_member ?? null,
    };
  },
  async afterWrite(row, input, { tx, auth }) {
    await setNotificationLocations({ tx, auth, id: row.id, ids: input.locations });
  },
  async beforeDelete(rows) {
    if (rows.some((r) => r.isDefault)) throw Conflict(M.defaultNotDeletable);
  },
  csv: { headers: NOTIFICATION_CSV_HEADERS },
  messages: { created: M.created, updated: M.updated, deleted: M.deleted },
};

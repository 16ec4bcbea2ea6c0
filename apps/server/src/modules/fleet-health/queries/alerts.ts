import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { deviceAlerts, devices, locations, members, settings } from '../../../db/schema';

export type AlertRow = typeof deviceAlerts.$inferSelect;

/** The organization's open alerts (oldest first). */
export function openAlertsOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<AlertRow[]> {
  return tx
    .select()
    .from(deviceAlerts)
    .where(and(eq(deviceAlerts.organizationId, organizationId), eq(deviceAlerts.state, 'open')))
    .orderBy(asc(deviceAlerts.openedAt));
}

/** A door's alerts, newest first (at most `limit`). */
export function alertsOfDevice({
  tx,
  organizationId,
  idDevice,
  limit,
}: {
  tx: Tx;
  organizationId: string;
  idDevice: string;
  limit: number;
}): Promise<AlertRow[]> {
  return tx
    .select()
    .from(deviceAlerts)
    .where(and(eq(deviceAlerts.organizationId, organizationId), eq(deviceAlerts.idDevice, idDevice)))
    .orderBy(desc(deviceAlerts.openedAt))
    .limit(limit);
}

/** The latest alert of `subject` and `kind` (its issue is reused when the condition comes back). */
export async function lastAlertOf({
  tx,
  organizationId,
  subject,
  kind,
}: {
  tx: Tx;
  organizationId: string;
  subject: string;
  kind: string;
}): Promise<AlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(deviceAlerts)
    .where(
      and(
        eq(deviceAlerts.organizationId, organizationId),
        eq(deviceAlerts.subject, subject),
        eq(deviceAlerts.kind, kind),
      ),
    )
    .orderBy(desc(deviceAlerts.openedAt))
    .limit(1);
  return row;
}

/** Inserts an open alert; undefined when one of its subject and kind is already open. */
export async function insertAlert({
  tx,
  values,
}: {
  tx: Tx;
  values: typeof deviceAlerts.$inferInsert;
}): Promise<AlertRow | undefined> {
  const [row] = await tx.insert(deviceAlerts).values(values).onConflictDoNothing().returning();
  return row;
}

/** Updates an alert (its issue, or resolved). */
export async function updateAlert({
  tx,
  organizationId,
  id,
  set,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  set: Partial<Pick<AlertRow, 'idIssue' | 'state' | 'resolvedAt' | 'updatedAt' | 'detail'>>;
}): Promise<void> {
  await tx
    .update(deviceAlerts)
    .set(set)
    .where(and(eq(deviceAlerts.organizationId, organizationId), eq(deviceAlerts.id, id)));
}

/** The organization's locations with their doors' ids (the Fleet health page). */
export async function placesOf({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const places = await tx
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      latitude: locations.latitude,
      longitude: locations.longitude,
    })
    .from(locations)
    .where(eq(locations.organizationId, organizationId));
  const doors = await tx
    .select({ id: devices.id, idLocation: devices.idLocation, lockerNumber: devices.lockerNumber })
    .from(devices)
    .where(eq(devices.organizationId, organizationId));
  return { places, doors };
}

/**
 * One of the organization's devices (id, name, location with its name and own zone, locker number,
 * hardware), or undefined.
 */
export async function deviceBrief({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [row] = await tx
    .select({
      id: devices.id,
      name: devices.name,
      idLocation: devices.idLocation,
      locationName: locations.name,
      locationTimeZone: locations.timeZone,
      lockerNumber: devices.lockerNumber,
      hardwareType: devices.hardwareType,
    })
    .from(devices)
    .innerJoin(
      locations,
      and(eq(locations.organizationId, devices.organizationId), eq(locations.id, devices.idLocation)),
    )
    .where(and(eq(devices.organizationId, organizationId), eq(devices.id, id)));
  return row;
}

/** The organization's devices at a location (ids and locker numbers). */
export function doorsAt({
  tx,
  organizationId,
  idLocation,
}: {
  tx: Tx;
  organizationId: string;
  idLocation: string;
}) {
  return tx
    .select({ id: devices.id, lockerNumber: devices.lockerNumber })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.idLocation, idLocation)));
}

/** Names of the organization's locations by id. */
export async function locationNames({
  tx,
  organizationId,
  ids,
}: {
  tx: Tx;
  organizationId: string;
  ids: string[];
}): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Who hears of a door's alerts: the organization's enabled team members who receive reported
 * issues, else its enabled admins (e-mail, in each one's language), and its support phone (SMS).
 */
export async function alertRecipients({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const team = await tx
    .select({
      email: members.email,
      language: members.language,
      role: members.role,
      issues: members.sendReportedIssues,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.enabled, true)));
  const [s] = await tx
    .select({ phone: settings.defaultSupportPhone })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  const chosen = team.filter((m) => m.issues);
  return {
    members: chosen.length ? chosen : team.filter((m) => m.role === 'admin'),
    phone: s?.phone ?? null,
  };
}

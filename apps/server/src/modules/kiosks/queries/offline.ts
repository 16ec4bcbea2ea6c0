import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { kiosks, locations, members, organizations, settings } from '../../../db/schema';

/** The screens' outages: who went quiet, who came back, and whom the team's message goes to. */

/** A screen of the sweep: its organization, place and its limit in minutes. */
export interface QuietKiosk {
  id: string;
  organizationId: string;
  name: string;
  idLocation: string;
  locationName: string;
  lastSeenAt: Date | null;
  offlineSince: Date | null;
  minutes: number;
}

const quietColumns = (defaultMinutes: number) => ({
  id: kiosks.id,
  organizationId: kiosks.organizationId,
  name: kiosks.name,
  idLocation: kiosks.idLocation,
  locationName: locations.name,
  lastSeenAt: kiosks.lastSeenAt,
  offlineSince: kiosks.offlineSince,
  minutes: sql<number>`coalesce(${settings.kioskOfflineMinutes}, ${defaultMinutes})::int`,
});

/**
 * Paired, unrevoked screens of active organizations whose outage changes at `now`: `offline`,
 * those not yet reported whose last call is older than their organization's limit (`settings`'
 * `kiosk_offline_minutes`, else `defaultMinutes`); `online`, those reported whose last call came
 * after the report. Rows locked (SKIP LOCKED): two processes' sweeps never report one outage twice.
 */
export async function kiosksWhoseOutageChanged({
  tx,
  now,
  defaultMinutes,
  state,
}: {
  tx: Tx;
  now: Date;
  defaultMinutes: number;
  state: 'offline' | 'online';
}): Promise<QuietKiosk[]> {
  const limit = sql`coalesce(${settings.kioskOfflineMinutes}, ${defaultMinutes})`;
  // tenant: every organization — the offline alert's sweep over every paired screen
  return tx
    .select(quietColumns(defaultMinutes))
    .from(kiosks)
    .innerJoin(organizations, eq(organizations.id, kiosks.organizationId))
    .innerJoin(
      locations,
      and(eq(locations.organizationId, kiosks.organizationId), eq(locations.id, kiosks.idLocation)),
    )
    .leftJoin(settings, eq(settings.organizationId, kiosks.organizationId))
    .where(
      and(
        isNotNull(kiosks.tokenHash),
        isNull(kiosks.revokedAt),
        eq(organizations.active, true),
        state === 'offline'
          ? and(
              isNull(kiosks.offlineSince),
              lt(kiosks.lastSeenAt, sql`${now.toISOString()}::timestamptz - make_interval(mins => ${limit})`),
            )
          : and(isNotNull(kiosks.offlineSince), gt(kiosks.lastSeenAt, kiosks.offlineSince)),
      ),
    )
    .for('update', { of: kiosks, skipLocked: true });
}

/** Records that the team was told screen `id` is offline (`at`), or, with null, that it came back. */
export async function setOfflineSince({
  tx,
  organizationId,
  id,
  at,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  at: Date | null;
}): Promise<void> {
  await tx
    .update(kiosks)
    .set({ offlineSince: at })
    .where(and(eq(kiosks.organizationId, organizationId), eq(kiosks.id, id)));
}

/**
 * Whom a screen's outage is told to: the enabled team members who receive reported issues (else
 * the admins), with their language, and the organization's support phone.
 */
export async function outageRecipients({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const team = await tx
    .select({
      email: members.email,
      language: members.language,
      admin: sql<boolean>`${members.role} = 'admin'`,
      issues: members.sendReportedIssues,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.enabled, true)));
  const [phone] = await tx
    .select({ value: settings.defaultSupportPhone })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  const issues = team.filter((m) => m.issues);
  return { members: issues.length ? issues : team.filter((m) => m.admin), phone: phone?.value ?? null };
}

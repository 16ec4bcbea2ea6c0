import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  apiKeys,
  devices,
  locations,
  organizations,
  prices,
  reservations,
  settings,
  sizes,
  toolboxSettings,
  users,
} from '../../db/schema';
import { settingsRowOf } from '../../lib/queries/settings';

export type ToolboxRow = typeof toolboxSettings.$inferSelect;
type ToolboxValues = Partial<typeof toolboxSettings.$inferInsert>;

/** The organization's one toolbox settings row, or undefined. */
export async function toolboxRowOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<ToolboxRow | undefined> {
  return settingsRowOf({ tx, table: toolboxSettings, organizationId });
}

/** Inserts or updates the organization's one settings row with `values`. */
export async function upsertToolbox({
  tx,
  organizationId,
  values,
}: TxOrg<{ values: ToolboxValues }>): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(toolboxSettings)
    .values({ organizationId, ...set })
    .onConflictDoUpdate({ target: toolboxSettings.organizationId, set });
}

/** Gives the organization the publishable key `fresh` unless it has one (a concurrent call's first wins). */
export async function ensurePublishableKey({
  tx,
  organizationId,
  fresh,
}: {
  tx: Tx;
  organizationId: string;
  fresh: string;
}): Promise<void> {
  await tx
    .insert(toolboxSettings)
    .values({ organizationId, publishableKey: fresh })
    .onConflictDoUpdate({
      target: toolboxSettings.organizationId,
      set: { publishableKey: sql`coalesce(${toolboxSettings.publishableKey}, ${fresh})` },
    });
}

/** Whether the organization has an API key. */
export async function hasApiKey({ tx, organizationId }: { tx: DbOrTx; organizationId: string }) {
  const [key] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .limit(1);
  return !!key;
}

/** The organization's sub-domain. */
export async function subdomainOf({ tx, organizationId }: { tx: DbOrTx; organizationId: string }) {
  const [org] = await tx
    .select({ subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.subdomain;
}

/**
 * The organization a publishable key opens on the owner's handle (no organization is known yet:
 * the key and the sub-domain are the filter): active, with an API key.
 */
export async function publishableKeyOwner({
  db,
  subdomain,
  key,
}: {
  db: Db;
  subdomain: string;
  key: string;
}) {
  // tenant: every organization — the subdomain and the key are what find the organization
  const [row] = await db
    .select({
      organizationId: toolboxSettings.organizationId,
      apiKeyId: apiKeys.id,
      widget: toolboxSettings.widget,
      toolbox: organizations.toolbox,
    })
    .from(toolboxSettings)
    .innerJoin(organizations, eq(organizations.id, toolboxSettings.organizationId))
    .innerJoin(apiKeys, eq(apiKeys.organizationId, toolboxSettings.organizationId))
    .where(
      and(
        eq(toolboxSettings.publishableKey, key),
        eq(organizations.subdomain, subdomain.toLowerCase()),
        eq(organizations.active, true),
      ),
    )
    .limit(1);
  return row;
}

// ——— the public widget ———

/** The widget books storage lockers: a place and a size for a time window. */
export const WIDGET_MODE = 'storage';

/** Public locations: not hidden and not restricted to users or groups. */
const publicLocation = (organizationId: string) =>
  and(
    eq(locations.organizationId, organizationId),
    eq(locations.hidden, false),
    isNull(locations.restrictionType),
  );

/** The organization's name, app name and logo. */
export async function widgetOrganization({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [org] = await tx
    .select({ name: organizations.name, appName: organizations.appName, logo: organizations.appLogo })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** The organization's public locations with the sizes of their storage lockers not in maintenance. */
export function publicLocationSizes({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  return tx
    .selectDistinct({
      id: locations.id,
      name: locations.name,
      address: locations.address,
      timeZone: locations.timeZone,
      sizeId: sizes.id,
      sizeName: sizes.name,
    })
    .from(locations)
    .innerJoin(
      devices,
      and(
        eq(devices.idLocation, locations.id),
        eq(devices.organizationId, organizationId),
        eq(devices.mode, WIDGET_MODE),
        sql`${devices.status} <> 'maintenance'`,
      ),
    )
    .innerJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .where(publicLocation(organizationId))
    .orderBy(asc(locations.name), asc(sizes.name));
}

/** Whether `id` is a public location of the organization. */
export async function isPublicLocation({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [l] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), publicLocation(organizationId)));
  return !!l;
}

/** The price of the organization's device `deviceId`, or undefined when it has none. */
export async function priceOfDevice({
  tx,
  organizationId,
  deviceId,
}: {
  tx: Tx;
  organizationId: string;
  deviceId: string;
}) {
  const [row] = await tx
    .select({ price: prices })
    .from(devices)
    .innerJoin(prices, and(eq(prices.id, devices.idPrice), eq(prices.organizationId, organizationId)))
    .where(and(eq(devices.id, deviceId), eq(devices.organizationId, organizationId)));
  return row?.price;
}

/**
 * The organization's customer with this e-mail (lower-case) or phone (E.164; a record the widget
 * made before keeps it as digits), or
 * undefined: the operator's own record first, else one the widget made (`widget_only`). Called by
 * the widget for a verified contact only.
 */
export async function customerBy({
  tx,
  organizationId,
  email,
  phone,
}: {
  tx: Tx;
  organizationId: string;
  email?: string;
  phone?: string;
}): Promise<string | undefined> {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
        email !== undefined
          ? eq(users.emailNormalized, email)
          : inArray(users.phoneNumber, [phone!, phone!.replace(/^\+/, '')]),
      ),
    )
    .orderBy(asc(users.widgetOnly), asc(users.createdAt))
    .limit(1);
  return u?.id;
}

/**
 * The organization's open widget bookings (made by the widget, active, not yet ended): all of
 * them, those of the contact (e-mail, case-insensitive, or phone as stored) and those from the
 * client address. Counted under a per-organization advisory lock held to the end of the
 * transaction, so that concurrent bookings (on any server process) cannot pass a cap together.
 */
export async function openWidgetBookings({
  tx,
  organizationId,
  email,
  phone,
  address,
}: {
  tx: Tx;
  organizationId: string;
  email?: string;
  phone?: string;
  address: string;
}): Promise<{ byOrganization: number; byContact: number; byAddress: number }> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`widget-book:${organizationId}`}, 0))`,
  );
  const contact = or(
    email ? sql`lower(${reservations.email}) = ${email.toLowerCase()}` : undefined,
    phone ? eq(reservations.phoneNumber, phone) : undefined,
  );
  const [row] = await tx
    .select({
      byOrganization: sql<number>`count(*)::int`,
      byContact: contact ? sql<number>`(count(*) filter (where ${contact}))::int` : sql<number>`0`,
      byAddress: sql<number>`(count(*) filter (where ${reservations.widgetAddress} = ${address}))::int`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.organizationId, organizationId),
        isNotNull(reservations.widgetAddress),
        eq(reservations.status, 'active'),
        gt(reservations.endsAt, sql`now()`),
      ),
    );
  return {
    byOrganization: row?.byOrganization ?? 0,
    byContact: row?.byContact ?? 0,
    byAddress: row?.byAddress ?? 0,
  };
}

/** The organization's contact phone (settings' support phone), or undefined. */
export async function organizationPhone({
  tx,
  organizationId,
}: {
  tx: Tx;
  organizationId: string;
}): Promise<{ phone: string | undefined; currency: string }> {
  const [row] = await tx
    .select({ phone: settings.defaultSupportPhone, currency: settings.defaultCurrency })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return { phone: row?.phone ?? undefined, currency: row?.currency ?? 'usd' };
}

/** Location name, locker number and zone of the organization's device `deviceId`. */
export async function placeOfDevice({
  tx,
  organizationId,
  deviceId,
}: {
  tx: Tx;
  organizationId: string;
  deviceId: string;
}) {
  const [place] = await tx
    .select({ location: locations.name, lockerNumber: devices.lockerNumber, timeZone: locations.timeZone })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.idLocation))
    .where(and(eq(devices.id, deviceId), eq(devices.organizationId, organizationId)));
  return place;
}

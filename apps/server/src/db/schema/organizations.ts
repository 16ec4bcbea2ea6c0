import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * The tenant root (spec: console §3 Organization). A sub-organization points at its parent.
 * Not itself tenant-scoped by `organization_id`: its row-level policy lets a request see its own
 * organization and that organization's sub-organizations.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.id),
    active: boolean('active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    appName: text('app_name'),
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    appLogo: text('app_logo'),
    oemLogo: text('oem_logo'),
    ownerEmail: text('owner_email'),
    stripeAccountId: text('stripe_account_id'),
    stripeDetailsSubmitted: boolean('stripe_details_submitted').notNull().default(false),
    // feature pages
    multiTenant: flag('multi_tenant'),
    pricing: flag('pricing'),
    product: flag('product'),
    notifications: flag('notifications'),
    liteAppEnabled: flag('lite_app_enabled'),
    toolbox: flag('toolbox'),
    superTenant: flag('super_tenant'),
    sharedLocations: flag('shared_locations'),
    // modes
    rentalMode: flag('rental_mode'),
    storageMode: flag('storage_mode'),
    deliveryMode: flag('delivery_mode'),
    serviceMode: flag('service_mode'),
    vendingMode: flag('vending_mode'),
    // hardware
    linkaHardware: flag('linka_hardware'),
    ojmarHardware: flag('ojmar_hardware'),
    gantnerHardware: flag('gantner_hardware'),
    harborHardware: flag('harbor_hardware'),
    dclockHardware: flag('dclock_hardware'),
    spintlyHardware: flag('spintly_hardware'),
    kerongHardware: flag('kerong_hardware'),
    headleaderHardware: flag('headleader_hardware'),
  },
  (t) => [
    uniqueIndex('organizations_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('organizations_subdomain_uq').on(t.subdomain),
  ],
);

/** Organization-level settings (spec: operational §3 "Organization-level settings used here"). */
export const settings = pgTable('settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  defaultCurrency: text('default_currency').notNull().default('usd'),
  defaultSupportEmail: text('default_support_email'),
  defaultSupportPhone: text('default_support_phone'),
  supportEmailVerified: boolean('support_email_verified').notNull().default(false),
  defaultDeviceHardware: text('default_device_hardware'),
  defaultDeviceMode: text('default_device_mode'),
  /** a size id; no foreign key so the sizes area stays independent */
  defaultIdSize: uuid('default_id_size'),
  /** null = unlimited */
  defaultMaxReservations: integer('default_max_reservations'),
  defaultNotificationChannel: text('default_notification_channel').notNull().default('email'),
  /**
   * IANA zone of the organization's calendar: "today", "this week" and the dashboard's days and
   * months are read in it (a location may override it). `UTC` unless set; the seed uses America/Chicago.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * The language of mail and SMS to people with no language of their own (customers, team members
   * who never chose one): en, es or de, checked in the database too (`settings_default_language_ck`).
   */
  defaultLanguage: text('default_language', { enum: ['en', 'es', 'de'] })
    .notNull()
    .default('en'),
  /** Minutes a paired kiosk may go unseen before the team is told it is offline; null: the environment's. */
  kioskOfflineMinutes: integer('kiosk_offline_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

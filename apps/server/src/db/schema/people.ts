import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/**
 * Users: the operator's customers who rent and open lockers (spec: operational §3 User).
 * Deleting a user is soft (`is_deleted`): the row stays for history and is hidden from lists.
 * An e-mail is unique per organization among users that are not deleted (case-insensitive).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** First name; the spec calls it `name`. */
    name: text('name').notNull(),
    lastName: text('last_name'),
    email: text('email'),
    /**
     * `lower(email)`, kept by the database. Look-ups by e-mail compare this column: under
     * row-level security an index on `lower(email)` is never used (`lower` is not leakproof), a
     * plain text equality is, so a check reads one index entry instead of every user.
     */
    emailNormalized: text('email_normalized').generatedAlwaysAs(sql`lower(email)`),
    address: text('address'),
    phoneNumber: text('phone_number'),
    /**
     * The phone number's digits alone (E.164 without its plus: every writer stores `+` and the
     * digits), kept by the database. The courier's search by a whole number compares this column
     * through `users_org_phone_digits_idx`, instead of every user's digits.
     */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      sql`nullif(regexp_replace(phone_number, '\\D', '', 'g'), '')`,
    ),
    /** The operator's own identifier of the user (spec field `user_id`). */
    userId: text('user_id'),
    pinCode: text('pin_code'),
    active: boolean('active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    requireAuth: boolean('require_auth').notNull().default(false),
    accessCode: text('access_code'),
    /**
     * A customer record the public widget made: the widget books only for these, never for a user
     * the operator made, since its e-mail or phone is typed by anyone. Such a record may share its
     * e-mail with an operator-made user.
     */
    widgetOnly: boolean('widget_only').notNull().default(false),
    /** The e-mail the customer proved with a Lite App sign-in code: receipts go to it alone. */
    verifiedEmail: text('verified_email'),
    /** The language the customer reads the Lite App in (en, es, de), for their e-mails. */
    appLanguage: text('app_language'),
    /** The customer's switch for receipt e-mails (their details in the Lite App). */
    receiptEmails: boolean('receipt_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_email_uq')
      .on(t.organizationId, t.emailNormalized)
      .where(sql`${t.isDeleted} = false AND ${t.emailNormalized} IS NOT NULL AND ${t.widgetOnly} = false`),
    index('users_org_widget_email_idx')
      .on(t.organizationId, t.emailNormalized)
      .where(sql`${t.widgetOnly} = true`),
    index('users_org_name_idx').on(t.organizationId, t.name),
    index('users_org_phone_idx').on(t.organizationId, t.phoneNumber),
    index('users_org_phone_digits_idx')
      .on(t.organizationId, t.phoneDigits)
      .where(sql`${t.phoneDigits} IS NOT NULL`),
    // the dashboard's user counts and growth read users by registration time (console §7)
    index('users_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // Substring search (app_search_ids): every searched column, so the ORed matches use indexes.
    // Every trigram index keeps a short pending list (migration 0063_trigram_pending_lists).
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_last_name_trgm').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('users_user_id_trgm').using('gin', t.userId.op('gin_trgm_ops')),
    index('users_address_trgm').using('gin', t.address.op('gin_trgm_ops')),
  ],
);

/**
 * Groups of users, used to restrict locations and devices (spec: operational §3 Group). A group
 * marked `couriers` holds the organization's couriers: its active members sign in at the screens
 * with their courier codes (table `couriers`; README: The screen at the wall).
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    couriers: boolean('couriers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_org_name_idx').on(t.organizationId, t.name),
    index('groups_org_couriers_idx').on(t.organizationId).where(sql`${t.couriers}`),
  ],
);

/** Membership of a user in a group; one row per (group, user). */
export const groupUsers = pgTable(
  'group_users',
  {
    organizationId: organizationRef(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'group_users_group_id_user_id_pk', columns: [t.groupId, t.userId, t.organizationId] }),
    index('group_users_user_idx').on(t.userId),
  ],
);

/**
 * Resources (locations, devices) assigned to a group: `id_resource` + `resource_type` on the wire
 * (spec: operational §7 Groups PATCH groups/{id}/assign). No foreign key on `resource_id`: it
 * points at one of two tables, chosen by `resource_type`.
 */
export const groupResources = pgTable(
  'group_resources',
  {
    organizationId: organizationRef(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id').notNull(),
    resourceType: text('resource_type', { enum: ['location', 'device'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'group_resources_group_id_resource_type_resource_id_pk',
      columns: [t.groupId, t.resourceType, t.resourceId, t.organizationId],
    }),
    index('group_resources_resource_idx').on(t.resourceType, t.resourceId),
  ],
);

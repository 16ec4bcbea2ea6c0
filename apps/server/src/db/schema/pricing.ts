import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

const orgRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * How lockers are charged (spec: operational §3 Price). `amount` is money (numeric(12,2)); for
 * pay_per_time the charge is elapsed time × amount ÷ unit_amount in `unit` (minute, hour, day,
 * week); for pay_per_weight it is weight × amount per `unit` (lb, kg). At most one default price
 * per organization, guaranteed by a partial unique index.
 */
export const prices = pgTable(
  'prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    priceType: text('price_type').$type<'pay_per_time' | 'pay_per_weight'>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('usd'),
    /** pay_per_time only: how many `unit`s the amount buys; null for pay_per_weight */
    unitAmount: integer('unit_amount'),
    unit: text('unit').notNull(),
    prorated: boolean('prorated').notNull().default(false),
    cardOnFile: boolean('card_on_file').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prices_org_name_idx').on(t.organizationId, t.name),
    uniqueIndex('prices_one_default_uq').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);

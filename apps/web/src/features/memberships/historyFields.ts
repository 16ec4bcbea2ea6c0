import type { TEnumGroup } from '../../i18n/enums';

/**
 * The subscription history log's changed fields (wire names, `GET history/membership/{id}`) and
 * their labels in the `memberships` catalog.
 */
export const MEMBERSHIP_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'form.name',
  description: 'form.description',
  active: 'form.active',
  currency: 'form.currency',
  amount: 'form.amount',
  billing_type: 'form.billingType',
  billing_period: 'form.billingPeriod',
  number_of_payments: 'form.payments',
  membership_type: 'form.type',
  value: 'form.value',
  card_on_file: 'form.cardOnFile',
  locations: 'form.locations',
  users: 'form.users',
  stripe_product_id: 'history.stripeProductId',
  stripe_price_id: 'history.stripePriceId',
};

/** The subscription fields whose values are enums, by their group of labels. */
export const MEMBERSHIP_HISTORY_ENUMS: Readonly<Record<string, TEnumGroup>> = {
  currency: 'currency',
  billing_type: 'billingType',
  billing_period: 'billingPeriod',
  membership_type: 'membershipType',
};

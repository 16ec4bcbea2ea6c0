import type { TEnumGroup } from '../../i18n/enums';

/** The price history log's changed fields (wire names) and their labels in the `prices` catalog. */
export const PRICE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'field.name',
  price_type: 'field.unitType',
  amount: 'field.amount',
  currency: 'field.currency',
  unit_amount: 'field.unitAmount',
  unit: 'field.unit',
  prorated: 'field.prorated',
  card_on_file: 'field.cardOnFile',
  default: 'field.default',
  is_default: 'field.default',
};

/** The price fields whose values are enums, by their group of labels. */
export const PRICE_HISTORY_ENUMS: Readonly<Record<string, TEnumGroup>> = {
  price_type: 'priceType',
  currency: 'currency',
  unit: 'timeUnit',
};

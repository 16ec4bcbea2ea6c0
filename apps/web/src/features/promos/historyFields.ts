import type { TEnumGroup } from '../../i18n/enums';

/** The promo history log's changed fields (wire names) and their labels in the `promos` catalog. */
export const PROMO_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'field.name',
  code: 'field.code',
  discount_type: 'field.discountType',
  amount: 'field.amount',
  start_time: 'field.startTime',
  end_time: 'field.endTime',
};

/** The promo fields whose values are enums, by their group of labels. */
export const PROMO_HISTORY_ENUMS: Readonly<Record<string, TEnumGroup>> = { discount_type: 'discountType' };

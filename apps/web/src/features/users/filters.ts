import type { TFunction } from 'i18next';
import type { TableFilter } from '../../components/DataTable';

const FILTER_KEYS = [
  'by_phone',
  'by_email',
  'by_first_name',
  'by_user_id',
  'by_last_name',
  'by_address',
] as const;

/** The column filters of spec operational §7 Users: GET users by_phone, by_email, … */
export const userFilters = (
  /** the `users` namespace's translate function */
  t: TFunction,
): TableFilter[] =>
  FILTER_KEYS.map((k) => ({ key: k, kind: 'text', label: t('filterBy', { label: t(`filter.${k}`) }) }));

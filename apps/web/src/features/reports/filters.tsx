import type { TFunction } from 'i18next';
import type { TableFilter } from '../../components/DataTable';

/**
 * The Reporting list's filters (spec console §2): a super-tenant picks one of its organizations
 * (`target_org`); empty reads its own. Hidden from other organizations.
 */
export function reportFilters(
  /** the `reports` namespace's translate function */
  t: TFunction,
  superTenant: boolean,
  organizations: readonly { id: string; name: string }[],
): TableFilter[] {
  return [
    {
      key: 'target_org',
      kind: 'select',
      label: t('filter.organization'),
      emptyLabel: <em>{t('filter.thisOrganization')}</em>,
      displayEmpty: true,
      options: organizations.map((o) => ({ value: o.id, label: o.name })),
      hidden: !superTenant,
      minWidth: 220,
    },
  ];
}

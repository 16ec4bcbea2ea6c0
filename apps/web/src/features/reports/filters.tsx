import type { TFunction } from 'i18next';
import type { TableFilter } from '../../components/DataTable';

/**
 * The Reporting list's filters (spec console §2): a super-tenant picks one of its organizations
 * (`target_org`), searched on the server as typed (a super-tenant may manage many); empty reads its
 * own. Hidden from other organizations.
 */
export function reportFilters(
  /** the `reports` namespace's translate function */
  t: TFunction,
  superTenant: boolean,
): TableFilter[] {
  return [
    {
      key: 'target_org',
      kind: 'search',
      area: 'organizations',
      label: t('filter.organization'),
      emptyLabel: t('filter.thisOrganization'),
      displayEmpty: true,
      hidden: !superTenant,
      minWidth: 220,
    },
  ];
}

import { DASHBOARD_RANGES, type TDashboardRange } from '@lockerops/contract';
import { Box, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchFilterField } from '../../components/DataTable';
import { SearchPickerMany } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { formatDate, getDisplayTimeZone, zoneLabel } from '../../lib/format';
import { dayIn } from '../../lib/time';
import type { DashboardFilter } from './hooks';

const CustomRangePickers = lazy(() => import('./CustomRangePickers'));

export interface FilterBarProps {
  filter: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
  /**
   * the dates the current range stands for in the organization's zone (`reports/range`): shown
   * with the zone's name, and a custom range starts from them
   */
  shown?: { from_date: string; to_date: string; today: string; time_zone: string };
  superTenant: boolean;
}

/**
 * The dashboard's filter bar (spec console §2, §4): date range (six choices, custom with two date
 * pickers), sub-organization (super-tenants only; `target_org`), locations (several, of that
 * organization); organizations and locations are searched on the server as typed. Days are the
 * organization's (README.md "Time zones: where they come from"): the dates of the range are shown with the zone's name,
 * custom dates are typed as days there and end at today there, whatever the browser's zone.
 */
export function FilterBar({ filter, onChange, shown, superTenant }: FilterBarProps) {
  const { t } = useTranslation('dashboard');
  const label = useEnumLabel();
  // the page's zone is the organization's (set by the shell) until `reports/range` names it
  const zone = shown?.time_zone ?? getDisplayTimeZone();
  const today = shown?.today ?? dayIn(zone);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
      <TextField
        select
        size="small"
        label={t('filter.dateRange')}
        value={filter.range}
        sx={{ width: 180 }}
        onChange={(e) => {
          const range = e.target.value as TDashboardRange;
          onChange(
            range === 'custom'
              ? { ...filter, range, from: shown?.from_date, to: shown?.to_date }
              : { ...filter, range, from: undefined, to: undefined },
          );
        }}
      >
        {DASHBOARD_RANGES.map((r) => (
          <MenuItem key={r} value={r}>
            {label('dashboardRange', r)}
          </MenuItem>
        ))}
      </TextField>
      {filter.range === 'custom' ? (
        <Suspense fallback={<Skeleton variant="rounded" width={348} height={40} />}>
          <CustomRangePickers
            from={filter.from}
            to={filter.to}
            today={today}
            onChange={(from, to) => onChange({ ...filter, from, to })}
          />
        </Suspense>
      ) : null}
      {superTenant ? (
        <SearchFilterField
          filter={{
            key: 'target_org',
            kind: 'search',
            area: 'organizations',
            label: t('filter.subOrganization'),
            emptyLabel: t('filter.thisOrganization'),
            displayEmpty: true,
            minWidth: 220,
          }}
          value={filter.targetOrg ?? ''}
          onChange={(id) => onChange({ ...filter, targetOrg: id, locations: [] })}
        />
      ) : null}
      <Box sx={{ width: { xs: '100%', sm: 300 } }}>
        <SearchPickerMany
          // another organization's locations: a new search, and the chosen ones were cleared
          key={filter.targetOrg ?? ''}
          size="small"
          area="locations"
          filters={filter.targetOrg ? { target_org: filter.targetOrg } : undefined}
          label={t('filter.location')}
          placeholder={t('filter.allLocations')}
          value={filter.locations}
          onChange={(locations) => onChange({ ...filter, locations })}
        />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="range-shown"
        sx={{ width: '100%', mt: -1 }}
      >
        {shown
          ? `${t('range.shown', { from: formatDate(shown.from_date), to: formatDate(shown.to_date) })} · `
          : ''}
        {t('range.inZone', { zone: zoneLabel(zone) })}
      </Typography>
    </Box>
  );
}

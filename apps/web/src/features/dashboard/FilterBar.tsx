import { DASHBOARD_RANGES, type TDashboardRange } from '@lockerops/contract';
import { Box, Checkbox, ListItemText, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../i18n/enums';
import { formatDate, getDisplayTimeZone, zoneLabel } from '../../lib/format';
import { dayIn } from '../../lib/time';
import { type DashboardFilter, useDashboardLocations, useSubOrganizations } from './hooks';

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
 * pickers), sub-organization (super-tenants only; `target_org`), locations (several). Days are the
 * organization's (README.md "Time zones: where they come from"): the dates of the range are shown with the zone's name,
 * custom dates are typed as days there and end at today there, whatever the browser's zone.
 */
export function FilterBar({ filter, onChange, shown, superTenant }: FilterBarProps) {
  const subOrgs = useSubOrganizations(superTenant);
  const locations = useDashboardLocations(filter.targetOrg);
  const names = new Map((locations.data ?? []).map((l) => [l.id, l.name]));
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
        <TextField
          select
          size="small"
          label={t('filter.subOrganization')}
          value={filter.targetOrg ?? ''}
          sx={{ width: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => onChange({ ...filter, targetOrg: e.target.value || undefined, locations: [] })}
        >
          <MenuItem value="">
            <em>{t('filter.thisOrganization')}</em>
          </MenuItem>
          {(subOrgs.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        size="small"
        label={t('filter.location')}
        value={filter.locations}
        sx={{ width: 260 }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => {
              const ids = v as string[];
              return ids.length ? ids.map((id) => names.get(id) ?? id).join(', ') : t('filter.allLocations');
            },
          },
          inputLabel: { shrink: true },
        }}
        onChange={(e) => {
          const v = e.target.value as unknown as string[] | string;
          onChange({ ...filter, locations: typeof v === 'string' ? v.split(',') : v });
        }}
      >
        {(locations.data ?? []).map((l) => (
          <MenuItem key={l.id} value={l.id}>
            <Checkbox size="small" checked={filter.locations.includes(l.id)} />
            <ListItemText primary={l.name} />
          </MenuItem>
        ))}
      </TextField>
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

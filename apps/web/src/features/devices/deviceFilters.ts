import { DEVICE_HARDWARE_TYPES, DEVICE_STATUSES } from '@lockerops/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableFilter } from '../../components/DataTable';
import { useEnumLabel } from '../../i18n/enums';

const JAM_COUNTS = ['1', '3'] as const;

/**
 * The Devices list's filters (spec operational §2 Devices): location ("Select a location...", the
 * organization's own locations searched on the server as typed), device status ("All statuses"),
 * hardware type and jams in the last 30 days; kept in the URL and remembered between visits.
 */
export function useDeviceFilters(): TableFilter[] {
  const { t } = useTranslation('devices');
  const label = useEnumLabel();
  return useMemo(
    () => [
      {
        key: 'id_location',
        kind: 'search',
        // a parent's shared locations are listed read-only: no door of this organization is there
        area: 'ownLocations',
        label: t('field.location'),
        emptyLabel: t('filter.selectLocation'),
        displayEmpty: true,
        remember: true,
        minWidth: 200,
      },
      {
        key: 'by_status',
        kind: 'select',
        label: t('filter.deviceStatus'),
        emptyLabel: t('common:listFilter.allStatuses'),
        displayEmpty: true,
        options: DEVICE_STATUSES.map((s) => ({ value: s, label: label('deviceStatus', s) })),
        values: DEVICE_STATUSES,
        remember: true,
        minWidth: 160,
      },
      {
        key: 'hardware_type',
        kind: 'select',
        label: t('field.hardwareType'),
        emptyLabel: t('common:listFilter.allHardwareTypes'),
        displayEmpty: true,
        options: DEVICE_HARDWARE_TYPES.map((h) => ({ value: h, label: label('hardware', h) })),
        values: DEVICE_HARDWARE_TYPES,
        remember: true,
        minWidth: 160,
      },
      {
        key: 'min_jams',
        kind: 'select',
        label: t('filter.jams'),
        emptyLabel: t('filter.any'),
        displayEmpty: true,
        options: [
          { value: '1', label: t('filter.jammed30d') },
          { value: '3', label: t('filter.jams3') },
        ],
        values: JAM_COUNTS,
        remember: true,
        minWidth: 180,
      },
    ],
    [t, label],
  );
}

import { HARDWARE_FIELDS, type TDevice } from '@lockerops/contract';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Button } from '@mui/material';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailsDialog } from '../../components/DetailsDialog';
import { DoorPanel } from '../../components/door/DoorPanel';
import { addAction, PageTitle } from '../../components/PageTitle';
import { type TEnumGroup, useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';
import { lockStatusValue } from '../../lib/lockStatus';
import { deviceColumns } from './columns';
import { BulkEditDialog, type RowAction, RowActionDialogs, UnlockLocationsDialog } from './DeviceDialogs';
import { DeviceFormDialog } from './DeviceFormDialog';
import { useDeviceFilters } from './deviceFilters';
import {
  DEVICES_ENDPOINT,
  devicesKey,
  useDevicePrerequisites,
  useMaintenance,
  useUnlock,
  ZDevicePage,
} from './hooks';
import { LockSettingsDialog } from './LockSettingsDialog';

/** Bulk Unlock is offered only while every selected device is available (spec operational §2 Devices). */
export const canUnlockSelection = (rows: Array<Pick<TDevice, 'status'>>) =>
  rows.length > 0 && rows.every((d) => d.status === 'available');

/** The read-only "Device Details" of one device (spec operational §2 Devices). */
export function deviceDetailsRows(
  d: TDevice,
  t: TFunction,
  label: (group: TEnumGroup, value: string) => string,
) {
  const yesNo = (v: boolean) => (v ? t('common:button.yes') : t('common:button.no'));
  return [
    { label: t('devices:field.name'), value: d.name },
    { label: t('devices:field.lockerNumber'), value: String(d.locker_number) },
    { label: t('devices:field.customIdentifier'), value: d.custom_identifier },
    { label: t('devices:field.location'), value: d.location.name },
    { label: t('devices:field.mode'), value: label('mode', d.mode) },
    { label: t('devices:field.status'), value: label('deviceStatus', d.status) },
    { label: t('devices:field.lockStatus'), value: label('lockStatus', lockStatusValue(d)) },
    { label: t('devices:field.jams30d'), value: String(d.jams_30d) },
    { label: t('devices:field.hardwareType'), value: label('hardware', d.hardware_type) },
    ...HARDWARE_FIELDS[d.hardware_type].map((f) => ({
      label: t(`devices:hardwareField.${f}`),
      value: String((d as unknown as Record<string, unknown>)[f] ?? ''),
    })),
    { label: t('devices:field.size'), value: d.size?.name },
    {
      label: t('devices:field.price'),
      value: d.price ? `${d.price.name} (${formatMoney(d.price.amount, d.price.currency)})` : '',
    },
    { label: t('devices:field.priceRequired'), value: yesNo(d.price_required) },
    { label: t('devices:field.product'), value: d.product?.name },
    { label: t('devices:field.item'), value: d.item },
    { label: t('devices:field.itemDescription'), value: d.item_description },
    { label: t('devices:field.adaCompliance'), value: yesNo(d.ada_compliance) },
    { label: t('devices:field.requireImage'), value: yesNo(d.require_image) },
  ];
}

/**
 * /devices (spec operational §2 Devices): Add Device, Unlock All, location and status filters
 * (remembered between visits), the table sorted by locker number, per-row maintenance / unlock /
 * delete for admins, bulk delete, export, maintenance, unlock and "Edit Devices".
 */
export function DevicesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('devices');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const missing = useDevicePrerequisites();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ device: TDevice | null } | null>(null);
  const [details, setDetails] = useState<TDevice | null>(null);
  const [prompt, setPrompt] = useState<'noLocations' | 'noSizes' | null>(null);
  /** "Add Device" first offers to create a location or a size when none exists (spec §2 Devices). */
  const addDevice = () => {
    if (missing.noLocations) setPrompt('noLocations');
    else if (missing.noSizes) setPrompt('noSizes');
    else setDialog({ device: null });
  };
  const [rowAction, setRowAction] = useState<RowAction | null>(null);
  const [unlockAll, setUnlockAll] = useState(false);
  const [lockSettings, setLockSettings] = useState(false);
  const [bulkEdit, setBulkEdit] = useState<string[] | null>(null);
  const maintenance = useMaintenance();
  const unlock = useUnlock();
  const filters = useDeviceFilters();

  const columns = useMemo(
    () =>
      deviceColumns({
        t,
        label,
        isAdmin,
        onMaintain: (device) => setRowAction({ kind: 'maintain', device }),
        onUnlock: (device) => setRowAction({ kind: 'unlock', device }),
        onDelete: (device) => setRowAction({ kind: 'delete', device }),
      }),
    [isAdmin, t, label],
  );

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <>
            {isAdmin ? (
              <Button
                variant="outlined"
                startIcon={<SettingsOutlined />}
                onClick={() => setLockSettings(true)}
              >
                {t('lockSettings.title')}
              </Button>
            ) : null}
            {isAdmin ? (
              <Button variant="outlined" startIcon={<LockOpenOutlined />} onClick={() => setUnlockAll(true)}>
                {t('action.unlockAll')}
              </Button>
            ) : null}
            {addAction(t('action.add'), addDevice)}
          </>
        }
      />
      <DataTable<TDevice>
        queryKey={devicesKey}
        endpoint={DEVICES_ENDPOINT}
        schema={ZDevicePage}
        columns={columns}
        filterPage="devices"
        canSelect={isAdmin}
        isRowSelectable={(d) => !d.shared_from_parent}
        bulkDelete
        exportModel="device"
        filters={filters}
        bulkActions={(ids, clear, rows) => (
          <>
            <Button size="small" onClick={() => maintenance.mutate({ ids }, { onSuccess: clear })}>
              {t('action.maintenance')}
            </Button>
            <Button
              size="small"
              disabled={!canUnlockSelection(rows)}
              onClick={() => unlock.mutate(ids, { onSuccess: clear })}
            >
              {t('action.unlock')}
            </Button>
            <Button size="small" onClick={() => setBulkEdit(ids)}>
              {t('common:button.edit')}
            </Button>
          </>
        )}
        onRowClick={setDetails}
        disableVirtualization={disableVirtualization}
      />
      <DetailsDialog
        open={!!details}
        title={t('details.title')}
        rows={details ? deviceDetailsRows(details, t, label) : []}
        onClose={() => setDetails(null)}
        onEdit={
          // Reserved devices cannot be edited from the list (spec operational §2 Devices).
          isAdmin && details && details.status !== 'reserved' && !details.shared_from_parent
            ? () => {
                setDialog({ device: details });
                setDetails(null);
              }
            : undefined
        }
      >
        {details ? <DoorPanel device={details} canAct={isAdmin && !details.shared_from_parent} /> : null}
      </DetailsDialog>
      <ConfirmDialog
        open={!!prompt}
        message={prompt ? t(`prompt.${prompt}`) : ''}
        onConfirm={() => navigate(prompt === 'noLocations' ? '/locations' : '/sizes')}
        onCancel={() => {
          // without sizes a rental or vending door can still be added; without a location nothing can
          if (prompt === 'noSizes') setDialog({ device: null });
          setPrompt(null);
        }}
      />
      <DeviceFormDialog
        open={!!dialog}
        device={dialog?.device ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
      <RowActionDialogs action={rowAction} onClose={() => setRowAction(null)} />
      <UnlockLocationsDialog open={unlockAll} onClose={() => setUnlockAll(false)} />
      <LockSettingsDialog open={lockSettings} onClose={() => setLockSettings(false)} />
      <BulkEditDialog ids={bulkEdit} onClose={() => setBulkEdit(null)} />
    </>
  );
}

import {
  DEVICE_HARDWARE_TYPES,
  DEVICE_MESSAGES,
  DEVICE_PROMPTS,
  DEVICE_STATUSES,
  HARDWARE_FIELDS,
  type TDevice,
} from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailsDialog } from '../../components/DetailsDialog';
import { DoorPanel } from '../../components/door/DoorPanel';
import { FormSearchPicker } from '../../components/form';
import { PageTitle } from '../../components/PageTitle';
import { type TEnumGroup, useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { formatMoney } from '../../lib/format';
import { canUnlock, lockStatusValue } from '../../lib/lockStatus';
import { DeviceFormDialog } from './DeviceFormDialog';
import {
  DEVICES_ENDPOINT,
  devicesKey,
  useBulkEdit,
  useDeleteDevice,
  useLocationOptions,
  useMaintenance,
  usePriceOptions,
  useRememberedFilters,
  useSizeOptions,
  useTypeOptions,
  useUnlock,
  useUnlockLocations,
  ZDevicePage,
} from './hooks';
import { LockSettingsDialog } from './LockSettingsDialog';
import { priceOptionsFor } from './priceOptions';

export { canUnlock };

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
  const { filters, setFilter } = useRememberedFilters();
  const locations = useLocationOptions();
  const sizes = useSizeOptions();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ device: TDevice | null } | null>(null);
  const [details, setDetails] = useState<TDevice | null>(null);
  const [prompt, setPrompt] = useState<'noLocations' | 'noSizes' | null>(null);
  /** "Add Device" first offers to create a location or a size when none exists (spec §2 Devices). */
  const addDevice = () => {
    if (locations.isSuccess && !locations.data.length) setPrompt('noLocations');
    else if (sizes.isSuccess && !sizes.data.length) setPrompt('noSizes');
    else setDialog({ device: null });
  };
  const [maintaining, setMaintaining] = useState<TDevice | null>(null);
  const [deleting, setDeleting] = useState<TDevice | null>(null);
  const [unlocking, setUnlocking] = useState<TDevice | null>(null);
  const [unlockAll, setUnlockAll] = useState(false);
  const [lockSettings, setLockSettings] = useState(false);
  const [bulkEdit, setBulkEdit] = useState<string[] | null>(null);
  const maintenance = useMaintenance();
  const unlock = useUnlock();
  const remove = useDeleteDevice();

  const columns = useMemo<GridColDef<TDevice>[]>(
    () => [
      { field: 'locker_number', headerName: t('column.lockerNumber'), width: 100 },
      { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 140 },
      // right after the name, so the row's actions are in sight at every width (issue 27)
      {
        field: 'actions',
        headerName: t('common:table.action'),
        width: 140,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) =>
          // a parent's shared device is listed read-only (spec operational §4 Location)
          isAdmin && !row.shared_from_parent ? (
            <>
              <Tooltip title={t('action.maintenance')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('action.maintenanceOf', { name: row.name })}
                    disabled={row.status === 'reserved'}
                    onClick={(e) => {
                      e.stopPropagation();
                      setMaintaining(row);
                    }}
                  >
                    <BuildOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('action.unlock')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('action.unlockOf', { name: row.name })}
                    disabled={!canUnlock(row)}
                    onClick={(e) => {
                      e.stopPropagation();
                      setUnlocking(row);
                    }}
                  >
                    <LockOpenOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('common:button.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('action.deleteOf', { name: row.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    setDeleting(row);
                  }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          ) : null,
      },
      {
        field: 'location',
        headerName: t('field.location'),
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) =>
          row.shared_from_parent ? t('column.shared', { name: row.location.name }) : row.location.name,
        // admins open the device's location from here
        renderCell: ({ row, value }) =>
          isAdmin && !row.shared_from_parent ? (
            <Link
              component={RouterLink}
              to={`/locations?location=${row.id_location}`}
              aria-label={t('column.locationLink', { name: row.location.name })}
              onClick={(e) => e.stopPropagation()}
            >
              {String(value)}
            </Link>
          ) : (
            String(value ?? '')
          ),
      },
      {
        field: 'mode',
        headerName: t('field.mode'),
        width: 110,
        valueGetter: (_v, row) => label('mode', row.mode),
      },
      {
        field: 'size',
        headerName: t('field.size'),
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => row.size?.name ?? '',
      },
      {
        field: 'status',
        headerName: t('field.status'),
        width: 120,
        valueGetter: (_v, row) => label('deviceStatus', row.status),
      },
      {
        field: 'lock_status',
        headerName: t('field.lockStatus'),
        width: 110,
        valueGetter: (_v, row) => label('lockStatus', lockStatusValue(row)),
      },
      {
        field: 'hardware_type',
        headerName: t('column.hardware'),
        width: 120,
        valueGetter: (_v, row) => label('hardware', row.hardware_type),
      },
      { field: 'custom_identifier', headerName: t('column.customId'), width: 120 },
      { field: 'jams_30d', headerName: t('field.jams30d'), width: 120, sortable: false, type: 'number' },
    ],
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
            <Button variant="contained" startIcon={<AddOutlined />} onClick={addDevice}>
              {t('action.add')}
            </Button>
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
        extraParams={{ ...filters }}
        toolbar={
          <>
            <TextField
              select
              size="small"
              label={t('field.location')}
              value={filters.id_location ?? ''}
              onChange={(e) => setFilter('id_location', e.target.value)}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('filter.selectLocation')}</MenuItem>
              {(locations.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('filter.deviceStatus')}
              value={filters.by_status ?? ''}
              onChange={(e) => setFilter('by_status', e.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('common:listFilter.allStatuses')}</MenuItem>
              {DEVICE_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {label('deviceStatus', s)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('field.hardwareType')}
              value={filters.hardware_type ?? ''}
              onChange={(e) => setFilter('hardware_type', e.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('common:listFilter.allHardwareTypes')}</MenuItem>
              {DEVICE_HARDWARE_TYPES.map((h) => (
                <MenuItem key={h} value={h}>
                  {label('hardware', h)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('filter.jams')}
              value={filters.min_jams ?? ''}
              onChange={(e) => setFilter('min_jams', e.target.value)}
              sx={{ minWidth: 180 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('filter.any')}</MenuItem>
              <MenuItem value="1">{t('filter.jammed30d')}</MenuItem>
              <MenuItem value="3">{t('filter.jams3')}</MenuItem>
            </TextField>
          </>
        }
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
        message={prompt ? translateMessage(DEVICE_PROMPTS[prompt]) : ''}
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
      <ConfirmDialog
        open={!!maintaining}
        message={translateMessage(
          maintaining?.status === 'maintenance'
            ? DEVICE_MESSAGES.availableConfirm
            : DEVICE_MESSAGES.maintenanceConfirm,
        )}
        loading={maintenance.isPending}
        onConfirm={() =>
          maintaining &&
          maintenance.mutate(
            { ids: [maintaining.id], disable: maintaining.status !== 'maintenance' },
            { onSettled: () => setMaintaining(null) },
          )
        }
        onCancel={() => setMaintaining(null)}
      />
      <ConfirmDialog
        open={!!unlocking}
        title={
          unlocking ? t('common:door.unlockTitle', { number: String(unlocking.locker_number) }) : undefined
        }
        message={
          unlocking
            ? t('common:door.unlockConfirm', {
                number: String(unlocking.locker_number),
                name: unlocking.name,
              })
            : ''
        }
        confirmText={t('action.unlock')}
        cancelText={t('common:button.cancel')}
        loading={unlock.isPending}
        onConfirm={() => unlocking && unlock.mutate([unlocking.id], { onSettled: () => setUnlocking(null) })}
        onCancel={() => setUnlocking(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        message={t('deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
      <UnlockLocationsDialog open={unlockAll} onClose={() => setUnlockAll(false)} />
      <LockSettingsDialog open={lockSettings} onClose={() => setLockSettings(false)} />
      <BulkEditDialog ids={bulkEdit} onClose={() => setBulkEdit(null)} />
    </>
  );
}

/** "Select location to Unlock": a checkbox per location; opens every available door of the chosen ones. */
function UnlockLocationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const locations = useLocationOptions();
  const [chosen, setChosen] = useState<string[]>([]);
  const unlock = useUnlockLocations();
  const { t } = useTranslation('devices');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="unlock-locations-title">
      <DialogTitle id="unlock-locations-title">{t('unlockLocations.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid' }}>
        {(locations.data ?? []).map((l) => (
          <FormControlLabel
            key={l.id}
            label={l.name}
            control={
              <Checkbox
                checked={chosen.includes(l.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))
                }
              />
            }
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!chosen.length || unlock.isPending}
          onClick={() => unlock.mutate(chosen, { onSuccess: onClose })}
        >
          {t('action.unlock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Edit Devices": mode, price required, price, size, product, location and status for the selected
 * devices (spec operational §2 Devices). Prices are those that fit the chosen mode; products those
 * in no device.
 */
function BulkEditDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  const locations = useLocationOptions();
  const sizes = useSizeOptions();
  const prices = usePriceOptions();
  // products in no device, searched on the server as typed
  const productPick = useForm<{ id_product: string }>({ defaultValues: { id_product: '' } });
  const modes = useTypeOptions('mode');
  const edit = useBulkEdit();
  const { t } = useTranslation('devices');
  const label = useEnumLabel();
  const [device, setDevice] = useState<Record<string, string | boolean>>({});
  const set = (k: string, v: string | boolean) => setDevice((d) => ({ ...d, [k]: v }));
  const field = (k: string, label: string, options: Array<{ value: string; label: string }>) => (
    <TextField
      select
      label={label}
      value={(device[k] as string) ?? ''}
      onChange={(e) => set(k, e.target.value)}
    >
      <MenuItem value="">—</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open={!!ids} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-devices-title">
      <DialogTitle id="edit-devices-title">{t('bulkEdit.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {field('mode', t('field.mode'), modes.data ?? [])}
        {field(
          'id_location',
          t('field.location'),
          (locations.data ?? []).map((l) => ({ value: l.id, label: l.name })),
        )}
        {field(
          'id_price',
          t('field.price'),
          priceOptionsFor((device.mode as string) || undefined, prices.data ?? []).map((p) => ({
            value: p.id,
            label: `${p.name} (${formatMoney(p.amount, p.currency)})`,
          })),
        )}
        {field(
          'id_size',
          t('field.size'),
          (sizes.data ?? []).map((z) => ({ value: z.id, label: z.name })),
        )}
        <FormSearchPicker
          control={productPick.control}
          name="id_product"
          area="products"
          label={t('field.product')}
          filters={{ unassigned: 'true' }}
          onPick={(o) => set('id_product', o?.id ?? '')}
        />
        {field('status', t('field.status'), [
          { value: 'available', label: label('deviceStatus', 'available') },
          { value: 'maintenance', label: label('deviceStatus', 'maintenance') },
        ])}
        <FormControlLabel
          label={t('field.priceRequired')}
          control={
            <Checkbox
              checked={!!device.price_required}
              onChange={(e) => set('price_required', e.target.checked)}
            />
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.cancel')}</Button>
        <Button
          variant="contained"
          disabled={edit.isPending}
          onClick={() =>
            ids &&
            edit.mutate(
              {
                id_devices: ids,
                device: Object.fromEntries(Object.entries(device).filter(([, v]) => v !== '')),
              },
              { onSuccess: onClose },
            )
          }
        >
          {t('common:button.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

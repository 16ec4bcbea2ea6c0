import { DEVICE_MESSAGES, type TDevice } from '@lockerops/contract';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormSearchPicker, FormSearchPickerMany } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import {
  useBulkEdit,
  useDeleteDevice,
  useMaintenance,
  useTypeOptions,
  useUnlock,
  useUnlockLocations,
} from './hooks';
import { priceKindFor } from './priceOptions';

/** The device a row action asks to confirm, and which action. */
export type RowAction = { kind: 'maintain' | 'unlock' | 'delete'; device: TDevice };

/**
 * The confirmations of a row's actions (spec operational §2 Devices): maintenance or back to
 * available, "Unlock door #n?", and delete; each closes when its call has answered.
 */
export function RowActionDialogs({ action, onClose }: { action: RowAction | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const maintenance = useMaintenance();
  const unlock = useUnlock();
  const remove = useDeleteDevice();
  const of = (kind: RowAction['kind']) => (action?.kind === kind ? action.device : null);
  const maintaining = of('maintain');
  const unlocking = of('unlock');
  const deleting = of('delete');
  return (
    <>
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
            { onSettled: onClose },
          )
        }
        onCancel={onClose}
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
        onConfirm={() => unlocking && unlock.mutate([unlocking.id], { onSettled: onClose })}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={!!deleting}
        destructive
        message={t('deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: onClose })}
        onCancel={onClose}
      />
    </>
  );
}

/**
 * "Select location to Unlock": the locations chosen by a server search (any number of them); opens
 * every available door of the chosen ones.
 */
export function UnlockLocationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // the organization's own locations, searched on the server as typed
  const pick = useForm<{ ids: string[] }>({ defaultValues: { ids: [] } });
  const chosen = pick.watch('ids');
  const unlock = useUnlockLocations();
  const { t } = useTranslation('devices');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="unlock-locations-title">
      <DialogTitle id="unlock-locations-title">{t('unlockLocations.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', pt: 1 }}>
        <FormSearchPickerMany
          control={pick.control}
          name="ids"
          area="ownLocations"
          label={t('field.location')}
        />
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
export function BulkEditDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  // products in no device, locations, prices and sizes, searched on the server as typed
  const pick = useForm<{ id_product: string; id_location: string; id_price: string; id_size: string }>({
    defaultValues: { id_product: '', id_location: '', id_price: '', id_size: '' },
  });
  const modes = useTypeOptions('mode');
  const edit = useBulkEdit();
  const { t } = useTranslation('devices');
  const label = useEnumLabel();
  const [device, setDevice] = useState<Record<string, string | boolean>>({});
  const set = (k: string, v: string | boolean) => {
    // a price of the other kind does not fit the new mode: dropped with it
    const kindChanged =
      k === 'mode' &&
      priceKindFor((device.mode as string) || undefined) !== priceKindFor((v as string) || undefined);
    if (kindChanged) pick.setValue('id_price', '');
    setDevice((d) => ({ ...d, [k]: v, ...(kindChanged ? { id_price: '' } : {}) }));
  };
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
        {field(
          'mode',
          t('field.mode'),
          (modes.data ?? []).map((o) => ({ value: o.value, label: label('mode', o.value) })),
        )}
        <FormSearchPicker
          control={pick.control}
          name="id_location"
          area="ownLocations"
          label={t('field.location')}
          onPick={(o) => set('id_location', o?.id ?? '')}
        />
        {priceKindFor((device.mode as string) || undefined) !== 'none' ? (
          <FormSearchPicker
            control={pick.control}
            name="id_price"
            area="prices"
            label={t('field.price')}
            filters={{
              weight: priceKindFor((device.mode as string) || undefined) === 'weight' ? 'true' : 'false',
            }}
            onPick={(o) => set('id_price', o?.id ?? '')}
          />
        ) : null}
        <FormSearchPicker
          control={pick.control}
          name="id_size"
          area="sizes"
          label={t('field.size')}
          onPick={(o) => set('id_size', o?.id ?? '')}
        />
        <FormSearchPicker
          control={pick.control}
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

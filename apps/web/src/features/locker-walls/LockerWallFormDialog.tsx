import { LOCKER_WALL_MESSAGES, type TLockerWall } from '@lockerops/contract';
import { Alert, Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocationZone } from '../../api/place';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSearchPicker, FormTextField } from '../../components/form';
import { HistoryLog } from '../../components/HistoryLog';
import { ImageField } from '../../components/ImageField';
import { translateMessage } from '../../i18n/messages';
import { useWallHistoryFields } from './historyFields';
import { lockerWallsKey, saveLockerWall, useLockerWallForm } from './hooks';
import { unassignsAll } from './wallLayout';

export interface LockerWallFormDialogProps {
  open: boolean;
  /** the wall being edited; null adds one, at `location` unless another is chosen */
  wall: TLockerWall | null;
  /** the location chosen on the page (id and name), the form's first choice */
  location: { id: string; label: string } | null;
  onClose: () => void;
  /** called with the saved wall, so the page can select it */
  onSaved?: (wall: TLockerWall) => void;
}

/**
 * "Add Locker Wall" / "Edit Locker Wall" (spec operational §2, §5 Locker wall): the location (searched on
 * the server; the page's location first, fixed once the wall exists), name, description (max 200), custom id, image (POST images, 400x250), # Doors wide / tall (1 to 50) and the kiosk. Editing a
 * wall with assigned lockers warns, as soon as a dimension changes, that saving unassigns them all.
 */
export function LockerWallFormDialog({ open, wall, location, onClose, onSaved }: LockerWallFormDialogProps) {
  const form = useLockerWallForm(wall, location?.id ?? '', open);
  const { control, watch } = form;
  const { t } = useTranslation('lockerWalls');
  const warn = unassignsAll(wall, watch('qty_wide'), watch('qty_tall'));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={wall ? t('action.edit') : t('action.add')}
      form={form}
      onSubmit={async (values) => {
        const saved = await saveLockerWall(wall?.id, values);
        onSaved?.(saved);
      }}
      successMessage={translateMessage(wall ? LOCKER_WALL_MESSAGES.updated : LOCKER_WALL_MESSAGES.created)}
      invalidateKey={lockerWallsKey}
      extraTabs={
        wall
          ? [
              {
                label: t('form.historyLog'),
                content: <WallHistoryLog wall={wall} />,
              },
            ]
          : []
      }
    >
      <FormSearchPicker
        control={control}
        name="id_location"
        area="locations"
        label={t('field.location')}
        initial={location}
        disabled={!!wall}
        required
      />
      <FormTextField control={control} name="name" label={t('form.name')} required />
      <FormTextField
        control={control}
        name="description"
        label={t('form.description')}
        multiline
        minRows={2}
      />
      <FormTextField control={control} name="custom_id" label={t('form.customId')} />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageField
            value={typeof field.value === 'string' ? field.value : null}
            onChange={(url) => field.onChange(url)}
          />
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField
          control={control}
          name="qty_wide"
          label={t('form.doorsWide')}
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
        />
        <FormTextField
          control={control}
          name="qty_tall"
          label={t('form.doorsTall')}
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
        />
      </Box>
      {warn ? (
        <Alert severity="warning" data-testid="dimension-warning">
          {translateMessage(LOCKER_WALL_MESSAGES.dimensionWarning)}
        </Alert>
      ) : null}
      <FormCheckbox control={control} name="is_kiosk" label={t('form.kiosk')} />
    </FormDialog>
  );
}

/** The wall's History Log, its times on the wall clock of the wall's location, the zone named. */
function WallHistoryLog({ wall }: { wall: TLockerWall }) {
  const zone = useLocationZone(wall.id_location);
  const fields = useWallHistoryFields();
  return <HistoryLog entity="locker_wall" id={wall.id} timeZone={zone} fields={fields} />;
}

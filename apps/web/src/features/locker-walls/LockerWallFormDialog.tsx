import { LOCKER_WALL_MESSAGES, type TLockerWall } from '@lockerops/contract';
import { Alert, Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { HistoryLog } from '../../components/HistoryLog';
import { ImageField } from '../../components/ImageField';
import { lockerWallsKey, saveLockerWall, useLockerWallForm } from './hooks';
import { unassignsAll } from './wallLayout';

export interface LockerWallFormDialogProps {
  open: boolean;
  /** the wall being edited; null adds one at `idLocation` */
  wall: TLockerWall | null;
  idLocation: string;
  onClose: () => void;
  /** called with the saved wall, so the page can select it */
  onSaved?: (wall: TLockerWall) => void;
}

/**
 * "Add Locker Wall" / "Edit Locker Wall" (spec operational §2, §5 Locker wall): name, description (max
 * 200), custom id, image (POST images, 400x250), # Doors wide / tall (1 to 50) and the kiosk. Editing a
 * wall with assigned lockers warns, as soon as a dimension changes, that saving unassigns them all.
 */
export function LockerWallFormDialog({
  open,
  wall,
  idLocation,
  onClose,
  onSaved,
}: LockerWallFormDialogProps) {
  const form = useLockerWallForm(wall, idLocation, open);
  const { control, watch } = form;
  const warn = unassignsAll(wall, watch('qty_wide'), watch('qty_tall'));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={wall ? 'Edit Locker Wall' : 'Add Locker Wall'}
      form={form}
      onSubmit={async (values) => {
        const saved = await saveLockerWall(wall?.id, values);
        onSaved?.(saved);
      }}
      successMessage={wall ? LOCKER_WALL_MESSAGES.updated : LOCKER_WALL_MESSAGES.created}
      invalidateKey={lockerWallsKey}
      extraTabs={
        wall ? [{ label: 'History Log', content: <HistoryLog entity="locker_wall" id={wall.id} /> }] : []
      }
    >
      <FormTextField control={control} name="name" label="Name" required />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <FormTextField control={control} name="custom_id" label="Custom ID" />
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
          label="# Doors wide"
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
        />
        <FormTextField
          control={control}
          name="qty_tall"
          label="# Doors tall"
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
        />
      </Box>
      {warn ? (
        <Alert severity="warning" data-testid="dimension-warning">
          {LOCKER_WALL_MESSAGES.dimensionWarning}
        </Alert>
      ) : null}
      <FormCheckbox control={control} name="is_kiosk" label="Kiosk" />
    </FormDialog>
  );
}

import { LOCKER_WALL_MESSAGES, type TLockerWall } from '@lockerops/contract';
import { Alert, Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
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
  const { register, control, formState, watch } = form;
  const err = (k: keyof typeof formState.errors) => formState.errors[k]?.message;
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
      <TextField label="Name" required {...register('name')} error={!!err('name')} helperText={err('name')} />
      <TextField
        label="Description"
        multiline
        minRows={2}
        {...register('description')}
        error={!!err('description')}
        helperText={err('description')}
      />
      <TextField
        label="Custom ID"
        {...register('custom_id')}
        error={!!err('custom_id')}
        helperText={err('custom_id')}
      />
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
        <TextField
          label="# Doors wide"
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
          {...register('qty_wide')}
          error={!!err('qty_wide')}
          helperText={err('qty_wide')}
        />
        <TextField
          label="# Doors tall"
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
          {...register('qty_tall')}
          error={!!err('qty_tall')}
          helperText={err('qty_tall')}
        />
      </Box>
      {warn ? (
        <Alert severity="warning" data-testid="dimension-warning">
          {LOCKER_WALL_MESSAGES.dimensionWarning}
        </Alert>
      ) : null}
      <Controller
        control={control}
        name="is_kiosk"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Kiosk"
          />
        )}
      />
    </FormDialog>
  );
}

import { SIZE_CSV_HEADERS, SIZE_MESSAGES, type TSize } from '@lockerops/contract';
import { Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
import { HistoryLog, useHistoryFields } from '../../components/HistoryLog';
import { ImageField } from '../../components/ImageField';
import { translateMessage } from '../../i18n/messages';
import { SIZE_HISTORY_LABELS } from './historyFields';
import { SIZES_ENDPOINT, saveSize, sizesKey, useSizeForm } from './hooks';

export interface SizeFormDialogProps {
  open: boolean;
  /** the size being edited; null adds one */
  size: TSize | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Size" / "Edit Size" (spec operational §2 Sizes, §5 Size): name, description, width, depth,
 * height (inches, > 0, up to 2 decimals), external id and image. Admins adding also get the
 * "Bulk Upload" tab (SIZE_CSV_HEADERS); editing adds the "History Log" tab.
 */
export function SizeFormDialog({ open, size, isAdmin, onClose }: SizeFormDialogProps) {
  const { t } = useTranslation('sizes');
  const historyFields = useHistoryFields('sizes', SIZE_HISTORY_LABELS);
  const form = useSizeForm(size, open);
  const { control } = form;
  const editing = !!size;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      form={form}
      onSubmit={(values) => saveSize(size?.id, values)}
      successMessage={translateMessage(editing ? SIZE_MESSAGES.updated : SIZE_MESSAGES.created)}
      invalidateKey={sizesKey}
      formTabLabel={editing ? t('edit') : undefined}
      bulkUpload={
        isAdmin && !editing
          ? { endpoint: SIZES_ENDPOINT, headers: SIZE_CSV_HEADERS, allowDryRun: true }
          : undefined
      }
      extraTabs={
        size
          ? [
              {
                label: t('field.historyTab'),
                content: <HistoryLog entity="size" id={size.id} fields={historyFields} />,
              },
            ]
          : []
      }
    >
      <FormTextField control={control} name="name" label={t('field.name')} required />
      <FormTextField
        control={control}
        name="description"
        label={t('field.description')}
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
        {(['width', 'depth', 'height'] as const).map((k) => (
          <FormTextField
            control={control}
            name={k}
            key={k}
            label={t(`field.${k}In`)}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
      </Box>
      <FormTextField control={control} name="external_id" label={t('field.externalId')} />
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
    </FormDialog>
  );
}

import { SIZE_CSV_HEADERS, SIZE_MESSAGES, type TSize, ZSizeCreateRequest } from '@lockerops/contract';
import { Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form';
import { useHistoryFields } from '../../components/HistoryLog';
import { ImageField } from '../../components/ImageField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { SIZE_HISTORY_LABELS } from './historyFields';
import { SIZES_ENDPOINT, sizesKey, sizeValuesOf } from './hooks';

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
export function SizeFormDialog({ size, ...props }: SizeFormDialogProps) {
  const { t } = useTranslation('sizes');
  const historyFields = useHistoryFields('sizes', SIZE_HISTORY_LABELS);
  return (
    <ResourceFormDialog
      {...props}
      row={size}
      title={{ add: t('add'), edit: t('edit') }}
      formTabLabel={size ? t('edit') : undefined}
      schema={ZSizeCreateRequest}
      valuesOf={sizeValuesOf}
      endpoint={SIZES_ENDPOINT}
      messages={SIZE_MESSAGES}
      invalidateKey={sizesKey}
      csvHeaders={SIZE_CSV_HEADERS}
      history={{ label: t('field.historyTab'), entity: 'size', fields: historyFields }}
    >
      {({ control }) => (
        <>
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
        </>
      )}
    </ResourceFormDialog>
  );
}

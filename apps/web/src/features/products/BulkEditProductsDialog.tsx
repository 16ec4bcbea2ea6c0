import { PRODUCT_MESSAGES, ZProductBulkUpdateRequest } from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { FormSearchPicker } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { bulkEditProducts, productsKey } from './hooks';

/** The text fields of the bulk form and their labels' keys (`field.<key>`). */
const FIELDS = [
  ['name', 'name'],
  ['price', 'cost'],
  ['sales_price', 'salePrice'],
  ['msrp', 'msrp'],
  ['description', 'description'],
  ['serial_number', 'serialNumber'],
] as const;
type TField = (typeof FIELDS)[number][0] | 'id_product_group' | 'id_condition';

/**
 * The changed fields of the bulk form: blank fields are left out (unchanged), the rest is validated
 * by the contract's ZProductBulkUpdateRequest (spec operational §5 "Bulk edit has the same rules").
 */
export function bulkBody(ids: string[], values: Partial<Record<TField, string>>) {
  const product = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  return ZProductBulkUpdateRequest.safeParse({ id_products: ids, product });
}

export interface BulkEditProductsDialogProps {
  /** the selected products; null closes the dialog */
  ids: string[] | null;
  onClose: () => void;
}

/** "Edit Products" (admins, spec operational §2 Products bulk edit, §7 `PATCH products`). */
export function BulkEditProductsDialog({ ids, onClose }: BulkEditProductsDialogProps) {
  const { t } = useTranslation('products');
  const open = !!ids;
  const [values, setValues] = useState<Partial<Record<TField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<TField | 'form', string>>>({});
  const pick = useForm<{ id_product_group: string; id_condition: string }>({
    defaultValues: { id_product_group: '', id_condition: '' },
  });
  const resetPick = pick.reset;
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (open) {
      setValues({});
      setErrors({});
      resetPick();
    }
  }, [open, resetPick]);

  const save = useMutation({
    mutationFn: bulkEditProducts,
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: productsKey });
      onClose();
    },
    onError: (e) => setErrors({ form: formatApiError(e) }),
  });

  const submit = () => {
    const parsed = bulkBody(ids ?? [], values);
    if (!parsed.success) {
      const next: Partial<Record<TField | 'form', string>> = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] === 'product' ? issue.path[1] : 'form') as TField | 'form';
        next[key] ??= translateMessage(issue.message);
      }
      setErrors(next);
      return;
    }
    if (!Object.keys(parsed.data.product).length) {
      setErrors({ form: translateMessage(PRODUCT_MESSAGES.nothingToChange) });
      return;
    }
    save.mutate(parsed.data);
  };

  const set = (k: TField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  // left empty: unchanged; searched on the server as typed
  const picker = (
    k: 'id_product_group' | 'id_condition',
    area: 'productGroups' | 'conditions',
    label: string,
  ) => (
    <FormSearchPicker
      control={pick.control}
      name={k}
      area={area}
      label={label}
      helperText={errors[k] ?? t('bulk.unchanged')}
      onPick={(o) => set(k)({ target: { value: o?.id ?? '' } })}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('bulk.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('bulk.selected', { count: ids?.length ?? 0 })}
        </Typography>
        {errors.form ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2 }}>
          {FIELDS.filter(([k]) => k !== 'serial_number' || ids?.length === 1).map(([k, key]) => (
            <TextField
              key={k}
              label={t(`field.${key}`)}
              value={values[k] ?? ''}
              onChange={set(k)}
              error={!!errors[k]}
              helperText={errors[k]}
            />
          ))}
          {picker('id_product_group', 'productGroups', t('field.productGroup'))}
          {picker('id_condition', 'conditions', t('field.condition'))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('common:button.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

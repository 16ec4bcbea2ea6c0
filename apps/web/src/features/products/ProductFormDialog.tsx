import {
  PRODUCT_CSV_HEADERS,
  PRODUCT_MESSAGES,
  type TProduct,
  ZProductCreateRequest,
} from '@lockerops/contract';
import { Box } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toFormData } from '../../api/formData';
import { FormSearchPicker, FormTextField } from '../../components/form';
import { ImageField } from '../../components/ImageField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import {
  PRODUCTS_ENDPOINT,
  productsKey,
  productValuesOf,
  type TProductFormInput,
  type TProductFormOutput,
} from './hooks';
import { ProductHistoryLog } from './ProductHistoryLog';

export interface ProductFormDialogProps {
  open: boolean;
  /** the product being edited; null adds one */
  product: TProduct | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Product" / "Edit Product" (spec operational §2 Products, §5 Product): name, serial number, SKU,
 * cost, sale price, MSRP (each > 0 when given), description, product group, condition and image, sent
 * as multipart. Editing has the tabs "Edit Product" and "Product History Log"; admins adding also get
 * "Bulk Upload" (PRODUCT_CSV_HEADERS).
 */
export function ProductFormDialog({ product, ...props }: ProductFormDialogProps) {
  const { t } = useTranslation('products');
  return (
    <ResourceFormDialog
      {...props}
      row={product}
      title={{ add: t('add'), edit: t('edit') }}
      formTabLabel={product ? t('edit') : undefined}
      schema={ZProductCreateRequest}
      valuesOf={productValuesOf}
      endpoint={PRODUCTS_ENDPOINT}
      body={toFormData}
      messages={PRODUCT_MESSAGES}
      invalidateKey={productsKey}
      csvHeaders={PRODUCT_CSV_HEADERS}
      history={{ label: t('history.tab'), render: (p) => <ProductHistoryLog id={p.id} /> }}
    >
      {(form) => <ProductFields form={form} product={product} />}
    </ResourceFormDialog>
  );
}

/**
 * The fields of the product form; the group and condition pickers search the server as typed and
 * name the saved product's group and condition.
 */
function ProductFields({
  form,
  product,
}: {
  form: UseFormReturn<TProductFormInput, unknown, TProductFormOutput>;
  product: TProduct | null;
}) {
  const { t } = useTranslation('products');
  const { control } = form;
  const field = (name: keyof TProductFormInput, label: string, required = false) => (
    <FormTextField control={control} name={name} label={label} required={required} />
  );
  const money = (name: 'price' | 'sales_price' | 'msrp', label: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
  const picker = (
    name: 'id_product_group' | 'id_condition',
    area: 'productGroups' | 'conditions',
    label: string,
    saved: { id: string; name: string } | null | undefined,
  ) => (
    <FormSearchPicker
      control={control}
      name={name}
      area={area}
      label={label}
      initial={saved ? { id: saved.id, label: saved.name } : null}
    />
  );
  return (
    <>
      {field('name', t('field.name'), true)}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
        {field('serial_number', t('field.serialNumber'))}
        {field('sku', t('field.sku'))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
        {money('price', t('field.cost'))}
        {money('sales_price', t('field.salePrice'))}
        {money('msrp', t('field.msrp'))}
      </Box>
      <FormTextField
        control={control}
        name="description"
        label={t('field.description')}
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
        {picker('id_product_group', 'productGroups', t('field.productGroup'), product?.product_group)}
        {picker('id_condition', 'conditions', t('field.condition'), product?.condition)}
      </Box>
      <Controller
        control={control}
        name="image"
        render={({ field: f }) => (
          <ImageField
            value={typeof f.value === 'string' ? f.value : null}
            onChange={(url) => f.onChange(url)}
          />
        )}
      />
    </>
  );
}

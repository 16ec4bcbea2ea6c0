import {
  productsEndpoints,
  type TPage,
  type TProduct,
  ZDeleteResponse,
  ZProduct,
  type ZProductBulkUpdateRequest,
  ZProductBulkUpdateResponse,
  type ZProductCreateRequest,
  ZProductTrackingResponse,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
/** Query-key prefix of the inventory list; every product mutation invalidates it. */
import { productsKey } from '../../api/queryKeys';
import { translateMessage } from '../../i18n/messages';

export { productsKey };
/** The area's calls (list, bulk delete, export, upload). */
export const PRODUCTS_ENDPOINT = productsEndpoints.products;
export const ZProductPage: z.ZodType<TPage<TProduct>> = zPage(ZProduct);

export type TProductFormInput = z.input<typeof ZProductCreateRequest>;
export type TProductFormOutput = z.output<typeof ZProductCreateRequest>;

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The product form's values (ZProductCreateRequest, spec operational §5 Product) of a product, or blank. */
export function productValuesOf(product: TProduct | null): TProductFormInput {
  return {
    name: product?.name ?? '',
    serial_number: text(product?.serial_number),
    sku: text(product?.sku),
    price: text(product?.price),
    sales_price: text(product?.sales_price),
    msrp: text(product?.msrp),
    description: text(product?.description),
    id_product_group: product?.id_product_group ?? '',
    id_condition: product?.id_condition ?? '',
    image: product?.image ?? null,
  };
}

function useProductMutation<T>(fn: (arg: T) => Promise<{ detail: string }>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** Deletes one product; the server refuses (409) a product in a device or an active rental. */
export const useDeleteProduct = () =>
  useProductMutation((id: string) =>
    apiCall(productsEndpoints.products.remove, { body: { ids: [id] }, schema: ZDeleteResponse }),
  );

/** `POST products/{id}/duplicate`: a clone without the serial number ('Product cloned successfully'). */
export const useDuplicateProduct = () =>
  useProductMutation((id: string) =>
    apiCall(productsEndpoints.products.duplicate, {
      params: { id },
      schema: z.object({ detail: z.string(), product: ZProduct }),
    }),
  );

/** `PATCH products` `{ id_products, product }` (admins): only the filled fields change. */
export const bulkEditProducts = (body: z.output<typeof ZProductBulkUpdateRequest>) =>
  apiCall(productsEndpoints.products.bulkUpdate, { body, schema: ZProductBulkUpdateResponse });

/** The product's tracking timeline (`GET products/{id}/tracking`). */
export const useProductTracking = (id: string) => useQuery(productQueries.tracking(id));

/** The area's reads as query options: each key and fetcher is written once, here. */
export const productQueries = {
  /** `GET products/{id}/tracking`. */
  tracking: (id: string) =>
    queryOptions({
      queryKey: [...productsKey, 'tracking', id],
      queryFn: ({ signal }) =>
        apiCall(productsEndpoints.products.tracking, {
          params: { id },
          schema: ZProductTrackingResponse,
          signal,
        }),
    }),
};

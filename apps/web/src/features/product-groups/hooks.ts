import {
  productGroupsEndpoints,
  type TPage,
  type TProductGroup,
  ZDeleteResponse,
  ZProductGroup,
  type ZProductGroupCreateRequest,
  zPage,
} from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { productsKey } from '../../api/queryKeys';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the product groups list; every group mutation invalidates it. */
export const productGroupsKey = ['product-groups'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const PRODUCT_GROUPS_ENDPOINT = productGroupsEndpoints.productGroups;
export const ZProductGroupPage: z.ZodType<TPage<TProductGroup>> = zPage(ZProductGroup);

export type TProductGroupFormInput = z.input<typeof ZProductGroupCreateRequest>;
export type TProductGroupFormOutput = z.output<typeof ZProductGroupCreateRequest>;

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** The product group form's values (ZProductGroupCreateRequest, spec operational §5), or blank. */
export const productGroupValuesOf = (g: TProductGroup | null): TProductGroupFormInput => ({
  name: g?.name ?? '',
  image: g?.image ?? null,
  one_to_one: g ? g.one_to_one : '',
  id_size: g?.id_size ?? '',
  charging_time: text(g?.charging_time),
  auto_repair: g?.auto_repair ?? false,
  transaction_number: text(g?.transaction_number),
  total_inventory: text(g?.total_inventory),
  products: g ? g.products.map((p) => p.id) : [],
});

/** Deletes one product group; its products stay, without a group. */
export function useDeleteProductGroup() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(productGroupsEndpoints.productGroups.remove, { body: { ids: [id] }, schema: ZDeleteResponse }),
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: productGroupsKey });
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

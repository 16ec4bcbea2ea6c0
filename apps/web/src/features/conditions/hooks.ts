import {
  conditionsEndpoints,
  type TCondition,
  type TPage,
  ZCondition,
  ZConditionActionResponse,
  type ZConditionCreateRequest,
  ZDeleteResponse,
  zPage,
} from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { productsKey } from '../../api/queryKeys';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the conditions list; every condition mutation invalidates it. */
export const conditionsKey = ['conditions'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const CONDITIONS_ENDPOINT = conditionsEndpoints.conditions;
export const ZConditionPage: z.ZodType<TPage<TCondition>> = zPage(ZCondition);

export type TConditionFormInput = z.input<typeof ZConditionCreateRequest>;

/** The condition form's values (ZConditionCreateRequest, spec operational §5 Condition), or blank. */
export const conditionValuesOf = (c: TCondition | null): TConditionFormInput => ({
  name: c?.name ?? '',
  auto_report: c?.auto_report ?? false,
  auto_maintenance: c?.auto_maintenance ?? false,
  products: c ? c.products.map((p) => p.id) : [],
});

function useConditionMutation<T>(fn: (arg: T) => Promise<{ detail: string }>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: conditionsKey });
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `PATCH conditions/{id}` with one auto flag ('Saved successfully'); admins only. */
export const useToggleCondition = () =>
  useConditionMutation((arg: { id: string; flag: 'auto_report' | 'auto_maintenance'; value: boolean }) =>
    apiCall(conditionsEndpoints.conditions.flags, {
      params: { id: arg.id },
      body: { [arg.flag]: arg.value },
      schema: ZConditionActionResponse,
    }),
  );

/** `POST conditions/{id}/clone` ('Condition cloned'); admins only. */
export const useCloneCondition = () =>
  useConditionMutation((id: string) =>
    apiCall(conditionsEndpoints.conditions.clone, { params: { id }, schema: ZConditionActionResponse }),
  );

/** Deletes one condition; admins only. */
export const useDeleteCondition = () =>
  useConditionMutation((id: string) =>
    apiCall(conditionsEndpoints.conditions.remove, { body: { ids: [id] }, schema: ZDeleteResponse }),
  );

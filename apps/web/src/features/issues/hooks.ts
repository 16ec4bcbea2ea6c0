import {
  issuesEndpoints,
  type TIssue,
  type TIssueCreateInput,
  type TIssueCreateRequest,
  type TIssueStatus,
  type TPage,
  transactionsEndpoints,
  ZIssue,
  ZIssueActionResponse,
  ZIssueCreateRequest,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { toFormData } from '../../api/formData';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the issues list; every issue mutation invalidates it. */
export const issuesKey = ['issues'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const ISSUES_ENDPOINT = issuesEndpoints.issues;
export const ZIssuePage: z.ZodType<TPage<TIssue>> = zPage(ZIssue);

const valuesOf = (issue: TIssue | null): TIssueCreateInput => ({
  description: issue?.description ?? '',
  invoice_id: issue?.invoice_id ?? '',
  id_user: issue?.id_user ?? '',
  team_member_id: issue?.team_member_id ?? '',
  pictures: issue?.pictures ?? [],
});

/** The Create/Edit Issue form, validated by the contract's ZIssueCreateRequest (spec console §5 Issue). */
export function useIssueForm(issue: TIssue | null, open: boolean) {
  return useDialogForm(ZIssueCreateRequest, valuesOf, issue, open);
}

/**
 * `POST issues?id_event=` or `PUT issues/{id}` as multipart (spec console §7): the fields, the kept
 * picture URLs and the new image files under `images`.
 */
export function saveIssue(
  id: string | undefined,
  values: TIssueCreateRequest,
  images: File[],
  idEvent?: string,
): Promise<TIssue> {
  const { id_event: _ignored, ...rest } = values;
  const body = toFormData({ ...rest, pictures: rest.pictures?.length ? rest.pictures : undefined });
  for (const f of images) body.append('images', f);
  return id
    ? apiCall(issuesEndpoints.issues.update, { params: { id }, body, schema: ZIssue })
    : apiCall(issuesEndpoints.issues.create, {
        body,
        schema: ZIssue,
        query: idEvent ? { id_event: idEvent } : undefined,
      });
}

/** `PATCH issues/{id}?status=` (saved at once; 'Issue updated successfully!'). */
export function useIssueStatus() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (arg: { id: string; status: TIssueStatus }) =>
      apiCall(issuesEndpoints.issues.status, {
        params: { id: arg.id },
        query: { status: arg.status },
        schema: ZIssueActionResponse,
      }),
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: issuesKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

const ZEventLookup = zPage(
  z.object({ id: z.string(), invoice_id: z.string(), order_id: z.string().nullish() }),
);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const issueQueries = {
  /**
   * `GET events?invoice_id=&page=1&size=1`: the transaction of an order/invoice number (trimmed);
   * keyed by the number in capitals.
   */
  orderLookup: (value: string) =>
    queryOptions({
      queryKey: ['events', 'lookup', value.toUpperCase()],
      queryFn: ({ signal }) =>
        apiCall(transactionsEndpoints.events.list, {
          query: { invoice_id: value, page: 1, size: 1 },
          schema: ZEventLookup,
          signal,
        }),
      staleTime: 30_000,
    }),
};

/**
 * Looks an order/invoice number up as it is typed (`GET events?invoice_id=`): answers the matching
 * transaction or null; nothing is asked below 3 characters.
 */
export function useOrderLookup(number: string) {
  const value = number.trim();
  return useQuery({
    ...issueQueries.orderLookup(value),
    enabled: value.length >= 3,
    select: (page) => page.items[0] ?? null,
  });
}

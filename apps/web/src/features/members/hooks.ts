import {
  membersEndpoints,
  type TMember,
  type TPage,
  type TRole,
  ZDetailResponse,
  ZMember,
  ZMemberActionResponse,
  ZMemberBulkResponse,
  ZMemberForm,
  zPage,
} from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import type { ListQuery } from '../../components/DataTable/useListParams';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

export const membersKey = ['members'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const MEMBERS_ENDPOINT = membersEndpoints.members;
/** A member as a table row: the grid needs `id`; the API calls it `user_id`. */
export type TMemberRow = TMember & { id: string };
const ZMemberPage = zPage(ZMember);

/** `GET members` with `id` added to each row. */
export async function fetchMembers(query: ListQuery, signal: AbortSignal): Promise<TPage<TMemberRow>> {
  const page = await apiCall(membersEndpoints.members.list, { query, schema: ZMemberPage, signal });
  return { ...page, items: page.items.map((m) => ({ ...m, id: m.user_id })) };
}

export type TMemberFormInput = z.input<typeof ZMemberForm>;
export type TMemberFormOutput = z.output<typeof ZMemberForm>;

function valuesOf(m: TMember | null): TMemberFormInput {
  return {
    email: m?.email ?? '',
    first_name: m?.first_name ?? '',
    last_name: m?.last_name ?? '',
    role: m?.role ?? ('' as TRole),
    pin_code: m?.pin_code ?? '',
    send_reported_issues: m?.send_reported_issues ?? false,
  };
}

/** The Add/Edit Member form, validated by the contract (spec operational §5 Member). */
export function useMemberForm(member: TMember | null, open: boolean) {
  return useDialogForm(ZMemberForm, valuesOf, member, open);
}

/** `POST members?email` (invite) or `PUT members/{id}` (the e-mail never changes). */
export function saveMember(id: string | undefined, values: TMemberFormOutput): Promise<TMember> {
  const { email, ...body } = values;
  return id
    ? apiCall(membersEndpoints.members.update, { params: { id }, body, schema: ZMember })
    : apiCall(membersEndpoints.members.create, { query: { email }, body, schema: ZMember });
}

function useMemberMutation<V>(fn: (v: V) => Promise<{ detail: string | boolean }>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(String(res.detail)), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: membersKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `PATCH members/{id}/status`. */
export const useSetMemberEnabled = () =>
  useMemberMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    apiCall(membersEndpoints.members.status, {
      params: { id },
      body: { enabled },
      schema: ZMemberActionResponse,
    }),
  );

/** `POST members/resend-password-email`. */
export const useResendPassword = () =>
  useMemberMutation((email: string) =>
    apiCall(membersEndpoints.members.resendPasswordEmail, { body: { email }, schema: ZDetailResponse }),
  );

/** `PATCH members/` — the "Edit Team Members" bulk role change. */
export const useBulkRole = () =>
  useMemberMutation(({ ids, role }: { ids: string[]; role: TRole }) =>
    apiCall(membersEndpoints.members.bulkRole, {
      body: { user_ids: ids, member: { role } },
      schema: ZMemberBulkResponse,
    }),
  );

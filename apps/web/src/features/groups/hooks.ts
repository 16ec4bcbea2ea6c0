import {
  groupsEndpoints,
  type TGroup,
  type TGroupResourceType,
  type TPage,
  ZDetailResponse,
  ZGroup,
  ZGroupCreateRequest,
  ZGroupMembers,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

export const groupsKey = ['groups'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const GROUPS_ENDPOINT = groupsEndpoints.groups;
export const ZGroupPage: z.ZodType<TPage<TGroup>> = zPage(ZGroup);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const groupQueries = {
  /** `GET groups/{id}/members`: the users and resources of one group. */
  members: (id: string | undefined) =>
    queryOptions({
      queryKey: [...groupsKey, 'members', id],
      queryFn: ({ signal }) =>
        apiCall(groupsEndpoints.groups.members, {
          params: { id: String(id) },
          schema: ZGroupMembers,
          signal,
        }),
    }),
};

export type TGroupFormInput = z.input<typeof ZGroupCreateRequest>;
export type TGroupFormOutput = z.output<typeof ZGroupCreateRequest>;

const valuesOf = (group: TGroup | null): TGroupFormInput => ({
  name: group?.name ?? '',
  couriers: group?.couriers ?? false,
});

/** The Add/Edit Group form, validated by the contract ('name is required'). */
export function useGroupForm(group: TGroup | null, open: boolean) {
  return useDialogForm(ZGroupCreateRequest, valuesOf, group, open);
}

/** `POST groups?name` or `PUT groups/{id}?name` (spec operational §7 Groups). */
export function saveGroup(id: string | undefined, body: TGroupFormOutput): Promise<TGroup> {
  const json = { name: body.name, couriers: Boolean(body.couriers) };
  return id
    ? apiCall(groupsEndpoints.groups.update, { params: { id }, body: json, schema: ZGroup })
    : apiCall(groupsEndpoints.groups.create, { body: json, schema: ZGroup });
}

/** The users and resources of one group. */
export const useGroupMembers = (id: string | undefined) =>
  useQuery({ ...groupQueries.members(id), enabled: !!id });

/** Assigns or removes a user or a resource; refreshes the group and its list. */
export function useGroupAssignment(groupId: string | undefined) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (
      a:
        | { kind: 'user'; remove: boolean; id: string }
        | { kind: 'resource'; remove: boolean; id: string; type: TGroupResourceType },
    ) =>
      a.kind === 'user'
        ? apiCall(a.remove ? groupsEndpoints.groups.removeUser : groupsEndpoints.groups.assignUser, {
            params: { id: String(groupId) },
            body: { id_user: a.id },
            schema: ZDetailResponse,
          })
        : apiCall(a.remove ? groupsEndpoints.groups.removeResource : groupsEndpoints.groups.assignResource, {
            params: { id: String(groupId) },
            body: { id_resource: a.id, resource_type: a.type },
            schema: ZDetailResponse,
          }),
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(String(res.detail)), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: groupsKey });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

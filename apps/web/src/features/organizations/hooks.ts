import {
  organizationsEndpoints,
  type TListOrganizationsQuery,
  type TOrganization,
  ZDetailResponse,
  ZOrganization,
  ZOrganizationList,
} from '@lockerops/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (q: Partial<TListOrganizationsQuery>) => ['organizations', 'list', q] as const,
};

/** The filters and page of the organizations list (page 1-based). */
type TOrganizationsListQuery = {
  page: number;
  size: number;
  search?: string;
  status: TListOrganizationsQuery['status'];
};

/** The area's reads as query options: each key and fetcher is written once, here. */
export const organizationQueries = {
  /** `GET organizations?page=&size=&search=&status=`. */
  list: (q: TOrganizationsListQuery) =>
    queryOptions({
      queryKey: organizationKeys.list(q as Partial<TListOrganizationsQuery>),
      queryFn: ({ signal }) =>
        apiCall(organizationsEndpoints.organizations.list, { query: q, schema: ZOrganizationList, signal }),
    }),
};

/** `GET organizations` (spec console §7): page is 1-based; the table's 0-based index is sent +1. */
export const useOrganizationsQuery = (q: TOrganizationsListQuery) =>
  useQuery({ ...organizationQueries.list(q), placeholderData: keepPreviousData });

/** Create (`POST organizations`) or edit (`PATCH organizations/{id}`) with a multipart body. */
export function useSaveOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FormData }): Promise<TOrganization> =>
      id
        ? apiCall(organizationsEndpoints.organizations.patch, { params: { id }, body, schema: ZOrganization })
        : apiCall(organizationsEndpoints.organizations.create, { body, schema: ZOrganization }),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

/** Archive (`DELETE organizations/{id}`) or restore (`DELETE organizations/{id}/cancel`). */
export function useArchiveOrganization() {
  return useMutation({
    mutationFn: ({ id, restore }: { id: string; restore: boolean }) =>
      apiCall(
        restore ? organizationsEndpoints.organizations.cancel : organizationsEndpoints.organizations.remove,
        {
          params: { id },
          schema: ZDetailResponse,
        },
      ),
  });
}

import {
  organizationsEndpoints,
  SEARCH_DEBOUNCE_MS,
  type TListOrganizationsQuery,
  type TOrganization,
  ZDetailResponse,
  ZOrganization,
  ZOrganizationList,
  ZOrganizationNameCheck,
} from '@lockerops/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * Whether an organization name is in use, checked as it is typed (spec console §5: the name is
 * unique and submit stays disabled while it is a duplicate): `GET organizations/name-available`
 * 300 ms after the last keystroke. `taken` answers for the name now in the field only; `checking`
 * while that answer is not in yet. `id` is the organization being renamed (its own name is free).
 */
export function useOrganizationNameCheck(
  name: string,
  opts: { id?: string; enabled: boolean },
): { taken: boolean; checking: boolean } {
  const typed = name.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const enabled = opts.enabled && typed.length > 0;
  const query = useQuery({
    queryKey: [...organizationKeys.all, 'name-available', settled, opts.id ?? null] as const,
    queryFn: ({ signal }) =>
      apiCall(organizationsEndpoints.organizations.nameAvailable, {
        query: { name: settled, ...(opts.id ? { id: opts.id } : {}) },
        schema: ZOrganizationNameCheck,
        signal,
      }),
    enabled: enabled && settled === typed,
    staleTime: 0,
  });
  if (!enabled) return { taken: false, checking: false };
  const current = settled === typed && query.isSuccess;
  return { taken: current && !query.data.available, checking: !current && !query.isError };
}

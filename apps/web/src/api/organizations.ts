import {
  organizationsEndpoints,
  type TOrganization,
  ZOrganization,
  ZOrganizationPublic,
} from '@lockerops/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './client';
import { queryKeys } from './queryKeys';
import { signedInUser, useSession } from './session';

/** Public branding for the sign-in screens; the server picks the organization from the Host. */
export function usePublicOrganization() {
  return useQuery({
    queryKey: queryKeys.organizationPublic,
    queryFn: ({ signal }) =>
      apiCall(organizationsEndpoints.organization.get, { auth: false, schema: ZOrganizationPublic, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The signed-in user's organization: feature, mode and hardware flags and white label. */
export function useOrganizationSelf() {
  const signedIn = !!signedInUser(useSession());
  return useQuery<TOrganization>({
    queryKey: queryKeys.organizationSelf,
    queryFn: ({ signal }) =>
      apiCall(organizationsEndpoints.organizations.self, { schema: ZOrganization, signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

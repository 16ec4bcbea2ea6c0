import {
  membersEndpoints,
  type TChangePasswordRequest,
  type TUpdateProfileRequest,
  ZDetailResponse,
  ZMemberSelf,
} from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setLanguage } from '../i18n';
import { apiCall } from './client';
import { queryKeys } from './queryKeys';
import { sessionStore } from './session';

export function useMemberSelf(enabled = true) {
  return useQuery({
    queryKey: queryKeys.memberSelf,
    queryFn: ({ signal }) => apiCall(membersEndpoints.members.self, { schema: ZMemberSelf, signal }),
    enabled,
  });
}

/**
 * PATCH members/{id} with the names and the language; the local session keeps the new names for
 * the greeting, and the console switches to the saved language.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateProfileRequest & { id: string }) =>
      apiCall(membersEndpoints.members.updateProfile, { params: { id }, body }),
    onSuccess: (_data, { first_name, last_name, name, language }) => {
      sessionStore.updateUser({ first_name, last_name: last_name ?? null, name: name ?? null });
      if (language) void setLanguage(language);
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberSelf });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) =>
      apiCall(membersEndpoints.members.changePassword, { body, schema: ZDetailResponse }),
  });
}

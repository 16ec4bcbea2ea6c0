import {
  authEndpoints as endpoints,
  type TConfirmForgotPasswordRequest,
  type TForgotPasswordRequest,
  type TNewPasswordRequest,
  type TSignInRequest,
  type TSignInResponse,
  type TTokensResponse,
  ZDetailResponse,
  ZSignInResponse,
  ZTokensResponse,
} from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './client';
import { sessionStore } from './session';

/** Sign in (spec console §7: trimmed e-mail, local storage cleared first). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (req: TSignInRequest): Promise<TSignInResponse> => {
      sessionStore.clear();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'organization' });
      const res = await apiCall(endpoints.auth.signIn, {
        auth: false,
        body: { ...req, email: req.email.trim() },
        schema: ZSignInResponse,
      });
      if ('challenge' in res) {
        sessionStore.pending({ email: req.email.trim(), challenge: res.challenge, session: res.session });
      } else {
        sessionStore.signedIn(res);
      }
      return res;
    },
  });
}

/** Completes the new-password challenge; answers a full session. */
export function useCompleteNewPassword() {
  return useMutation({
    mutationFn: async (req: TNewPasswordRequest): Promise<TTokensResponse> => {
      const res = await apiCall(endpoints.auth.newPassword, {
        auth: false,
        body: req,
        schema: ZTokensResponse,
      });
      sessionStore.signedIn(res);
      return res;
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (req: TForgotPasswordRequest) =>
      apiCall(endpoints.auth.forgotPassword, { auth: false, body: req, schema: ZDetailResponse }),
  });
}

export function useConfirmForgotPassword() {
  return useMutation({
    mutationFn: (req: TConfirmForgotPasswordRequest) =>
      apiCall(endpoints.auth.confirmForgotPassword, { auth: false, body: req, schema: ZDetailResponse }),
  });
}

/** Logout: revoke the refresh token (best effort), clear local storage and every cached query. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    const refreshToken = sessionStore.get().tokens?.refresh_token;
    if (refreshToken) {
      await apiCall(endpoints.auth.signOut, { auth: false, body: { refresh_token: refreshToken } }).catch(
        () => undefined,
      );
    }
    sessionStore.clear();
    queryClient.clear();
  };
}

/** Where a fresh session lands (spec console §2): a first-time admin goes to /settings, others to /. */
export const landingPathFor = (user: TTokensResponse['user']): string =>
  user.first_login && user.role === 'admin' ? '/settings' : '/';

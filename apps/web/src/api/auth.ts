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
import { apiCall, COOKIE_SESSION_HEADERS, settleRefresh } from './client';
import { sessionStore } from './session';

/**
 * Sign in (spec console §7: trimmed e-mail, local storage cleared first) in cookie mode: the server
 * sets the refresh token as an httpOnly cookie and answers the id token, kept in memory only.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (req: TSignInRequest): Promise<TSignInResponse> => {
      // a rotation still in flight would otherwise set the old session's cookie after this one
      await settleRefresh();
      sessionStore.clear();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'organization' });
      const res = await apiCall(endpoints.auth.signIn, {
        auth: false,
        headers: COOKIE_SESSION_HEADERS,
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

/** Completes the new-password challenge; answers a full session (cookie mode, as sign-in). */
export function useCompleteNewPassword() {
  return useMutation({
    mutationFn: async (req: TNewPasswordRequest): Promise<TTokensResponse> => {
      const res = await apiCall(endpoints.auth.newPassword, {
        auth: false,
        headers: COOKIE_SESSION_HEADERS,
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

/**
 * Logout (spec console §2: clears local storage, goes to /auth/login): the server revokes the
 * session and expires the refresh cookie (best effort), then local storage, the in-memory id token
 * and every cached query go. Other tabs see currentUser go and sign out too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await settleRefresh();
    const idToken = sessionStore.get().idToken?.token;
    await apiCall(endpoints.auth.signOut, {
      auth: false,
      headers: idToken ? { Authorization: `Bearer ${idToken}` } : {},
      body: {},
    }).catch(() => undefined);
    sessionStore.clear();
    queryClient.clear();
  };
}

/** Where a fresh session lands (spec console §2): a first-time admin goes to /settings, others to /. */
export const landingPathFor = (user: TTokensResponse['user']): string =>
  user.first_login && user.role === 'admin' ? '/settings' : '/';

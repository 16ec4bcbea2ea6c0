/**
 * The endpoint map's entries for sign-in, tokens and passwords. `../endpoints.ts` joins every area
 * into `endpoints`; the console imports only the areas a page calls.
 */
import {
  ZConfirmForgotPasswordRequest,
  ZForgotPasswordRequest,
  ZNewPasswordRequest,
  ZRefreshRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZTokensResponse,
} from '../auth';
import { ZDetailResponse } from '../common';
import { endpoint } from './define';

export const authEndpoints = {
  auth: {
    signIn: endpoint({
      method: 'POST',
      path: '/auth/sign-in',
      body: ZSignInRequest,
      response: ZSignInResponse,
    }),
    newPassword: endpoint({
      method: 'POST',
      path: '/auth/new-password',
      body: ZNewPasswordRequest,
      response: ZTokensResponse,
    }),
    forgotPassword: endpoint({
      method: 'POST',
      path: '/auth/forgot-password',
      body: ZForgotPasswordRequest,
      response: ZDetailResponse,
    }),
    confirmForgotPassword: endpoint({
      method: 'POST',
      path: '/auth/confirm-forgot-password',
      body: ZConfirmForgotPasswordRequest,
      response: ZDetailResponse,
    }),
    refresh: endpoint({
      method: 'POST',
      path: '/auth/refresh',
      body: ZRefreshRequest,
      response: ZTokensResponse,
    }),
    signOut: endpoint({ method: 'POST', path: '/auth/sign-out', response: ZDetailResponse }),
  },
} as const;

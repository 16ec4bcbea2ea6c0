import {
  type TNotificationChannel,
  type TPage,
  type TUser,
  userContactIssue,
  usersEndpoints,
  ZUser,
  ZUserActivationResponse,
  ZUserCreateRequest,
  ZUserTransactionsResponse,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { settingsQuery } from '../../api/settings';
import { useDialogForm } from '../../components/form';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the users list; every user mutation invalidates it. */
export const usersKey = ['users'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const USERS_ENDPOINT = usersEndpoints.users;
export const ZUserPage: z.ZodType<TPage<TUser>> = zPage(ZUser);

export type TUserFormInput = z.input<typeof ZUserCreateRequest>;
export type TUserFormOutput = z.output<typeof ZUserCreateRequest>;

function valuesOf(user: TUser | null): TUserFormInput {
  return {
    name: user?.name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    address: user?.address ?? '',
    phone_number: user?.phone_number ?? '',
    user_id: user?.user_id ?? '',
    pin_code: user?.pin_code ?? '',
    require_auth: user?.require_auth ?? false,
    access_code: user?.access_code ?? '',
  };
}

/** The digits of a phone number; undefined when too short to be one. */
const phoneDigits = (typed: string | null | undefined): string | undefined => {
  const digits = (typed ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits : undefined;
};

/**
 * The other users who already have this phone number (the server allows it, the operator should
 * know before a second customer shares the number): `GET users?search=` 400 ms after the last key.
 */
export function useSamePhoneUsers(typed: string, ownId: string | undefined): TUser[] {
  const [phone, setPhone] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setPhone(phoneDigits(typed)), 400);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery({
    queryKey: [...usersKey, 'same-phone', phone],
    enabled: !!phone,
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      apiCall(usersEndpoints.users.list, {
        query: { search: phone, page: 1, size: 5 },
        schema: ZUserPage,
        signal,
      }),
  });
  return (q.data?.items ?? []).filter((u) => u.id !== ownId && phoneDigits(u.phone_number) === phone);
}

/** The organization's default notification channel (spec operational §5 User); email until loaded. */
export function useNotificationChannel(): TNotificationChannel {
  const q = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  return q.data?.default_notification_channel ?? 'email';
}

/** The Add/Edit User form, validated by the contract's ZUserCreateRequest (spec operational §5 User). */
export function useUserForm(user: TUser | null, open: boolean) {
  return useDialogForm(ZUserCreateRequest, valuesOf, user, open);
}

/**
 * Saves a user: checks the contact rule of the organization's channel first (e-mail for email, phone
 * for sms; answers the spec text as an error), then `POST users` or `PUT users/{id}`.
 */
export function saveUser(id: string | undefined, body: TUserFormOutput, channel: TNotificationChannel) {
  const issue = userContactIssue(body, channel);
  if (issue) return Promise.reject(new Error(issue));
  return id
    ? apiCall(usersEndpoints.users.update, { params: { id }, body, schema: ZUser })
    : apiCall(usersEndpoints.users.create, { body, schema: ZUser });
}

/** Activate or deactivate a user; shows 'User has been activated.' / 'User has been deactivated.'. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      apiCall(active ? usersEndpoints.users.activate : usersEndpoints.users.deactivate, {
        params: { id },
        schema: ZUserActivationResponse,
      }),
    onSuccess: (res) => {
      enqueueSnackbar(translateMessage(res.detail), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `GET events_by_user/{id}`: the user and their last 100 transactions, newest first. */
export const useUserTransactions = (id: string) => useQuery(userQueries.transactions(id));

/** The area's reads as query options: each key and fetcher is written once, here. */
export const userQueries = {
  /** `GET events_by_user/{id}`. */
  transactions: (id: string) =>
    queryOptions({
      queryKey: [...usersKey, 'transactions', id],
      queryFn: ({ signal }) =>
        apiCall(usersEndpoints.eventsByUser.get, {
          params: { id },
          schema: ZUserTransactionsResponse,
          signal,
        }),
    }),
};

import {
  locksEndpoints,
  organizationsEndpoints,
  settingsEndpoints,
  type TCloudLockVendor,
  type TLockVendorAccountRequest,
  type TOrganization,
  type TSettingsRequest,
  type TWhiteLabelRequest,
  type TWhiteLabelResponse,
  ZDetailResponse,
  ZLockVendorAccount,
  ZLockVendorAccountList,
  ZSettings,
  ZWhiteLabelResponse,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { settingsKey, settingsQuery } from '../../api/settings';

/** `GET settings` (spec console §7). */
export const useSettingsQuery = () => useQuery(settingsQuery());

/** `PUT settings` with the fields that changed. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettingsRequest) =>
      apiCall(settingsEndpoints.settings.update, { body, schema: ZSettings }),
    onSuccess: (s) => client.setQueryData(settingsKey, s),
  });
}

/** Puts new branding into the cached organization so the theme and the shell change at once. */
function applyWhiteLabel(client: ReturnType<typeof useQueryClient>, wl: TWhiteLabelResponse) {
  const { organization_id: _id, ...white_label } = wl;
  client.setQueryData<TOrganization>(queryKeys.organizationSelf, (o) => (o ? { ...o, white_label } : o));
  void client.invalidateQueries({ queryKey: queryKeys.organizationPublic });
}

/** `PATCH white-label` (app name and colours). */
export function useSaveWhiteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWhiteLabelRequest) =>
      apiCall(organizationsEndpoints.whiteLabel.patch, { body, schema: ZWhiteLabelResponse }),
    onSuccess: (wl) => applyWhiteLabel(client, wl),
  });
}

/**
 * `PATCH white-label/logo`: the app logo (multipart field `image`) or the OEM logo (`oem_image`,
 * white_label.oem_logo).
 */
export function useUploadLogo(field: 'image' | 'oem_image' = 'image') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set(field, file);
      return apiCall(organizationsEndpoints.whiteLabel.logo, { body, schema: ZWhiteLabelResponse });
    },
    onSuccess: (wl) => applyWhiteLabel(client, wl),
  });
}

/** `POST notification-contact/verify?email`. */
export function useVerifyContact() {
  return useMutation({
    mutationFn: (email: string) =>
      apiCall(settingsEndpoints.notificationContact.sendVerification, {
        query: { email },
        schema: ZDetailResponse,
      }),
  });
}

const lockVendorsKey = ['lock-vendors'] as const;

/** The area's reads as query options (GET settings itself is `settingsQuery`, shared in api/). */
export const settingsQueries = {
  /** `GET lock-vendors`. */
  lockVendors: () =>
    queryOptions({
      queryKey: lockVendorsKey,
      queryFn: ({ signal }) =>
        apiCall(locksEndpoints.lockVendors.list, { schema: ZLockVendorAccountList, signal }),
    }),
};

/** `GET lock-vendors`: the organization's account at each cloud lock vendor (secret masked). */
export const useLockVendorsQuery = () =>
  useQuery({ ...settingsQueries.lockVendors(), select: (d) => d.items });

/** `PUT lock-vendors/{vendor}`; leaving `secret` out keeps the saved one. */
export function useSaveLockVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vendor, body }: { vendor: TCloudLockVendor; body: TLockVendorAccountRequest }) =>
      apiCall(locksEndpoints.lockVendors.save, { params: { vendor }, body, schema: ZLockVendorAccount }),
    onSuccess: () => client.invalidateQueries({ queryKey: lockVendorsKey }),
  });
}

/** `DELETE lock-vendors/{vendor}`: that vendor's locks answer "not configured" again. */
export function useRemoveLockVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vendor: TCloudLockVendor) =>
      apiCall(locksEndpoints.lockVendors.remove, { params: { vendor }, schema: ZDetailResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: lockVendorsKey }),
  });
}

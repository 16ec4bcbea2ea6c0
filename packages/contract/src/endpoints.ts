/**
 * The endpoint map: every call of the partner API declared once — method, path (relative to
 * `/api`, Fastify's `:param` syntax), and the zod schemas of its path parameters, query, JSON body
 * and success answer. The server registers its routes from these entries (`crudRoutes` takes a
 * list area's entries; other routes use `routeOf`), a server test checks that every `/api` route is
 * here with the same schemas and nothing else is, and the console calls the API only through
 * `apiCall(endpoints.<area>.<name>, …)`, so a changed schema fails `tsc` on both sides.
 *
 * A map of our own rather than `@ts-rest/core`: the routes already carry Fastify options (roles,
 * rate limits, OpenAPI text, multipart) that ts-rest's server adapter does not model, and the
 * schemas are already the contract's zod schemas, so a plain `as const` object and a 40-line client
 * give the same typing without a second router.
 *
 * `multipart`: the body is FormData (not described here); `file`: the answer is a file or a page,
 * not JSON; `status`: the success status when it is not 200.
 */
import { z } from 'zod';
import { ZApiKeyCreated, ZApiKeyList } from './api-keys';
import {
  ZChangePasswordRequest,
  ZConfirmForgotPasswordRequest,
  ZForgotPasswordRequest,
  ZMemberSelf,
  ZNewPasswordRequest,
  ZRefreshRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZTokensResponse,
  ZUpdateProfileRequest,
} from './auth';
import {
  ZBulkUploadResult,
  ZDeleteResponse,
  ZDetailResponse,
  ZHistoryResponse,
  ZIdParams,
  ZIdsRequest,
  ZImageResponse,
  ZListQuery,
  zCursor,
  zPage,
} from './common';
import {
  ZCondition,
  ZConditionActionResponse,
  ZConditionCreateRequest,
  ZConditionFlagsRequest,
  ZConditionUpdateRequest,
} from './conditions';
import {
  METRIC_NAMES,
  type TMetricName,
  ZAvgRevenueMetric,
  ZAvgTransactionTimeMetric,
  ZDashboardRangeResponse,
  ZDoorCountsMetric,
  ZDoorHealthMetric,
  ZEarningsMetric,
  ZIssueRateMetric,
  ZMetricQuery,
  ZOccupancyRateMetric,
  ZTopLocationsReport,
  ZTopUsersReport,
  ZTotalLocationsMetric,
  ZTotalTransactionsMetric,
  ZTotalUsersMetric,
  ZTransactionRateMetric,
  ZTransactionsPerLockerMetric,
  ZTransactionsReport,
  ZUserGrowthMetric,
  ZUsersReport,
} from './dashboard';
import {
  ZDevice,
  ZDeviceBulkEditRequest,
  ZDeviceBulkResponse,
  ZDeviceCreateRequest,
  ZDeviceIdsRequest,
  ZDeviceListQuery,
  ZDeviceLogs,
  ZDeviceUpdateRequest,
  ZMaintainQuery,
  ZTypeOptions,
  ZVirtualLockRequest,
} from './devices';
import { ZFeedbackResponse } from './feedback';
import {
  ZGroup,
  ZGroupCreateRequest,
  ZGroupListQuery,
  ZGroupMembers,
  ZGroupResourceRequest,
  ZGroupUpdateRequest,
  ZGroupUsersRequest,
} from './groups';
import { ZHealthResponse } from './health';
import {
  ZIssue,
  ZIssueActionResponse,
  ZIssueCreateRequest,
  ZIssueListQuery,
  ZIssueStatusQuery,
  ZIssueUpdateRequest,
} from './issues';
import {
  ZLocation,
  ZLocationCreateRequest,
  ZLocationListQuery,
  ZLocationPatchRequest,
  ZLocationSizesQuery,
  ZLocationUpdateRequest,
  ZResourceAssignRequest,
  ZReverseGeocodeQuery,
  ZReverseGeocodeResponse,
} from './locations';
import {
  ZLockerWall,
  ZLockerWallActionResponse,
  ZLockerWallCreateRequest,
  ZLockerWallListQuery,
  ZUnassignedDevicesResponse,
  ZWallDoorRequest,
  ZWallKioskRequest,
} from './locker-walls';
import {
  ZDeviceUnlocksQuery,
  ZLocationLockSettings,
  ZLocationLockSettingsRequest,
  ZLockVendorAccount,
  ZLockVendorAccountList,
  ZLockVendorAccountRequest,
} from './locks';
import {
  ZMember,
  ZMemberActionResponse,
  ZMemberBulkResponse,
  ZMemberBulkRoleRequest,
  ZMemberInviteQuery,
  ZMemberRequest,
  ZMemberStatusRequest,
  ZMemberUpdateRequest,
  ZResendPasswordRequest,
} from './members';
import {
  ZMembership,
  ZMembershipCreateRequest,
  ZMembershipListQuery,
  ZMembershipUpdateRequest,
} from './memberships';
import {
  ZNotification,
  ZNotificationActionResponse,
  ZNotificationCreateRequest,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationTestRequest,
  ZNotificationTestResponse,
  ZNotificationTypesResponse,
  ZNotificationUpdateRequest,
} from './notifications';
import {
  ZListOrganizationsQuery,
  ZOrganization,
  ZOrganizationList,
  ZOrganizationPublic,
  ZOrganizationPublicQuery,
  ZWhiteLabelRequest,
  ZWhiteLabelResponse,
} from './organizations';
import { ZPaymentsMode, ZStripeAccount, ZStripeCreateQuery, ZStripeLinkResponse } from './payments';
import { ZPrice, ZPriceCreateRequest, ZPriceUpdateRequest } from './prices';
import { ZProductGroup, ZProductGroupCreateRequest, ZProductGroupUpdateRequest } from './product-groups';
import {
  ZProduct,
  ZProductBulkUpdateRequest,
  ZProductBulkUpdateResponse,
  ZProductCreateRequest,
  ZProductListQuery,
  ZProductTrackingResponse,
  ZProductUpdateRequest,
} from './products';
import { ZPromo, ZPromoCreateRequest, ZPromoUpdateRequest } from './promos';
import {
  ZReport,
  ZReportCreateRequest,
  ZReportDownloadQuery,
  ZReportListQuery,
  ZReportUpdateRequest,
} from './reports';
import {
  ZReservation,
  ZReservationCreateRequest,
  ZReservationListQuery,
  ZReservationSettings,
  ZReservationSettingsResponse,
  ZReservationSettingsUpdateRequest,
  ZReservationUpdateRequest,
  ZTrackingCheckQuery,
  ZTrackingCheckResponse,
} from './reservations';
import {
  ZNotificationContactVerifyQuery,
  ZSettings,
  ZSettingsRequest,
  ZTableFilters,
  ZTableFiltersRequest,
} from './settings';
import { ZSize, ZSizeCreateRequest, ZSizeUpdateRequest } from './sizes';
import {
  ZIntegrationsState,
  ZLiteAppSettings,
  ZTwilioSettings,
  ZTwilioSettingsRequest,
  ZWebhookEndpoint,
  ZWebhookEndpointRequest,
  ZWebhookEndpointWithSecret,
  ZWidgetBooking,
  ZWidgetBookingRequest,
  ZWidgetConfig,
  ZWidgetKeyQuery,
  ZWidgetOrgParams,
  ZWidgetQuote,
  ZWidgetQuoteQuery,
  ZWidgetSettings,
  ZWidgetSettingsResponse,
} from './toolbox';
import {
  ZCancelRequest,
  ZCourierDropoffRequest,
  ZDeliveryCompleteRequest,
  ZDeliveryCreateRequest,
  ZEndManyRequest,
  ZEndManyResponse,
  ZPaymentConfirmationRequest,
  ZPenalizeRequest,
  ZRefundRequest,
  ZReturnRequest,
  ZServiceStepRequest,
  ZShareRequest,
  ZStartRequest,
  ZTransaction,
  ZTransactionActionResponse,
  ZTransactionListQuery,
  ZTransactionLogs,
  ZTransactionPublic,
  ZTransactionShareQuery,
  ZTransactionStatuses,
  ZUserPickupRequest,
} from './transactions';
import {
  ZUser,
  ZUserActivationResponse,
  ZUserCreateRequest,
  ZUserListQuery,
  ZUserSearchQuery,
  ZUserSearchResponse,
  ZUserTransactionsQuery,
  ZUserTransactionsResponse,
  ZUserUpdateRequest,
} from './users';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of the API. */
export interface Endpoint {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  multipart?: true;
  file?: true;
}

/** Declares one endpoint, keeping its literal method, path and schema types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** `{ id }` of every `/<area>/:id` call of a list area. */
export const ZListAreaParams = z.object({ id: z.uuid() });

/**
 * The calls every list area shares (spec: operational §2 common list behaviour, §7): list, one
 * record, create, update, bulk delete, CSV export and CSV upload. `query` holds the area's filters
 * beyond page, size, search, sort and cursor; `page` an answer beyond the house page, if any.
 */
export function listArea<
  A extends string,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Q extends z.ZodObject = z.ZodObject<Record<never, never>>,
  Page extends z.ZodType = ReturnType<typeof zPage<Item>>,
>(area: A, s: { item: Item; create: Create; update: Update; query?: Q; page?: Page }) {
  const path = `/${area}` as const;
  const list = ZListQuery.extend({ cursor: zCursor, ...((s.query ?? z.object({})) as Q).shape });
  const exported = list.omit({ page: true, size: true, cursor: true }).extend({
    ids: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
      .pipe(z.array(z.uuid()).optional()),
  });
  return {
    list: endpoint({ method: 'GET', path, query: list, response: (s.page ?? zPage(s.item, true)) as Page }),
    get: endpoint({
      method: 'GET',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      response: s.item,
    }),
    create: endpoint({ method: 'POST', path, body: s.create, response: s.item }),
    update: endpoint({
      method: 'PUT',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      body: s.update,
      response: s.item,
    }),
    remove: endpoint({ method: 'DELETE', path, body: ZIdsRequest, response: ZDeleteResponse }),
    export: endpoint({ method: 'GET', path: `/${area}/export` as const, query: exported, file: true }),
    upload: endpoint({
      method: 'POST',
      path: `/${area}/csv` as const,
      response: ZBulkUploadResult,
      multipart: true,
    }),
  } as const;
}

/** The list areas' calls, by area. */
export type ListAreaEndpoints = ReturnType<typeof listArea>;

export const endpoints = {
  health: {
    get: endpoint({ method: 'GET', path: '/health', response: ZHealthResponse }),
  },
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
  members: {
    self: endpoint({ method: 'GET', path: '/members/self', response: ZMemberSelf }),
    updateProfile: endpoint({
      method: 'PATCH',
      path: '/members/:id',
      body: ZUpdateProfileRequest,
      response: ZMemberSelf,
    }),
    changePassword: endpoint({
      method: 'POST',
      path: '/members/change-password',
      body: ZChangePasswordRequest,
      response: ZDetailResponse,
    }),
    list: endpoint({ method: 'GET', path: '/members' }),
    export: endpoint({ method: 'GET', path: '/members/export', file: true }),
    get: endpoint({ method: 'GET', path: '/members/:id', response: ZMember }),
    create: endpoint({
      method: 'POST',
      path: '/members',
      query: ZMemberInviteQuery,
      body: ZMemberRequest,
      response: ZMember,
    }),
    update: endpoint({ method: 'PUT', path: '/members/:id', body: ZMemberUpdateRequest, response: ZMember }),
    remove: endpoint({ method: 'DELETE', path: '/members', body: ZIdsRequest, response: ZDeleteResponse }),
    status: endpoint({
      method: 'PATCH',
      path: '/members/:id/status',
      body: ZMemberStatusRequest,
      response: ZMemberActionResponse,
    }),
    verify: endpoint({ method: 'PATCH', path: '/members/:id/verify', response: ZMemberActionResponse }),
    bulkRole: endpoint({
      method: 'PATCH',
      path: '/members',
      body: ZMemberBulkRoleRequest,
      response: ZMemberBulkResponse,
    }),
    resendPasswordEmail: endpoint({
      method: 'POST',
      path: '/members/resend-password-email',
      body: ZResendPasswordRequest,
      response: ZDetailResponse,
    }),
    upload: endpoint({ method: 'POST', path: '/members/csv', response: ZBulkUploadResult, multipart: true }),
  },
  organization: {
    get: endpoint({
      method: 'GET',
      path: '/organization',
      query: ZOrganizationPublicQuery,
      response: ZOrganizationPublic,
    }),
  },
  organizations: {
    self: endpoint({ method: 'GET', path: '/organizations/self', response: ZOrganization }),
    list: endpoint({
      method: 'GET',
      path: '/organizations',
      query: ZListOrganizationsQuery,
      response: ZOrganizationList,
    }),
    create: endpoint({
      method: 'POST',
      path: '/organizations',
      response: ZOrganization,
      status: 201,
      multipart: true,
    }),
    patch: endpoint({
      method: 'PATCH',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZOrganization,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    cancel: endpoint({
      method: 'DELETE',
      path: '/organizations/:id/cancel',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
  },
  settings: {
    get: endpoint({ method: 'GET', path: '/settings', response: ZSettings }),
    save: endpoint({ method: 'POST', path: '/settings', body: ZSettingsRequest, response: ZSettings }),
    update: endpoint({ method: 'PUT', path: '/settings', body: ZSettingsRequest, response: ZSettings }),
  },
  filters: {
    get: endpoint({ method: 'GET', path: '/filters/:page', response: ZTableFilters }),
    update: endpoint({
      method: 'PUT',
      path: '/filters/:page',
      body: ZTableFiltersRequest,
      response: ZTableFilters,
    }),
  },
  whiteLabel: {
    get: endpoint({ method: 'GET', path: '/white-label', response: ZWhiteLabelResponse }),
    replace: endpoint({
      method: 'PUT',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    patch: endpoint({
      method: 'PATCH',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    replaceFor: endpoint({
      method: 'PUT',
      path: '/white-label/:org',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    logo: endpoint({
      method: 'PATCH',
      path: '/white-label/logo',
      response: ZWhiteLabelResponse,
      multipart: true,
    }),
  },
  notificationContact: {
    sendVerification: endpoint({
      method: 'POST',
      path: '/notification-contact/verify',
      query: ZNotificationContactVerifyQuery,
      response: ZDetailResponse,
    }),
    verify: endpoint({ method: 'GET', path: '/notification-contact/verify', file: true }),
  },
  apiKeys: {
    list: endpoint({ method: 'GET', path: '/api-keys', response: ZApiKeyList }),
    create: endpoint({ method: 'POST', path: '/api-keys', response: ZApiKeyCreated, status: 201 }),
    rotate: endpoint({ method: 'POST', path: '/api-keys/:id/rotate', response: ZApiKeyCreated }),
    remove: endpoint({ method: 'DELETE', path: '/api-keys/:id', response: ZDetailResponse }),
  },
  feedback: {
    create: endpoint({ method: 'POST', path: '/feedback', response: ZFeedbackResponse, multipart: true }),
  },
  files: {
    get: endpoint({ method: 'GET', path: '/files/:key', file: true }),
  },
  images: {
    create: endpoint({ method: 'POST', path: '/images', response: ZImageResponse, multipart: true }),
  },
  history: {
    get: endpoint({ method: 'GET', path: '/history/:entity/:id', response: ZHistoryResponse }),
  },
  location: {
    toggle: endpoint({
      method: 'PATCH',
      path: '/location/:id',
      body: ZLocationPatchRequest,
      response: ZLocation,
    }),
    unlock: endpoint({ method: 'PATCH', path: '/location/:id/unlock', response: ZDeviceBulkResponse }),
  },
  locations: {
    ...listArea('locations', {
      item: ZLocation,
      create: ZLocationCreateRequest,
      update: ZLocationUpdateRequest,
      query: ZLocationListQuery,
    }),
    devices: endpoint({ method: 'GET', path: '/locations/:id/devices' }),
    sizes: endpoint({ method: 'GET', path: '/locations/:id/sizes', query: ZLocationSizesQuery }),
    getLockSettings: endpoint({
      method: 'GET',
      path: '/locations/:id/lock-settings',
      response: ZLocationLockSettings,
    }),
    putLockSettings: endpoint({
      method: 'PUT',
      path: '/locations/:id/lock-settings',
      body: ZLocationLockSettingsRequest,
      response: ZLocationLockSettings,
    }),
  },
  resources: {
    assignUser: endpoint({
      method: 'PATCH',
      path: '/resources/:id/assign-user',
      body: ZResourceAssignRequest,
      response: ZDetailResponse,
    }),
    removeUser: endpoint({
      method: 'PATCH',
      path: '/resources/:id/remove-user',
      body: ZResourceAssignRequest,
      response: ZDetailResponse,
    }),
    users: endpoint({ method: 'GET', path: '/resources/:id/users' }),
    groups: endpoint({ method: 'GET', path: '/resources/:id/groups' }),
  },
  geocode: {
    reverse: endpoint({
      method: 'GET',
      path: '/geocode/reverse',
      query: ZReverseGeocodeQuery,
      response: ZReverseGeocodeResponse,
    }),
  },
  devices: {
    ...listArea('devices', {
      item: ZDevice,
      create: ZDeviceCreateRequest,
      update: ZDeviceUpdateRequest,
      query: ZDeviceListQuery,
    }),
    bulkEdit: endpoint({
      method: 'PATCH',
      path: '/devices',
      body: ZDeviceBulkEditRequest,
      response: ZDeviceBulkResponse,
    }),
    maintainAll: endpoint({
      method: 'PATCH',
      path: '/devices/maintain-all',
      query: ZMaintainQuery,
      body: ZDeviceIdsRequest,
      response: ZDeviceBulkResponse,
    }),
    unlock: endpoint({
      method: 'PATCH',
      path: '/devices/unlock',
      body: ZDeviceIdsRequest,
      response: ZDeviceBulkResponse,
    }),
    lockStatus: endpoint({ method: 'GET', path: '/devices/:id/lock-status', response: ZDevice }),
    virtualLock: endpoint({
      method: 'PATCH',
      path: '/devices/:id/virtual-lock',
      body: ZVirtualLockRequest,
      response: ZDevice,
    }),
    unlocks: endpoint({ method: 'GET', path: '/devices/:id/unlocks', query: ZDeviceUnlocksQuery }),
  },
  lockVendors: {
    list: endpoint({ method: 'GET', path: '/lock-vendors', response: ZLockVendorAccountList }),
    save: endpoint({
      method: 'PUT',
      path: '/lock-vendors/:vendor',
      body: ZLockVendorAccountRequest,
      response: ZLockVendorAccount,
    }),
    remove: endpoint({ method: 'DELETE', path: '/lock-vendors/:vendor', response: ZDetailResponse }),
  },
  types: {
    deviceMode: endpoint({ method: 'GET', path: '/types/device/mode', response: ZTypeOptions }),
    deviceHardware: endpoint({ method: 'GET', path: '/types/device/hardware', response: ZTypeOptions }),
    notificationType: endpoint({
      method: 'GET',
      path: '/types/notification/type',
      response: ZNotificationTypesResponse,
    }),
  },
  deviceLogs: {
    get: endpoint({ method: 'GET', path: '/device-logs/:id', response: ZDeviceLogs }),
  },
  lockerWalls: {
    list: endpoint({ method: 'GET', path: '/locker-walls', query: ZLockerWallListQuery }),
    get: endpoint({ method: 'GET', path: '/locker-walls/:id', params: ZIdParams, response: ZLockerWall }),
    unassignedDevices: endpoint({
      method: 'GET',
      path: '/locker-walls/:id/unassigned-devices',
      params: ZIdParams,
      response: ZUnassignedDevicesResponse,
    }),
    create: endpoint({
      method: 'POST',
      path: '/locker-walls',
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/locker-walls/:id',
      params: ZIdParams,
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/locker-walls/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    doors: endpoint({
      method: 'PATCH',
      path: '/locker-walls/:id/doors',
      params: ZIdParams,
      body: ZWallDoorRequest,
      response: ZLockerWallActionResponse,
    }),
    moveKiosk: endpoint({
      method: 'PATCH',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      body: ZWallKioskRequest,
      response: ZLockerWallActionResponse,
    }),
    removeKiosk: endpoint({
      method: 'DELETE',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      response: ZLockerWallActionResponse,
    }),
  },
  users: {
    ...listArea('users', {
      item: ZUser,
      create: ZUserCreateRequest,
      update: ZUserUpdateRequest,
      query: ZUserListQuery,
    }),
    activate: endpoint({ method: 'PATCH', path: '/users/:id/activate', response: ZUserActivationResponse }),
    deactivate: endpoint({
      method: 'PATCH',
      path: '/users/:id/deactivate',
      response: ZUserActivationResponse,
    }),
    search: endpoint({
      method: 'GET',
      path: '/users/search',
      query: ZUserSearchQuery,
      response: ZUserSearchResponse,
    }),
  },
  eventsByUser: {
    get: endpoint({
      method: 'GET',
      path: '/events_by_user/:id',
      query: ZUserTransactionsQuery,
      response: ZUserTransactionsResponse,
    }),
  },
  groups: {
    ...listArea('groups', {
      item: ZGroup,
      create: ZGroupCreateRequest,
      update: ZGroupUpdateRequest,
      query: ZGroupListQuery,
    }),
    members: endpoint({ method: 'GET', path: '/groups/:id/members', response: ZGroupMembers }),
    assignUser: endpoint({
      method: 'PATCH',
      path: '/groups/:id/assign-user',
      body: ZGroupUsersRequest,
      response: ZDetailResponse,
    }),
    removeUser: endpoint({
      method: 'PATCH',
      path: '/groups/:id/remove-user',
      body: ZGroupUsersRequest,
      response: ZDetailResponse,
    }),
    assignResource: endpoint({
      method: 'PATCH',
      path: '/groups/:id/assign',
      body: ZGroupResourceRequest,
      response: ZDetailResponse,
    }),
    removeResource: endpoint({
      method: 'PATCH',
      path: '/groups/:id/remove',
      body: ZGroupResourceRequest,
      response: ZDetailResponse,
    }),
  },
  memberships: {
    ...listArea('memberships', {
      item: ZMembership,
      create: ZMembershipCreateRequest,
      update: ZMembershipUpdateRequest,
      query: ZMembershipListQuery,
    }),
    subscribers: endpoint({ method: 'GET', path: '/memberships/subscribers', query: ZListQuery }),
  },
  payments: {
    mode: endpoint({ method: 'GET', path: '/payments/mode', response: ZPaymentsMode }),
  },
  stripe: {
    link: endpoint({
      method: 'POST',
      path: '/stripe',
      query: ZStripeCreateQuery,
      response: ZStripeLinkResponse,
    }),
    account: endpoint({ method: 'GET', path: '/stripe/account', response: ZStripeAccount }),
    remove: endpoint({ method: 'DELETE', path: '/stripe', response: ZDetailResponse }),
    webhook: endpoint({ method: 'POST', path: '/stripe/webhook', response: ZDetailResponse }),
  },
  products: {
    ...listArea('products', {
      item: ZProduct,
      create: ZProductCreateRequest,
      update: ZProductUpdateRequest,
      query: ZProductListQuery,
    }),
    duplicate: endpoint({ method: 'POST', path: '/products/:id/duplicate' }),
    bulkUpdate: endpoint({
      method: 'PATCH',
      path: '/products',
      body: ZProductBulkUpdateRequest,
      response: ZProductBulkUpdateResponse,
    }),
    tracking: endpoint({ method: 'GET', path: '/products/:id/tracking', response: ZProductTrackingResponse }),
  },
  conditions: {
    ...listArea('conditions', {
      item: ZCondition,
      create: ZConditionCreateRequest,
      update: ZConditionUpdateRequest,
    }),
    flags: endpoint({
      method: 'PATCH',
      path: '/conditions/:id',
      body: ZConditionFlagsRequest,
      response: ZConditionActionResponse,
    }),
    clone: endpoint({ method: 'POST', path: '/conditions/:id/clone', response: ZConditionActionResponse }),
  },
  events: {
    list: endpoint({ method: 'GET', path: '/events', query: ZTransactionListQuery }),
    statuses: endpoint({ method: 'GET', path: '/events/statuses', response: ZTransactionStatuses }),
    export: endpoint({ method: 'GET', path: '/events/export', file: true }),
    get: endpoint({ method: 'GET', path: '/events/:id', response: ZTransaction }),
    service: endpoint({
      method: 'PATCH',
      path: '/events/:id/service',
      body: ZServiceStepRequest,
      response: ZTransactionActionResponse,
    }),
    cancel: endpoint({
      method: 'PATCH',
      path: '/events/:id/cancel',
      body: ZCancelRequest,
      response: ZTransactionActionResponse,
    }),
    endMany: endpoint({
      method: 'PATCH',
      path: '/events',
      body: ZEndManyRequest,
      response: ZEndManyResponse,
    }),
    refund: endpoint({
      method: 'PATCH',
      path: '/events/:id/refund',
      body: ZRefundRequest,
      response: ZTransactionActionResponse,
    }),
    penalize: endpoint({
      method: 'PATCH',
      path: '/events/:id/penalize',
      body: ZPenalizeRequest,
      response: ZTransactionActionResponse,
    }),
    resendCode: endpoint({
      method: 'POST',
      path: '/events/:id/resend-code',
      response: ZTransactionActionResponse,
    }),
    share: endpoint({
      method: 'POST',
      path: '/events/:id/share',
      body: ZShareRequest,
      response: ZTransactionActionResponse,
    }),
    startStorage: endpoint({
      method: 'POST',
      path: '/events/storage',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startRental: endpoint({
      method: 'POST',
      path: '/events/rental',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startService: endpoint({
      method: 'POST',
      path: '/events/service',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startVending: endpoint({
      method: 'POST',
      path: '/events/vending',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    return: endpoint({
      method: 'POST',
      path: '/events/:id/return',
      body: ZReturnRequest,
      response: ZTransactionActionResponse,
    }),
    pickup: endpoint({
      method: 'POST',
      path: '/events/:id/pickup',
      body: ZUserPickupRequest,
      response: ZTransactionActionResponse,
    }),
    payment: endpoint({
      method: 'POST',
      path: '/events/:id/payment',
      body: ZPaymentConfirmationRequest,
      response: ZTransactionActionResponse,
    }),
  },
  event: {
    public: endpoint({
      method: 'GET',
      path: '/event/:id/public',
      query: ZTransactionShareQuery,
      response: ZTransactionPublic,
    }),
    delivery: endpoint({
      method: 'POST',
      path: '/event/delivery',
      body: ZDeliveryCreateRequest,
      response: ZTransactionActionResponse,
    }),
  },
  eventLogs: {
    get: endpoint({ method: 'GET', path: '/event-logs/:id', response: ZTransactionLogs }),
  },
  delivery: {
    complete: endpoint({
      method: 'PATCH',
      path: '/delivery/:id/complete',
      body: ZDeliveryCompleteRequest,
      response: ZTransactionActionResponse,
    }),
    dropoff: endpoint({
      method: 'POST',
      path: '/delivery/:id/dropoff',
      body: ZCourierDropoffRequest,
      response: ZTransactionActionResponse,
    }),
  },
  reservationSettings: {
    get: endpoint({ method: 'GET', path: '/reservation-settings', response: ZReservationSettings }),
    update: endpoint({
      method: 'PUT',
      path: '/reservation-settings',
      body: ZReservationSettingsUpdateRequest,
      response: ZReservationSettingsResponse,
    }),
  },
  reservations: {
    ...listArea('reservations', {
      item: ZReservation,
      create: ZReservationCreateRequest,
      update: ZReservationUpdateRequest,
      query: ZReservationListQuery,
    }),
    checkUniqueness: endpoint({
      method: 'GET',
      path: '/reservations/:tracking/check-uniqueness',
      query: ZTrackingCheckQuery,
      response: ZTrackingCheckResponse,
    }),
  },
  issues: {
    ...listArea('issues', {
      item: ZIssue,
      create: ZIssueCreateRequest,
      update: ZIssueUpdateRequest,
      query: ZIssueListQuery,
    }),
    status: endpoint({
      method: 'PATCH',
      path: '/issues/:id',
      query: ZIssueStatusQuery,
      response: ZIssueActionResponse,
    }),
  },
  notifications: {
    ...listArea('notifications', {
      item: ZNotification,
      create: ZNotificationCreateRequest,
      update: ZNotificationUpdateRequest,
      query: ZNotificationListQuery,
      page: ZNotificationListResponse,
    }),
    clone: endpoint({
      method: 'POST',
      path: '/notifications/:id/clone',
      response: ZNotificationActionResponse,
    }),
    deliveries: endpoint({ method: 'GET', path: '/notifications/:id/deliveries' }),
    test: endpoint({
      method: 'POST',
      path: '/notifications/:id/test',
      body: ZNotificationTestRequest,
      response: ZNotificationTestResponse,
    }),
  },
  notificationsService: {
    uploadImages: endpoint({
      method: 'PATCH',
      path: '/notifications-service/notifications/:id/upload-images',
      response: ZNotification,
      multipart: true,
    }),
  },
  reports: {
    ...listArea('reports', { item: ZReport, create: ZReportCreateRequest, update: ZReportUpdateRequest }),
    range: endpoint({
      method: 'GET',
      path: '/reports/range',
      query: ZMetricQuery,
      response: ZDashboardRangeResponse,
    }),
    earnings: endpoint({
      method: 'GET',
      path: '/reports/earnings',
      query: ZMetricQuery,
      response: ZEarningsMetric,
    }),
    userGrowth: endpoint({
      method: 'GET',
      path: '/reports/user_growth',
      query: ZMetricQuery,
      response: ZUserGrowthMetric,
    }),
    doorHealth: endpoint({
      method: 'GET',
      path: '/reports/door_health',
      query: ZMetricQuery,
      response: ZDoorHealthMetric,
    }),
    issueRate: endpoint({
      method: 'GET',
      path: '/reports/issue_rate',
      query: ZMetricQuery,
      response: ZIssueRateMetric,
    }),
    occupancyRate: endpoint({
      method: 'GET',
      path: '/reports/occupancy_rate',
      query: ZMetricQuery,
      response: ZOccupancyRateMetric,
    }),
    transactionRate: endpoint({
      method: 'GET',
      path: '/reports/transaction_rate',
      query: ZMetricQuery,
      response: ZTransactionRateMetric,
    }),
    transactionsPerLocker: endpoint({
      method: 'GET',
      path: '/reports/transactions_per_locker',
      query: ZMetricQuery,
      response: ZTransactionsPerLockerMetric,
    }),
    totalTransactions: endpoint({
      method: 'GET',
      path: '/reports/total_transactions',
      query: ZMetricQuery,
      response: ZTotalTransactionsMetric,
    }),
    avgTransactionTime: endpoint({
      method: 'GET',
      path: '/reports/avg_transaction_time',
      query: ZMetricQuery,
      response: ZAvgTransactionTimeMetric,
    }),
    totalUsers: endpoint({
      method: 'GET',
      path: '/reports/total_users',
      query: ZMetricQuery,
      response: ZTotalUsersMetric,
    }),
    totalLocations: endpoint({
      method: 'GET',
      path: '/reports/total_locations',
      query: ZMetricQuery,
      response: ZTotalLocationsMetric,
    }),
    avgRevenuePerTransaction: endpoint({
      method: 'GET',
      path: '/reports/avg_revenue_per_transaction',
      query: ZMetricQuery,
      response: ZAvgRevenueMetric,
    }),
    doorCounts: endpoint({
      method: 'GET',
      path: '/reports/door_counts',
      query: ZMetricQuery,
      response: ZDoorCountsMetric,
    }),
    users: endpoint({ method: 'GET', path: '/reports/users', query: ZMetricQuery, response: ZUsersReport }),
    transactions: endpoint({
      method: 'GET',
      path: '/reports/transactions',
      query: ZMetricQuery,
      response: ZTransactionsReport,
    }),
    topUsers: endpoint({
      method: 'GET',
      path: '/reports/top_users',
      query: ZMetricQuery,
      response: ZTopUsersReport,
    }),
    locations: endpoint({
      method: 'GET',
      path: '/reports/locations',
      query: ZMetricQuery,
      response: ZTopLocationsReport,
    }),
    all: endpoint({ method: 'GET', path: '/reports/all', query: ZReportListQuery }),
    download: endpoint({
      method: 'GET',
      path: '/reports/download/:id',
      query: ZReportDownloadQuery,
      file: true,
    }),
  },
  apps: {
    getLiteApp: endpoint({ method: 'GET', path: '/apps/lite-app', response: ZLiteAppSettings }),
    putLiteApp: endpoint({
      method: 'PUT',
      path: '/apps/lite-app',
      body: ZLiteAppSettings,
      response: ZLiteAppSettings,
    }),
    getWidget: endpoint({ method: 'GET', path: '/apps/widget', response: ZWidgetSettingsResponse }),
    putWidget: endpoint({
      method: 'PUT',
      path: '/apps/widget',
      body: ZWidgetSettings,
      response: ZWidgetSettingsResponse,
    }),
    rotateWidgetKey: endpoint({
      method: 'POST',
      path: '/apps/widget/rotate-key',
      response: ZWidgetSettingsResponse,
    }),
  },
  integrations: {
    get: endpoint({ method: 'GET', path: '/integrations', response: ZIntegrationsState }),
    getTwilio: endpoint({ method: 'GET', path: '/integrations/twilio', response: ZTwilioSettings }),
    putTwilio: endpoint({
      method: 'PUT',
      path: '/integrations/twilio',
      body: ZTwilioSettingsRequest,
      response: ZTwilioSettings,
    }),
    deleteTwilio: endpoint({ method: 'DELETE', path: '/integrations/twilio', response: ZDetailResponse }),
  },
  webhooks: {
    events: endpoint({ method: 'GET', path: '/webhooks/events' }),
    list: endpoint({ method: 'GET', path: '/webhooks', query: ZListQuery }),
    create: endpoint({
      method: 'POST',
      path: '/webhooks',
      body: ZWebhookEndpointRequest,
      response: ZWebhookEndpointWithSecret,
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/webhooks/:id',
      params: ZIdParams,
      body: ZWebhookEndpointRequest,
      response: ZWebhookEndpoint,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/webhooks/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    rotateSecret: endpoint({
      method: 'POST',
      path: '/webhooks/:id/rotate-secret',
      params: ZIdParams,
      response: ZWebhookEndpointWithSecret,
    }),
    deliveries: endpoint({
      method: 'GET',
      path: '/webhooks/:id/deliveries',
      params: ZIdParams,
      query: ZListQuery,
    }),
    replayDelivery: endpoint({
      method: 'POST',
      path: '/webhooks/:id/deliveries/:deliveryId/replay',
      response: ZDetailResponse,
      status: 202,
    }),
  },
  widget: {
    config: endpoint({
      method: 'GET',
      path: '/widget/:organization/config',
      params: ZWidgetOrgParams,
      query: ZWidgetKeyQuery,
      response: ZWidgetConfig,
    }),
    quote: endpoint({
      method: 'GET',
      path: '/widget/:organization/quote',
      params: ZWidgetOrgParams,
      query: ZWidgetQuoteQuery,
      response: ZWidgetQuote,
    }),
    reservations: endpoint({
      method: 'POST',
      path: '/widget/:organization/reservations',
      params: ZWidgetOrgParams,
      query: ZWidgetKeyQuery,
      body: ZWidgetBookingRequest,
      response: ZWidgetBooking,
      status: 201,
    }),
  },
  sizes: {
    ...listArea('sizes', { item: ZSize, create: ZSizeCreateRequest, update: ZSizeUpdateRequest }),
  },
  prices: {
    ...listArea('prices', { item: ZPrice, create: ZPriceCreateRequest, update: ZPriceUpdateRequest }),
  },
  promos: {
    ...listArea('promos', { item: ZPromo, create: ZPromoCreateRequest, update: ZPromoUpdateRequest }),
  },
  productGroups: {
    ...listArea('product-groups', {
      item: ZProductGroup,
      create: ZProductGroupCreateRequest,
      update: ZProductGroupUpdateRequest,
    }),
  },
} as const;

/** A dashboard metric's call: `GET /reports/<name>` with the metric filter. */
export interface MetricEndpoint extends Endpoint {
  method: 'GET';
  query: typeof ZMetricQuery;
  response: z.ZodType;
}

/** The call of each dashboard metric (`GET /reports/<name>`), by metric name. */
export const METRIC_ENDPOINTS = Object.fromEntries(
  METRIC_NAMES.map((name) => {
    const e = Object.values(endpoints.reports).find(
      (x) => x.method === 'GET' && x.path === `/reports/${name}`,
    );
    if (!e) throw new Error(`no endpoint for the metric ${name}`);
    return [name, e];
  }),
) as unknown as Record<TMetricName, MetricEndpoint>;

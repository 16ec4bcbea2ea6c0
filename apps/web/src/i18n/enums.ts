import {
  BILLING_PERIODS,
  BILLING_TYPE_LABELS,
  CURRENCIES,
  DASHBOARD_RANGE_LABELS,
  DEVICE_HARDWARE_TYPES,
  DEVICE_STATUS_LABELS,
  DISCOUNT_TYPE_LABELS,
  DOOR_STATE_LABELS,
  FEATURE_FLAG_LABELS,
  ISSUE_STATUS_LABELS,
  LOCK_STATUSES,
  MEMBERSHIP_TYPE_LABELS,
  METRIC_INTERVALS,
  MODE_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TIME_UNITS,
  PAYMENT_STATUSES,
  PENALTY_REASON_LABELS,
  PICKUP_NOTICE_STATUSES,
  PRICE_TYPE_LABELS,
  PRODUCT_TRACKING_LABELS,
  REPORT_CONTENT_LABELS,
  REPORT_RECURRENCE_LABELS,
  RESERVATION_PAYMENT_SOURCES,
  RESERVATION_PAYMENT_STATUSES,
  RESERVATION_STATUSES,
  RETURN_POLICY_LABELS,
  ROLE_LABELS,
  SIGN_IN_METHOD_LABELS,
  TIME_UNITS,
  TRANSACTION_STATUS_LABELS,
  UNLOCK_STATE_LABELS,
  WEEKDAYS,
  WEIGHT_UNITS,
} from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const keysOf = (labels: Record<string, string>) => Object.keys(labels);

/**
 * Every enum the console shows, by group: its stored values. Each value has a label in
 * `common.json` under `enum.<group>.<value>` in every language (the catalog test checks it), so
 * no stored value (`open`, `storage`, `virtual`) reaches the screen.
 */
export const ENUM_GROUPS = {
  mode: keysOf(MODE_LABELS),
  role: keysOf(ROLE_LABELS),
  currency: [...CURRENCIES],
  hardware: [...DEVICE_HARDWARE_TYPES],
  deviceStatus: keysOf(DEVICE_STATUS_LABELS),
  lockStatus: [...LOCK_STATUSES],
  doorState: keysOf(DOOR_STATE_LABELS),
  unlockState: keysOf(UNLOCK_STATE_LABELS),
  featureFlag: keysOf(FEATURE_FLAG_LABELS),
  transactionStatus: keysOf(TRANSACTION_STATUS_LABELS),
  penaltyReason: keysOf(PENALTY_REASON_LABELS),
  priceType: keysOf(PRICE_TYPE_LABELS),
  timeUnit: [...TIME_UNITS],
  weightUnit: [...WEIGHT_UNITS],
  discountType: keysOf(DISCOUNT_TYPE_LABELS),
  issueStatus: keysOf(ISSUE_STATUS_LABELS),
  returnPolicy: keysOf(RETURN_POLICY_LABELS),
  dashboardRange: keysOf(DASHBOARD_RANGE_LABELS),
  metricInterval: [...METRIC_INTERVALS],
  membershipType: keysOf(MEMBERSHIP_TYPE_LABELS),
  billingType: keysOf(BILLING_TYPE_LABELS),
  billingPeriod: [...BILLING_PERIODS],
  signInMethod: keysOf(SIGN_IN_METHOD_LABELS),
  productTracking: keysOf(PRODUCT_TRACKING_LABELS),
  reportContent: keysOf(REPORT_CONTENT_LABELS),
  reportRecurrence: keysOf(REPORT_RECURRENCE_LABELS),
  reservationStatus: [...RESERVATION_STATUSES],
  paymentStatus: [...PAYMENT_STATUSES],
  reservationPaymentStatus: [...RESERVATION_PAYMENT_STATUSES],
  paymentSource: [...RESERVATION_PAYMENT_SOURCES],
  pickupNotice: [...PICKUP_NOTICE_STATUSES],
  notificationChannel: [...NOTIFICATION_CHANNELS],
  notificationTimeUnit: [...NOTIFICATION_TIME_UNITS],
  weekday: [...WEEKDAYS],
} satisfies Record<string, readonly string[]>;
export type TEnumGroup = keyof typeof ENUM_GROUPS;

/** The English labels the contract already carries, which the English catalog must repeat. */
export const CONTRACT_ENUM_LABELS: Partial<Record<TEnumGroup, Record<string, string>>> = {
  mode: MODE_LABELS,
  role: ROLE_LABELS,
  deviceStatus: DEVICE_STATUS_LABELS,
  doorState: DOOR_STATE_LABELS,
  unlockState: UNLOCK_STATE_LABELS,
  featureFlag: FEATURE_FLAG_LABELS,
  transactionStatus: TRANSACTION_STATUS_LABELS,
  penaltyReason: PENALTY_REASON_LABELS,
  priceType: PRICE_TYPE_LABELS,
  discountType: DISCOUNT_TYPE_LABELS,
  issueStatus: ISSUE_STATUS_LABELS,
  returnPolicy: RETURN_POLICY_LABELS,
  dashboardRange: DASHBOARD_RANGE_LABELS,
  membershipType: MEMBERSHIP_TYPE_LABELS,
  billingType: BILLING_TYPE_LABELS,
  signInMethod: SIGN_IN_METHOD_LABELS,
  productTracking: PRODUCT_TRACKING_LABELS,
  reportContent: REPORT_CONTENT_LABELS,
  reportRecurrence: REPORT_RECURRENCE_LABELS,
};

/**
 * The label of a stored enum value in the console's language: `label('mode', 'storage')` →
 * "Storage" / "Almacenamiento" / "Lagerung". Empty for a missing value; an unknown value is a
 * missing key (it throws in tests and shows the stored value in production).
 */
export function useEnumLabel() {
  const { t } = useTranslation('common');
  return useCallback(
    (group: TEnumGroup, value: string | null | undefined): string =>
      value === null || value === undefined || value === ''
        ? ''
        : t(`enum.${group}.${value}`, { defaultValue: value }),
    [t],
  );
}

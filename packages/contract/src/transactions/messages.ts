import type { TTransactionAction } from './state-machine';

/** Texts of the Transactions area: the spec's words (operational §5, §8); those marked "ours" are not given by the spec. */
export const TRANSACTION_MESSAGES = {
  /** Our text: an `image_url` / `signature_url` that is neither http(s) nor one of our files. */
  fileUrl: 'Use an http(s) address or an uploaded file (/api/files/…).',
  charged: 'Transaction charged successfully',
  dropoff: 'Transaction dropoff successfully',
  pickup: 'Transaction pickup successfully',
  refunded: 'Transaction refunded successfully',
  ended: 'Transaction ended successfully',
  penalized: 'Transaction penalized successfully',
  alreadyEnded: 'One or more selected transactions are already finished or canceled',
  refundTooHigh: 'Refund amount cannot be greater than the paid amount.',
  sendCodeFailed: 'We were unable to send the code via email or sms. Please try again.',
  /** spec §8 (users): the chosen channel has no address */
  phoneMissing: 'User Phone does not exist',
  /** spec §8 (users): the chosen channel has no address */
  emailMissing: 'User Email does not exist',
  phoneOrEmail: 'Either phone number or email is required',
  invalidEmail: 'Invalid email address',
  orderNotFound: 'Order No. does not exist.',
  /** ours */
  refundRequired: 'Refund amount is required',
  /** ours */
  amountNumeric: 'Please enter a numeric value',
  /** ours */
  amountPositive: 'Amount must be greater than 0',
  /** ours */
  amountDecimals: 'Amount must have up to 2 decimal places',
  /** ours */
  penaltyAmountRequired: 'Penalty amount is required',
  /** ours */
  penaltyReasonRequired: 'Penalty reason is required',
  /** ours */
  weightPositive: 'Weight must be greater than 0',
  /** ours */
  deviceRequired: 'Device is required',
  /** ours */
  endDateRange: 'End date must be between the start date and now.',
  /** ours */
  cancelDateRange: 'Cancel date must be between the start date and now.',
  /** ours */
  notFound: 'Transaction not found',
  /** ours */
  deviceNotFound: 'Device not found',
  /** ours */
  userNotFound: 'User not found',
  /** ours */
  locationNotFound: 'Location not found',
  /** ours */
  deviceUnavailable: 'This device is not available.',
  /** ours */
  deviceWrongMode: (mode: string) => `This device is not a ${mode} device.`,
  /** ours */
  deviceNoProduct: 'This device holds no product.',
  /** ours: rental and vending doors of a parent's shared location hold the parent's stock */
  sharedDoorMode: 'Doors of a shared location take storage, service and delivery transactions only.',
  /** ours */
  invalidPromo: 'This promo code is not valid.',
  /** ours */
  wrongCode: 'The pickup code is not correct.',
  /** ours */
  codeLocked: 'Too many wrong codes. Please ask for the code to be sent again.',
  /** ours */
  codeRequired: 'Pickup code is required',
  /** ours */
  wrongCourierCode: 'The courier code is not correct.',
  /** ours */
  conditionNotFound: 'Condition not found',
  /** ours */
  notAllowed: (action: string, status: string, mode: string) =>
    `This transaction cannot be ${ACTION_PAST[action as TTransactionAction] ?? action} while it is ${status.replaceAll('_', ' ')} (${mode}).`,
  /** ours */
  started: 'Transaction started successfully',
  /** ours */
  returned: 'Transaction returned successfully',
  /** ours */
  canceled: 'Transaction canceled successfully',
  /** ours */
  shared: 'Transaction shared successfully',
  /** ours */
  codeSent: 'The code has been sent',
  /** ours */
  deliveryCreated: 'Delivery created successfully',
  /** ours */
  deliveryCompleted: 'Delivery completed successfully',
  /** ours */
  paymentConfirmed: 'Payment confirmed',
  /** ours */
  idsRequired: 'Select at least one transaction',
} as const;

const ACTION_PAST: Record<TTransactionAction, string> = {
  resend_code: 'sent its code again',
  charge: 'charged',
  pickup: 'picked up by the operator',
  dropoff: 'dropped off',
  end: 'ended',
  refund: 'refunded',
  penalize: 'penalized',
  cancel: 'canceled',
  share: 'shared',
  complete: 'completed',
  user_pickup: 'picked up',
  return: 'returned',
  courier_dropoff: 'dropped off by the courier',
  confirm_payment: 'confirmed as paid',
  expire: 'expired',
};

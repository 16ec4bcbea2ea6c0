/**
 * What the Lite App area offers other areas (the screen at the wall's storage, README "Storage at
 * the screen"): the sign-in code and its check, the app's settings, the door holds and their
 * payment handover, and the customer's end of a storage with its receipt e-mail — one
 * implementation of each.
 */

export { deleteHold, notHeldByAnother, runningHold } from './queries/holds';
export { customerById } from './queries/session';
export { appConfig } from './service/config';
export { handoverToken } from './service/handover';
export { holdDoor } from './service/holds';
export type { LockerContext } from './service/lockers';
export { createAppPage } from './service/page';
export { endWithReceipt } from './service/receipt-mail';
export { requestSignInCode, verifiedCustomer } from './service/session';

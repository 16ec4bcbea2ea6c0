/**
 * What the transactions area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { type Actor, type TransactionPatch, takeReceiptMail, updateTransaction, writeLog } from './queries';
export { userTransactionRows } from './queries/wire';
export { stepContext } from './routes/answers';
export { cancel } from './steps/cancel';
export type { StepContext } from './steps/context';
export { courierDropoff } from './steps/courier-dropoff';
export { createDelivery } from './steps/create-delivery';
export { expireDeliveries } from './steps/expire-deliveries';
export type { TransactionDeps } from './steps/lifecycle';
export { emitSettled } from './steps/lifecycle';
export { returnRental } from './steps/return-rental';
export { sendPickupCode } from './steps/send-pickup-code';
export { start } from './steps/start';
export { userPickup } from './steps/user-pickup';

/**
 * What the transactions area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */
export { stepContext } from './answers';
export { emitSettled, type TransactionDeps } from './lifecycle';
export { type Actor, writeLog } from './queries';
export { userTransactionRows } from './queries/wire';
export { cancel } from './steps/cancel';
export { courierDropoff } from './steps/courier-dropoff';
export { createDelivery } from './steps/create-delivery';
export { expireDeliveries } from './steps/expire-deliveries';
export type { StepContext } from './steps/run-step';
export { sendPickupCode } from './steps/send-pickup-code';
export { userPickup } from './steps/user-pickup';

/**
 * What the transactions area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { stepContext } from './answers';
export type { TransactionDeps } from './lifecycle';
export { emitSettled } from './lifecycle';
export { type Actor, writeLog } from './queries';
export { userTransactionRows } from './queries/wire';
export { expireDeliveries } from './steps/expire-deliveries';
export type { StepContext } from './steps/run-step';
export { start } from './steps/start';
export { userPickup } from './steps/user-pickup';

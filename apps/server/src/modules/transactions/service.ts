import { DeliverySteps } from './deliveries';

/**
 * The life cycle of transactions (spec: operational §3 Transaction (event), §4 statuses and
 * actions by state, §5 Transaction actions; issue 8 "The life cycle"). Every method runs in the
 * caller's tenant transaction, locks what it changes (`SELECT … FOR UPDATE`: the transaction row,
 * then the device row), checks the state machine, writes the history log and emits the step's
 * domain event there. A step that opens a door runs through `runStep`, so the lock is called
 * between two transactions, never inside one. Methods answer the transaction's id; routes load
 * its wire shape.
 */
export class TransactionService extends DeliverySteps {}

export { expireDeliveries } from './deliveries';
export { emitSettled, Refusal } from './lifecycle';

/**
 * What the steps of the life cycle are given (CONTRIBUTING.md "A new life-cycle step"): the
 * ground floor of `steps/`, imported by the runner (`run-step.ts`), the steps and their helpers
 * (`charge.ts`, `door.ts`) alike, so no helper imports the runner.
 */
import type { LockAdapter } from '../../../adapters/locks';
import type { ChargeDeclined, ChargeGateway, NoPaymentAccount } from '../../../adapters/payments/charges';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import type { TenantRunner } from './lifecycle';

/** What the payment provider answered a charge or refund: its result, or its refusal. */
export type PaymentOutcome =
  | { result: { status: 'succeeded' | 'pending'; reference: string } }
  | { error: ChargeDeclined | NoPaymentAccount };

/**
 * What the outside world has done for this pass of a step (`runStep`): the door the lock has
 * opened (none on the first pass), the charges and refunds the payment provider has answered, by
 * idempotency key, the step's clock (the first pass's time, so every pass prices the same
 * moment) and the id a step that creates a transaction gives it (the same on every pass, so its
 * charge keeps its idempotency key).
 */
export interface DoorPass {
  opened: string | null;
  paid?: Map<string, PaymentOutcome>;
  at?: Date;
  newId?: string;
  /** the invoice and order numbers a start took once its door opened (`runStep` `numbered`) */
  numbers?: { invoiceId: string; orderId: string };
}

/**
 * How a step runs: `numbered` — a start that writes a new transaction once its door opened (its
 * number is taken with the door's promise).
 */
export interface StepOptions<T> {
  numbered?: boolean;
  /** run in the transaction that commits the step, after it: the answer's read */
  within?: (tx: Tx, out: T) => Promise<void>;
  /**
   * The step writes nothing before its door (`openDoor`) and its door's row is locked when it
   * asks for it (`lockDevice`): its first pass needs no savepoint, and the door's promise uses the
   * row the step locked.
   */
  doorFirst?: boolean;
}

/**
 * What a step that may call out is given: how to open a tenant transaction (`req.withTenant`),
 * who acts, and the outside systems it may need (the lock, the payment provider).
 */
export interface StepContext {
  run: TenantRunner;
  auth: AuthContext;
  locks: LockAdapter;
  charges: ChargeGateway;
}

/** What one pass of a step is given inside its transaction: the transaction, who acts, the pass. */
export interface PassContext {
  tx: Tx;
  auth: AuthContext;
  pass: DoorPass;
}

/** What a step that runs in its caller's transaction (and calls nothing outside) is given. */
export interface TxContext {
  tx: Tx;
  auth: AuthContext;
}

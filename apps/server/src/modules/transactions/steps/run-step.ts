import { randomUUID } from 'node:crypto';
import type { LockAdapter } from '../../../adapters/locks';
import type { ChargeGateway } from '../../../adapters/payments/charges';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import type { HttpError } from '../../../errors';
import { releaseDoor, unlockAnswer, unlockDevices } from '../../devices';
import { askProvider, PaymentNeeded, type PaymentOutcome } from '../charge';
import { DoorNeeded, promiseDoor } from '../door';
import type { TenantRunner } from '../lifecycle';
import { nextNumbers } from '../queries';

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

/** How a step runs: `numbered` — a start that writes a new transaction once its door opened. */
export interface StepOptions {
  numbered?: boolean;
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

/** Passes of one step at most: a door, then one payment per transaction it charges, then the write. */
const MAX_PASSES = 64;

/** A refused step whose bookkeeping (a wrong-code count) must still be committed. */
export class Refusal {
  constructor(readonly error: HttpError) {}
}

/**
 * Runs a life-cycle step that may open a door or move money, so that no lock, row lock or
 * connection waits on the outside world (ARCHITECTURE: Nothing outside is called inside a
 * transaction). The step runs in a tenant transaction (`ctx.run`); when it reaches something the
 * outside must do first, it stops and rolls back (nothing kept): its door (`DoorNeeded`:
 * `unlockDevices` records the unlock's intent and commits, calls the lock with no transaction
 * open and records the result; 502 "Unable to reach lock…", or 409 not configured, when the door
 * did not open, and the step is not written), or a charge or refund (`PaymentNeeded`: the
 * provider is asked with no transaction open, under the step's idempotency key, so a retry is
 * the same payment). Then the step runs again, whole, with what was done (`DoorPass`): it
 * re-checks every rule under its row locks and writes the step with its charge, log entry and
 * domain event together, so a charge never exists without its step (a step refused now — the
 * transaction changed meanwhile — answers its 4xx; the timeline shows that the door opened). A
 * step that needs nothing from outside runs once.
 */
export async function runStep<T>(
  ctx: StepContext,
  step: (pass: PassContext) => Promise<T>,
  opts: StepOptions = {},
): Promise<T> {
  const { run, auth } = ctx;
  const pass: DoorPass = { opened: null, paid: new Map(), at: new Date(), newId: randomUUID() };
  // the hold's holder is a transaction: the one a step acts on (its retries are the same
  // holder), or the one a start is creating (`newId`, its id once written)
  let token = pass.newId!;
  let held: string | null = null;
  try {
    for (let n = 0; n < MAX_PASSES; n++) {
      let wanted: unknown;
      try {
        return await run(async (tx) => {
          const out = await step({ tx, auth, pass });
          if (held) await releaseDoor(tx, auth.organizationId, held, token);
          return out;
        });
      } catch (err) {
        wanted = err;
      }
      if (wanted instanceof DoorNeeded && !pass.opened) {
        const needed = wanted;
        if (needed.holder) token = needed.holder;
        unlockAnswer(
          await unlockDevices(
            run,
            auth,
            ctx.locks,
            async (tx) => {
              // promise the door to this step before it moves: a concurrent step is refused here
              const promised = await promiseDoor(
                tx,
                auth.organizationId,
                needed.device.id,
                token,
                needed.device.status,
              );
              if (promised.held) held = promised.device.id;
              return [promised.device];
            },
            `Transaction ${needed.action}`,
          ),
          true,
        );
        pass.opened = needed.device.id;
        // a start takes its invoice number in a transaction of its own, committed at once: the
        // organization's counter row is locked for one statement, not for the whole write (a
        // start refused after its door opened leaves a gap in the numbers)
        if (opts.numbered && !pass.numbers)
          pass.numbers = await run((tx) => nextNumbers(tx, auth.organizationId));
        continue;
      }
      if (wanted instanceof PaymentNeeded && !pass.paid!.has(wanted.key)) {
        pass.paid!.set(wanted.key, await askProvider(ctx.charges, wanted));
        continue;
      }
      throw wanted;
    }
    throw new Error('a step kept asking for the outside world');
  } catch (err) {
    // the step did not stand: its door is free again at once rather than when the hold lapses
    const door = held;
    if (door) await run((tx) => releaseDoor(tx, auth.organizationId, door, token)).catch(() => undefined);
    throw err;
  }
}

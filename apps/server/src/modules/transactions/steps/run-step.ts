import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import { type HttpError, isTransientDatabaseError } from '../../../errors';
import {
  callLocks,
  recordUnlockResults,
  releaseDoor,
  type UnlockOutcome,
  type UnlockResult,
  type UnlockStep,
  unlockAnswer,
} from '../../devices';
import { nextNumbers } from '../queries';
import { askProvider, PaymentNeeded } from './charge';
import type { DoorPass, PassContext, StepContext, StepOptions } from './context';
import { DoorNeeded, promiseDoor } from './door';

/** Passes of one step at most: a door, then one payment per transaction it charges, then the write. */
const MAX_PASSES = 64;
/** Times a pass after an opened door runs again when its database connection failed under it. */
const TRANSIENT_RETRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A refused step whose bookkeeping (a wrong-code count) must still be committed. */
export class Refusal {
  constructor(readonly error: HttpError) {}
}

/** How one pass's transaction ended: the step's answer, a door to open, or what it threw. */
type PassEnd<T> = { out: T } | { door: UnlockStep[] } | { failed: UnlockOutcome } | { thrown: unknown };

/**
 * Runs a life-cycle step that may open a door or move money, so that no lock, row lock or
 * connection waits on the outside world (CONTRIBUTING.md "Nothing outside inside a transaction"), in at most two short transactions per door:
 *
 * 1. The step runs in a tenant transaction (`ctx.run`), inside a savepoint — or, for a step that
 *    reaches its door before it writes anything (`StepOptions.doorFirst`), without one. When it
 *    reaches its door (`DoorNeeded`) the savepoint is rolled back (nothing of the step kept) and
 *    the same transaction promises the door to the step (`promiseDoor`: a concurrent step is
 *    refused here, before any door moves; a `doorFirst` step's door is still locked by the step,
 *    so its row is not read again), records the unlock's intent (`recordUnlockIntents`) and, for
 *    a start (`numbered`), takes its invoice number as its last statement, so the organization's
 *    counter row is locked only until this short transaction commits (a start whose door then
 *    does not open, or that is refused after, leaves a gap in the numbers).
 * 2. The lock is called with no transaction open (`callLocks`).
 * 3. The step runs again, whole, in the transaction that then records the lock's answer
 *    (`recordUnlockResults`): it re-checks every rule under its row locks and writes the step
 *    with its charge, log entry and domain event together. A door that did not open answers 502
 *    "Unable to reach lock…" (409 not configured) and the step is not run; a step refused now
 *    (the transaction changed meanwhile) answers its 4xx, and the lock's answer is kept either way
 *    (recorded, with the door's release, in a transaction of its own once the step rolled back:
 *    the timeline shows that the door opened). A pass that fails because its database
 *    connection was lost (terminated, reset) or lost a deadlock runs again, up to
 *    `TRANSIENT_RETRIES` times, so the step the door opened for still stands.
 *
 * A charge or refund (`PaymentNeeded`) works the same way: the provider is asked with no
 * transaction open, under the step's idempotency key (a retry is the same payment), and the step
 * runs again (the lock's answer, if any, recorded by that pass). A step that needs nothing from
 * outside runs once. `opts.within` runs in the transaction that commits the step, after it (the
 * answer's read).
 */
export async function runStep<T>(
  ctx: StepContext,
  step: (pass: PassContext) => Promise<T>,
  opts: StepOptions<T> = {},
): Promise<T> {
  const { run, auth } = ctx;
  const organizationId = auth.organizationId;
  const pass: DoorPass = { opened: null, paid: new Map(), at: new Date(), newId: randomUUID() };
  // the hold's holder is a transaction: the one a step acts on (its retries are the same
  // holder), or the one a start is creating (`newId`, its id once written)
  let token = pass.newId!;
  let held: string | null = null;
  // the lock's answers of the last door, not yet recorded: recorded by the pass that commits
  let answered: UnlockResult[] | null = null;
  let retries = 0;
  try {
    for (let n = 0; n < MAX_PASSES; n++) {
      const recording = answered;
      const end: PassEnd<T> = await run(async (tx): Promise<PassEnd<T>> => {
        if (recording && !recording.some((r) => r.state === 'opened'))
          return { failed: await recordUnlockResults({ tx, auth, results: recording, release: hold() }) };
        const first = !pass.opened;
        const body = async (stx: Tx) => {
          const out = await step({ tx: stx, auth, pass });
          // the lock's answer and the hold's release in one statement
          if (recording) await recordUnlockResults({ tx: stx, auth, results: recording, release: hold() });
          else if (held) await releaseDoor({ tx: stx, organizationId, deviceId: held, token });
          if (opts.within) await opts.within(stx, out);
          return out;
        };
        // the first pass in a savepoint whenever what the step did before its door may have to be
        // undone while this transaction still commits the door's promise
        try {
          return { out: first && !opts.doorFirst ? await tx.transaction(body) : await body(tx) };
        } catch (err) {
          if (err instanceof DoorNeeded && first) return { door: await promise(tx, err, !!opts.doorFirst) };
          throw err;
        }
      }).catch((err: unknown): PassEnd<T> => ({ thrown: err }));
      if ('out' in end) {
        held = null;
        answered = null;
        return end.out;
      }
      if ('failed' in end) {
        held = null;
        answered = null;
        unlockAnswer(end.failed, true);
      }
      if ('door' in end) {
        answered = await callLocks({ run, organizationId, locks: ctx.locks, steps: end.door });
        pass.opened = end.door[0]!.d.id;
        continue;
      }
      const wanted = 'thrown' in end ? end.thrown : undefined;
      // the door has opened: a pass that lost its database connection (or a deadlock) runs again
      // on another, so the step stands rather than leave a door opened for nothing
      if (recording && isTransientDatabaseError(wanted) && retries < TRANSIENT_RETRIES) {
        retries += 1;
        await sleep(50 * 2 ** retries);
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
    // the step did not stand: the lock's answer is kept (the timeline shows the door opened), and
    // its door is free again at once rather than when the hold lapses
    const release = hold();
    const results = answered;
    if (results)
      await run((tx) => recordUnlockResults({ tx, auth, results, release })).catch(() => undefined);
    else if (release)
      await run((tx) => releaseDoor({ tx, organizationId, ...release })).catch(() => undefined);
    throw err;
  }

  /** The step's hold of its door, to release with the step's last statement, or undefined. */
  function hold(): { deviceId: string; token: string } | undefined {
    return held ? { deviceId: held, token } : undefined;
  }

  /**
   * The door `needed` promised to this step, its unlock recorded, and a start's number taken;
   * `locked`: the step's transaction still holds the door's row lock (no savepoint rolled back).
   */
  async function promise(tx: Tx, needed: DoorNeeded, locked: boolean): Promise<UnlockStep[]> {
    if (needed.holder) token = needed.holder;
    const promised = await promiseDoor({
      tx,
      auth,
      locks: ctx.locks,
      id: needed.device.id,
      token,
      reason: `Transaction ${needed.action}`,
      seenStatus: needed.device.status,
      locked: locked ? needed.device : undefined,
    });
    if (opts.numbered && !pass.numbers) pass.numbers = await nextNumbers({ tx, organizationId });
    // released by the catch of `runStep` should this transaction not commit
    if (promised.held) held = needed.device.id;
    return promised.steps;
  }
}

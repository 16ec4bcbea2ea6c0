import { isActionAllowed, TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import { Conflict } from '../../../errors';
import type { TransactionPatch } from '../queries';
import { collect, priceOf } from './charge';
import type { StepContext } from './context';
import { release } from './door';
import { actorOf, applyStep, checkDate, seconds, stateOf, transactionsForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * End one or many (`PATCH events`; spec: operational §5): all or nothing. Any already finished,
 * canceled or refunded → 409 "One or more selected transactions are already finished or
 * canceled"; an end date outside start…now → 400. Storage and rental in progress are charged for
 * the time until the end date; others keep their charge. The door is freed (not opened).
 * → finished. Emits on_complete. Answers the ids.
 */
export function endMany(ctx: StepContext, input: { ids: string[]; ended_at?: Date }): Promise<string[]> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const rows = await transactionsForUpdate({ tx, organizationId: auth.organizationId, ids: input.ids });
    if (rows.some((t) => !isActionAllowed('end', stateOf(t)))) throw Conflict(M.alreadyEnded);
    const dates = rows.map((t) => checkDate(input.ended_at ?? pass.at, t, M.endDateRange));
    for (const [i, t] of rows.entries()) {
      const when = dates[i]!;
      const elapsed = seconds(t.startedAt ?? t.createdAt, when);
      let patch: TransactionPatch = { status: 'finished' };
      if ((t.type === 'storage' || t.type === 'rental') && t.status === 'in_progress') {
        const c = await priceOf({ tx, t, opts: { elapsedSeconds: elapsed } });
        patch = {
          subtotal: c.subtotal,
          discount: c.discount,
          total: c.total,
          idMembership: c.membershipId,
          ...(await collect({ tx, t, amount: c.total, next: 'finished', purpose: 'end', pass })),
        };
      }
      await release({ tx, t });
      await applyStep({
        tx,
        actor: actorOf(auth),
        t,
        action: 'end',
        patch: {
          ...patch,
          deviceHeld: false,
          endedAt: when,
          totalTime: elapsed,
          statusAfterPayment: patch.statusAfterPayment ?? null,
        },
        detail: { ended_at: when.toISOString(), total: patch.total ?? t.total },
        event: 'on_complete',
      });
    }
    return rows.map((t) => t.id);
  });
}

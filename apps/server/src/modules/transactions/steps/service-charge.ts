import { collect, priceOf } from './charge';
import type { StepContext } from './context';
import { actorOf, applyStep, assertAllowed, seconds, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * Operator Charge of a service in progress (spec: operational §4 Service): `weight` in the
 * price's unit (none counts as 1), priced by the pricing module with promo and membership,
 * collected through the gateway → awaiting_service_dropoff (or awaiting payment confirmation).
 * Emits on_service_charge.
 */
export function serviceCharge(ctx: StepContext, input: { id: string; weight?: number }): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
    assertAllowed('charge', t);
    const w = input.weight ?? 1;
    const c = await priceOf({
      tx,
      t,
      opts: {
        weight: w,
        elapsedSeconds: seconds(t.startedAt ?? t.createdAt, pass.at ?? new Date()),
      },
    });
    const status = await collect({
      tx,
      t,
      amount: c.total,
      next: 'awaiting_service_dropoff',
      purpose: 'charge',
      pass,
    });
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action: 'charge',
      patch: {
        ...status,
        subtotal: c.subtotal,
        discount: c.discount,
        total: c.total,
        idMembership: c.membershipId,
        weight: String(w),
      },
      detail: { weight: w, subtotal: c.subtotal, discount: c.discount, total: c.total },
      event: 'on_service_charge',
    });
    return t.id;
  });
}

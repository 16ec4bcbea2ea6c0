import type { StepContext } from './context';
import { lockDevice, openDoor, release } from './door';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * Operator Pickup of a service (awaiting service pickup; spec: operational §4 Service): the door
 * opens, the door is freed, → in_progress. Emits on_service_pickup.
 */
export function servicePickup(ctx: StepContext, input: { id: string }): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
    assertAllowed('pickup', t);
    if (t.idDevice)
      openDoor(
        pass,
        await lockDevice({ tx, organizationId: t.organizationId, id: t.idDevice, opts: { shared: true } }),
        'service pickup',
        t.id,
      );
    await release({ tx, t });
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action: 'pickup',
      patch: { status: 'in_progress', deviceHeld: false },
      detail: {},
      event: 'on_service_pickup',
    });
    return t.id;
  });
}

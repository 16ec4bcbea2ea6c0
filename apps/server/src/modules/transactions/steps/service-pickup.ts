import { lockDevice, openDoor, release } from '../door';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from '../lifecycle';
import { runStep, type StepContext } from './run-step';

/**
 * Operator Pickup of a service (awaiting service pickup; spec: operational §4 Service): the door
 * opens, the door is freed, → in_progress. Emits on_service_pickup.
 */
export function servicePickup(ctx: StepContext, input: { id: string }): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate(tx, auth.organizationId, input.id);
    assertAllowed('pickup', t);
    if (t.idDevice)
      openDoor(
        pass,
        await lockDevice(tx, t.organizationId, t.idDevice, { shared: true }),
        'service pickup',
        t.id,
      );
    await release(tx, t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'pickup',
      { status: 'in_progress', deviceHeld: false },
      {},
      'on_service_pickup',
    );
    return t.id;
  });
}

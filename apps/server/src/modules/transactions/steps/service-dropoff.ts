import { TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import { Conflict } from '../../../errors';
import { isSharedDoor } from '../../devices';
import type { StepContext } from './context';
import { assertSharedDoorUsable, hold, lockDevice, openDoor } from './door';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * Operator Dropoff (awaiting service dropoff, not delivery; spec: operational §4 Service): the
 * clean laundry goes into an available door `id_device`, which opens and becomes reserved →
 * awaiting_user_pickup. Emits on_service_dropoff.
 */
export function serviceDropoff(ctx: StepContext, input: { id: string; id_device: string }): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
    assertAllowed('dropoff', t);
    const d = await lockDevice({
      tx,
      organizationId: t.organizationId,
      id: input.id_device,
      opts: { shared: true },
    });
    if (d.status !== 'available') throw Conflict(M.deviceUnavailable);
    if (isSharedDoor(d, t.organizationId)) await assertSharedDoorUsable({ tx, d, at: new Date() });
    await hold({ tx, organizationId: t.organizationId, d });
    openDoor(pass, d, 'dropoff', t.id);
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action: 'dropoff',
      patch: { status: 'awaiting_user_pickup', idDevice: d.id, idLocation: d.idLocation, deviceHeld: true },
      detail: { id_device: d.id, locker_number: d.lockerNumber },
      event: 'on_service_dropoff',
    });
    return t.id;
  });
}

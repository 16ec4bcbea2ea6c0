import { TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import { BadRequest, Conflict, NotFound } from '../../../errors';
import { setDeviceProduct } from '../../devices';
import { applyConditionEffects, recordTracking, setProductCondition } from '../../products';
import { conditionIdOf } from '../queries/lookups';
import { collect, priceOf } from './charge';
import type { PassContext, StepContext } from './context';
import { lockDevice, openDoor, release } from './door';
import { actorOf, applyStep, assertAllowed, seconds, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/** A rental's return: the door it goes into, its condition, a photo. */
export interface ReturnInput {
  id: string;
  id_device: string;
  id_condition?: string;
  image_url?: string;
}

/**
 * Returns a rental into a device (partner API): the same door, or another available rental door
 * without a product. Charged by time; the product is tracked "In" with its condition, moves to
 * that door, takes the condition, and the condition's effects apply (auto maintenance of the
 * door, auto report). → `finished`; the doors are available again. Emits on_complete.
 */
export function returnRental(ctx: StepContext, input: ReturnInput): Promise<string> {
  return runStep(ctx, (p) => returnPass(p, input));
}

async function returnPass({ tx, auth, pass }: PassContext, input: ReturnInput): Promise<string> {
  const organizationId = auth.organizationId;
  const t = await transactionForUpdate({ tx, organizationId, id: input.id });
  assertAllowed('return', t);
  const target = await lockDevice({ tx, organizationId, id: input.id_device });
  const sameDoor = target.id === t.idDevice;
  if (!sameDoor) {
    if (target.mode !== 'rental') throw BadRequest(M.deviceWrongMode('rental'));
    if (target.status !== 'available' || target.idProduct) throw Conflict(M.deviceUnavailable);
  }
  let conditionId: string | null = null;
  if (input.id_condition) {
    const c = await conditionIdOf({ tx, organizationId, id: input.id_condition });
    if (!c) throw NotFound(M.conditionNotFound);
    conditionId = c;
  }
  openDoor(pass, target, 'return', t.id);
  const now = pass.at ?? new Date();
  const elapsed = seconds(t.startedAt ?? t.createdAt, now);
  const c = await priceOf({ tx, t, opts: { elapsedSeconds: elapsed } });
  const status = await collect({ tx, t, amount: c.total, next: 'finished', purpose: 'return', pass });
  await release({ tx, t });
  if (t.idProduct) {
    if (!sameDoor && t.idDevice) {
      await setDeviceProduct({
        tx,
        organizationId,
        deviceId: t.idDevice,
        productId: null,
        at: now,
        onlyIf: t.idProduct,
      });
      await setDeviceProduct({
        tx,
        organizationId,
        deviceId: target.id,
        productId: t.idProduct,
        at: now,
      });
    }
    if (conditionId)
      await setProductCondition({ tx, organizationId, productId: t.idProduct, conditionId, at: now });
    await recordTracking({
      tx,
      input: {
        organizationId,
        productId: t.idProduct,
        state: 'incoming',
        userId: t.idUser,
        actorName: auth.actor.name,
        conditionId: conditionId ?? undefined,
        deviceId: target.id,
      },
    });
  }
  const after = await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'return',
    patch: {
      ...status,
      subtotal: c.subtotal,
      discount: c.discount,
      total: c.total,
      idMembership: c.membershipId,
      idDevice: target.id,
      idLocation: target.idLocation,
      deviceHeld: false,
      idCondition: conditionId,
      endedAt: now,
      totalTime: elapsed,
      imageUrl: input.image_url ?? t.imageUrl,
    },
    detail: {
      id_device: target.id,
      locker_number: target.lockerNumber,
      id_condition: conditionId,
      total: c.total,
    },
    event: 'on_complete',
  });
  if (t.idProduct && conditionId)
    await applyConditionEffects({
      tx,
      auth,
      args: {
        productId: t.idProduct,
        conditionId,
        deviceId: target.id,
        transactionId: t.id,
      },
    });
  return after.id;
}

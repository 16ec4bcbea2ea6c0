import type { DeviceRow } from '../../devices';
import { setDeviceProduct } from '../../devices';
import { computeCharge } from '../../prices';
import type { promoValidAt } from '../../promos';
import type { TransactionRow } from '../queries';
import { productById } from '../queries/lookups';
import { collect } from './charge';
import type { PassContext } from './context';
import { actorOf, applyStep } from './lifecycle';

/**
 * The purchase of a vending start (`start`, in its transaction): the product's sales price
 * through the pricing module (promo applied), the product leaves the door, the charge is
 * collected → `finished` (or awaiting payment confirmation). Emits on_complete.
 */
export async function purchase(
  { tx, auth, pass }: PassContext,
  input: {
    t: TransactionRow;
    device: DeviceRow;
    promo: Awaited<ReturnType<typeof promoValidAt>>;
    now: Date;
  },
): Promise<void> {
  const { t, device, promo, now } = input;
  const product = await productById({ tx, organizationId: device.organizationId, id: device.idProduct! });
  const charge = computeCharge({
    price: { price_type: 'pay_per_weight', amount: product?.salesPrice ?? '0', unit: 'item' },
    weight: 1,
    promo: promo ? { discount_type: promo.discountType, amount: promo.amount } : null,
  });
  await setDeviceProduct({
    tx,
    organizationId: auth.organizationId,
    deviceId: device.id,
    productId: null,
    at: now,
  });
  const paid = await collect({ tx, t, amount: charge.total, next: 'finished', purpose: 'purchase', pass });
  await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'purchase',
    patch: { ...paid, ...charge, endedAt: now, totalTime: 0 },
    detail: { product: product?.name ?? null, total: charge.total },
    event: 'on_complete',
  });
}

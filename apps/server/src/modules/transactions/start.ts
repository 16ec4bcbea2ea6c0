import { TRANSACTION_MESSAGES as M, type TMode, type TTransactionStatus } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { devices, prices, products, transactions } from '../../db/schema';
import { BadRequest, Conflict } from '../../errors';
import { isSharedDoor } from '../devices';
import { computeCharge } from '../prices';
import { recordTracking } from '../products';
import { assertReservationAllows } from '../reservations';
import { actorOf, applyStep, type DoorPass, emitFor, FIRST_PASS, TransactionCore } from './lifecycle';
import { nextNumbers, writeLog } from './queries';

/** The partner start of a transaction: storage, rental, service, purchase (spec: operational §5 Transaction actions). */
export class StartSteps extends TransactionCore {
  // ——— partner: starts ———

  /**
   * Starts a storage, rental, service (the user's drop-off) or vending transaction for a user on a
   * device of that mode (partner API). The device must be available (409) and, for rental and
   * vending, hold a product. The door opens through the lock adapter (502 when it does not
   * answer; nothing is kept then). storage and rental → `in_progress`, service →
   * `awaiting_service_pickup`, each holding the device (reserved); vending is charged the
   * product's sales price and `finished` at once. Emits on_start (vending: on_complete).
   * A sub-organization may start storage and service on its super-tenant parent's shared doors:
   * the row is its own, priced with its own default price (`sharedDoorPrice`) and charged to its
   * own payment account; the door's state moves through `shared-doors.ts` (400 rental/vending
   * there, 409 while a reservation of the parent holds it, 404 for the parent's unshared doors).
   */
  async start(
    tx: Tx,
    auth: AuthContext,
    mode: Exclude<TMode, 'delivery'>,
    input: {
      id_device: string;
      id_user: string;
      promo_code?: string;
      image_url?: string;
      signature_url?: string;
      payment_method?: string;
    },
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const org = auth.organizationId;
    const device = await this.lockDevice(tx, org, input.id_device, { shared: true });
    const shared = isSharedDoor(device, org);
    if (device.mode !== mode) throw BadRequest(M.deviceWrongMode(mode));
    const user = await this.activeUser(tx, org, input.id_user);
    if (device.status !== 'available') throw Conflict(M.deviceUnavailable);
    const now = doors.at ?? new Date();
    if (shared) await this.assertSharedDoorUsable(tx, device, now);
    if ((mode === 'rental' || mode === 'vending') && !device.idProduct) throw Conflict(M.deviceNoProduct);
    // A reserved device opens only for the reserving user within the window (issue 8).
    await assertReservationAllows(tx, { deviceId: device.id, userId: user.id, at: now });
    const promo = input.promo_code ? await this.promoByCode(tx, org, input.promo_code, now) : undefined;
    const [price] = shared
      ? [await this.sharedDoorPrice(tx, org, mode)]
      : device.idPrice
        ? await tx.select().from(prices).where(eq(prices.id, device.idPrice))
        : [];
    // every rule is checked: the first pass stops here, before it writes anything (no invoice
    // number taken, no row inserted and rolled back), and asks for the door
    this.openDoor(doors, device, 'start');
    const numbers = await nextNumbers(tx, org);
    const holds = mode !== 'vending';
    const [t] = await tx
      .insert(transactions)
      .values({
        // the same id on every pass of the step, so its charge keeps its idempotency key
        ...(doors.newId ? { id: doors.newId } : {}),
        organizationId: org,
        ...numbers,
        eventType: mode,
        eventStatus: mode === 'service' ? 'awaiting_service_pickup' : 'in_progress',
        idUser: user.id,
        idDevice: device.id,
        deviceHeld: holds,
        idLocation: device.idLocation,
        idProduct: mode === 'rental' || mode === 'vending' ? device.idProduct : null,
        idPrice: mode === 'vending' ? null : (price?.id ?? null),
        idPromo: promo?.id ?? null,
        currency: await this.currencyOf(tx, org, price?.currency),
        startedAt: now,
        phoneNumber: user.phoneNumber,
        email: user.email,
        imageUrl: input.image_url ?? null,
        signatureUrl: input.signature_url ?? null,
        paymentMethod: input.payment_method ?? null,
      })
      .returning();
    await writeLog(tx, {
      organizationId: org,
      eventId: t!.id,
      action: 'start',
      statusBefore: null,
      statusAfter: t!.eventStatus as TTransactionStatus,
      detail: { id_device: device.id, locker_number: device.lockerNumber, promo: promo?.code ?? null },
      actor: actorOf(auth),
    });
    if (holds) await this.hold(tx, org, device);
    if (mode === 'rental' || mode === 'vending') {
      await recordTracking(tx, {
        organizationId: org,
        productId: device.idProduct!,
        state: 'outgoing',
        userId: user.id,
        actorName: auth.actor.name,
        deviceId: device.id,
      });
    }
    if (mode !== 'vending') {
      await emitFor(tx, t!, 'on_start');
      return t!.id;
    }
    // vending: the purchase is the product's sales price, through the pricing module
    const [product] = await tx.select().from(products).where(eq(products.id, device.idProduct!));
    const charge = computeCharge({
      price: { price_type: 'pay_per_weight', amount: product?.salesPrice ?? '0', unit: 'item' },
      weight: 1,
      promo: promo ? { discount_type: promo.discountType, amount: promo.amount } : null,
    });
    await tx
      .update(devices)
      .set({ idProduct: null, updatedAt: now })
      .where(and(eq(devices.id, device.id), eq(devices.organizationId, org)));
    const paid = await this.collect(tx, t!, charge.total, 'finished', 'purchase', doors);
    await applyStep(
      tx,
      actorOf(auth),
      t!,
      'purchase',
      { ...paid, ...charge, endedAt: now, totalTime: 0 },
      { product: product?.name ?? null, total: charge.total },
      'on_complete',
    );
    return t!.id;
  }
}

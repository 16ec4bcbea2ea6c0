import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_APP_MESSAGES,
  CUSTOMER_RENTAL_MESSAGES as R,
  type TCustomerLocker,
  type TCustomerRentable,
  TRANSACTION_MESSAGES,
} from '@lockerops/contract';
import type { StorageAdapter, TempFile } from '../../../adapters/storage';
import { storeImage } from '../../../adapters/storage';
import type { TxOrg } from '../../../auth/context';
import { BadRequest, HttpError, NotFound } from '../../../errors';
import { getLiteApp } from '../../toolbox';
import { returnRental, start } from '../../transactions';
import { dropClaim, takeClaim } from '../queries/claims';
import { customerLocker } from '../queries/lockers';
import { conditionList, rentableDoors, rentalsInProgress } from '../queries/rentals';
import { type LockerContext, lockerOr404 } from './lockers';

/*
 * Renting a product from a door in the Lite App (README "Lite App"): the partner API's own rental
 * steps (`start` in mode rental, `returnRental`) acting as the app for the signed-in customer, with
 * the Lite App customizer's switches enforced here — "Allow multiple assets", "Allow photo to end
 * the asset rental", "Track conditions of products". No rule of the life cycle is written here.
 */

/** `GET customer/{organization}/locations/{id}/products`: what can be rented at the public place now. */
export async function rentablesAt({
  tx,
  organizationId,
  locationId,
}: TxOrg<{ locationId: string }>): Promise<{ items: TCustomerRentable[] }> {
  const rows = await rentableDoors({ tx, organizationId, locationId });
  return {
    items: rows.map((r) => ({
      id_device: r.idDevice,
      locker_number: r.lockerNumber,
      product: { id: r.productId, name: r.productName, description: r.description, image: r.image },
      price:
        r.amount === null
          ? null
          : { amount: r.amount, currency: r.currency!, unit: r.unit!, unit_amount: r.unitAmount },
    })),
  };
}

/** `GET customer/{organization}/conditions`: the conditions a return may report (none unless tracked). */
export async function conditionsOf({
  tx,
  organizationId,
}: TxOrg): Promise<{ items: { id: string; name: string }[] }> {
  const settings = await getLiteApp({ tx, organizationId });
  return { items: settings.track_conditions ? await conditionList({ tx, organizationId }) : [] };
}

/**
 * `POST customer/{organization}/rentals`: rents the products of the doors `id_devices` to the
 * customer, one partner `start` (mode rental) per door, each door opening in turn. Without "Allow
 * multiple assets" a customer has one rental at a time (409 for a second door, or while one is in
 * progress): the request claims the customer's rental (`customer_claims`) before it checks and
 * keeps the claim until its door has opened and its rental is written, so two requests at the same
 * moment open one door (the other answers 409). 409 for a door not free to rent at a public place;
 * 402 without `payment_method` when a door is priced (the time used is charged at the return).
 */
export async function startRentals(
  c: LockerContext,
  body: { id_devices: string[]; payment_method?: string },
): Promise<{ items: TCustomerLocker[] }> {
  const organizationId = c.step.auth.organizationId;
  const ids = [...new Set(body.id_devices)];
  const claim = { organizationId, userId: c.customerId, kind: 'rental' as const, token: randomUUID() };
  let claimed = false;
  try {
    const doors = await c.step.run(async (tx) => {
      const settings = await getLiteApp({ tx, organizationId });
      if (!settings.allow_multiple_assets) {
        if (ids.length > 1) throw new HttpError(409, R.oneAtATime);
        claimed = await takeClaim({ tx, ...claim });
        if (!claimed) throw new HttpError(409, R.oneAtATime);
        if ((await rentalsInProgress({ tx, organizationId, userId: c.customerId })) > 0)
          throw new HttpError(409, R.oneAtATime);
      }
      const found = [];
      for (const deviceId of ids) {
        const [d] = await rentableDoors({ tx, organizationId, deviceId });
        if (!d) throw new HttpError(409, R.notRentable);
        found.push(d);
      }
      return found;
    });
    if (doors.some((d) => d.idPrice) && !body.payment_method)
      throw new HttpError(402, CUSTOMER_APP_MESSAGES.paymentRequired);
    const items: TCustomerLocker[] = [];
    for (const d of doors) {
      const id = await start(c.step, {
        mode: 'rental',
        id_device: d.idDevice,
        id_user: c.customerId,
        payment_method: body.payment_method,
      });
      items.push(await lockerOr404(c, id));
    }
    return { items };
  } finally {
    // a claim refused was never taken; one taken is dropped (should that fail, it lapses by itself)
    if (claimed) await c.step.run((tx) => dropClaim({ tx, ...claim })).catch(() => undefined);
  }
}

/**
 * `POST customer/{organization}/rentals/{id}/return`: the customer's return of their rental into
 * the same door, through the partner API's `returnRental` (the door opens, the time is charged, the
 * product is tracked back with its condition and the condition's effects apply). With "Allow photo
 * to end the asset rental" a photo is required (400 without; 400 with one while the switch is off),
 * checked by content to be a picture (400) and at most 10 MB (413, the upload's limit); with
 * "Track conditions of products" `id_condition` is required (400; 404 for an unknown one), refused
 * while off. 404 when the rental is not the customer's; 409 when it is not in progress.
 */
export async function returnFromApp(
  c: LockerContext,
  storage: StorageAdapter,
  id: string,
  body: { id_condition?: string; photo?: TempFile },
): Promise<TCustomerLocker> {
  const organizationId = c.step.auth.organizationId;
  const { row, settings } = await c.step.run(async (tx) => ({
    row: await customerLocker({ tx, organizationId, userId: c.customerId, id }),
    settings: await getLiteApp({ tx, organizationId }),
  }));
  if (row?.type !== 'rental' || !row.idDevice) throw NotFound(R.rentalNotFound);
  if (row.status !== 'in_progress')
    throw new HttpError(409, TRANSACTION_MESSAGES.notAllowed('return', row.status, row.type));
  if (settings.photo_to_end_rental !== Boolean(body.photo))
    throw BadRequest(body.photo ? R.photoNotTaken : R.photoRequired);
  if (settings.track_conditions !== Boolean(body.id_condition))
    throw BadRequest(body.id_condition ? R.conditionNotTaken : R.conditionRequired);
  const photo = body.photo ? await storeImage(storage, body.photo, R.photoNotImage) : undefined;
  await returnRental(c.step, {
    id,
    id_device: row.idDevice,
    id_condition: body.id_condition,
    image_url: photo?.url,
  });
  return lockerOr404(c, id);
}

/**
 * `GET customer/{organization}/lockers/{id}/photo`: the photo of the customer's own transaction
 * (taken at a rental's return), streamed; 404 when it is not theirs or has none.
 */
export async function photoOf(c: LockerContext, storage: StorageAdapter, id: string) {
  const organizationId = c.step.auth.organizationId;
  const row = await c.step.run((tx) => customerLocker({ tx, organizationId, userId: c.customerId, id }));
  const key = row?.imageUrl?.startsWith('/api/files/') ? row.imageUrl.slice('/api/files/'.length) : undefined;
  const file = key ? storage.open(key) : undefined;
  if (!file) throw NotFound(R.photoNotFound);
  return file;
}

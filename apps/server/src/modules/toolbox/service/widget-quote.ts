import {
  RESERVATION_MESSAGES,
  TOOLBOX_MESSAGES,
  type TWidgetQuote,
  type TWidgetSettings,
  WIDGET_MAX_SECONDS,
  WIDGET_UNIT_SECONDS,
} from '@lockerops/contract';
import { Decimal } from 'decimal.js';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest, NotFound } from '../../../errors';
import { computeCharge, defaultCurrency } from '../../prices';
import { buffersOf, firstFreeDevice, getReservationSettings } from '../../reservations';
import { isPublicLocation, priceOfDevice, WIDGET_MODE } from '../queries';

/*
 * What a window costs in the widget (README "Reservation widget"): the first free storage locker
 * of the size at a public place for the window — the console's own search, buffers included — and
 * its price through the pricing module, the way a stay on that door is priced.
 */

/** Checks a window against the widget's rules: in the future, end after start, at most the maximum duration. */
export function checkWindow(widget: TWidgetSettings, start: string, end: string, now: Date) {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (e <= s) throw BadRequest(RESERVATION_MESSAGES.endBeforeStart);
  if (s < now.getTime() - 5 * 60_000) throw BadRequest(TOOLBOX_MESSAGES.startInPast);
  if (e - s > widget.max_duration * WIDGET_UNIT_SECONDS[widget.max_duration_unit] * 1000)
    throw BadRequest(TOOLBOX_MESSAGES.tooLong(widget.max_duration, widget.max_duration_unit));
  // a maximum saved before the bound existed still holds no locker beyond 30 days
  if (e - s > WIDGET_MAX_SECONDS * 1000) throw BadRequest(TOOLBOX_MESSAGES.tooLong(30, 'days'));
}

/** 404 unless the location is one of the organization's public places. */
export async function assertPublicLocation(tx: Tx, organizationId: string, idLocation: string) {
  if (!(await isPublicLocation({ tx, organizationId, id: idLocation }))) throw NotFound('Location not found');
}

/**
 * The price of a window on a device through the pricing module, in the price's currency (a stay
 * on the door is charged in it); null when the device has no price.
 */
export async function priceFor(tx: Tx, organizationId: string, deviceId: string, seconds: number) {
  const price = await priceOfDevice({ tx, organizationId, deviceId });
  if (!price) return null;
  const charge = computeCharge({
    price: {
      price_type: price.priceType,
      amount: price.amount,
      unit_amount: price.unitAmount,
      unit: price.unit,
    },
    elapsedSeconds: seconds,
  });
  return { ...charge, currency: price.currency };
}

/** A window of the widget: the place, the size and the instants (ISO 8601). */
export interface WidgetWindow {
  id_location: string;
  id_size: string;
  start: string;
  end: string;
}

/**
 * The first free storage locker of the size at the public location for the window (buffers
 * included) and its price (null: free of charge): undefined when none is free. 404 for a place that
 * is not public.
 */
export async function pricedDoor({ tx, organizationId, q }: TxOrg<{ q: WidgetWindow }>) {
  await assertPublicLocation(tx, organizationId, q.id_location);
  const cfg = await getReservationSettings({ tx, organizationId });
  const free = await firstFreeDevice({
    tx,
    organizationId,
    idLocation: q.id_location,
    mode: WIDGET_MODE,
    idSize: q.id_size,
    schedule: {
      recurring: false,
      startsAt: new Date(q.start).toISOString(),
      endsAt: new Date(q.end).toISOString(),
    },
    buffers: buffersOf(cfg),
  });
  if (!free) return undefined;
  const seconds = (Date.parse(q.end) - Date.parse(q.start)) / 1000;
  return { deviceId: free, price: await priceFor(tx, organizationId, free, seconds) };
}

/** Whether a price asks for money (a total above zero). */
export const isPriced = (price: { total: string } | null | undefined): price is { total: string } =>
  !!price && new Decimal(price.total).greaterThan(0);

/**
 * Whether a storage locker of the size is free at a public location for the window (the same
 * search as a console reservation, buffers included), what it costs through the pricing module,
 * in which currency (the price's, else the organization's), and whether the widget asks for the
 * payment before it books (its payment switch on and a price above zero).
 */
export async function widgetQuote({
  tx,
  organizationId,
  widget,
  q,
  now = new Date(),
}: TxOrg<{
  widget: TWidgetSettings;
  q: WidgetWindow;
  now?: Date;
}>): Promise<TWidgetQuote> {
  checkWindow(widget, q.start, q.end, now);
  const door = await pricedDoor({ tx, organizationId, q });
  const fallback = await defaultCurrency({ tx, organizationId });
  if (!door?.price) return { available: !!door, currency: fallback, price: null, payment_required: false };
  const { currency, subtotal, discount, total } = door.price;
  return {
    available: true,
    currency,
    price: { subtotal, discount, total },
    payment_required: widget.payment_enabled && isPriced(door.price),
  };
}

import type { TLanguage } from './language';

/**
 * The words of the messages the product sends a customer about a transaction (README "Languages":
 * the organization's default language, customers having none of their own): a delivery's pickup
 * code by SMS or e-mail, and a shared transaction's link. `{name}`-style placeholders are filled
 * by `fillMailText`.
 */
export interface DeliveryTexts {
  /** The e-mail's subject of a pickup code. */
  readySubject: string;
  /** `{app}` the organization's app name, `{order}` the order id, `{where}` `atLocker` or `atDesk`. */
  ready: string;
  /** `{locker}` the door's number. */
  atLocker: string;
  atDesk: string;
  /** A shared transaction's subject and text: `{invoice}` its invoice id, `{link}` the link. */
  shareSubject: string;
  share: string;
}

export const DELIVERY_TEXTS: Record<TLanguage, DeliveryTexts> = {
  en: {
    readySubject: 'Your delivery is ready',
    ready: '{app}: your delivery {order} is ready at {where}. Pickup code: {code}',
    atLocker: 'locker {locker}',
    atDesk: 'the front desk',
    shareSubject: 'Transaction {invoice}',
    share: 'Transaction {invoice}: {link}',
  },
  es: {
    readySubject: 'Su entrega está lista',
    ready: '{app}: su entrega {order} está lista en {where}. Código de recogida: {code}',
    atLocker: 'la taquilla {locker}',
    atDesk: 'la recepción',
    shareSubject: 'Transacción {invoice}',
    share: 'Transacción {invoice}: {link}',
  },
  de: {
    readySubject: 'Ihre Lieferung ist bereit',
    ready: '{app}: Ihre Lieferung {order} ist abholbereit ({where}). Abholcode: {code}',
    atLocker: 'Fach {locker}',
    atDesk: 'Empfang',
    shareSubject: 'Transaktion {invoice}',
    share: 'Transaktion {invoice}: {link}',
  },
};

import type { TLanguage } from './language';

/**
 * The words of a customer's receipt (README "The Lite App": a receipt per finished transaction, as
 * a PDF from "My lockers"), in the language the customer reads the app in. `{name}`-style
 * placeholders are filled with `fillMailText`; amounts and times are formatted by the server
 * through Intl in the same language and the place's time zone.
 */
export interface ReceiptTexts {
  title: string;
  invoice: string;
  place: string;
  door: string;
  product: string;
  started: string;
  ended: string;
  /** `{zone}`: the place's time zone, named. */
  zone: string;
  total: string;
  /** The sandbox provider's note: no money moved. */
  sandbox: string;
  thanks: string;
  /** The receipt e-mail's subject (`{app}`: the app's name, `{invoice}`: the invoice number). */
  mailSubject: string;
  /** The e-mail's opening line: the receipt is attached as a PDF. */
  mailAttached: string;
  /** The e-mail's last line: how to stop receipt e-mails. */
  mailOptOut: string;
}

export const RECEIPT_TEXTS: Record<TLanguage, ReceiptTexts> = {
  en: {
    title: 'Receipt',
    invoice: 'Invoice',
    place: 'Location',
    door: 'Door',
    product: 'Product',
    started: 'Started',
    ended: 'Ended',
    zone: 'Times in {zone}',
    total: 'Total',
    sandbox: 'Sandbox payment: no money was moved.',
    thanks: 'Thank you for using {app}.',
    mailSubject: 'Your {app} receipt {invoice}',
    mailAttached: 'Your receipt is below and attached as a PDF.',
    mailOptOut: 'You can turn off receipt e-mails under "My account" in the app.',
  },
  es: {
    title: 'Recibo',
    invoice: 'Factura',
    place: 'Ubicación',
    door: 'Puerta',
    product: 'Producto',
    started: 'Inicio',
    ended: 'Fin',
    zone: 'Horas en {zone}',
    total: 'Total',
    sandbox: 'Pago de prueba (sandbox): no se ha movido dinero.',
    thanks: 'Gracias por usar {app}.',
    mailSubject: 'Tu recibo de {app} {invoice}',
    mailAttached: 'Tu recibo está a continuación y adjunto en PDF.',
    mailOptOut: 'Puedes desactivar los recibos por correo en «Mi cuenta» de la app.',
  },
  de: {
    title: 'Beleg',
    invoice: 'Rechnung',
    place: 'Standort',
    door: 'Fach',
    product: 'Produkt',
    started: 'Beginn',
    ended: 'Ende',
    zone: 'Zeiten in {zone}',
    total: 'Gesamt',
    sandbox: 'Testzahlung (Sandbox): Es wurde kein Geld bewegt.',
    thanks: 'Danke, dass du {app} nutzt.',
    mailSubject: 'Dein Beleg von {app} {invoice}',
    mailAttached: 'Dein Beleg steht unten und liegt als PDF bei.',
    mailOptOut: 'Beleg-E-Mails kannst du in der App unter „Mein Konto“ abschalten.',
  },
};

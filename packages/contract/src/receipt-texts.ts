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
  },
};

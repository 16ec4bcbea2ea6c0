import type { TLanguage } from './language';

/**
 * The words of the e-mails the product writes to an organization's own people rather than to one
 * team member: the notice that the hourly cap on one-time codes was reached (to the operator) and
 * the console's feedback (to the support address). They go out in the organization's default
 * language. `{name}`-style placeholders are filled by `fillMailText`; numbers are formatted by the
 * sender through `Intl` in the same language.
 */
export interface OperatorTexts {
  codeCapSubject: string;
  /** `{name}` the organization, `{cap}` the number of codes an hour. */
  codeCapText: string;
  feedbackSubject: string;
  /** `{name}` who sent it, `{org}` the organization. */
  feedbackFrom: string;
  /** `{org}` the organization; the sender has no name. */
  feedbackFromSomeone: string;
  /** `{value}` the department's name. */
  department: string;
  location: string;
  device: string;
  member: string;
  notes: string;
  image: string;
  /** The departments of the feedback form, by their stored value. */
  departments: Record<'Sales' | 'Customer Support' | 'Finance', string>;
}

export const OPERATOR_TEXTS: Record<TLanguage, OperatorTexts> = {
  en: {
    codeCapSubject: 'Sign-in and booking codes paused for the rest of the hour',
    codeCapText:
      '{name} reached its limit of {cap} one-time codes in an hour, so new codes are refused until the hour is over. Customers who already have a code can still use it. If this is unexpected, someone may be sending codes in bulk; if it is your normal traffic, raise CODES_PER_ORGANIZATION_HOUR.',
    feedbackSubject: 'New feedback',
    feedbackFrom: 'Feedback from {name} ({org})',
    feedbackFromSomeone: 'Feedback from a team member ({org})',
    department: 'Department: {value}',
    location: 'Location: {value}',
    device: 'Device: {value}',
    member: 'Member: {value}',
    notes: 'Notes: {value}',
    image: 'Image: {value}',
    departments: { Sales: 'Sales', 'Customer Support': 'Customer Support', Finance: 'Finance' },
  },
  es: {
    codeCapSubject: 'Códigos de acceso y de reserva en pausa durante el resto de la hora',
    codeCapText:
      '{name} alcanzó su límite de {cap} códigos de un solo uso en una hora, así que los códigos nuevos se rechazan hasta que termine la hora. Los clientes que ya tienen un código pueden seguir usándolo. Si no lo esperaba, alguien puede estar enviando códigos de forma masiva; si es su tráfico normal, aumente CODES_PER_ORGANIZATION_HOUR.',
    feedbackSubject: 'Nuevos comentarios',
    feedbackFrom: 'Comentarios de {name} ({org})',
    feedbackFromSomeone: 'Comentarios de un miembro del equipo ({org})',
    department: 'Departamento: {value}',
    location: 'Ubicación: {value}',
    device: 'Dispositivo: {value}',
    member: 'Miembro: {value}',
    notes: 'Notas: {value}',
    image: 'Imagen: {value}',
    departments: { Sales: 'Ventas', 'Customer Support': 'Atención al cliente', Finance: 'Finanzas' },
  },
  de: {
    codeCapSubject: 'Anmelde- und Buchungscodes für den Rest der Stunde pausiert',
    codeCapText:
      '{name} hat sein Limit von {cap} Einmalcodes pro Stunde erreicht, daher werden neue Codes bis zum Ende der Stunde abgelehnt. Kunden, die bereits einen Code haben, können ihn weiter verwenden. Falls das unerwartet ist, versendet womöglich jemand massenhaft Codes; ist es Ihr normaler Verkehr, erhöhen Sie CODES_PER_ORGANIZATION_HOUR.',
    feedbackSubject: 'Neues Feedback',
    feedbackFrom: 'Feedback von {name} ({org})',
    feedbackFromSomeone: 'Feedback von einem Teammitglied ({org})',
    department: 'Abteilung: {value}',
    location: 'Standort: {value}',
    device: 'Gerät: {value}',
    member: 'Mitglied: {value}',
    notes: 'Notizen: {value}',
    image: 'Bild: {value}',
    departments: { Sales: 'Vertrieb', 'Customer Support': 'Kundensupport', Finance: 'Finanzen' },
  },
};

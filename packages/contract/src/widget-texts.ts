import type { TLanguage } from './language';
import type { WIDGET_DURATION_UNITS } from './toolbox';

/**
 * The public reservation widget's words, in every console language (the customer booking
 * from another country reads the widget in theirs). The page picks `?lang=`, else the browser's
 * Accept-Language. `{name}`-style placeholders are filled by the page.
 */
export interface WidgetTexts {
  title: string;
  heading: string;
  location: string;
  size: string;
  from: string;
  until: string;
  check: string;
  name: string;
  phone: string;
  email: string;
  book: string;
  limit: string;
  /** Each unit's word by the CLDR plural category of the number before it (`Intl.PluralRules`). */
  units: Record<(typeof WIDGET_DURATION_UNITS)[number], { one: string; other: string }>;
  noneFree: string;
  available: string;
  free: string;
  booked: string;
  /** What the customer does next, under the confirmation. */
  nextStep: string;
  locker: string;
  wrong: string;
  /** The verification step: one contact, a code sent to it, the code typed. */
  contact: string;
  contactHint: string;
  sendCode: string;
  sendAgain: string;
  code: string;
  codeSent: string;
  /** The e-mail or text message carrying the code: `{name}` the organization, `{code}` the code. */
  codeSubject: string;
  codeMessage: string;
  /**
   * Payment before the booking (the widget's payment switch, a priced window): the amount, the
   * sandbox's card form (labelled: no real money moves), the button, and the confirmation's words.
   */
  payTitle: string;
  amount: string;
  sandbox: string;
  sandboxNote: string;
  card: string;
  cardExpiry: string;
  cardCvc: string;
  pay: string;
  /** A real provider's card form is not part of this page. */
  payElsewhere: string;
  paid: string;
  /** The server's messages this page shows, by their code (`toolbox.<key>`), in this language. */
  errors: Record<string, string>;
}

export const WIDGET_TEXTS: Record<TLanguage, WidgetTexts> = {
  en: {
    title: 'Reserve a locker',
    heading: 'Reserve a locker at {name}',
    location: 'Location',
    size: 'Size',
    from: 'From',
    until: 'Until',
    check: 'Check availability',
    name: 'Name',
    phone: 'Phone number',
    email: 'E-mail',
    book: 'Book',
    limit: 'A reservation can last at most {n} {unit}.',
    units: {
      hours: { one: 'hour', other: 'hours' },
      days: { one: 'day', other: 'days' },
      weeks: { one: 'week', other: 'weeks' },
    },
    noneFree: 'No locker of this size is free for that time.',
    available: 'Available. Price: {price}',
    free: 'Available. Free of charge.',
    booked: 'Booked! Your tracking number is {tracking} — {location}{locker}, {start} to {end}{price}.',
    nextStep:
      'Next: note your tracking number {tracking}. At {start}, go to {location} and give it at the locker or the desk to get your locker.',
    locker: ', locker {n}',
    wrong: 'Something went wrong.',
    contact: 'E-mail or phone number',
    contactHint: 'We send you a 6-digit code to confirm it.',
    sendCode: 'Send code',
    sendAgain: 'Send a new code',
    code: 'Code',
    codeSent: 'We have sent a 6-digit code to {contact}. It is valid for 10 minutes.',
    codeSubject: '{name} booking code',
    codeMessage:
      'Your {name} booking code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
    payTitle: 'Payment',
    amount: 'Amount to pay: {price}',
    sandbox: 'Sandbox, no real money',
    sandboxNote: "Test payment: this is the sandbox provider's card. No card is charged and no money moves.",
    card: 'Card number',
    cardExpiry: 'Expiry date',
    cardCvc: 'Security code',
    pay: 'Pay {price} and book',
    payElsewhere: 'Card payment cannot be taken on this page yet. Please contact us to book.',
    paid: ', paid {price}',
    errors: {
      'toolbox.contactBookingLimit':
        'This e-mail address or phone number already has as many open bookings as the widget allows. Please contact us to book more.',
      'toolbox.addressBookingLimit':
        'Too many open bookings have been made from your network. Please try again later or contact us.',
      'toolbox.organizationBookingLimit':
        'Online booking is not available right now. Please try again later or contact us.',
      'toolbox.startInPast': 'The start must be in the future.',
      'toolbox.paymentRequired': 'This locker is paid: please pay to book it.',
      'toolbox.paymentUnderWay': 'The payment for this booking is already under way. Please wait a moment.',
      'toolbox.paymentNotCompleted':
        'The payment was not completed, so nothing was booked. Please try again.',
      'toolbox.paymentRefunded':
        'The locker could not be booked after your payment, so your payment is refunded and nothing was booked.',
      'payments.declined': 'The payment was declined.',
      'payments.noAccount': 'No payment account is connected.',
      'reservations.alreadyReserved': 'This locker is already reserved for that time.',
      'reservations.noFreeLocker': 'No locker of this size is free at this location for that time.',
      'toolbox.verificationRequired': 'Please enter the code we sent to your e-mail address or phone number.',
      'toolbox.verificationInvalid':
        'This code is not correct or no longer valid. Please check it or ask for a new code.',
      'toolbox.verificationContactLimit':
        'Too many codes have been sent to this e-mail address or phone number. Please try again in 10 minutes.',
      'toolbox.verificationAddressLimit':
        'Too many codes have been asked for from your network. Please try again later.',
      'toolbox.verificationNotSent': 'The code could not be sent. Please try again later.',
      'toolbox.oneContact': 'Please give either an e-mail address or a phone number, not both.',
      'toolbox.emailInvalid': 'Please enter a valid e-mail address.',
      'toolbox.phoneCountryNotAllowed':
        'Text messages cannot be sent to this phone number. Please use a number of this country, or book with an e-mail address.',
    },
  },
  es: {
    title: 'Reservar una taquilla',
    heading: 'Reservar una taquilla en {name}',
    location: 'Ubicación',
    size: 'Tamaño',
    from: 'Desde',
    until: 'Hasta',
    check: 'Consultar disponibilidad',
    name: 'Nombre',
    phone: 'Número de teléfono',
    email: 'Correo electrónico',
    book: 'Reservar',
    limit: 'Una reserva puede durar como máximo {n} {unit}.',
    units: {
      hours: { one: 'hora', other: 'horas' },
      days: { one: 'día', other: 'días' },
      weeks: { one: 'semana', other: 'semanas' },
    },
    noneFree: 'No hay ninguna taquilla de este tamaño libre en ese horario.',
    available: 'Disponible. Precio: {price}',
    free: 'Disponible. Sin coste.',
    booked:
      '¡Reservado! Su número de seguimiento es {tracking} — {location}{locker}, del {start} al {end}{price}.',
    nextStep:
      'Siguiente paso: anote su número de seguimiento {tracking}. El {start}, vaya a {location} e indíquelo en la taquilla o en el mostrador para recibir su taquilla.',
    locker: ', taquilla {n}',
    wrong: 'Algo ha salido mal.',
    contact: 'Correo electrónico o número de teléfono',
    contactHint: 'Le enviamos un código de 6 dígitos para confirmarlo.',
    sendCode: 'Enviar código',
    sendAgain: 'Enviar un código nuevo',
    code: 'Código',
    codeSent: 'Hemos enviado un código de 6 dígitos a {contact}. Es válido durante 10 minutos.',
    codeSubject: 'Código de reserva de {name}',
    codeMessage:
      'Su código de reserva de {name} es {code}. Es válido durante 10 minutos. Si no lo ha solicitado, ignore este mensaje.',
    payTitle: 'Pago',
    amount: 'Importe a pagar: {price}',
    sandbox: 'Sandbox, sin dinero real',
    sandboxNote:
      'Pago de prueba: esta es la tarjeta del proveedor sandbox. No se carga ninguna tarjeta ni se mueve dinero.',
    card: 'Número de tarjeta',
    cardExpiry: 'Fecha de caducidad',
    cardCvc: 'Código de seguridad',
    pay: 'Pagar {price} y reservar',
    payElsewhere:
      'Todavía no se puede pagar con tarjeta en esta página. Póngase en contacto con nosotros para reservar.',
    paid: ', pagado {price}',
    errors: {
      'toolbox.contactBookingLimit':
        'Este correo electrónico o número de teléfono ya tiene tantas reservas abiertas como permite el widget. Póngase en contacto con nosotros para reservar más.',
      'toolbox.addressBookingLimit':
        'Se han hecho demasiadas reservas abiertas desde su red. Inténtelo de nuevo más tarde o póngase en contacto con nosotros.',
      'toolbox.organizationBookingLimit':
        'La reserva en línea no está disponible en este momento. Inténtelo de nuevo más tarde o póngase en contacto con nosotros.',
      'toolbox.startInPast': 'El inicio debe estar en el futuro.',
      'toolbox.paymentRequired': 'Esta taquilla es de pago: pague para reservarla.',
      'toolbox.paymentUnderWay': 'El pago de esta reserva ya está en curso. Espere un momento.',
      'toolbox.paymentNotCompleted':
        'El pago no se ha completado, así que no se ha reservado nada. Inténtelo de nuevo.',
      'toolbox.paymentRefunded':
        'No se ha podido reservar la taquilla después de su pago, así que se le devuelve el pago y no se ha reservado nada.',
      'payments.declined': 'Se ha rechazado el pago.',
      'payments.noAccount': 'No hay ninguna cuenta de pago conectada.',
      'reservations.alreadyReserved': 'Esta taquilla ya está reservada para ese horario.',
      'reservations.noFreeLocker':
        'No hay ninguna taquilla de este tamaño libre en esta ubicación para ese horario.',
      'toolbox.verificationRequired':
        'Introduzca el código que hemos enviado a su correo electrónico o teléfono.',
      'toolbox.verificationInvalid':
        'Este código no es correcto o ya no es válido. Compruébelo o solicite un código nuevo.',
      'toolbox.verificationContactLimit':
        'Se han enviado demasiados códigos a este correo electrónico o número de teléfono. Inténtelo de nuevo en 10 minutos.',
      'toolbox.verificationAddressLimit':
        'Se han solicitado demasiados códigos desde su red. Inténtelo de nuevo más tarde.',
      'toolbox.verificationNotSent': 'No se ha podido enviar el código. Inténtelo de nuevo más tarde.',
      'toolbox.oneContact': 'Indique un correo electrónico o un número de teléfono, no ambos.',
      'toolbox.emailInvalid': 'Introduzca un correo electrónico válido.',
      'toolbox.phoneCountryNotAllowed':
        'No se pueden enviar mensajes de texto a este número de teléfono. Use un número de este país o reserve con un correo electrónico.',
    },
  },
  de: {
    title: 'Schließfach reservieren',
    heading: 'Schließfach reservieren bei {name}',
    location: 'Standort',
    size: 'Größe',
    from: 'Von',
    until: 'Bis',
    check: 'Verfügbarkeit prüfen',
    name: 'Name',
    phone: 'Telefonnummer',
    email: 'E-Mail',
    book: 'Buchen',
    limit: 'Eine Reservierung dauert höchstens {n} {unit}.',
    units: {
      hours: { one: 'Stunde', other: 'Stunden' },
      days: { one: 'Tag', other: 'Tage' },
      weeks: { one: 'Woche', other: 'Wochen' },
    },
    noneFree: 'Für diese Zeit ist kein Schließfach dieser Größe frei.',
    available: 'Verfügbar. Preis: {price}',
    free: 'Verfügbar. Kostenlos.',
    booked: 'Gebucht! Ihre Buchungsnummer ist {tracking} — {location}{locker}, {start} bis {end}{price}.',
    nextStep:
      'Nächster Schritt: Notieren Sie Ihre Buchungsnummer {tracking}. Gehen Sie am {start} zu {location} und nennen Sie sie am Schließfach oder am Empfang, um Ihr Fach zu erhalten.',
    locker: ', Fach {n}',
    wrong: 'Etwas ist schiefgelaufen.',
    contact: 'E-Mail oder Telefonnummer',
    contactHint: 'Wir senden Ihnen einen 6-stelligen Code zur Bestätigung.',
    sendCode: 'Code senden',
    sendAgain: 'Neuen Code senden',
    code: 'Code',
    codeSent: 'Wir haben einen 6-stelligen Code an {contact} gesendet. Er ist 10 Minuten gültig.',
    codeSubject: 'Buchungscode von {name}',
    codeMessage:
      'Ihr Buchungscode von {name} lautet {code}. Er ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
    payTitle: 'Zahlung',
    amount: 'Zu zahlender Betrag: {price}',
    sandbox: 'Sandbox, kein echtes Geld',
    sandboxNote:
      'Testzahlung: Dies ist die Karte des Sandbox-Anbieters. Es wird keine Karte belastet und kein Geld bewegt.',
    card: 'Kartennummer',
    cardExpiry: 'Ablaufdatum',
    cardCvc: 'Sicherheitscode',
    pay: '{price} bezahlen und buchen',
    payElsewhere:
      'Kartenzahlungen sind auf dieser Seite noch nicht möglich. Bitte kontaktieren Sie uns, um zu buchen.',
    paid: ', bezahlt {price}',
    errors: {
      'toolbox.contactBookingLimit':
        'Für diese E-Mail-Adresse oder Telefonnummer bestehen bereits so viele offene Buchungen, wie das Widget erlaubt. Bitte kontaktieren Sie uns, um mehr zu buchen.',
      'toolbox.addressBookingLimit':
        'Aus Ihrem Netzwerk wurden zu viele offene Buchungen vorgenommen. Bitte versuchen Sie es später erneut oder kontaktieren Sie uns.',
      'toolbox.organizationBookingLimit':
        'Online-Buchungen sind derzeit nicht möglich. Bitte versuchen Sie es später erneut oder kontaktieren Sie uns.',
      'toolbox.startInPast': 'Der Beginn muss in der Zukunft liegen.',
      'toolbox.paymentRequired':
        'Dieses Schließfach ist kostenpflichtig: Bitte bezahlen Sie, um es zu buchen.',
      'toolbox.paymentUnderWay':
        'Die Zahlung für diese Buchung läuft bereits. Bitte warten Sie einen Moment.',
      'toolbox.paymentNotCompleted':
        'Die Zahlung wurde nicht abgeschlossen, daher wurde nichts gebucht. Bitte versuchen Sie es erneut.',
      'toolbox.paymentRefunded':
        'Das Schließfach konnte nach Ihrer Zahlung nicht gebucht werden. Ihre Zahlung wird daher erstattet, und es wurde nichts gebucht.',
      'payments.declined': 'Die Zahlung wurde abgelehnt.',
      'payments.noAccount': 'Es ist kein Zahlungskonto verbunden.',
      'reservations.alreadyReserved': 'Dieses Schließfach ist für diese Zeit bereits reserviert.',
      'reservations.noFreeLocker':
        'An diesem Standort ist für diese Zeit kein Schließfach dieser Größe frei.',
      'toolbox.verificationRequired':
        'Bitte geben Sie den Code ein, den wir an Ihre E-Mail-Adresse oder Telefonnummer gesendet haben.',
      'toolbox.verificationInvalid':
        'Dieser Code ist nicht korrekt oder nicht mehr gültig. Bitte prüfen Sie ihn oder fordern Sie einen neuen Code an.',
      'toolbox.verificationContactLimit':
        'An diese E-Mail-Adresse oder Telefonnummer wurden zu viele Codes gesendet. Bitte versuchen Sie es in 10 Minuten erneut.',
      'toolbox.verificationAddressLimit':
        'Aus Ihrem Netzwerk wurden zu viele Codes angefordert. Bitte versuchen Sie es später erneut.',
      'toolbox.verificationNotSent':
        'Der Code konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
      'toolbox.oneContact':
        'Bitte geben Sie entweder eine E-Mail-Adresse oder eine Telefonnummer an, nicht beides.',
      'toolbox.emailInvalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      'toolbox.phoneCountryNotAllowed':
        'An diese Telefonnummer können keine SMS gesendet werden. Bitte verwenden Sie eine Nummer dieses Landes oder buchen Sie mit einer E-Mail-Adresse.',
    },
  },
};

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
  units: Record<(typeof WIDGET_DURATION_UNITS)[number], string>;
  noneFree: string;
  available: string;
  free: string;
  booked: string;
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
    units: { hours: 'hours', days: 'days', weeks: 'weeks' },
    noneFree: 'No locker of this size is free for that time.',
    available: 'Available. Price: {price}',
    free: 'Available. Free of charge.',
    booked: 'Booked! Your tracking number is {tracking} — {location}{locker}, {start} to {end}{price}.',
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
    errors: {
      'toolbox.contactBookingLimit':
        'This e-mail address or phone number already has as many open bookings as the widget allows. Please contact us to book more.',
      'toolbox.addressBookingLimit':
        'Too many open bookings have been made from your network. Please try again later or contact us.',
      'toolbox.organizationBookingLimit':
        'Online booking is not available right now. Please try again later or contact us.',
      'toolbox.startInPast': 'The start must be in the future.',
      'toolbox.paymentNotAvailable':
        'Payment in the reservation widget is not available yet: the widget cannot take payments, so it cannot require them.',
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
    units: { hours: 'horas', days: 'días', weeks: 'semanas' },
    noneFree: 'No hay ninguna taquilla de este tamaño libre en ese horario.',
    available: 'Disponible. Precio: {price}',
    free: 'Disponible. Sin coste.',
    booked:
      '¡Reservado! Su número de seguimiento es {tracking} — {location}{locker}, del {start} al {end}{price}.',
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
    errors: {
      'toolbox.contactBookingLimit':
        'Este correo electrónico o número de teléfono ya tiene tantas reservas abiertas como permite el widget. Póngase en contacto con nosotros para reservar más.',
      'toolbox.addressBookingLimit':
        'Se han hecho demasiadas reservas abiertas desde su red. Inténtelo de nuevo más tarde o póngase en contacto con nosotros.',
      'toolbox.organizationBookingLimit':
        'La reserva en línea no está disponible en este momento. Inténtelo de nuevo más tarde o póngase en contacto con nosotros.',
      'toolbox.startInPast': 'El inicio debe estar en el futuro.',
      'toolbox.paymentNotAvailable':
        'El pago en el widget de reservas todavía no está disponible: el widget no puede cobrar, así que no puede exigir el pago.',
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
    units: { hours: 'Stunden', days: 'Tage', weeks: 'Wochen' },
    noneFree: 'Für diese Zeit ist kein Schließfach dieser Größe frei.',
    available: 'Verfügbar. Preis: {price}',
    free: 'Verfügbar. Kostenlos.',
    booked: 'Gebucht! Ihre Sendungsnummer ist {tracking} — {location}{locker}, {start} bis {end}{price}.',
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
    errors: {
      'toolbox.contactBookingLimit':
        'Für diese E-Mail-Adresse oder Telefonnummer bestehen bereits so viele offene Buchungen, wie das Widget erlaubt. Bitte kontaktieren Sie uns, um mehr zu buchen.',
      'toolbox.addressBookingLimit':
        'Aus Ihrem Netzwerk wurden zu viele offene Buchungen vorgenommen. Bitte versuchen Sie es später erneut oder kontaktieren Sie uns.',
      'toolbox.organizationBookingLimit':
        'Online-Buchungen sind derzeit nicht möglich. Bitte versuchen Sie es später erneut oder kontaktieren Sie uns.',
      'toolbox.startInPast': 'Der Beginn muss in der Zukunft liegen.',
      'toolbox.paymentNotAvailable':
        'Zahlungen im Reservierungs-Widget sind noch nicht verfügbar: Das Widget kann keine Zahlungen entgegennehmen und sie daher auch nicht verlangen.',
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

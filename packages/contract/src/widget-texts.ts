import type { TLanguage } from './language';
import type { WIDGET_DURATION_UNITS } from './toolbox';

/**
 * The public reservation widget's words, in every console language (issue 26: the customer booking
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
  },
};

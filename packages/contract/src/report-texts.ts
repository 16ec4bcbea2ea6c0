import type { TLanguage } from './language';
import { REPORT_CONTENT_LABELS, type TReportContent } from './reports';

/**
 * The words of a scheduled report's e-mail and its files (the report e-mail speaks the
 * recipient team member's saved language; spec: console §3 Report): the contents' titles, the
 * figures' labels, the tables' headings, the comparison with the previous period and the
 * document's own lines. `{name}`-style placeholders are filled with `fillMailText`; numbers and
 * dates are formatted by the server through Intl in the same language.
 */
export interface ReportTexts {
  subject: string;
  contents: Record<TReportContent, string>;
  figure: {
    earnings: string;
    userGrowth: string;
    newUsers: string;
    doorHealth: string;
    issuesPer100: string;
    occupancy: string;
    transactions: string;
    newTransactionRate: string;
    totalUsers: string;
    doors: string;
  };
  column: {
    location: string;
    doorHealth: string;
    occupancy: string;
    month: string;
    newUsers: string;
    customer: string;
    favouriteLocation: string;
    transactions: string;
    address: string;
    doors: string;
  };
  noChange: string;
  moved: string;
  movedPoints: string;
  newThisPeriod: string;
  noEntries: string;
  noSeries: string;
  period: string;
  timesIn: string;
  firstTen: string;
  generated: string;
  page: string;
}

export const REPORT_TEXTS: Record<TLanguage, ReportTexts> = {
  en: {
    subject: '{name}: {from} to {to}',
    contents: REPORT_CONTENT_LABELS,
    figure: {
      earnings: 'Earnings',
      userGrowth: 'User growth',
      newUsers: 'New users',
      doorHealth: 'Average door health',
      issuesPer100: 'Issues per 100 transactions',
      occupancy: 'Average occupancy',
      transactions: 'Transactions',
      newTransactionRate: 'New-transaction rate',
      totalUsers: 'Total users',
      doors: 'Doors',
    },
    column: {
      location: 'Location',
      doorHealth: 'Door health (%)',
      occupancy: 'Occupancy (%)',
      month: 'Month',
      newUsers: 'New users',
      customer: 'Customer',
      favouriteLocation: 'Favourite location',
      transactions: 'Transactions',
      address: 'Address',
      doors: 'Doors',
    },
    noChange: 'No change vs previous period ({previous})',
    moved: '{change} vs previous period ({previous})',
    movedPoints: '{change} pts vs previous period ({previous})',
    newThisPeriod: 'New this period (previous period: {previous})',
    noEntries: 'No entries in this period.',
    noSeries: 'No {what} in this period',
    period: 'REPORTING PERIOD',
    timesIn: 'Times in {zone}',
    firstTen: 'The first 10 of {count}; the CSV file has them all.',
    generated: 'Generated {at} ({zone}) · {name}',
    page: 'Page {n} of {count}',
  },
  es: {
    subject: '{name}: del {from} al {to}',
    contents: {
      earnings: 'Ingresos',
      user_growth: 'Crecimiento de usuarios',
      system_health: 'Estado del sistema',
      issue_rate: 'Tasa de incidencias',
      occupancy_rate: 'Tasa de ocupación',
      transaction_rate: 'Tasa de transacciones',
      users: 'Usuarios',
      top_users: 'Usuarios principales',
      top_locations: 'Ubicaciones principales',
      active_locks: 'Cerraduras activas',
    },
    figure: {
      earnings: 'Ingresos',
      userGrowth: 'Crecimiento de usuarios',
      newUsers: 'Usuarios nuevos',
      doorHealth: 'Estado medio de las puertas',
      issuesPer100: 'Incidencias por cada 100 transacciones',
      occupancy: 'Ocupación media',
      transactions: 'Transacciones',
      newTransactionRate: 'Tasa de transacciones nuevas',
      totalUsers: 'Usuarios en total',
      doors: 'Puertas',
    },
    column: {
      location: 'Ubicación',
      doorHealth: 'Estado de las puertas (%)',
      occupancy: 'Ocupación (%)',
      month: 'Mes',
      newUsers: 'Usuarios nuevos',
      customer: 'Cliente',
      favouriteLocation: 'Ubicación favorita',
      transactions: 'Transacciones',
      address: 'Dirección',
      doors: 'Puertas',
    },
    noChange: 'Sin cambios respecto al periodo anterior ({previous})',
    moved: '{change} respecto al periodo anterior ({previous})',
    movedPoints: '{change} p. p. respecto al periodo anterior ({previous})',
    newThisPeriod: 'Nuevo en este periodo (periodo anterior: {previous})',
    noEntries: 'No hay entradas en este periodo.',
    noSeries: 'Sin datos de «{what}» en este periodo',
    period: 'PERIODO DEL INFORME',
    timesIn: 'Horas en {zone}',
    firstTen: 'Las 10 primeras de {count}; el archivo CSV las tiene todas.',
    generated: 'Generado el {at} ({zone}) · {name}',
    page: 'Página {n} de {count}',
  },
  de: {
    subject: '{name}: {from} bis {to}',
    contents: {
      earnings: 'Einnahmen',
      user_growth: 'Nutzerwachstum',
      system_health: 'Systemzustand',
      issue_rate: 'Störungsquote',
      occupancy_rate: 'Belegungsquote',
      transaction_rate: 'Transaktionsquote',
      users: 'Nutzer',
      top_users: 'Top-Nutzer',
      top_locations: 'Top-Standorte',
      active_locks: 'Aktive Schlösser',
    },
    figure: {
      earnings: 'Einnahmen',
      userGrowth: 'Nutzerwachstum',
      newUsers: 'Neue Nutzer',
      doorHealth: 'Durchschnittlicher Türzustand',
      issuesPer100: 'Störungen je 100 Transaktionen',
      occupancy: 'Durchschnittliche Belegung',
      transactions: 'Transaktionen',
      newTransactionRate: 'Anteil neuer Transaktionen',
      totalUsers: 'Nutzer insgesamt',
      doors: 'Türen',
    },
    column: {
      location: 'Standort',
      doorHealth: 'Türzustand (%)',
      occupancy: 'Belegung (%)',
      month: 'Monat',
      newUsers: 'Neue Nutzer',
      customer: 'Kunde',
      favouriteLocation: 'Lieblingsstandort',
      transactions: 'Transaktionen',
      address: 'Adresse',
      doors: 'Türen',
    },
    noChange: 'Unverändert gegenüber dem Vorzeitraum ({previous})',
    moved: '{change} gegenüber dem Vorzeitraum ({previous})',
    movedPoints: '{change} Prozentpunkte gegenüber dem Vorzeitraum ({previous})',
    newThisPeriod: 'Neu in diesem Zeitraum (Vorzeitraum: {previous})',
    noEntries: 'Keine Einträge in diesem Zeitraum.',
    noSeries: 'Keine Daten zu „{what}“ in diesem Zeitraum',
    period: 'BERICHTSZEITRAUM',
    timesIn: 'Zeiten in {zone}',
    firstTen: 'Die ersten 10 von {count}; die CSV-Datei enthält alle.',
    generated: 'Erstellt am {at} ({zone}) · {name}',
    page: 'Seite {n} von {count}',
  },
};

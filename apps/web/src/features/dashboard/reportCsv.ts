import {
  DASHBOARD_MESSAGES,
  type TCardMetric,
  type TMetricAnswer,
  type TTopLocation,
  type TTopUser,
} from '@lockerops/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import Papa from 'papaparse';
import { translateMessage } from '../../i18n/messages';
import { cardFigure, rawFigure } from './cardFigure';
import { type DashboardFilter, dashboardQueries } from './hooks';

/** The columns of the report CSV (their headings: `dashboard:csv.<key>`). */
export const REPORT_CSV_FIELDS = ['section', 'name', 'value', 'previous', 'detail'] as const;

/** What the report holds: the range, each card's answer (or its failure), the two top tables. */
export interface ReportContent {
  from: string;
  to: string;
  cards: { metric: TCardMetric; answer: TMetricAnswer<TCardMetric> | null }[];
  topUsers: TTopUser[] | null;
  topLocations: TTopLocation[] | null;
}

/**
 * The "Latest Report" CSV of the dashboard (spec console §2): one row per shown card (its figure
 * as a plain number, and the previous period's when it has one), then the Top Users (user,
 * purchases, location) and Top Locations (name, count, address) rows. A failed read says
 * 'No data found' in Detail. Headings, sections and card names are in the console's language
 * (`t`: the `dashboard` namespace); the figures stay plain numbers.
 */
export function buildReportCsv(r: ReportContent, t: TFunction): string {
  const noData = translateMessage(DASHBOARD_MESSAGES.noData);
  const rows: string[][] = [
    [t('csv.range'), t('csv.from'), r.from, '', ''],
    [t('csv.range'), t('csv.to'), r.to, '', ''],
  ];
  for (const { metric, answer } of r.cards) {
    if (answer === null) {
      rows.push([t('csv.metric'), t(`card.${metric}`), '', '', noData]);
      continue;
    }
    const f = cardFigure(metric, answer);
    rows.push([
      t('csv.metric'),
      t(`card.${metric}`),
      rawFigure(f.kind, f.value),
      f.previous === null ? '' : rawFigure(f.kind, f.previous),
      '',
    ]);
  }
  const table = <T>(section: string, data: T[] | null, row: (x: T) => string[]) => {
    if (data === null) rows.push([section, '', '', '', noData]);
    else if (data.length === 0)
      rows.push([section, '', '', '', translateMessage(DASHBOARD_MESSAGES.noDataToShow)]);
    else for (const x of data) rows.push([section, ...row(x)]);
  };
  table(t('top.users'), r.topUsers, (u) => [u.user, String(u.purchases), '', u.location ?? '']);
  table(t('top.locations'), r.topLocations, (l) => [l.name, String(l.count), '', l.address ?? '']);
  return Papa.unparse({ fields: REPORT_CSV_FIELDS.map((f) => t(`csv.${f}`)), data: rows });
}

/** `report_<from>_<to>.csv` */
export const reportFilename = (from: string, to: string) => `report_${from}_${to}.csv`;

/**
 * Gathers the report of `filter` through the query cache (the cards' answers when fresh, else one
 * read each) and answers the CSV text and its file name.
 */
export async function gatherReport(
  client: QueryClient,
  filter: DashboardFilter,
  cards: readonly TCardMetric[],
  /** the `dashboard` namespace's translate function */
  t: TFunction,
): Promise<{ csv: string; filename: string }> {
  const orNull = <T>(p: Promise<T>) => p.catch(() => null);
  const [range, answers, topUsers, topLocations] = await Promise.all([
    client.fetchQuery(dashboardQueries.range(filter)),
    Promise.all(cards.map((m) => orNull(client.fetchQuery(dashboardQueries.metric(m, filter))))),
    orNull(client.fetchQuery(dashboardQueries.metric('top_users', filter))),
    orNull(client.fetchQuery(dashboardQueries.metric('locations', filter))),
  ]);
  const csv = buildReportCsv(
    {
      from: range.from_date,
      to: range.to_date,
      cards: cards.map((metric, i) => ({ metric, answer: answers[i] as TMetricAnswer<TCardMetric> | null })),
      topUsers,
      topLocations,
    },
    t,
  );
  return { csv, filename: reportFilename(range.from_date, range.to_date) };
}

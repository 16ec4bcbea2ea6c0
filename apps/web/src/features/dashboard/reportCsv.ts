import {
  CARD_TITLES,
  DASHBOARD_MESSAGES,
  type TCardMetric,
  type TMetricAnswer,
  type TTopLocation,
  type TTopUser,
} from '@lockerops/contract';
import type { QueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { cardFigure, rawFigure } from './cardFigure';
import { type DashboardFilter, dashboardQueries } from './hooks';

/** The columns of the report CSV. */
export const REPORT_CSV_FIELDS = ['Section', 'Name', 'Value', 'Previous Period', 'Detail'] as const;

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
 * 'No data found' in Detail.
 */
export function buildReportCsv(r: ReportContent): string {
  const rows: string[][] = [
    ['Range', 'From', r.from, '', ''],
    ['Range', 'To', r.to, '', ''],
  ];
  for (const { metric, answer } of r.cards) {
    if (answer === null) {
      rows.push(['Metric', CARD_TITLES[metric], '', '', DASHBOARD_MESSAGES.noData]);
      continue;
    }
    const f = cardFigure(metric, answer);
    rows.push([
      'Metric',
      CARD_TITLES[metric],
      rawFigure(f.kind, f.value),
      f.previous === null ? '' : rawFigure(f.kind, f.previous),
      '',
    ]);
  }
  const table = <T>(section: string, data: T[] | null, row: (x: T) => string[]) => {
    if (data === null) rows.push([section, '', '', '', DASHBOARD_MESSAGES.noData]);
    else if (data.length === 0) rows.push([section, '', '', '', DASHBOARD_MESSAGES.noDataToShow]);
    else for (const x of data) rows.push([section, ...row(x)]);
  };
  table('Top Users', r.topUsers, (u) => [u.user, String(u.purchases), '', u.location ?? '']);
  table('Top Locations', r.topLocations, (l) => [l.name, String(l.count), '', l.address ?? '']);
  return Papa.unparse({ fields: [...REPORT_CSV_FIELDS], data: rows });
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
): Promise<{ csv: string; filename: string }> {
  const orNull = <T>(p: Promise<T>) => p.catch(() => null);
  const [range, answers, topUsers, topLocations] = await Promise.all([
    client.fetchQuery(dashboardQueries.range(filter)),
    Promise.all(cards.map((m) => orNull(client.fetchQuery(dashboardQueries.metric(m, filter))))),
    orNull(client.fetchQuery(dashboardQueries.metric('top_users', filter))),
    orNull(client.fetchQuery(dashboardQueries.metric('locations', filter))),
  ]);
  const csv = buildReportCsv({
    from: range.from_date,
    to: range.to_date,
    cards: cards.map((metric, i) => ({ metric, answer: answers[i] as TMetricAnswer<TCardMetric> | null })),
    topUsers,
    topLocations,
  });
  return { csv, filename: reportFilename(range.from_date, range.to_date) };
}

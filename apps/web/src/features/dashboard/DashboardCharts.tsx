import { DASHBOARD_MESSAGES, MODES } from '@lockerops/contract';
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { formatMoney, formatNumber } from '../../lib/format';
import { type BucketKind, bucketKind, longBucket } from './chartFormat';
import { type DashboardFilter, dashboardKey, useMetric } from './hooks';

const HEIGHT = 280;

const TransactionsChart = lazy(() => import('./ChartPlots').then((m) => ({ default: m.TransactionsChart })));
const EarningsChart = lazy(() => import('./ChartPlots').then((m) => ({ default: m.EarningsChart })));
const UsersChart = lazy(() => import('./ChartPlots').then((m) => ({ default: m.UsersChart })));

/**
 * True once the element has come into the viewport (and from then on), watched from the time
 * `watch` is true: what waits for it is loaded when the user gets there, not with the first
 * screen. Without IntersectionObserver (older browsers, jsdom) it is true at once.
 */
function useSeen<E extends Element>(watch: boolean) {
  const ref = useRef<E>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !watch || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, watch]);
  return [ref, seen] as const;
}

/** A chart's series as a table: the header row and one row per bucket, cells as shown. */
interface SeriesTable {
  headers: string[];
  rows: string[][];
}

/**
 * One chart of the dashboard (WCAG 1.1.1): its title, a summary in words (the chart's accessible
 * description, shown to everyone), a "Show as table" toggle rendering the same series as a table,
 * and a note when the last bucket is today's, still under way.
 */
function ChartCard({
  title,
  testId,
  state,
  summary,
  note,
  table,
  children,
}: {
  title: string;
  testId: string;
  state: 'loading' | 'error' | 'ready';
  summary: string;
  note: string | null;
  table: SeriesTable;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  const skeleton = <Skeleton variant="rounded" height={HEIGHT} />;
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ flex: 1 }}>
            {title}
          </Typography>
          {state === 'error' ? null : (
            <Button size="small" onClick={() => setAsTable((v) => !v)}>
              {asTable ? t('chart.showChart') : t('chart.showTable')}
            </Button>
          )}
        </Box>
        {state === 'ready' ? (
          <Typography
            variant="body2"
            color="text.secondary"
            id={summaryId}
            data-testid="chart-summary"
            sx={{ mb: 1 }}
          >
            {summary}
          </Typography>
        ) : null}
        {state === 'loading' ? (
          skeleton
        ) : state === 'error' ? (
          <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{translateMessage(DASHBOARD_MESSAGES.noData)}</Typography>
          </Box>
        ) : asTable ? (
          <TableContainer sx={{ maxHeight: HEIGHT, overflow: 'auto' }}>
            <Table size="small" stickyHeader aria-labelledby={titleId} aria-describedby={summaryId}>
              <TableHead>
                <TableRow>
                  {table.headers.map((h, i) => (
                    <TableCell key={h} align={i ? 'right' : 'left'}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={row[0]}>
                    {row.map((cell, i) => (
                      <TableCell
                        key={table.headers[i]}
                        align={i ? 'right' : 'left'}
                        component={i ? 'td' : 'th'}
                        scope={i ? undefined : 'row'}
                      >
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Box role="figure" aria-labelledby={titleId} aria-describedby={summaryId}>
            <Suspense fallback={skeleton}>{children}</Suspense>
          </Box>
        )}
        {state === 'ready' && note ? (
          <Typography variant="caption" color="text.secondary" data-testid="chart-partial-note">
            {note}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

const stateOf = (q: { isError: boolean; data: unknown }) =>
  q.isError ? 'error' : q.data ? 'ready' : 'loading';

/** The bucket with the highest value (the first of equals), or null when every value is 0. */
function peakOf<T>(rows: readonly T[], value: (r: T) => number): T | null {
  let best: T | null = null;
  for (const r of rows) if (value(r) > 0 && (best === null || value(r) > value(best))) best = r;
  return best;
}

/**
 * The dashboard's charts, following the filter bar: transactions per day stacked by mode
 * (`reports/transactions`), earnings per day (the trend of `reports/earnings`; months beyond 62
 * days) and new users per month (`reports/users`, spec console §3 "users {total, data by
 * month/count}"). Each has a summary in words and a table of its series; when the range ends
 * today, the last bucket is marked as still under way. Their reads go out with the first screen's;
 * the chart library (ChartPlots) is loaded once the section is in view after those reads, a
 * skeleton of the charts' size standing in until then, so nothing moves when they are drawn.
 */
export function DashboardCharts({
  filter,
  currency,
  partial,
}: {
  filter: DashboardFilter;
  currency: string | null;
  /** the range ends today: the last bucket holds only the hours gone so far */
  partial: boolean;
}) {
  const tx = useMetric('transactions', filter);
  const earnings = useMetric('earnings', filter);
  const users = useMetric('users', filter);
  // Whether the charts are in view is known once the first screen's reads are done: until then
  // the cards are shorter than they will be, and the charts would show (and load) for a moment.
  const fetching = useIsFetching({ queryKey: dashboardKey });
  const [ref, seen] = useSeen<HTMLDivElement>(
    !tx.isPending && !earnings.isPending && !users.isPending && fetching === 0,
  );
  const { t } = useTranslation('dashboard');
  const label = useEnumLabel();
  const wait = (state: 'loading' | 'error' | 'ready') => (state === 'ready' && !seen ? 'loading' : state);

  const days = tx.data?.data ?? [];
  const points = earnings.data?.trend ?? [];
  const txDates = days.map((d) => d.date);
  const earnDates = points.map((p) => p.date);
  const txKind = bucketKind(txDates);
  const earnKind = bucketKind(earnDates);
  /** A bucket in full; the last one, when under way, says so. */
  const when = (date: string, kind: BucketKind, last: boolean) =>
    partial && last ? t('chart.soFar', { date: longBucket(date, kind) }) : longBucket(date, kind);
  const noteFor = (dates: string[], kind: BucketKind) => {
    const last = dates[dates.length - 1];
    return partial && last ? t('chart.partialNote', { date: longBucket(last, kind) }) : null;
  };
  /** The first and last buckets in full, for a summary. */
  const span = (dates: string[], kind: BucketKind) => ({
    from: dates.length ? longBucket(dates[0]!, kind) : '',
    to: dates.length ? longBucket(dates[dates.length - 1]!, kind) : '',
  });

  const txPeak = peakOf(days, (d) => d.total);
  const txSummary = txPeak
    ? t('chart.transactionsSummary', {
        count: tx.data?.total ?? 0,
        ...span(txDates, txKind),
        peak: longBucket(txPeak.date, txKind),
        peakCount: txPeak.total,
      })
    : t('chart.transactionsNone', span(txDates, txKind));
  const txTable: SeriesTable = {
    headers: [
      txKind === 'month' ? t('chart.month') : t('chart.date'),
      ...MODES.map((m) => label('mode', m)),
      t('chart.total'),
    ],
    rows: days.map((d, i) => [
      when(d.date, txKind, i === days.length - 1),
      ...MODES.map((m) => formatNumber(d[m], 0, { grouped: true })),
      formatNumber(d.total, 0, { grouped: true }),
    ]),
  };

  const earnPeak = peakOf(points, (p) => p.value);
  const earnSummary = earnPeak
    ? t('chart.earningsSummary', {
        total: formatMoney(earnings.data?.earnings ?? 0, currency),
        ...span(earnDates, earnKind),
        peak: longBucket(earnPeak.date, earnKind),
        peakAmount: formatMoney(earnPeak.value, currency),
      })
    : t('chart.earningsNone', span(earnDates, earnKind));
  const earnTable: SeriesTable = {
    headers: [earnKind === 'month' ? t('chart.month') : t('chart.date'), t('chart.earnings')],
    rows: points.map((p, i) => [
      when(p.date, earnKind, i === points.length - 1),
      formatMoney(p.value, currency),
    ]),
  };

  const months = users.data?.data ?? [];
  const monthDates = months.map((m) => `${m.month}-01`);
  const newUsers = months.reduce((n, m) => n + m.count, 0);
  const usersPeak = peakOf(months, (m) => m.count);
  const usersSummary = usersPeak
    ? t('chart.usersSummary', {
        count: newUsers,
        ...span(monthDates, 'month'),
        peak: longBucket(`${usersPeak.month}-01`, 'month'),
        peakCount: usersPeak.count,
      })
    : t('chart.usersNone', span(monthDates, 'month'));
  const usersTable: SeriesTable = {
    headers: [t('chart.month'), t('chart.newUsers')],
    rows: months.map((m, i) => [
      when(`${m.month}-01`, 'month', i === months.length - 1),
      formatNumber(m.count, 0, { grouped: true }),
    ]),
  };

  return (
    <Box
      ref={ref}
      data-testid="dashboard-charts"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}
    >
      <ChartCard
        title={t('chart.transactionsPerDay')}
        testId="transactions-chart"
        state={wait(stateOf(tx))}
        summary={txSummary}
        note={noteFor(txDates, txKind)}
        table={txTable}
      >
        <TransactionsChart days={days} height={HEIGHT} partial={partial} />
      </ChartCard>
      <ChartCard
        title={t('chart.earningsPerDay')}
        testId="earnings-chart"
        state={wait(stateOf(earnings))}
        summary={earnSummary}
        note={noteFor(earnDates, earnKind)}
        table={earnTable}
      >
        <EarningsChart points={points} currency={currency} height={HEIGHT} partial={partial} />
      </ChartCard>
      <ChartCard
        title={t('chart.usersPerMonth')}
        testId="users-chart"
        state={wait(stateOf(users))}
        summary={usersSummary}
        note={noteFor(monthDates, 'month')}
        table={usersTable}
      >
        <UsersChart months={months} height={HEIGHT} partial={partial} />
      </ChartCard>
    </Box>
  );
}

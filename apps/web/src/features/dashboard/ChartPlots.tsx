/**
 * The dashboard's charts drawn with MUI X Charts. The library is the heaviest part of the
 * console, so this module is loaded only once the chart section comes into view (DashboardCharts).
 * Axes read as people read them: short dates (`Nov 22`, `Nov 2026`), compact money (`$1.2K`);
 * a bucket still under way (today's, when the range ends today) is marked `*` on its tick, named
 * "so far" in the tooltip, its bars drawn faded and the earnings line reaching it dashed.
 */
import { MODES, type TMetricAnswer } from '@lockerops/contract';
import { alpha, useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { rainbowSurgePalette } from '@mui/x-charts/colorPalettes';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../i18n/enums';
import { formatMoney, formatNumber } from '../../lib/format';
import {
  type BucketKind,
  bucketKind,
  compactCount,
  compactMoney,
  longBucket,
  shortBucket,
} from './chartFormat';

/**
 * The x axis's formatter: short ticks (the partial one marked `*`), full dates in the tooltip;
 * buckets are days or months as the dates show, unless `bucket` says.
 */
function useDateFormatter(dates: string[], partial: boolean, bucket?: BucketKind) {
  const { t } = useTranslation('dashboard');
  const kind = bucket ?? bucketKind(dates);
  const last = dates[dates.length - 1];
  return (date: string, context: { location: string }) => {
    const under = partial && date === last;
    if (context.location === 'tick') return `${shortBucket(date, kind)}${under ? '*' : ''}`;
    return under ? t('chart.soFar', { date: longBucket(date, kind) }) : longBucket(date, kind);
  };
}

/** Transactions per day, stacked by mode (`reports/transactions`). */
export function TransactionsChart({
  days,
  height,
  partial = false,
}: {
  days: TMetricAnswer<'transactions'>['data'];
  height: number;
  /** the last day is today, still under way */
  partial?: boolean;
}) {
  const label = useEnumLabel();
  const dates = days.map((d) => d.date);
  const format = useDateFormatter(dates, partial);
  // the chart's own palette, named here so today's bars can be the same colours, faded
  const palette = rainbowSurgePalette(useTheme().palette.mode);
  const last = dates.length - 1;
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: dates, valueFormatter: format }]}
      yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => compactCount(v) }]}
      series={MODES.map((m, i) => ({
        id: m,
        label: label('mode', m),
        stack: 'modes',
        color: palette[i % palette.length],
        colorGetter: ({ dataIndex }: { dataIndex: number }) => {
          const color = palette[i % palette.length]!;
          return partial && dataIndex === last ? alpha(color, 0.4) : color;
        },
        data: days.map((d) => d[m]),
        valueFormatter: (v: number | null) => (v === null ? '' : formatNumber(v, 0, { grouped: true })),
      }))}
    />
  );
}

/**
 * Earnings per day (the trend of `reports/earnings`; months beyond 62 days), in the organization's
 * currency. With `partial`, the last point is a series of its own ("Earnings so far"), drawn dashed
 * from the last whole bucket, so today's few hours do not read as a fall.
 */
export function EarningsChart({
  points,
  currency,
  height,
  partial = false,
}: {
  points: TMetricAnswer<'earnings'>['trend'];
  currency: string | null;
  height: number;
  partial?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const dates = points.map((p) => p.date);
  const format = useDateFormatter(dates, partial);
  const values = points.map((p) => p.value);
  const split = partial && values.length > 1;
  // a range of one day (this week on its first day) is one point: drawn as a mark, not as a line
  // of no length that nobody sees
  const showMark = values.length === 1;
  const money = (v: number | null) => (v === null ? '' : formatMoney(v, currency, { empty: '' }));
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: dates, valueFormatter: format }]}
      yAxis={[{ valueFormatter: (v: number) => compactMoney(v, currency) }]}
      sx={{ '& path[data-series="earningsSoFar"]': { strokeDasharray: '6 4' } }}
      series={[
        {
          id: 'earnings',
          label: t('chart.earnings'),
          data: split ? values.map((v, i) => (i === values.length - 1 ? null : v)) : values,
          valueFormatter: money,
          showMark,
        },
        ...(split
          ? [
              {
                id: 'earningsSoFar',
                label: t('chart.earningsSoFar'),
                data: values.map((v, i) => (i >= values.length - 2 ? v : null)),
                // the tooltip of the last whole bucket names it once, under "Earnings"
                valueFormatter: (v: number | null, { dataIndex }: { dataIndex: number }) =>
                  dataIndex === values.length - 1 ? money(v) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * New users per month (`reports/users`: `data` of `{ month: 'YYYY-MM', count }`), as bars; with
 * `partial`, the month still under way is marked and drawn faded.
 */
export function UsersChart({
  months,
  height,
  partial = false,
}: {
  months: TMetricAnswer<'users'>['data'];
  height: number;
  partial?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const dates = months.map((m) => `${m.month}-01`);
  const format = useDateFormatter(dates, partial, 'month');
  const color = rainbowSurgePalette(useTheme().palette.mode)[0]!;
  const last = dates.length - 1;
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: dates, valueFormatter: format }]}
      yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => compactCount(v) }]}
      series={[
        {
          id: 'users',
          label: t('chart.newUsers'),
          color,
          colorGetter: ({ dataIndex }: { dataIndex: number }) =>
            partial && dataIndex === last ? alpha(color, 0.4) : color,
          data: months.map((m) => m.count),
          valueFormatter: (v: number | null) => (v === null ? '' : formatNumber(v, 0, { grouped: true })),
        },
      ]}
    />
  );
}

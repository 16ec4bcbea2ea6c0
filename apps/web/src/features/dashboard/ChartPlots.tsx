/**
 * The dashboard's two charts drawn with MUI X Charts. The library is the heaviest part of the
 * console, so this module is loaded only once the chart section comes into view (DashboardCharts).
 */
import { MODES, type TMetricAnswer } from '@lockerops/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';

/** Transactions per day, stacked by mode (`reports/transactions`). */
export function TransactionsChart({
  days,
  height,
}: {
  days: TMetricAnswer<'transactions'>['data'];
  height: number;
}) {
  const label = useEnumLabel();
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: days.map((d) => d.date) }]}
      series={MODES.map((m) => ({
        id: m,
        label: label('mode', m),
        stack: 'modes',
        data: days.map((d) => d[m]),
      }))}
    />
  );
}

/** Earnings per day (the trend of `reports/earnings`; months beyond 62 days), in the organization's currency. */
export function EarningsChart({
  points,
  currency,
  height,
}: {
  points: TMetricAnswer<'earnings'>['trend'];
  currency: string | null;
  height: number;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: points.map((p) => p.date) }]}
      series={[
        {
          id: 'earnings',
          label: t('chart.earnings'),
          data: points.map((p) => p.value),
          valueFormatter: (v) => formatMoney(v, currency, { empty: '' }),
        },
      ]}
    />
  );
}

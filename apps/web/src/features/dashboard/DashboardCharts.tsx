import { currencySymbol, DASHBOARD_MESSAGES, MODE_LABELS, MODES } from '@lockerops/contract';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { type DashboardFilter, useMetric } from './hooks';

const HEIGHT = 280;

function ChartCard({
  title,
  testId,
  state,
  children,
}: {
  title: string;
  testId: string;
  state: 'loading' | 'error' | 'ready';
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {state === 'loading' ? (
          <Skeleton variant="rounded" height={HEIGHT} />
        ) : state === 'error' ? (
          <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{DASHBOARD_MESSAGES.noData}</Typography>
          </Box>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

const stateOf = (q: { isError: boolean; data: unknown }) =>
  q.isError ? 'error' : q.data ? 'ready' : 'loading';

/**
 * The dashboard's two charts, following the filter bar: transactions per day stacked by mode
 * (`reports/transactions`) and earnings per day (the trend of `reports/earnings`; months beyond 62
 * days). MUI X Charts is heavy, so this module is loaded on its own.
 */
export default function DashboardCharts({
  filter,
  currency,
}: {
  filter: DashboardFilter;
  currency: string | null;
}) {
  const tx = useMetric('transactions', filter);
  const earnings = useMetric('earnings', filter);
  const days = tx.data?.data ?? [];
  const points = earnings.data?.trend ?? [];
  const symbol = currencySymbol(currency);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}>
      <ChartCard title="Transactions per Day" testId="transactions-chart" state={stateOf(tx)}>
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: days.map((d) => d.date) }]}
          series={MODES.map((m) => ({
            id: m,
            label: MODE_LABELS[m],
            stack: 'modes',
            data: days.map((d) => d[m]),
          }))}
        />
      </ChartCard>
      <ChartCard title="Earnings per Day" testId="earnings-chart" state={stateOf(earnings)}>
        <LineChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: points.map((p) => p.date) }]}
          series={[
            {
              id: 'earnings',
              label: 'Earnings',
              data: points.map((p) => p.value),
              valueFormatter: (v) => formatMoney(v, symbol, { empty: '' }),
            },
          ]}
        />
      </ChartCard>
    </Box>
  );
}

import { DASHBOARD_MESSAGES } from '@lockerops/contract';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { type DashboardFilter, dashboardKey, useMetric } from './hooks';

const HEIGHT = 280;

const TransactionsChart = lazy(() => import('./ChartPlots').then((m) => ({ default: m.TransactionsChart })));
const EarningsChart = lazy(() => import('./ChartPlots').then((m) => ({ default: m.EarningsChart })));

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
  const skeleton = <Skeleton variant="rounded" height={HEIGHT} />;
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {state === 'loading' ? (
          skeleton
        ) : state === 'error' ? (
          <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{translateMessage(DASHBOARD_MESSAGES.noData)}</Typography>
          </Box>
        ) : (
          <Suspense fallback={skeleton}>{children}</Suspense>
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
 * days). Their reads go out with the first screen's; the chart library (ChartPlots) is loaded once
 * the section is in view after those reads, a skeleton of the charts' size standing in until then,
 * so nothing moves when they are drawn.
 */
export function DashboardCharts({ filter, currency }: { filter: DashboardFilter; currency: string | null }) {
  const tx = useMetric('transactions', filter);
  const earnings = useMetric('earnings', filter);
  // Whether the charts are in view is known once the first screen's reads are done: until then
  // the cards are shorter than they will be, and the charts would show (and load) for a moment.
  const fetching = useIsFetching({ queryKey: dashboardKey });
  const [ref, seen] = useSeen<HTMLDivElement>(!tx.isPending && !earnings.isPending && fetching === 0);
  const { t } = useTranslation('dashboard');
  const wait = (state: 'loading' | 'error' | 'ready') => (state === 'ready' && !seen ? 'loading' : state);
  return (
    <Box
      ref={ref}
      data-testid="dashboard-charts"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}
    >
      <ChartCard title={t('chart.transactionsPerDay')} testId="transactions-chart" state={wait(stateOf(tx))}>
        <TransactionsChart days={tx.data?.data ?? []} height={HEIGHT} />
      </ChartCard>
      <ChartCard title={t('chart.earningsPerDay')} testId="earnings-chart" state={wait(stateOf(earnings))}>
        <EarningsChart points={earnings.data?.trend ?? []} currency={currency} height={HEIGHT} />
      </ChartCard>
    </Box>
  );
}

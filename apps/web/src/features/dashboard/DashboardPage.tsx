import { DEFAULT_DASHBOARD_RANGE, type TCardMetric } from '@lockerops/contract';
import { Skeleton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useOrganizationSelf } from '../../api/organizations';
import { PageTitle } from '../../components/PageTitle';
import { readCardMetrics, writeCardMetrics } from './cardCookies';
import type { DashboardFilter } from './hooks';
import { WelcomeCard } from './WelcomeCard';

const DashboardBody = lazy(() => import('./DashboardBody'));

/**
 * Dashboard at /home (spec console §2): welcome card, filter bar, metric cards (5 by default, up to
 * 10, remembered in the cookies `metric_{slot}` and `metrics_length`), charts and the top tables.
 * Every read follows the filter bar (this week by default, spec console §4).
 */
export function DashboardPage() {
  const org = useOrganizationSelf();
  const [filter, setFilter] = useState<DashboardFilter>({ range: DEFAULT_DASHBOARD_RANGE, locations: [] });
  const [cards, setCards] = useState<TCardMetric[]>(readCardMetrics);
  const saveCards = (next: TCardMetric[]) => {
    writeCardMetrics(next);
    setCards(next);
  };
  return (
    <>
      <PageTitle title="Dashboard" />
      <WelcomeCard />
      <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
        <DashboardBody
          filter={filter}
          onFilter={setFilter}
          cards={cards}
          onCards={saveCards}
          superTenant={!!org.data?.super_tenant}
        />
      </Suspense>
    </>
  );
}

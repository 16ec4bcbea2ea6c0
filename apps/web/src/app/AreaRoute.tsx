import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { PageTitle } from '../components/PageTitle';
import type { AreaRegistration } from '../lib/areaTypes';
import { useAreaTitle } from './areas';
import { RequireAccess } from './shell/guards';

/** One main page: the access guard, the error fallback, the lazy page (or just its title until built). */
export function AreaRoute({ area }: { area: AreaRegistration }) {
  const { pathname } = useLocation();
  const Page = area.page;
  const areaTitle = useAreaTitle();
  return (
    <RequireAccess area={area}>
      <PageErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoader />}>
          {Page ? <Page /> : <PageTitle title={areaTitle(area)} />}
        </Suspense>
      </PageErrorBoundary>
    </RequireAccess>
  );
}

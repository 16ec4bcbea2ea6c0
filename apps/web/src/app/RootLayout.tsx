import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { SessionExpiredDialog } from './shell/SessionExpiredDialog';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <SessionExpiredDialog />
    </>
  );
}

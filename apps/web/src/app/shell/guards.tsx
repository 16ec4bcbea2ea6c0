import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useOrganizationSelf } from '../../api/organizations';
import { signedInUser, useCurrentUser, useSession } from '../../api/session';
import { PageLoader } from '../../components/PageLoader';
import { canAccess, requiredFeature } from '../../lib/access';
import type { AreaRegistration } from '../../lib/areaTypes';

/**
 * Unauthenticated users, and users whose sign-in still waits for a new password, go to /auth/login
 * (spec console §2). While the console asks the refresh cookie for a session at start, it waits.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.restoring) return <PageLoader />;
  if (!signedInUser(session)) {
    return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  }
  return children ?? <Outlet />;
}

/** A page the role or the organization's feature pages do not allow redirects to /home (spec console §6). */
export function RequireAccess({ area, children }: { area: AreaRegistration; children: ReactNode }) {
  const user = useCurrentUser();
  const org = useOrganizationSelf();
  if (requiredFeature(area) && org.isPending) return <PageLoader />;
  if (!canAccess(area, user.role, org.data)) return <Navigate to="/home" replace />;
  return children;
}

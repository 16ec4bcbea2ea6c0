import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AreaRoute } from './AreaRoute';
import { AREAS } from './areas';
import { RootLayout } from './RootLayout';
import { RequireAuth } from './shell/guards';

const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
const AuthLayout = lazy(() => import('../features/auth/AuthLayout').then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const WelcomePage = lazy(() =>
  import('../features/auth/WelcomePage').then((m) => ({ default: m.WelcomePage })),
);
const NotFoundPage = lazy(() =>
  import('../features/auth/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/** The route table of spec console §2. */
export function buildRoutes(areas = AREAS): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/auth',
          element: <AuthLayout />,
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'register', element: <RegisterPage /> },
            { path: 'reset-password', element: <ResetPasswordPage /> },
            { path: 'welcome', element: <WelcomePage /> },
            { path: '404', element: <NotFoundPage /> },
            { path: '*', element: <Navigate to="/auth/404" replace /> },
          ],
        },
        {
          element: (
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            ...areas.map((area) => ({ path: area.path, element: <AreaRoute area={area} /> })),
          ],
        },
        { path: '*', element: <Navigate to="/auth/404" replace /> },
      ],
    },
  ];
}

import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { sessionQuery } from '../lib/auth.ts';
import { HOME, LOGIN_PATH, ROLE_MASTER_PATH } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearLocalSession } from '../lib/session.ts';
import { FullPageLoader, PublicOnly, RequireAuth } from './guards.tsx';
import { RouteError } from './RouteError.tsx';
import { RoutePage } from './RoutePage.tsx';
import { APP_ROUTES } from './routes.tsx';

const AppShell = lazy(() => import('./shell/AppShell.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));

function Lazy() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Lazy />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { element: <PublicOnly />, children: [{ path: 'login', element: <LoginPage /> }] },
      {
        path: HOME,
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              // Landing on exactly /home (e.g. browser Back) goes to the role master page.
              { index: true, element: <Navigate to={ROLE_MASTER_PATH} replace /> },
              ...APP_ROUTES.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
              { path: '*', element: <Navigate to={ROLE_MASTER_PATH} replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
]);

// A 401/403 from any call: forget the session and go to Login (the alert is shown by the api client).
setUnauthorizedHandler(() => {
  clearLocalSession();
  queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQuery.queryKey[0] });
  queryClient.setQueryData(sessionQuery.queryKey, null);
  if (window.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
});

import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { sessionQuery } from '../lib/auth.ts';
import { HOME, LOGIN_PATH } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearLocalSession } from '../lib/session.ts';
import { FullPageLoader, PublicOnly, RequireAuth } from './Guards.tsx';
import { RouteError } from './RouteError.tsx';

const AppShell = lazy(() => import('./shell/AppShell.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));

/** A page that fails to render (e.g. its code cannot be loaded) shows RouteError until the next navigation. */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The app's routes (declarative: the data router's loaders and actions are not used, and its code
 * would load with every page). The pages under /home are routed by the shell
 * (app/shell/HomeRoutes.tsx): the route table and the contract definitions it reads load with the
 * shell, after sign-in, not with the login page.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // A 401/403 from any call: forget the session and go to Login (the alert is shown by the api client).
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearLocalSession();
        void queryClient.cancelQueries();
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQuery.queryKey[0] });
        queryClient.setQueryData(sessionQuery.queryKey, null);
        if (window.location.pathname !== LOGIN_PATH) void navigate(LOGIN_PATH, { replace: true });
      }),
    [navigate],
  );

  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route index element={<Navigate to={LOGIN_PATH} replace />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route element={<PublicOnly />}>
            <Route path="login" element={<LoginPage />} />
          </Route>
          {/* One route for /home and every page under it: the shell stays mounted between them, and
              its own routes (HomeRoutes) are under a path that ends in '*', as descendant routes need. */}
          <Route path={`${HOME}/*`} element={<RequireAuth />}>
            <Route path="*" element={<AppShell />} />
          </Route>
          <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

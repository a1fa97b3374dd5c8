import { Navigate, Route, Routes } from 'react-router';
import { HOME, ROLE_MASTER_PATH } from '../../lib/paths.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { RoutePage } from '../RoutePage.tsx';
import { APP_ROUTES, MENU_GROUPS } from '../routes.tsx';

const pathOf = (route: { path: string }) => `${HOME}/${route.path}`;
/** The role master page first, then the menu's pages in its order. */
const LANDING_CANDIDATES = [
  ...APP_ROUTES.filter((r) => pathOf(r) === ROLE_MASTER_PATH),
  ...MENU_GROUPS.flatMap((group) => APP_ROUTES.filter((r) => r.menu?.some((m) => m.group === group))),
];

/**
 * Where /home goes: the role master page (the spec), or, for a role that may not open it, the first
 * page of its menu; Account Details when it may open none.
 */
function useLandingPath(): string {
  const { has } = usePermissions();
  const route = LANDING_CANDIDATES.find((r) => has(r.permission));
  return route ? pathOf(route) : `${HOME}/account-details`;
}

/** Landing on exactly /home (opened, or browser Back) goes on, replacing it, so Back does not loop. */
export function HomeLanding() {
  return <Navigate to={useLandingPath()} replace />;
}

/** The pages under /home, from the route table (paths relative to /home). */
export function HomeRoutes() {
  const landing = <HomeLanding />;
  return (
    <Routes>
      <Route index element={landing} />
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path="*" element={landing} />
    </Routes>
  );
}

import { Navigate, Route, Routes } from 'react-router';
import { ROLE_MASTER_PATH } from '../../lib/paths.ts';
import { RoutePage } from '../RoutePage.tsx';
import { APP_ROUTES } from '../routes.tsx';

/** The pages under /home, from the route table (paths relative to /home). */
export function HomeRoutes() {
  return (
    <Routes>
      {/* Landing on exactly /home (e.g. browser Back) goes to the role master page. */}
      <Route index element={<Navigate to={ROLE_MASTER_PATH} replace />} />
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path="*" element={<Navigate to={ROLE_MASTER_PATH} replace />} />
    </Routes>
  );
}

import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HOME } from '../../lib/paths.ts';
import { RoutePage } from '../RoutePage.tsx';
import { APP_ROUTES } from '../routes.tsx';

/** /home itself: what waits for the user (issue 22 item 3, decision 45). Every signed-in user may open it. */
const HomePage = lazy(() => import('../../features/home/HomePage.tsx'));

/** The pages under /home, from the route table (paths relative to /home); an unknown one goes home. */
export function HomeRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path="*" element={<Navigate to={HOME} replace />} />
    </Routes>
  );
}

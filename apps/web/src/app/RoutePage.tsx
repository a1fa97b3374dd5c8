import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../components/PageHeader.tsx';
import { usePermissions } from '../lib/permissions.ts';
import type { AppRoute } from './routes.tsx';

/** One route of the table: its screen, or a no-permission notice. */
export function RoutePage({ route }: { route: AppRoute }) {
  const { has } = usePermissions();
  if (!has(route.permission)) {
    return (
      <>
        <PageHeader section={route.section} title={route.title} />
        <Paper sx={{ p: 4 }}>
          <Typography>You do not have permission to open this page.</Typography>
        </Paper>
      </>
    );
  }
  const Screen = route.component;
  return <Screen />;
}

import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSession } from '../lib/auth.ts';
import { HOME, LOGIN_PATH } from '../lib/paths.ts';
import { wasSignedIn } from '../lib/session.ts';
import { MESSAGES } from '@app/contract';

export function FullPageLoader() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      role="status"
      aria-label={MESSAGES.loading}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}

/** Pages under /home: need a signed-in user (asks the server once, then the cache). */
export function RequireAuth() {
  const { data, isPending, isError, error, refetch } = useSession();
  if (isPending) return <FullPageLoader />;
  if (isError) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Box sx={{ textAlign: 'center' }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {error.message || MESSAGES.somethingWrong}
          </Typography>
          <Button variant="contained" onClick={() => void refetch()}>
            Retry
          </Button>
        </Box>
      </Box>
    );
  }
  if (!data) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** /login: a user who is still signed in goes to /home, which goes on to the role master page. */
export function PublicOnly() {
  // Ask the server only when this browser signed in before; otherwise show the page at once.
  const [probe] = useState(wasSignedIn);
  const { data, isPending } = useSession(probe);
  if (!probe) return <Outlet />;
  if (isPending) return <FullPageLoader />;
  if (data) return <Navigate to={HOME} replace />;
  return <Outlet />;
}

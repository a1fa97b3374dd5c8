import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@app/contract';

/** Shown when a route fails to render, e.g. a screen's code could not be loaded (offline, new release). */
export function RouteError() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {navigator.onLine ? MESSAGES.somethingWrong : MESSAGES.offline}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import { OFFLINE_TEXT, useOnline } from '../../lib/online.ts';

/** Shown while the browser is offline: nothing can be saved until the connection returns. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
      {OFFLINE_TEXT.banner}
    </Alert>
  );
}

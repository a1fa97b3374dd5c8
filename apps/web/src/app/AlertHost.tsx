import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_MS } from '@app/contract';
import { subscribeAlerts, type AlertMessage } from '../lib/notify.ts';

/** The single snackbar of the app; shows posted alerts one after another. */
export function AlertHost() {
  const [queue, setQueue] = useState<AlertMessage[]>([]);
  const [open, setOpen] = useState(true);

  useEffect(
    () =>
      subscribeAlerts((m) =>
        // Drop an identical message already waiting (e.g. several calls failing at once).
        setQueue((q) => (q.some((x) => x.text === m.text && x.severity === m.severity) ? q : [...q, m])),
      ),
    [],
  );

  const current = queue[0];
  const close = (_?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  const next = () => {
    setQueue((q) => q.slice(1));
    setOpen(true);
  };

  return (
    <Snackbar
      key={current?.id}
      open={!!current && open}
      autoHideDuration={TOAST_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ transition: { onExited: next } }}
    >
      {current ? (
        <Alert severity={current.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
          {current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}

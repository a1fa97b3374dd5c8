import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_MS } from '@app/contract';
import { subscribeAlerts, type AlertMessage, type AlertSeverity } from '../lib/notify.ts';

/** Filled alert colours with white text at AA contrast (>= 4.5:1) in light and dark themes. */
const FILLED: Record<AlertSeverity, string> = {
  success: '#1b5e20',
  error: '#b71c1c',
  info: '#01579b',
  warning: '#8a3a00',
};

/**
 * Where every message shows: at the foot of the window, centred (full width on a phone), as admin tools
 * with a top bar do, so that it never covers the app bar (menu, search, bell, account) and shows near
 * a form's buttons, which sit at its foot.
 */
const ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;

/**
 * The message sits at the foot of the window, over whatever sits there: a form's Save and Cancel and
 * the footer line when the page is scrolled to its end (spanning the window on a phone, centred and
 * narrower wider up, where it still covers the footer and, on a tablet, a form's Cancel). While
 * `element` (the message) shows, the page gets room below its end as tall as the message and its gap
 * to the window's edge, at every width, so that all of the page can be scrolled above it (decisions 86
 * and 92). Rounded up, so that no fraction of a pixel stays under the message.
 */
function useRoomBelow(element: HTMLElement | null, wanted: boolean) {
  useEffect(() => {
    if (!element || !wanted) return;
    const { style } = document.body;
    const observer = new ResizeObserver(([entry]) => {
      // The laid-out height to the fraction (offsetHeight rounds it, a rectangle includes transforms).
      const height = entry!.borderBoxSize[0]!.blockSize;
      style.paddingBottom = `${Math.ceil(height + parseFloat(getComputedStyle(element).bottom))}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.paddingBottom = '';
    };
  }, [element, wanted]);
}

/** The single snackbar of the app. A new message replaces the one shown (no backlog of stale alerts). */
export function AlertHost() {
  const [current, setCurrent] = useState<AlertMessage | null>(null);
  const [open, setOpen] = useState(false);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const shown = open && !!current;
  useRoomBelow(element, shown);

  useEffect(
    () =>
      subscribeAlerts((m) => {
        setCurrent(m);
        setOpen(true);
      }),
    [],
  );

  const close = (_?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  // Portalled to <body> so that an open dialog (which hides the app root from assistive technology)
  // does not hide the alert.
  return (
    <Portal>
      <Snackbar
        key={current?.id}
        ref={setElement}
        open={shown}
        autoHideDuration={TOAST_MS}
        onClose={close}
        anchorOrigin={ANCHOR}
      >
        {current ? (
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={close}
            sx={{ width: '100%', bgcolor: FILLED[current.severity], color: '#fff' }}
          >
            {current.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Portal>
  );
}

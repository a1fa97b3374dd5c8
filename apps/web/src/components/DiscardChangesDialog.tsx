import { useCallback, useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { holdLeaving } from '../lib/leave-guard.ts';

/** 'Discard unsaved changes?' with Keep editing (the default) and Discard. */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Discard unsaved changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          The changes you made to this form have not been saved.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard} color="inherit">
          Discard
        </Button>
        <Button onClick={onKeep} variant="contained" autoFocus>
          Keep editing
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A click that follows a link to another page of the app (not a new tab, not a download). */
function linkLeaving(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if ((link.target && link.target !== '_self') || link.origin !== window.location.origin) return null;
  const here = window.location;
  return link.pathname === here.pathname && link.search === here.search ? null : link;
}

/**
 * Guards a form's unsaved changes (`dirty`): `confirmDiscard(proceed)` runs `proceed` at once when
 * nothing changed, else after the person chooses Discard in `dialog` (which the form renders). While
 * dirty, links to other pages, the app's other ways out (lib/leave-guard.ts) and closing or reloading
 * the tab ask too.
 */
export function useDiscardGuard(dirty: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirmDiscard = useCallback(
    (proceed: () => void) => {
      if (dirty) setPending(() => proceed);
      else proceed();
    },
    [dirty],
  );

  useEffect(() => {
    if (!dirty) return;
    let passing = false;
    const onClick = (e: MouseEvent) => {
      const link = passing ? null : linkLeaving(e);
      if (!link) return;
      // Before the router's own handler (React listens below the document).
      e.preventDefault();
      e.stopPropagation();
      confirmDiscard(() => {
        passing = true;
        link.click();
        passing = false;
      });
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const release = holdLeaving(confirmDiscard);
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, confirmDiscard]);

  const dialog = (
    <DiscardChangesDialog
      open={!!pending}
      onKeep={() => setPending(null)}
      onDiscard={() => {
        setPending(null);
        pending?.();
      }}
    />
  );
  return { confirmDiscard, dialog };
}

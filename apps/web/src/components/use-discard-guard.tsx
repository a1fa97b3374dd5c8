import { useCallback, useEffect, useState } from 'react';
import { holdLeaving } from '../lib/leave-guard.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

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
    <ConfirmDialog
      open={!!pending}
      title="Discard unsaved changes?"
      text="The changes you made to this form have not been saved."
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      cancelIsDefault
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        pending?.();
      }}
    />
  );
  return { confirmDiscard, dialog };
}

/**
 * The open form with unsaved changes, if any, asked before the app leaves its page by a means that is
 * not a link (a menu item, the notification bell, sign-out): links are caught by the form's own guard
 * (components/DiscardChangesDialog.tsx). The router is declarative (app/AppRoutes.tsx), so
 * react-router's useBlocker is not available.
 */
type Ask = (proceed: () => void) => void;

let ask: Ask | null = null;

/** Makes `a` the question asked before leaving; the returned function withdraws it. */
export function holdLeaving(a: Ask): () => void {
  ask = a;
  return () => {
    if (ask === a) ask = null;
  };
}

/** Runs `proceed` now, or once the person has agreed to discard the open form's changes. */
export function whenLeaving(proceed: () => void): void {
  if (ask) ask(proceed);
  else proceed();
}

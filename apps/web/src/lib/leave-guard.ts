/**
 * The open form with unsaved changes, if any, asked before the app leaves its page by a means that is
 * not a link (a menu item, the notification bell, sign-out, the browser's Back and Forward): links are
 * caught by the form's own guard (components/use-discard-guard.tsx). The router is declarative
 * (app/AppRoutes.tsx), so react-router's useBlocker is not available.
 */
type Ask = (proceed: () => void) => void;

let ask: Ask | null = null;
/** The history entry (react-router's `idx`) the form was on when it began to ask. */
let heldAt: number | null = null;
/** The next popstate is ours: a step back to the form (swallowed) or the agreed leaving (let through). */
let ownStep: 'return' | 'leave' | null = null;

const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/** Makes `a` the question asked before leaving; the returned function withdraws it. */
export function holdLeaving(a: Ask): () => void {
  ask = a;
  heldAt = historyIndex();
  return () => {
    if (ask === a) ask = null;
  };
}

/** Runs `proceed` now, or once the person has agreed to discard the open form's changes. */
export function whenLeaving(proceed: () => void): void {
  if (ask) ask(proceed);
  else proceed();
}

/**
 * Back and Forward ask too. The URL has already changed when 'popstate' fires, so the step is undone
 * before the router sees it, and taken again after Discard. Installed before the router mounts, so this
 * listener runs before the router's own and can stop it.
 */
export function guardHistorySteps(): void {
  window.addEventListener('popstate', (event) => {
    if (ownStep === 'leave') {
      ownStep = null;
      return;
    }
    if (ownStep === 'return') {
      ownStep = null;
      event.stopImmediatePropagation();
      return;
    }
    const to = historyIndex();
    if (!ask || heldAt === null || to === null || to === heldAt) return;
    const from = heldAt;
    event.stopImmediatePropagation();
    ownStep = 'return';
    window.history.go(from - to);
    ask(() => {
      ownStep = 'leave';
      window.history.go(to - from);
    });
  });
}

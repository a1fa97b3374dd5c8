import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import Tooltip from '@mui/material/Tooltip';

interface Tip {
  anchor: HTMLElement;
  text: string;
}
type SetTip = (tip: Tip | null) => void;

/** Parts of a cell that cut their text off besides the cell itself: a sortable header's label. */
const CLIPPING = '[data-clips]';

/** The cell at `target` when its text is cut off (an ellipsis shows), with its full text. */
function clippedCell(target: EventTarget | null): Tip | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest<HTMLElement>('[role="gridcell"], [role="columnheader"]');
  if (!cell) return null;
  const parts = [cell, ...cell.querySelectorAll<HTMLElement>(CLIPPING)];
  if (!parts.some((el) => el.scrollWidth > el.clientWidth)) return null;
  const text = cell.textContent?.trim() ?? '';
  return text ? { anchor: cell, text } : null;
}

/** The table's one tooltip; its state is its own, so showing it does not render the rows again. */
function CellTooltip({ controlRef }: { controlRef: RefObject<SetTip | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    controlRef.current = setTip;
    return () => {
      controlRef.current = null;
    };
  }, [controlRef]);
  return (
    <Tooltip
      open={tip !== null}
      onClose={() => setTip(null)}
      title={tip?.text ?? ''}
      placement="bottom-start"
      slotProps={{
        popper: {
          anchorEl: tip?.anchor,
          // Hoverable (WCAG 1.4.13): the tooltip is inside the table in React's tree, so moving onto
          // it does not leave the table; leaving the tooltip closes it.
          onMouseLeave: () => setTip(null),
        },
        tooltip: { sx: { maxWidth: 480, overflowWrap: 'anywhere' } },
      }}
    >
      <span hidden />
    </Tooltip>
  );
}

/**
 * Issue 21 item 9: a cell whose text is cut off with an ellipsis (a long e-mail or name) shows its
 * full text in a tooltip while the pointer is over it or it has the keyboard focus; Escape hides it.
 * One tooltip per table, told by the events bubbling to `handlers`, not one per cell.
 */
export function useCellTooltip() {
  const controlRef = useRef<SetTip | null>(null);
  const show = (e: SyntheticEvent) => {
    // The tooltip is the table's child in React's tree: its own events arrive here too.
    if (e.target instanceof Element && e.target.closest('[role="tooltip"]')) return;
    controlRef.current?.(clippedCell(e.target));
  };
  const hide = () => controlRef.current?.(null);
  return {
    handlers: { onMouseOver: show, onFocus: show, onBlur: hide, onMouseLeave: hide },
    tooltip: <CellTooltip controlRef={controlRef} />,
  };
}

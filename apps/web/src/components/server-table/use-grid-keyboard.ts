import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** A grid's cells are marked `data-cell="row:col"`; row 0 is the header. */
const cellSelector = (row: number, col: number) => `[data-cell="${row}:${col}"]`;

function positionOf(target: EventTarget) {
  const cell = (target as HTMLElement).closest<HTMLElement>('[data-cell]');
  const [row, col] = (cell?.dataset.cell ?? '').split(':').map(Number);
  return cell && row !== undefined && col !== undefined ? { cell, row, col } : null;
}

/** Where a key moves from a cell, within `lastRow` rows (after the header) and `lastCol` columns. */
export function moveOf(
  key: string,
  ctrlKey: boolean,
  at: { row: number; col: number },
  lastRow: number,
  lastCol: number,
) {
  const moves: Record<string, [number, number]> = {
    ArrowUp: [Math.max(at.row - 1, 0), at.col],
    ArrowDown: [Math.min(at.row + 1, lastRow), at.col],
    ArrowLeft: [at.row, Math.max(at.col - 1, 0)],
    ArrowRight: [at.row, Math.min(at.col + 1, lastCol)],
    Home: [ctrlKey ? 0 : at.row, 0],
    End: [ctrlKey ? lastRow : at.row, lastCol],
  };
  return moves[key];
}

/**
 * The keyboard of a grid: one cell in the tab order, arrows, Home and End (with Ctrl: the first or
 * last row) move it; Enter or Space on a header cell calls `onHeaderActivate` (true: it acted, e.g.
 * sorted); Enter on a body cell goes into its first control, and Escape there comes back to the cell.
 */
export function useGridKeyboard(
  rowCount: number,
  columnCount: number,
  onHeaderActivate: (col: number) => boolean,
) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState({ row: 1, col: 0 });
  const activeRow = Math.min(active.row, rowCount);
  const activeCol = Math.min(active.col, columnCount - 1);

  const onKeyDown = (e: KeyboardEvent) => {
    const at = positionOf(e.target);
    if (!at) return;
    if (at.cell !== e.target) {
      // Keys inside a cell's own controls are theirs, but Escape leaves them for the cell.
      if (e.key === 'Escape') at.cell.focus();
      return;
    }
    const move = moveOf(e.key, e.ctrlKey, at, rowCount, columnCount - 1);
    if (move) {
      e.preventDefault();
      setActive({ row: move[0], col: move[1] });
      tableRef.current?.querySelector<HTMLElement>(cellSelector(move[0], move[1]))?.focus();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (at.row === 0) {
      if (onHeaderActivate(at.col)) e.preventDefault();
    } else if (e.key === 'Enter') {
      // Into the cell: its first control (Tab moves on from there, Escape comes back).
      const control = at.cell.querySelector<HTMLElement>('button, input, a[href], [tabindex="0"]');
      if (control) {
        e.preventDefault();
        control.focus();
      }
    }
  };

  const onFocus = (e: FocusEvent) => {
    const at = positionOf(e.target);
    if (at && (at.row !== activeRow || at.col !== activeCol)) setActive(at);
  };

  return {
    tableRef,
    onKeyDown,
    onFocus,
    /** The cell in the tab order is 0, the others -1. */
    tabIndexOf: (row: number, col: number) => (row === activeRow && col === activeCol ? 0 : -1),
  };
}

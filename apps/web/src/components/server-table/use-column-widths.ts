import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ACTIONS, PHONE_PADDING } from './columns.ts';

/** How wide a cell's content is (its label or its buttons), also where the cell cuts it off. */
function contentWidth(cell: Element) {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return range.getBoundingClientRect().width;
}

/**
 * Whether the window is a phone's (narrower than MUI's `sm`), and the widths of the '#' and Actions
 * columns. On a desktop '#' is 70 px and Actions the screen's `actionsWidth`. On a phone they take only
 * what they show, so the first data column has room: '#' the digits of the page's last row number (at
 * least two, 8 px each at the table's 14 px font) and the cell's padding; Actions what its header and
 * its widest row of buttons need, measured in the `rows` shown in `boxRef` (without rows it keeps the
 * width it had, so it does not jump while the next page loads).
 */
export function useColumnWidths(
  lastRowNumber: number,
  actionsWidth: number,
  boxRef: RefObject<HTMLElement | null>,
  rows: readonly unknown[],
) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [needed, setNeeded] = useState<number>();
  useLayoutEffect(() => {
    const cells = Array.from(boxRef.current?.querySelectorAll(`[data-field="${ACTIONS}"]`) ?? []);
    if (!phone || cells.length < 2) return;
    setNeeded(Math.ceil(Math.max(...cells.map(contentWidth))) + 2 * PHONE_PADDING);
  }, [phone, boxRef, rows]);
  return {
    phone,
    number: phone ? 20 + 8 * Math.max(2, String(lastRowNumber).length) : 70,
    actions: phone && needed ? needed : actionsWidth,
  };
}

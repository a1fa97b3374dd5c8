import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { isNoValue, NO_VALUE } from '../../lib/format.ts';

type Align = 'left' | 'right' | 'center';

/** A column of a ServerTable (the property names of MUI X's GridColDef that the lists use). */
export interface ColumnDef<R> {
  /** The row property shown, and the server's sort column. */
  field: string;
  headerName: string;
  /** A fixed width in px; otherwise the column takes a `flex` share of the free width, at least `minWidth`. */
  width?: number;
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  align?: Align;
  headerAlign?: Align;
  valueGetter?: (value: unknown, row: R) => unknown;
  valueFormatter?: (value: unknown, row: R) => ReactNode;
  renderCell?: (params: { value: unknown; row: R }) => ReactNode;
  /** The header's content instead of `headerName` (a column that is not sortable). */
  renderHeader?: () => ReactNode;
  /** A column of checkboxes or icon buttons on a phone: see PHONE_TARGETS_SX. */
  phoneTargets?: boolean;
}

export const HEADER_HEIGHT = 48;
export const ROW_HEIGHT = 44;
const DEFAULT_WIDTH = 100;
/** The '#' column's field: the row's number in the whole list, not a row property. */
export const ROW_NUMBER = '__rowNo';
export const ACTIONS = '__actions';

/** A column's share of a row: rows are flex boxes, so every row lays its cells out alike. */
export const columnSx = <R>(c: ColumnDef<R>) =>
  c.width !== undefined || !c.flex
    ? { flex: `0 0 ${c.width ?? DEFAULT_WIDTH}px` }
    : { flex: `${c.flex} 1 0px`, minWidth: c.minWidth ?? 50 };
const columnMin = <R>(c: ColumnDef<R>) =>
  c.width !== undefined || !c.flex ? (c.width ?? DEFAULT_WIDTH) : (c.minWidth ?? 50);
/** The width under which the columns scroll sideways. */
export const tableMinWidth = <R>(columns: ColumnDef<R>[]) =>
  columns.reduce((sum, c) => sum + columnMin(c), 0);

const CELL_SX = {
  display: 'block',
  boxSizing: 'border-box',
  px: '10px',
  py: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  '&:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;

/** A sortable header's label: cut off with an ellipsis before its sort arrow (see use-cell-tooltip). */
export const HEADER_LABEL_SX = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/**
 * A sort label: the arrow of a column not sorted by takes no room until the header is pointed at or
 * focused, so a narrow column's header keeps its words (issue 21 item 9).
 */
export const SORT_LABEL_SX = {
  maxWidth: '100%',
  '&:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
  '[role="columnheader"]:is(:hover, :focus) > &:not(.Mui-active) .MuiTableSortLabel-icon': {
    display: 'inline-block',
  },
} as const;

/**
 * The Actions column stays at the right edge while the other columns scroll under it, so a row's edit
 * and delete are in reach on a phone without swiping sideways first. Its cell paints the row's hover
 * over the paper it needs to cover what scrolls under it.
 */
const ACTIONS_SX = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  backgroundImage: 'var(--Paper-overlay)',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) =>
      `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover}), var(--Paper-overlay)`,
  },
} as const;

/** A phone's cell padding beside its checkbox or icon buttons. */
export const PHONE_PADDING = 4;
/**
 * A phone's checkbox and Actions cells: their checkboxes and icon buttons 40 x 40 px for a thumb, with
 * PHONE_PADDING round them, so the data columns get the rest of the width.
 */
const PHONE_TARGETS_SX = {
  px: `${PHONE_PADDING}px`,
  '& .MuiCheckbox-root, & .MuiIconButton-root': { p: '10px' },
} as const;

/** The box the rows scroll in: a cell focused by the arrow keys scrolls clear of the sticky header and Actions. */
export const scrollBoxSx = (actionsWidth: number) => ({
  height: '100%',
  overflow: 'auto',
  scrollPaddingTop: HEADER_HEIGHT,
  scrollPaddingRight: actionsWidth,
});

/** The style of a cell of a column, in a row `height` px high. */
export const cellSx = <R>(c: ColumnDef<R>, height: number) => ({
  ...CELL_SX,
  ...columnSx(c),
  ...(c.field === ACTIONS ? ACTIONS_SX : { position: 'relative' as const }),
  ...(c.phoneTargets && PHONE_TARGETS_SX),
  height,
  lineHeight: `${height - 1}px`,
});

/**
 * The '#' column (`numberWidth` px wide), the data columns and, with `renderActions`, the Actions column
 * (`actionsWidth` px wide, its targets a phone's on a phone).
 */
export function withTableColumns<R>(
  columns: ColumnDef<R>[],
  renderActions: ((row: R) => ReactNode) | undefined,
  actionsWidth: number,
  numberWidth: number,
  phone: boolean,
): ColumnDef<R>[] {
  const numbered: ColumnDef<R> = { field: ROW_NUMBER, headerName: '#', width: numberWidth, sortable: false };
  const list = [numbered, ...columns];
  if (renderActions) {
    list.push({
      field: ACTIONS,
      headerName: 'Actions',
      width: actionsWidth,
      sortable: false,
      phoneTargets: phone,
      renderCell: ({ row }) => renderActions(row),
    });
  }
  return list;
}

/**
 * What a cell shows: its column's rendering of the row's value, or the value as text; NO_VALUE when
 * that is empty (decision 88). The Actions cell of a row with no actions stays empty.
 */
export function cellContent<R>(c: ColumnDef<R>, row: R, rowNumber: number): ReactNode {
  if (c.field === ROW_NUMBER) return rowNumber;
  const raw = (row as Record<string, unknown>)[c.field];
  const value = c.valueGetter ? c.valueGetter(raw, row) : raw;
  const shown = c.renderCell
    ? c.renderCell({ value, row })
    : c.valueFormatter
      ? c.valueFormatter(value, row)
      : isNoValue(value)
        ? null
        : String(value);
  return c.field !== ACTIONS && (isNoValue(shown) || shown === false) ? NO_VALUE : shown;
}

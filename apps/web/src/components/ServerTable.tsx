import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZES,
  SEARCH_TEXT_MAX,
  TABLE_HEIGHT,
  type ListCall,
  type Page,
  type RequestOf,
} from '@app/contract';
import { apiGet, type QueryParams } from '../lib/api.ts';
import { useDebouncedSearch, useUrlParams } from '../lib/urlState.ts';
import { ExportButton } from './ExportButton.tsx';

export type SortOrder = 'asc' | 'desc';
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
}

export interface ServerTableProps<R extends object> {
  /** The list call; its export is GET /api/{call}/export with the same query. */
  call: ListCall<R>;
  /** Key of the page object in the answer, e.g. 'roleData'. Default 'resultData'. */
  envelope?: string;
  /** Data columns (the '#' and 'Actions' columns are added here). `field` is the server sort column. */
  columns: ColumnDef<R>[];
  defaultSort: { field: string; order: SortOrder };
  /** Renders the Actions cell; omit for read-only lists (reports). */
  renderActions?: (row: R) => ReactNode;
  actionsWidth?: number;
  /** The row's key; default its `id`. */
  getRowId?: (row: R) => string | number;
  /** Extra query parameters (report filters); they are part of the export too. */
  extraParams?: QueryParams;
  /** Accessible name of the grid. */
  label: string;
  /** Prefix of the URL search params, when a screen has more than one table. */
  paramPrefix?: string;
  /** Page sizes offered (the URL's size must be one); the default is 7 when offered, else the first. */
  pageSizes?: readonly number[];
  /** What the search box looks in, shown under it. */
  searchHint?: string;
  /**
   * Set while the list cannot be asked for yet (a required report filter not chosen): nothing is
   * loaded or exported and the table shows this text instead of rows.
   */
  waitingFor?: string;
}

const HEADER_HEIGHT = 48;
const ROW_HEIGHT = 44;
const DEFAULT_WIDTH = 100;

/** A column's share of a row: rows are flex boxes, so every row lays its cells out alike. */
const columnSx = <R,>(c: ColumnDef<R>) =>
  c.width !== undefined || !c.flex
    ? { flex: `0 0 ${c.width ?? DEFAULT_WIDTH}px` }
    : { flex: `${c.flex} 1 0px`, minWidth: c.minWidth ?? 50 };
const columnMin = <R,>(c: ColumnDef<R>) =>
  c.width !== undefined || !c.flex ? (c.width ?? DEFAULT_WIDTH) : (c.minWidth ?? 50);

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

/** Over the rows (not part of the grid): loading, or why there are none. */
function Overlay({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: `${HEADER_HEIGHT}px 0 0 0`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: (theme) => alpha(theme.palette.background.default, theme.palette.action.disabledOpacity),
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}

/** The one server-paged list: every list and report screen uses it. State lives in the URL. */
export function ServerTable<R extends object>({
  call,
  envelope = 'resultData',
  columns,
  defaultSort,
  renderActions,
  actionsWidth = 120,
  getRowId,
  extraParams,
  label,
  paramPrefix = '',
  pageSizes = PAGE_SIZES,
  searchHint,
  waitingFor,
}: ServerTableProps<R>) {
  const [searchParams, update] = useUrlParams(paramPrefix);
  const key = (name: string) => `${paramPrefix}${name}`;

  // ---- state from the URL, validated
  const sortable = new Set(columns.filter((c) => c.sortable !== false).map((c) => c.field));
  const rawPage = Number(searchParams.get(key('page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawSize = Number(searchParams.get(key('size')));
  const defaultSize = pageSizes.includes(DEFAULT_PAGE_SIZE)
    ? DEFAULT_PAGE_SIZE
    : (pageSizes[0] ?? DEFAULT_PAGE_SIZE);
  const size = pageSizes.includes(rawSize) ? rawSize : defaultSize;
  const rawSort = searchParams.get(key('sort'));
  const sort = rawSort && sortable.has(rawSort) ? rawSort : defaultSort.field;
  const rawOrder = searchParams.get(key('order'));
  const order: SortOrder =
    rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : rawSort ? 'asc' : defaultSort.order;
  const q = searchParams.get(key('q')) ?? '';

  // ---- debounced search box; follows the URL when it changes (Back/Forward)
  const [input, setInput] = useDebouncedSearch(q, update);

  // ---- data
  const params: QueryParams = {
    page,
    itemsPerPage: size,
    sortColumn: sort,
    sortOrder: order,
    searchText: q,
    ...extraParams,
  };
  const enabled = !waitingFor;
  const query = useQuery({
    queryKey: [call.name, params],
    queryFn: ({ signal }) =>
      apiGet(call, params as RequestOf<typeof call>, { signal }) as Promise<
        Record<string, Page<R> | undefined>
      >,
    placeholderData: keepPreviousData,
    enabled,
  });
  const isFetching = enabled && query.isFetching;
  const isPending = !enabled || query.isPending;
  const pageData = enabled ? query.data?.[envelope] : undefined;
  const total = pageData?.total ?? 0;
  const rows = pageData?.data ?? [];

  const allColumns = useMemo<ColumnDef<R>[]>(() => {
    const numbered: ColumnDef<R> = { field: '__rowNo', headerName: '#', width: 70, sortable: false };
    const list = [numbered, ...columns];
    if (renderActions) {
      list.push({
        field: '__actions',
        headerName: 'Actions',
        width: actionsWidth,
        sortable: false,
        renderCell: ({ row }) => renderActions(row),
      });
    }
    return list;
  }, [columns, renderActions, actionsWidth]);
  const minWidth = allColumns.reduce((sum, c) => sum + columnMin(c), 0);

  // A sortable header cycles ascending, descending, ascending; a new column starts ascending.
  const sortBy = (field: string) => {
    const next: SortOrder = field === sort && order === 'asc' ? 'desc' : 'asc';
    update({ sort: field, order: next, page: null });
  };

  // A new page starts at its top. (A block body: Chromium's scrollTo returns a promise, which React
  // would take for a cleanup function.)
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scrollRef.current?.scrollTo(0, 0);
  }, [page, size]);

  // ---- keyboard: one cell in the tab order (row 0 is the header); arrows, Home and End move it
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState({ row: 1, col: 0 });
  const activeRow = Math.min(active.row, rows.length);
  const activeCol = Math.min(active.col, allColumns.length - 1);
  const cellAt = (row: number, col: number) =>
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`);
  const positionOf = (target: EventTarget) => {
    const cell = (target as HTMLElement).closest<HTMLElement>('[data-cell]');
    const [row, col] = (cell?.dataset.cell ?? '').split(':').map(Number);
    return cell && row !== undefined && col !== undefined ? { cell, row, col } : null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = positionOf(e.target);
    if (!at) return;
    if (at.cell !== e.target) {
      // Keys inside a cell's own controls are theirs, but Escape leaves them for the cell.
      if (e.key === 'Escape') at.cell.focus();
      return;
    }
    const lastRow = rows.length;
    const lastCol = allColumns.length - 1;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [Math.max(at.row - 1, 0), at.col],
      ArrowDown: [Math.min(at.row + 1, lastRow), at.col],
      ArrowLeft: [at.row, Math.max(at.col - 1, 0)],
      ArrowRight: [at.row, Math.min(at.col + 1, lastCol)],
      Home: [e.ctrlKey ? 0 : at.row, 0],
      End: [e.ctrlKey ? lastRow : at.row, lastCol],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setActive({ row: move[0], col: move[1] });
      cellAt(move[0], move[1])?.focus();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const column = allColumns[at.col]!;
    if (at.row === 0 && column.sortable !== false) {
      e.preventDefault();
      sortBy(column.field);
    } else if (at.row > 0 && e.key === 'Enter') {
      // Into the cell: its first control (Tab moves on from there, Escape comes back).
      const control = at.cell.querySelector<HTMLElement>('button, input, a[href], [tabindex="0"]');
      if (control) {
        e.preventDefault();
        control.focus();
      }
    }
  };

  const cellProps = (row: number, col: number, c: ColumnDef<R>, height: number) => ({
    'data-cell': `${row}:${col}`,
    'data-field': c.field,
    tabIndex: row === activeRow && col === activeCol ? 0 : -1,
    sx: { ...CELL_SX, ...columnSx(c), height, lineHeight: `${height - 1}px` },
  });
  const cellContent = (row: R, index: number, c: ColumnDef<R>): ReactNode => {
    if (c.field === '__rowNo') return (page - 1) * size + index + 1;
    const raw = (row as Record<string, unknown>)[c.field];
    const value = c.valueGetter ? c.valueGetter(raw, row) : raw;
    if (c.renderCell) return c.renderCell({ value, row });
    if (c.valueFormatter) return c.valueFormatter(value, row);
    return value === null || value === undefined ? '' : String(value);
  };
  const rowId = (row: R, index: number) =>
    getRowId ? getRowId(row) : ((row as { id?: string | number }).id ?? index);

  const overlay = isFetching ? (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{MESSAGES.loading}</Typography>
    </Box>
  ) : rows.length === 0 ? (
    <Typography>{enabled ? MESSAGES.noData : waitingFor}</Typography>
  ) : null;

  return (
    <Paper sx={{ p: 2 }}>
      {/* Top-aligned, each item 40px high: a search hint under the box does not shift the others. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Search"
          type="search"
          size="small"
          margin="none"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          helperText={searchHint}
          slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Typography aria-live="polite" sx={{ flexGrow: 1, lineHeight: '40px' }}>
          {isPending ? '' : MESSAGES.recordsFound(total, !!pageData?.total_is_estimate)}
        </Typography>
        {enabled && !isFetching && (
          <Box sx={{ py: '2px' }}>
            <ExportButton call={call} params={params} />
          </Box>
        )}
      </Box>
      <Box
        sx={{
          height: TABLE_HEIGHT,
          display: 'flex',
          flexDirection: 'column',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
          <Box ref={scrollRef} sx={{ height: '100%', overflow: 'auto' }}>
            {/* Rows are flex boxes (see columnSx), so the table parts get their roles explicitly. */}
            <Table
              ref={tableRef}
              role="grid"
              aria-label={label}
              size="small"
              onKeyDown={onKeyDown}
              onFocus={(e) => {
                const at = positionOf(e.target);
                if (at && (at.row !== activeRow || at.col !== activeCol)) setActive(at);
              }}
              sx={{ display: 'block', minWidth }}
            >
              <TableHead
                role="rowgroup"
                sx={{
                  display: 'block',
                  position: 'sticky',
                  top: 0,
                  zIndex: 1,
                  bgcolor: 'background.paper',
                  backgroundImage: 'var(--Paper-overlay)',
                }}
              >
                <TableRow role="row" sx={{ display: 'flex' }}>
                  {allColumns.map((c, col) => {
                    const sorted = c.field === sort;
                    const canSort = c.sortable !== false;
                    const header = cellProps(0, col, c, HEADER_HEIGHT);
                    return (
                      <TableCell
                        key={c.field}
                        role="columnheader"
                        align={c.headerAlign}
                        aria-sort={
                          !canSort
                            ? undefined
                            : sorted
                              ? order === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : 'none'
                        }
                        onClick={canSort ? () => sortBy(c.field) : undefined}
                        {...header}
                        sx={{
                          ...header.sx,
                          position: 'relative',
                          cursor: canSort ? 'pointer' : undefined,
                          '&:not(:last-of-type)::after': {
                            content: '""',
                            position: 'absolute',
                            right: 0,
                            top: 14,
                            bottom: 14,
                            borderRight: 1,
                            borderColor: 'divider',
                          },
                        }}
                      >
                        {canSort ? (
                          <TableSortLabel
                            active={sorted}
                            direction={sorted ? order : 'asc'}
                            tabIndex={-1}
                            sx={{ maxWidth: '100%' }}
                          >
                            {c.headerName}
                          </TableSortLabel>
                        ) : (
                          c.headerName
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              {rows.length > 0 && (
                <TableBody role="rowgroup" sx={{ display: 'block' }}>
                  {rows.map((row, index) => (
                    <TableRow key={rowId(row, index)} role="row" hover sx={{ display: 'flex' }}>
                      {allColumns.map((c, col) => (
                        <TableCell
                          key={c.field}
                          role="gridcell"
                          align={c.align}
                          {...cellProps(index + 1, col, c, ROW_HEIGHT)}
                        >
                          {cellContent(row, index, c)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              )}
            </Table>
          </Box>
          {overlay && <Overlay>{overlay}</Overlay>}
        </Box>
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={size}
          rowsPerPageOptions={[...pageSizes]}
          onPageChange={(_e, next) => update({ page: next + 1 })}
          onRowsPerPageChange={(e) => update({ size: Number(e.target.value), page: null })}
          sx={{ borderTop: 1, borderColor: 'divider', flexShrink: 0 }}
        />
      </Box>
    </Paper>
  );
}

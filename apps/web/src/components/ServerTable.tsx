import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import { MESSAGES, PAGE_SIZES, SEARCH_TEXT_MAX, TABLE_HEIGHT } from '@app/contract';
import type { QueryParams } from '../lib/api.ts';
import type { ListQuery } from '../lib/queries.ts';
import { ExportButton } from './ExportButton.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import {
  HEADER_HEIGHT,
  ROW_HEIGHT,
  cellContent,
  cellSx,
  HEADER_LABEL_SX,
  SORT_LABEL_SX,
  scrollBoxSx,
  tableMinWidth,
  withTableColumns,
  type ColumnDef,
} from './server-table/columns.ts';
import { tableParams, type SortOrder } from './server-table/table-state.ts';
import { useCellTooltip } from './server-table/use-cell-tooltip.tsx';
import { useGridKeyboard } from './server-table/use-grid-keyboard.ts';
import { useTableUrlState } from './server-table/use-table-url-state.ts';
import { Overlay } from './server-table/Overlay.tsx';
import { NewestFirstNote } from './server-table/NewestFirstNote.tsx';
import { TableTools } from './server-table/TableTools.tsx';
import { useTableViews } from './server-table/use-table-views.ts';
import { BulkBar, type BulkAction } from './server-table/BulkBar.tsx';
import { selectionColumn } from './server-table/selection-column.tsx';
import { useRowSelection } from './server-table/use-row-selection.ts';
import { useColumnWidths } from './server-table/use-column-widths.ts';

/**
 * A TablePagination that fits a phone: the label, the size, the range and the arrows wrap (right-aligned)
 * instead of the arrows being cut off at 390 px.
 */
export const PAGINATION_FITS = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export type { ColumnDef } from './server-table/columns.ts';
export type { SortOrder } from './server-table/table-state.ts';

export interface ServerTableProps<R extends object> {
  /** The list's query (the feature's api.ts); its export is GET /api/{call}/export with the same query. */
  list: ListQuery<R>;
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
  /** What an empty list says (default 'No Data Found'). */
  emptyText?: string;
  /** Row checkboxes and these actions on the selected rows (bulk calls); `labelOf` names a row. */
  bulk?: { actions: readonly BulkAction[]; labelOf: (row: R) => string; noun: string };
}

/** The one server-paged list: every list and report screen uses it. State lives in the URL. */
export function ServerTable<R extends object>({
  list,
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
  emptyText = MESSAGES.noData,
  bulk,
}: ServerTableProps<R>) {
  const sortable = new Set(columns.filter((c) => c.sortable !== false).map((c) => c.field));
  const table = useTableUrlState(paramPrefix, { sortable, defaultSort, pageSizes });
  const { page, size, sort, order, input, setInput, sortBy } = table;
  const listKey = paramPrefix ? `${list.call.name}:${paramPrefix}` : list.call.name;
  const views = useTableViews(listKey, paramPrefix, columns, table, extraParams);

  // ---- data
  const params: QueryParams = tableParams(table, extraParams);
  const enabled = !waitingFor;
  const query = useQuery({ ...list.page(params), enabled });
  const isFetching = enabled && query.isFetching;
  const isPending = !enabled || query.isPending;
  // A failed load (or a failed refetch) shows why and a Retry, never old rows or 'No Data Found'.
  const failed = enabled && query.isError;
  const pageData = enabled && !failed ? query.data : undefined;
  const total = pageData?.total ?? 0;
  const rows = pageData?.data ?? [];
  // A broad search answered newest first: no header shows a sort, and the shown one's header applies it.
  const newestFirst = !!pageData?.newest_first;
  const sortOn = (field: string) => (newestFirst && field === sort ? table.keepSort() : sortBy(field));

  const rowId = (row: R, index: number) =>
    getRowId ? getRowId(row) : ((row as { id?: string | number }).id ?? index);
  // The list's query without its page: the selection belongs to it.
  const matching = { searchText: params.searchText, ...extraParams };
  const selection = useRowSelection(
    rows.map((row, index) => Number(rowId(row, index))),
    JSON.stringify(matching),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths((page - 1) * size + rows.length, actionsWidth, scrollRef, rows);
  const tableColumns = useMemo(
    () => withTableColumns(views.shown, renderActions, widths.actions, widths.number, widths.phone),
    [views.shown, renderActions, widths.actions, widths.number, widths.phone],
  );
  // The checkboxes' column shows the selection of this render: after '#', before the data.
  const allColumns = bulk
    ? [
        tableColumns[0]!,
        selectionColumn<R>(selection, (row) => Number(rowId(row, 0)), bulk.labelOf, widths.phone),
        ...tableColumns.slice(1),
      ]
    : tableColumns;
  const minWidth = tableMinWidth(allColumns);

  // A new page starts at its top. (A block body: Chromium's scrollTo returns a promise, which React
  // would take for a cleanup function.)
  useEffect(() => {
    scrollRef.current?.scrollTo(0, 0);
  }, [page, size]);
  const cellTip = useCellTooltip();

  // ---- keyboard: one cell in the tab order (row 0 is the header); Enter or Space on a header sorts
  const { tableRef, onKeyDown, onFocus, tabIndexOf } = useGridKeyboard(
    rows.length,
    allColumns.length,
    (col) => {
      const column = allColumns[col]!;
      if (column.sortable === false) return false;
      sortOn(column.field);
      return true;
    },
  );

  const cellProps = (row: number, col: number, c: ColumnDef<R>, height: number) => ({
    'data-cell': `${row}:${col}`,
    'data-field': c.field,
    tabIndex: tabIndexOf(row, col),
    sx: cellSx(c, height),
  });
  const overlay = isFetching ? (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{MESSAGES.loading}</Typography>
    </Box>
  ) : failed ? (
    <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
  ) : rows.length === 0 ? (
    <Typography>{enabled ? emptyText : waitingFor}</Typography>
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
          {isPending || failed ? '' : MESSAGES.recordsFound(total, !!pageData?.total_is_estimate)}
        </Typography>
        <TableTools listKey={listKey} columns={columns} views={views} />
        {enabled && !isFetching && !failed && (
          <Box sx={{ py: '2px' }}>
            <ExportButton call={list.call} params={params} />
          </Box>
        )}
      </Box>
      {bulk && (
        <BulkBar
          selection={selection}
          total={total}
          matching={matching}
          actions={bulk.actions}
          exportCall={list.call}
          noun={bulk.noun}
        />
      )}
      {newestFirst && (
        <NewestFirstNote
          column={columns.find((c) => c.field === sort)?.headerName ?? sort}
          onSort={table.keepSort}
        />
      )}
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
          <Box ref={scrollRef} sx={scrollBoxSx(renderActions ? widths.actions : 0)} {...cellTip.handlers}>
            {cellTip.tooltip}
            {/* Rows are flex boxes (see columnSx), so the table parts get their roles explicitly. */}
            <Table
              ref={tableRef}
              role="grid"
              aria-label={label}
              size="small"
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              sx={{ display: 'block', minWidth }}
            >
              <TableHead
                role="rowgroup"
                sx={{
                  display: 'block',
                  position: 'sticky',
                  top: 0,
                  zIndex: 2,
                  bgcolor: 'background.paper',
                  backgroundImage: 'var(--Paper-overlay)',
                }}
              >
                <TableRow role="row" sx={{ display: 'flex' }}>
                  {allColumns.map((c, col) => {
                    const sorted = c.field === sort && !newestFirst;
                    const canSort = c.sortable !== false;
                    const header = cellProps(0, col, c, HEADER_HEIGHT);
                    return (
                      <TableCell
                        key={c.field}
                        role="columnheader"
                        align={c.headerAlign}
                        aria-sort={!canSort ? undefined : sorted ? ARIA_SORT[order] : 'none'}
                        onClick={canSort ? () => sortOn(c.field) : undefined}
                        {...header}
                        sx={{
                          ...header.sx,
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
                            sx={SORT_LABEL_SX}
                          >
                            <Box component="span" data-clips sx={HEADER_LABEL_SX}>
                              {c.headerName}
                            </Box>
                          </TableSortLabel>
                        ) : (
                          (c.renderHeader?.() ?? c.headerName)
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
                          {cellContent(c, row, (page - 1) * size + index + 1)}
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
          onPageChange={(_e, next) => table.goToPage(next + 1)}
          onRowsPerPageChange={(e) => table.setSize(Number(e.target.value))}
          sx={{ borderTop: 1, borderColor: 'divider', flexShrink: 0, ...PAGINATION_FITS }}
        />
      </Box>
    </Paper>
  );
}

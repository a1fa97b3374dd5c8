import { useMemo, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DataGrid,
  GridOverlay,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZES,
  SEARCH_TEXT_MAX,
  TABLE_HEIGHT,
  type Page,
} from '@app/contract';
import { apiGet, type QueryParams } from '../lib/api.ts';
import { useDebouncedSearch, useUrlParams } from '../lib/urlState.ts';
import { ExportButton } from './ExportButton.tsx';

export type SortOrder = 'asc' | 'desc';

export interface ServerTableProps<R extends GridValidRowModel> {
  /** The list call: GET /api/{call}; export is GET /api/{call}/export with the same query. */
  call: string;
  /** Key of the page object in the answer, e.g. 'roleData'. Default 'resultData'. */
  envelope?: string;
  /** Data columns (the '#' and 'Actions' columns are added here). `field` is the server sort column. */
  columns: GridColDef<R>[];
  defaultSort: { field: string; order: SortOrder };
  /** Renders the Actions cell; omit for read-only lists (reports). */
  renderActions?: (row: R) => ReactNode;
  actionsWidth?: number;
  getRowId?: (row: R) => GridRowId;
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

type NumberedRow<R> = R & { __rowNo: number };

function LoadingOverlay() {
  return (
    <GridOverlay>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{MESSAGES.loading}</Typography>
      </Box>
    </GridOverlay>
  );
}

function NoRowsOverlay({ children }: { children?: ReactNode }) {
  return (
    <GridOverlay>
      <Typography>{children ?? MESSAGES.noData}</Typography>
    </GridOverlay>
  );
}

/** The one server-paged list: every list and report screen uses it. State lives in the URL. */
export function ServerTable<R extends GridValidRowModel>({
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
    queryKey: [call, params],
    queryFn: ({ signal }) => apiGet<Record<string, Page<R> | undefined>>(call, params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const isFetching = enabled && query.isFetching;
  const isPending = !enabled || query.isPending;
  const pageData = enabled ? query.data?.[envelope] : undefined;
  const total = pageData?.total ?? 0;

  const rows = useMemo<NumberedRow<R>[]>(
    () => (pageData?.data ?? []).map((row, i) => ({ ...row, __rowNo: (page - 1) * size + i + 1 })),
    [pageData, page, size],
  );

  const allColumns = useMemo<GridColDef<NumberedRow<R>>[]>(() => {
    const numbered: GridColDef<NumberedRow<R>> = {
      field: '__rowNo',
      headerName: '#',
      width: 70,
      sortable: false,
    };
    const list = [numbered, ...(columns as unknown as GridColDef<NumberedRow<R>>[])];
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

  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: size }), [page, size]);
  // A default sort on a column that is not shown (e.g. an id) shows no arrow: the grid would drop it
  // and report the change while rendering.
  const shown = columns.some((c) => c.field === sort);
  const sortModel = useMemo<GridSortModel>(
    () => (shown ? [{ field: sort, sort: order }] : []),
    [shown, sort, order],
  );

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== size) update({ size: model.pageSize, page: null });
    else if (model.page + 1 !== page) update({ page: model.page + 1 });
  };
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    if (!first?.sort) update({ sort: null, order: null, page: null });
    else update({ sort: first.field, order: first.sort, page: null });
  };

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
      <Box sx={{ height: TABLE_HEIGHT, width: '100%' }}>
        <DataGrid<NumberedRow<R>>
          aria-label={label}
          rows={rows}
          columns={allColumns}
          getRowId={getRowId as ((row: NumberedRow<R>) => GridRowId) | undefined}
          rowCount={total}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={onPagination}
          pageSizeOptions={[...pageSizes]}
          sortModel={sortModel}
          onSortModelChange={onSort}
          sortingOrder={['asc', 'desc']}
          rowHeight={44}
          columnHeaderHeight={48}
          disableColumnMenu
          disableColumnFilter
          disableRowSelectionOnClick
          slots={{ loadingOverlay: LoadingOverlay, noRowsOverlay: NoRowsOverlay }}
          slotProps={enabled ? undefined : { noRowsOverlay: { children: waitingFor } }}
          localeText={{ noRowsLabel: MESSAGES.noData }}
        />
      </Box>
    </Paper>
  );
}

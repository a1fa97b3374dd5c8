import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  MESSAGES,
  PAGE_SIZES,
  PRODUCT_CATEGORY,
  SEARCH_TEXT_MAX,
  propertyApi,
  type RequestOf,
} from '@app/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PAGINATION_FITS } from '../../components/ServerTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { readPaging } from '../../components/server-table/table-state.ts';
import { useDebouncedSearch, useUrlParams } from '../../lib/url-state.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { whenOnline } from '../../lib/online.ts';
import { propertyListQuery, useDeleteProperty } from './api.ts';
import { ListingFilterChips, readListingFilter } from './ListingFilterChips.tsx';
import { BulkBar } from '../../components/server-table/BulkBar.tsx';
import { useRowSelection } from '../../components/server-table/use-row-selection.ts';
import { usePropertyBulkActions } from './use-property-bulk-actions.tsx';
import { usePropertyViews } from './use-property-views.ts';
import { ViewsMenu } from '../../components/server-table/ViewsMenu.tsx';
import { PropertyCardView } from './PropertyCard.tsx';
import { propertyFormPath, propertyMediaPath } from './paths.ts';
import { cardListSx, PROPERTY_SORTS, type PropertyCard } from './listing.ts';

/** Product category filter: the spec's two categories (1 For Rent, 3 For Sale), or all. */
const CATEGORIES = [
  { value: '', label: 'All' },
  { value: String(PRODUCT_CATEGORY.ForRent), label: 'For Rent' },
  { value: String(PRODUCT_CATEGORY.ForSale), label: 'For Sale' },
] as const;

/** The listing's state lives in the URL (back from the form lands on the same page). */
function useListState() {
  const [params, update] = useUrlParams();
  const rawSort = params.get('sort') ?? '';
  const rawCategory = params.get('category') ?? '';
  const state = {
    ...readPaging((name) => params.get(name), PAGE_SIZES),
    sort: PROPERTY_SORTS.find((s) => s.key === rawSort) ?? PROPERTY_SORTS[0],
    category: CATEGORIES.some((c) => c.value === rawCategory) ? rawCategory : '',
    q: params.get('q') ?? '',
    filter: readListingFilter(params),
  };
  return { ...state, update };
}

/** Property List (Property > Property List): server-paged cards with search, category and sort. */
export default function PropertyListPage() {
  const { has } = usePermissions();
  const navigate = useNavigate();
  const { page, size, sort, category, q, filter, update } = useListState();

  const [input, setInput] = useDebouncedSearch(q, update);
  const listKey = propertyListQuery.call.name;
  const views = usePropertyViews(listKey, { q, sort, size, category, filter }, update);

  const params = {
    page,
    itemsPerPage: size,
    sortColumn: sort.column,
    sortOrder: sort.order,
    searchText: q,
    product_category_id: category || undefined,
    ...filter,
  } satisfies RequestOf<typeof propertyApi.allproperty>;
  const {
    data: answer,
    isFetching,
    isPending,
    isError,
    error,
    refetch,
  } = useQuery(propertyListQuery.page(params));
  // A failed load (or refetch) shows why and a Retry, never old cards or 'No Data Found'.
  const data = isError ? undefined : answer;
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;

  // Bulk actions: the cards chosen, or every listing the list shows (its search, category and filters).
  const matching = { searchText: q, product_category_id: category || undefined, ...filter };
  const selection = useRowSelection(
    rows.map((r) => r.id),
    JSON.stringify(matching),
  );
  const bulkActions = usePropertyBulkActions();
  const selecting = bulkActions.length > 0;

  const remove = useDeleteProperty();
  const [ask, setAsk] = useState<{ row: PropertyCard; open: boolean } | null>(null);
  const closeAsk = () => setAsk((a) => a && { ...a, open: false });
  const confirmDelete = async () => {
    if (!ask) return;
    try {
      await remove.mutateAsync({ property_id: ask.row.id });
    } catch {
      // alerted by the api client
    }
    closeAsk();
  };

  const addButton = has('Add Property') && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={whenOnline(() => void navigate(propertyFormPath()))}
    >
      Add Property
    </Button>
  );

  return (
    <>
      <PageHeader section="Property" title="Property List" actions={addButton} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label="Search"
            type="search"
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
            sx={{ width: { xs: '100%', sm: 280 } }}
          />
          <TextField
            select
            label="Product Category"
            size="small"
            value={category}
            onChange={(e) => update({ category: e.target.value, page: null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          >
            {CATEGORIES.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Sort By"
            size="small"
            value={sort.key}
            onChange={(e) =>
              update({ sort: e.target.value === PROPERTY_SORTS[0].key ? null : e.target.value, page: null })
            }
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            {PROPERTY_SORTS.map((s) => (
              <MenuItem key={s.key} value={s.key}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <Typography aria-live="polite" sx={{ flexGrow: 1, textAlign: { sm: 'right' } }}>
            {isPending || isError ? '' : MESSAGES.recordsFound(total, !!data?.total_is_estimate)}
          </Typography>
          {isFetching && <CircularProgress size={20} aria-label={MESSAGES.loading} />}
          <ViewsMenu listKey={listKey} views={views} />
          <ExportButton call={propertyListQuery.call} params={params} disabled={total === 0} />
          {selecting && rows.length > 0 && (
            <FormControlLabel
              control={<Checkbox checked={selection.pageSelected} onChange={selection.togglePage} />}
              label="Select this page"
            />
          )}
        </Box>
        <ListingFilterChips filter={filter} update={update} />
      </Paper>
      {selecting && (
        <BulkBar
          selection={selection}
          total={total}
          matching={matching}
          actions={bulkActions}
          exportCall={propertyListQuery.call}
          noun="listings"
        />
      )}

      {isError && !isFetching ? (
        <Paper sx={{ p: 2 }}>
          <LoadFailed error={error} onRetry={() => void refetch()} />
        </Paper>
      ) : !isPending && !isError && rows.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{MESSAGES.noData}</Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          aria-label="Properties"
          sx={cardListSx({
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          })}
        >
          {rows.map((row) => (
            <Box component="li" key={row.id}>
              <PropertyCardView
                row={row}
                onEdit={has('Edit Property') ? () => void navigate(propertyFormPath(row.id)) : undefined}
                onMedia={has('Property Image') ? () => void navigate(propertyMediaPath(row.id)) : undefined}
                onDelete={
                  row.status === 'Suspended' && has('Delete Property')
                    ? () => setAsk({ row, open: true })
                    : undefined
                }
                selected={selection.isSelected(row.id)}
                onSelect={selecting ? () => selection.toggle(row.id) : undefined}
              />
            </Box>
          ))}
        </Box>
      )}

      <Paper sx={{ mt: 2 }}>
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, page - 1)}
          onPageChange={(_, p) => update({ page: p + 1 })}
          rowsPerPage={size}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => update({ size: Number(e.target.value), page: null })}
          labelRowsPerPage="Properties per page"
          sx={PAGINATION_FITS}
        />
      </Paper>

      <ConfirmDialog
        open={!!ask?.open}
        title={`Delete Property : ${ask?.row.property_name ?? ''}`}
        text={MESSAGES.confirmDeleteProperty}
        onCancel={closeAsk}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BathtubIcon from '@mui/icons-material/Bathtub';
import BedIcon from '@mui/icons-material/Bed';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LayersIcon from '@mui/icons-material/Layers';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZES,
  PRODUCT_CATEGORY,
  SEARCH_TEXT_MAX,
  propertyApi,
  type PropertyStatus,
  type RequestOf,
} from '@app/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDebouncedSearch, useUrlParams } from '../../lib/urlState.ts';
import { apiGet } from '../../lib/api.ts';
import { useApiMutation } from '../../lib/mutations.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { propertyFormPath, propertyMediaPath } from './api.ts';
import { cardListSx, PROPERTY_SORTS, type PropertyCard } from './listing.ts';

/** Product category filter: the spec's two categories (1 For Rent, 3 For Sale), or all. */
const CATEGORIES = [
  { value: '', label: 'All' },
  { value: String(PRODUCT_CATEGORY.ForRent), label: 'For Rent' },
  { value: String(PRODUCT_CATEGORY.ForSale), label: 'For Sale' },
] as const;

const STATUS_COLOURS: Record<PropertyStatus, 'success' | 'warning' | 'info' | 'default' | 'error'> = {
  Open: 'success',
  Pending: 'warning',
  Sold: 'info',
  Occupied: 'info',
  Archived: 'default',
  Suspended: 'error',
};

/** The listing's state lives in the URL (back from the form lands on the same page). */
function useListState() {
  const [params, update] = useUrlParams();
  const rawPage = Number(params.get('page'));
  const rawSize = Number(params.get('size'));
  const rawSort = params.get('sort') ?? '';
  const rawCategory = params.get('category') ?? '';
  const state = {
    page: Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1,
    size: (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE,
    sort: PROPERTY_SORTS.find((s) => s.key === rawSort) ?? PROPERTY_SORTS[0],
    category: CATEGORIES.some((c) => c.value === rawCategory) ? rawCategory : '',
    q: params.get('q') ?? '',
  };
  return { ...state, update };
}

/** Property List (Property > Property List): server-paged cards with search, category and sort. */
export default function PropertyListPage() {
  const { has } = usePermissions();
  const navigate = useNavigate();
  const { page, size, sort, category, q, update } = useListState();

  const [input, setInput] = useDebouncedSearch(q, update);

  const params = {
    page,
    itemsPerPage: size,
    sortColumn: sort.column,
    sortOrder: sort.order,
    searchText: q,
    product_category_id: category || undefined,
  } satisfies RequestOf<typeof propertyApi.allproperty>;
  const { data, isFetching, isPending } = useQuery({
    queryKey: [propertyApi.allproperty.name, params],
    queryFn: ({ signal }) => apiGet(propertyApi.allproperty, params, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.resultData.data ?? [];
  const total = data?.resultData.total ?? 0;

  const remove = useApiMutation(propertyApi.deleteproperty, [propertyApi.allproperty]);
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
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(propertyFormPath())}>
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
            {isPending ? '' : MESSAGES.recordsFound(total, !!data?.resultData.total_is_estimate)}
          </Typography>
          {isFetching && <CircularProgress size={20} aria-label={MESSAGES.loading} />}
          <ExportButton call={propertyApi.allproperty} params={params} disabled={total === 0} />
        </Box>
      </Paper>

      {!isPending && rows.length === 0 ? (
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

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: unknown }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} title={label}>
      {icon}
      <Typography variant="body2">
        <Box
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {label}:{' '}
        </Box>
        {value === null || value === undefined || value === '' ? '–' : String(value)}
      </Typography>
    </Box>
  );
}

function PropertyCardView({
  row,
  onEdit,
  onMedia,
  onDelete,
}: {
  row: PropertyCard;
  onEdit?: () => void;
  onMedia?: () => void;
  onDelete?: () => void;
}) {
  const phones = [row.agent_phone_1, row.agent_phone_2].filter(Boolean).join(', ');
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ display: 'flex', gap: 2, p: 2, pb: 0 }}>
        {row.image ? (
          <Box
            component="img"
            src={row.image}
            alt={`Default image of ${row.property_name}`}
            sx={{ width: 128, height: 96, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        ) : (
          <Box
            role="img"
            aria-label="No image"
            sx={{
              width: 128,
              height: 96,
              borderRadius: 1,
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <HomeWorkIcon fontSize="large" />
          </Box>
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Typography
              variant="h6"
              component="h2"
              sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {row.property_name}
            </Typography>
            <Chip size="small" label={row.status} color={STATUS_COLOURS[row.status]} variant="outlined" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.slug}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 0.5 }}>
            {row.property_headline}
          </Typography>
        </Box>
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography
          variant="body2"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {row.property_description}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Agent: {row.agent_name || '–'}
          {phones ? ` · ${phones}` : ''}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Fact icon={<BedIcon fontSize="small" aria-hidden />} label="Bedrooms" value={row.no_bedrooms} />
          <Fact icon={<BathtubIcon fontSize="small" aria-hidden />} label="Toilets" value={row.no_toilets} />
          <Fact
            icon={<LayersIcon fontSize="small" aria-hidden />}
            label="Floor"
            value={row.select_floor_level}
          />
        </Stack>
      </CardContent>
      {(onEdit || onMedia || onDelete) && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          {onEdit && (
            <Button
              size="small"
              startIcon={<EditIcon />}
              onClick={onEdit}
              aria-label={`Edit ${row.property_name}`}
            >
              Edit
            </Button>
          )}
          {onMedia && (
            <Button
              size="small"
              startIcon={<PermMediaIcon />}
              onClick={onMedia}
              aria-label={`Images of ${row.property_name}`}
            >
              Images
            </Button>
          )}
          {onDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={onDelete}
              aria-label={`Delete ${row.property_name}`}
            >
              Delete
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

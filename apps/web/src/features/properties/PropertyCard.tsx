import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BathtubIcon from '@mui/icons-material/Bathtub';
import BedIcon from '@mui/icons-material/Bed';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LayersIcon from '@mui/icons-material/Layers';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import { PRODUCT_CATEGORY, type PropertyStatus } from '@app/contract';
import { formatMoney, shownValue } from '../../lib/format.ts';
import { SR_ONLY } from '../../lib/sr-only.ts';
import type { PropertyCard } from './listing.ts';

const STATUS_COLOURS: Record<PropertyStatus, 'success' | 'warning' | 'info' | 'default' | 'error'> = {
  Open: 'success',
  Pending: 'warning',
  Sold: 'info',
  Occupied: 'info',
  Archived: 'default',
  Suspended: 'error',
};

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: unknown }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} title={label}>
      {icon}
      <Typography variant="body2">
        <Box component="span" sx={SR_ONLY}>
          {label}:{' '}
        </Box>
        {shownValue(value)}
      </Typography>
    </Box>
  );
}

/** Price (a month, a week… for a rental), category and type, town and province. */
function Essentials({ row }: { row: PropertyCard }) {
  const rent = row.product_category_id === PRODUCT_CATEGORY.ForRent;
  const unit = row.rental_pricing_unit ? row.rental_pricing_unit.toLowerCase() : 'month';
  const price = formatMoney(row.price);
  return (
    <Box sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {price ? `${price}${rent ? ` a ${unit}` : ''}` : 'Price not given'}
      </Typography>
      <Typography variant="body2">
        {shownValue([row.product_category_name, row.property_type].filter(Boolean).join(' · '))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {shownValue([row.town_name, row.province_name].filter(Boolean).join(', '))}
      </Typography>
    </Box>
  );
}

/** A listing as a card of the Property List: image, name, status, agent, facts and its actions. */
export function PropertyCardView({
  row,
  onEdit,
  onMedia,
  onDelete,
  selected,
  onSelect,
}: {
  row: PropertyCard;
  onEdit?: () => void;
  onMedia?: () => void;
  onDelete?: () => void;
  /** With `onSelect`, the card has a checkbox choosing it for a bulk action. */
  selected?: boolean;
  onSelect?: () => void;
}) {
  const phones = [row.agent_phone_1, row.agent_phone_2].filter(Boolean).join(', ');
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {/* The name and facts go under the image when fewer than 240 px are left beside it (a phone, or two
          columns beside the open menu): there they had a few letters a line. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 0 }}>
        {onSelect && (
          <Checkbox
            checked={!!selected}
            onChange={onSelect}
            slotProps={{ input: { 'aria-label': `Select ${row.property_name}` } }}
            sx={{ alignSelf: 'flex-start', m: -1, mr: -1.5 }}
          />
        )}
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
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
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
          <Essentials row={row} />
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
          Agent: {shownValue(row.agent_name)}
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

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { PROPERTY_STATUSES, RENTALS_EXPIRING_MAX_DAYS, type PropertyStatus } from '@app/contract';
import type { PropertyListFilter } from '../../lib/paths.ts';
import type { UrlParamChanges } from '../../lib/url-state.ts';

/**
 * The Property List's filters a link brings in its URL (the home page's figures: status, rentals
 * expiring, your open listings), checked: an unknown value is no filter.
 */
export function readListingFilter(params: URLSearchParams): PropertyListFilter {
  const status = params.get('status') ?? '';
  const days = Number(params.get('rental_expires_within') ?? '');
  return {
    ...((PROPERTY_STATUSES as readonly string[]).includes(status) && { status: status as PropertyStatus }),
    ...(Number.isInteger(days) &&
      days >= 1 &&
      days <= RENTALS_EXPIRING_MAX_DAYS && { rental_expires_within: days }),
    ...(params.get('own_open') === '1' && { own_open: true as const }),
  };
}

/** Each filter in force, in words, with a way to remove it. */
export function ListingFilterChips({
  filter,
  update,
}: {
  filter: PropertyListFilter;
  update: (changes: UrlParamChanges) => void;
}) {
  const chips = [
    filter.status && { param: 'status', label: `Status: ${filter.status}` },
    filter.rental_expires_within && {
      param: 'rental_expires_within',
      label: `Rental expires within ${filter.rental_expires_within} days`,
    },
    filter.own_open && { param: 'own_open', label: 'Your open listings (they count against your limit)' },
  ].filter((chip) => !!chip);
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 2 }}
    >
      {chips.map((chip) => (
        <li key={chip.param}>
          <Chip
            label={chip.label}
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => update({ [chip.param]: null, page: null })}
            onDelete={() => update({ [chip.param]: null, page: null })}
            sx={{ maxWidth: '100%' }}
          />
        </li>
      ))}
    </Box>
  );
}

import type { PropertyListRow, PropertySortColumn } from '@app/contract';

/** A card of the property listing: a row of `allproperty`, as the contract declares it. */
export type PropertyCard = PropertyListRow;

/** The listing's sort choices (columns of the contract's PROPERTY_SORT_COLUMNS): newest first by default. */
export const PROPERTY_SORTS = [
  { key: 'newest', label: 'Newest first', column: 'date_first_added', order: 'desc' },
  { key: 'oldest', label: 'Oldest first', column: 'date_first_added', order: 'asc' },
  { key: 'name', label: 'Name (A-Z)', column: 'property_name', order: 'asc' },
  { key: 'price-low', label: 'Price (low to high)', column: 'price', order: 'asc' },
  { key: 'price-high', label: 'Price (high to low)', column: 'price', order: 'desc' },
] as const satisfies readonly {
  key: string;
  label: string;
  column: PropertySortColumn;
  order: 'asc' | 'desc';
}[];
export type PropertySort = (typeof PROPERTY_SORTS)[number];

/** A grid of cards laid out as a list (`<ul>` without bullets); `columns` is its grid template. */
export const cardListSx = (columns: string | Record<string, string>) =>
  ({
    listStyle: 'none',
    p: 0,
    m: 0,
    display: 'grid',
    gap: 2,
    gridTemplateColumns: columns,
  }) as const;

import { DEFAULT_PAGE_SIZE } from '@app/contract';
import type { UrlParamChanges } from '../../lib/url-state.ts';

export type SortOrder = 'asc' | 'desc';

/** A table's state as its URL holds it: page (from 1), page size, sort column and order, search text. */
export interface TableState {
  page: number;
  size: number;
  sort: string;
  order: SortOrder;
  q: string;
  /**
   * The sort was chosen (it is in the URL), not the list's default: a search with more than 10,000
   * matches is then sorted as chosen, which may take seconds at millions of rows; else it is answered
   * newest first, at once (decision 59).
   */
  sortChosen: boolean;
}

export interface TableStateRules {
  /** The columns the server may sort by. */
  sortable: ReadonlySet<string>;
  defaultSort: { field: string; order: SortOrder };
  /** Page sizes offered (the URL's size must be one); the default is 7 when offered, else the first. */
  pageSizes: readonly number[];
}

/** The page size a table starts with: DEFAULT_PAGE_SIZE when offered, else the first offered. */
export const defaultPageSize = (pageSizes: readonly number[]): number =>
  pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (pageSizes[0] ?? DEFAULT_PAGE_SIZE);

/** The page (from 1) and page size in the URL params, each checked: an unknown one falls back to the default. */
export function readPaging(get: (name: string) => string | null, pageSizes: readonly number[]) {
  const rawPage = Number(get('page'));
  const rawSize = Number(get('size'));
  return {
    page: Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1,
    size: pageSizes.includes(rawSize) ? rawSize : defaultPageSize(pageSizes),
  };
}

/**
 * Reads a table's state from its (unprefixed) URL params, each value checked: an unknown page, size,
 * sort column or order falls back to the default. A sort column without an order sorts ascending.
 */
export function readTableState(get: (name: string) => string | null, rules: TableStateRules): TableState {
  const { page, size } = readPaging(get, rules.pageSizes);
  const rawSort = get('sort');
  const sortChosen = !!rawSort && rules.sortable.has(rawSort);
  const sort = sortChosen ? rawSort : rules.defaultSort.field;
  const rawOrder = get('order');
  const order: SortOrder =
    rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : rawSort ? 'asc' : rules.defaultSort.order;
  return { page, size, sort, order, q: get('q') ?? '', sortChosen };
}

/**
 * The URL change of a click on a sortable header: it cycles ascending, descending, ascending; a new
 * column starts ascending; either way back to page 1.
 */
export function sortChange(state: Pick<TableState, 'sort' | 'order'>, field: string): UrlParamChanges {
  const order: SortOrder = field === state.sort && state.order === 'asc' ? 'desc' : 'asc';
  return { sort: field, order, page: null };
}

/** The query a table asks the server for: its state and any extra filters. */
export const tableParams = (
  state: TableState,
  extra?: Record<string, string | number | boolean | null | undefined>,
) => ({
  page: state.page,
  itemsPerPage: state.size,
  sortColumn: state.sort,
  sortOrder: state.order,
  searchText: state.q,
  ...(state.sortChosen ? {} : { broadOrder: 'newest' }),
  ...extra,
});

/** The URL change that keeps the shown sort as a choice: a broad search is then sorted, not newest first. */
export const sortKept = (state: Pick<TableState, 'sort' | 'order'>): UrlParamChanges => ({
  sort: state.sort,
  order: state.order,
  page: null,
});

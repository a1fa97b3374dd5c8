import { z } from 'zod';
import { coercedNumber, searchText } from './common.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants.ts';

/**
 * The list contract shared by every paged call. `sortColumns` is the list's whitelist: the first
 * entry is its default sort; anything else is a 400.
 */
export interface ListQueryOptions {
  /** Page sizes the list offers; the first is the default (7, 15, 25, 50 unless a list says otherwise). */
  pageSizes?: readonly number[];
  defaultOrder?: 'asc' | 'desc';
  /**
   * Names old screens send for a sort this list has no column of (their default sorts), each mapped to
   * the nearest sort column. Like the columns, they are matched without regard to case.
   */
  sortAliases?: Readonly<Record<string, string>>;
}

/**
 * The sortColumn parameter: one of `sortColumns` or `sortAliases`, in any case (the old server sorted by
 * MySQL column names, which ignore case), answered as the column it names; blank is the default.
 */
function sortColumnOf<const C extends readonly [string, ...string[]]>(
  sortColumns: C,
  sortAliases: Readonly<Record<string, string>>,
) {
  const named = new Map<string, C[number]>();
  for (const [name, column] of [...sortColumns.map((c) => [c, c]), ...Object.entries(sortAliases)]) {
    if (!sortColumns.includes(column!)) throw new Error(`Sort alias ${name} names no sort column`);
    if (named.has(name!.toLowerCase())) throw new Error(`Sort column ${name} is declared twice`);
    named.set(name!.toLowerCase(), column as C[number]);
  }
  const error = `sortColumn must be one of ${sortColumns.join(', ')}`;
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const name = v.trim();
      return name ? (named.get(name.toLowerCase()) ?? name) : undefined;
    },
    z.enum(sortColumns, { error }).default(sortColumns[0] as C[number]),
  );
}

/** How a search with more than 10,000 matches may be ordered (listQuery's `broadOrder`). */
export const BROAD_ORDERS = ['sorted', 'newest'] as const;

export const listQuery = <const C extends readonly [string, ...string[]]>(
  sortColumns: C,
  { pageSizes = PAGE_SIZES, defaultOrder = 'asc', sortAliases = {} }: ListQueryOptions = {},
) => {
  const sizes = `itemsPerPage must be one of ${pageSizes.join(', ')}`;
  return z.object({
    page: coercedNumber('page must be a number', (n) => n.int().min(1).max(1_000_000).default(1)),
    itemsPerPage: coercedNumber(sizes, (n) =>
      n
        .refine((size) => pageSizes.includes(size), { message: sizes })
        .default(pageSizes === PAGE_SIZES ? DEFAULT_PAGE_SIZE : pageSizes[0]!),
    ),
    sortColumn: sortColumnOf(sortColumns, sortAliases),
    sortOrder: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }))
      .default(defaultOrder),
    searchText: searchText().default(''),
    /**
     * The order of a search with more than 10,000 matches: `sorted` (the default, what old
     * clients get) in the sort asked for, which at millions of rows may take a second; `newest` the
     * newest matches first, at once, answered with `newest_first` (decision 59).
     */
    broadOrder: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(BROAD_ORDERS, { error: 'broadOrder must be sorted or newest' }))
      .default('sorted'),
  });
};
export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

export interface Page<T> {
  data: T[];
  /**
   * Exact up to 10,000 rows; beyond, PostgreSQL's estimate, with `total_is_estimate` (also set on
   * Suspected Duplicates' total sampled over dates of many listings, decision 123).
   */
  total: number;
  total_is_estimate?: true;
  /** Set when a broad search asked for `broadOrder=newest` was answered newest first, not sorted. */
  newest_first?: true;
  current_page: number;
  per_page: number;
  last_page: number;
}

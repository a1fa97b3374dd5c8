import { useDebouncedSearch, useUrlParams } from '../../lib/url-state.ts';
import { readTableState, sortChange, sortKept, type TableStateRules } from './table-state.ts';

/**
 * A table's page, size, sort and search, kept in the URL (each name after `prefix`, for a screen with
 * more than one table): the state read and checked, the search box's debounced text, and the changes
 * a table makes.
 */
export function useTableUrlState(prefix: string, rules: TableStateRules) {
  const [searchParams, update] = useUrlParams(prefix);
  const state = readTableState((name) => searchParams.get(`${prefix}${name}`), rules);
  // The search box's text, debounced into `q`; it follows the URL when that changes (Back/Forward).
  const [input, setInput] = useDebouncedSearch(state.q, update);
  return {
    ...state,
    input,
    setInput,
    sortBy: (field: string) => update(sortChange(state, field)),
    /** Sorts a broad search answered newest first by the sort shown (decision 59). */
    keepSort: () => update(sortKept(state)),
    goToPage: (page: number) => update({ page }),
    setSize: (size: number) => update({ size, page: null }),
  };
}

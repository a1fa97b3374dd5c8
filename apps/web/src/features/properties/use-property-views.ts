import { useQuery } from '@tanstack/react-query';
import type { SavedView, ViewState } from '@app/contract';
import { savedViewsQuery } from '../../components/server-table/use-table-views.ts';
import { filterValues } from '../../components/server-table/view-state.ts';
import type { ListViews } from '../../components/server-table/ViewsMenu.tsx';
import type { PropertyListFilter } from '../../lib/paths.ts';
import type { UrlParamChanges } from '../../lib/url-state.ts';
import { PROPERTY_SORTS, type PropertySort } from './listing.ts';

/** Cards have no columns to choose; a view names one all the same (every view keeps its columns). */
const CARDS = ['cards'];
/** The URL's filters a Property List view keeps. */
const FILTERS = ['category', 'status', 'rental_expires_within', 'own_open'] as const;

interface PropertyListState {
  q: string;
  sort: PropertySort;
  size: number;
  category: string;
  filter: PropertyListFilter;
}

/** The Property List's saved views: its search, sort, page size, category and filters, from the URL. */
export function usePropertyViews(
  listKey: string,
  list: PropertyListState,
  update: (changes: UrlParamChanges) => void,
): ListViews {
  const query = useQuery(savedViewsQuery(listKey));
  const current: ViewState = {
    search: list.q,
    sort: list.sort.key,
    order: list.sort.order,
    page_size: list.size,
    columns: CARDS,
    filters: filterValues({
      category: list.category,
      status: list.filter.status,
      rental_expires_within: list.filter.rental_expires_within,
      own_open: list.filter.own_open ? '1' : undefined,
    }),
  };
  const apply = ({ state }: SavedView) => {
    const sort = PROPERTY_SORTS.find((s) => s.key === state.sort && s.key !== PROPERTY_SORTS[0].key);
    const changes: UrlParamChanges = {
      q: state.search,
      sort: sort?.key ?? null,
      size: state.page_size,
      page: null,
    };
    for (const name of FILTERS) changes[name] = state.filters[name] ?? null;
    update(changes);
  };
  return { views: query.data?.views ?? [], current, apply };
}

import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedViewApi, type AnswerOf, type SavedView, type ViewState } from '@app/contract';
import { apiPost, type QueryParams } from '../../lib/api.ts';
import { callKey, callQuery } from '../../lib/queries.ts';
import { useUrlParams, type UrlParamChanges } from '../../lib/url-state.ts';
import type { ColumnDef } from './columns.ts';
import { filterValues, shownColumns } from './view-state.ts';
import type { TableState } from './table-state.ts';

type ViewsAnswer = AnswerOf<typeof savedViewApi.savedViews>;

/** The query of the caller's saved views and hidden columns of a list. */
export const savedViewsQuery = (listKey: string) => callQuery(savedViewApi.savedViews, { list_key: listKey });

/**
 * A table's saved views and column choice (docs/decisions/0046-saved-views.md): the caller's views of
 * the list, the columns shown, the current state as a view would keep it, and applying a view, which
 * sets the URL's search, sort, size and filters and shows the view's columns.
 */
export function useTableViews<R>(
  listKey: string,
  prefix: string,
  columns: ColumnDef<R>[],
  table: TableState,
  extraParams: QueryParams | undefined,
) {
  const queryClient = useQueryClient();
  const query = useQuery(savedViewsQuery(listKey));
  const [, update] = useUrlParams();
  const hiddenKey = (query.data?.hidden_columns ?? []).join('\n');
  const shown = useMemo(() => shownColumns(columns, hiddenKey.split('\n')), [columns, hiddenKey]);

  const key = callKey(savedViewApi.savedViews, { list_key: listKey });
  const saveColumns = useMutation({
    mutationFn: (hiddenColumns: string[]) =>
      apiPost(savedViewApi.saveListColumns, { list_key: listKey, hidden_columns: hiddenColumns }),
    onMutate: (hiddenColumns) =>
      queryClient.setQueryData<ViewsAnswer>(key, (old) => ({
        views: old?.views ?? [],
        hidden_columns: hiddenColumns,
      })),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const setShown = (fields: readonly string[]) =>
    saveColumns.mutate(columns.filter((c) => !fields.includes(c.field)).map((c) => c.field));

  const current: ViewState = {
    search: table.q,
    sort: table.sort,
    order: table.order,
    page_size: table.size,
    columns: shown.map((c) => c.field),
    filters: filterValues(extraParams),
  };

  const apply = (view: SavedView) => {
    const { state } = view;
    const changes: UrlParamChanges = {
      [`${prefix}q`]: state.search,
      [`${prefix}sort`]: state.sort,
      [`${prefix}order`]: state.order,
      [`${prefix}size`]: state.page_size,
      [`${prefix}page`]: null,
    };
    for (const name of Object.keys(current.filters)) changes[name] = null;
    Object.assign(changes, state.filters);
    update(changes);
    const known = state.columns.filter((f) => columns.some((c) => c.field === f));
    setShown(known.length > 0 ? known : columns.map((c) => c.field));
  };

  return { views: query.data?.views ?? [], shown, setShown, current, apply };
}

export type TableViews<R> = ReturnType<typeof useTableViews<R>>;

import { useState } from 'react';

/** What a bulk action is for: the chosen rows, or every row the list shows for its query. */
export type BulkSelection = { ids: number[] } | { matching: Record<string, unknown> };

interface State {
  /** The list's query the selection belongs to: another search or filter starts afresh. */
  key: string;
  ids: ReadonlySet<number>;
  /** Every row matching the query (the server resolves them through the list). */
  all: boolean;
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/**
 * Rows chosen across pages by their ids, or every row matching (`all`). `queryKey` names the list's
 * search and filters: when it changes, nothing is selected.
 */
export function useRowSelection(pageIds: readonly number[], queryKey: string) {
  const [saved, setSaved] = useState<State>({ key: queryKey, ids: new Set(), all: false });
  const fresh = (): State => ({ key: queryKey, ids: new Set(), all: false });
  const state: State = saved.key === queryKey ? saved : fresh();
  // Each change reads the state it changes (not this render's), so quick clicks all count.
  const change = (next: (current: State) => Pick<State, 'ids' | 'all'>) =>
    setSaved((prev) => ({ key: queryKey, ...next(prev.key === queryKey ? prev : fresh()) }));
  const pageSelected = state.all || (pageIds.length > 0 && pageIds.every((id) => state.ids.has(id)));
  return {
    ids: state.ids,
    all: state.all,
    pageSelected,
    isSelected: (id: number) => state.all || state.ids.has(id),
    toggle: (id: number) =>
      change((current) => {
        const ids = new Set(current.all ? pageIds : current.ids);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { ids, all: false };
      }),
    togglePage: () =>
      change((current) => {
        const selectedAll = current.all || pageIds.every((id) => current.ids.has(id));
        const ids = new Set(current.all ? [] : current.ids);
        for (const id of pageIds) {
          if (selectedAll) ids.delete(id);
          else ids.add(id);
        }
        return { ids, all: false };
      }),
    selectAllMatching: () => change(() => ({ ids: new Set(), all: true })),
    clear: () => change(() => ({ ids: new Set(), all: false })),
    /** How many rows are selected, of `total` matching. */
    count: (total: number) => (state.all ? total : state.ids.size),
    /** The selection as a bulk call takes it; `matching` is the list's query (search and filters). */
    toRequest: (matching: Record<string, unknown>): BulkSelection =>
      state.all ? { matching } : { ids: [...state.ids] },
  };
}

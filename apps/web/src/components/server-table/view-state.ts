import type { QueryParams } from '../../lib/api.ts';
import type { ColumnDef } from './columns.ts';

/** A list's extra filters as a view keeps them: the ones set, as text. */
export const filterValues = (extra: QueryParams | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(extra ?? {})
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * The columns a table shows when these are hidden. A choice that hides every column of today's list
 * (columns renamed since) shows them all; with only fixed widths left the rows would stop short of the
 * table's edge, so the last one stretches.
 */
export function shownColumns<R>(columns: ColumnDef<R>[], hidden: readonly string[]): ColumnDef<R>[] {
  const kept = columns.filter((c) => !hidden.includes(c.field));
  if (kept.length === 0 || kept.length === columns.length) return columns;
  if (kept.some((c) => c.flex && c.width === undefined)) return kept;
  const last = kept[kept.length - 1]!;
  return [...kept.slice(0, -1), { ...last, flex: 1, minWidth: last.width ?? 100, width: undefined }];
}

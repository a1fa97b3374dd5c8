/**
 * The list engine: a paged list's spec (spec.ts), its queries (page.ts), how a page is found and
 * counted (run.ts: runList) and its whole rows as an .xlsx (export.ts).
 */
export type { ExportColumn, ListSpec } from './spec.ts';
export { EXACT_COUNT_LIMIT, escapeLike, listQueries, searchCondition } from './page.ts';
export { runList } from './run.ts';
export { HIT_CANDIDATES, listHits, type HitSpec } from './hits.ts';
export { streamExport } from './export.ts';
export { narrowedTo, selectedKeys } from './selection.ts';

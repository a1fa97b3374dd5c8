/**
 * The list engine: a paged list's spec (spec.ts), its pages (page.ts: runList plans the page and the
 * count) and its whole rows as an .xlsx (export.ts).
 */
export type { ExportColumn, ListSpec } from './spec.ts';
export { EXACT_COUNT_LIMIT, escapeLike, listQueries, runList, searchCondition } from './page.ts';
export { listHits, type HitSpec } from './hits.ts';
export { streamExport } from './export.ts';
export { narrowedTo, selectedKeys } from './selection.ts';

import type { AliasedExpression, Expression, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { CallContext } from '../call-context.ts';
import type { SessionUser } from '../session.ts';

/** Rows of (sort, id), as a subquery. */
export type AliasableRows = RawBuilder<{ sort: unknown; id: number }>;

export interface ExportColumn {
  key: string;
  header: string;
  /**
   * Dates ('YYYY-MM-DD') and datetimes (timestamps) become real Excel dates showing Manila wall-clock
   * values; numbers numbers; links and text text.
   */
  type?: 'text' | 'number' | 'money' | 'date' | 'datetime' | 'link';
  width?: number;
  /** Words shown in the sheet for stored values (a status code). */
  labels?: Readonly<Record<string, string>>;
}

/** What a list's query is built from: the call's context, and while searching the ids of `searchIds`. */
export type ListContext<I> = CallContext<I, SessionUser> & { searchIds?: readonly number[] };

/**
 * What a paged list declares: its scoped base query, the whitelist mapping each public sort column
 * to a SQL column, the searched columns and the export sheet. Everything else is generic.
 */
export interface ListSpec<I> {
  envelope: 'resultData' | 'roleData';
  /** The list's rows, scoped; while searching, with the ids `searchIds` looked up. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: (ctx: ListContext<I>) => SelectQueryBuilder<any, any, any>;
  /** Public sort column → SQL column (a reference such as 'u.user_email', or an expression). */
  sort: Record<string, string | Expression<unknown>>;
  /**
   * Searched columns, or a predicate built from the ILIKE pattern (to reach parent tables by index) or
   * from the searched text itself (a listing's search document), and the ids `searchIds` looked up.
   */
  search:
    readonly string[] | ((pattern: string, text: string, ids: readonly number[]) => Expression<SqlBool>);
  /**
   * Ids the search tests a column against, looked up in a small table before the list's statements are
   * built: as values, the planner knows how many rows they find, where from a subquery it must assume
   * many and read the list's rows one by one (decision 69). The query sees them too (`ctx.searchIds`);
   * the lookup sees the call's context (a report's dates, decision 105).
   */
  searchIds?: (ctx: ListContext<I>, pattern: string, text: string) => Promise<readonly number[]>;
  /**
   * The search as a test of each row's own columns, where `search` also gathers candidates through
   * another table's indexes (a subquery read in full before the list's first row): what a walk of the
   * sort order tests the rows it reads with. It must match the rows `search` matches.
   */
  searchRow?: (pattern: string) => Expression<SqlBool>;
  /** The primary key (or keys, in order) ending every ORDER BY, so paging is stable. */
  tieBreaker: string | readonly string[];
  /**
   * While searching, count the matches first (through the search's indexes) and page them by their
   * keys: few are sorted, many are looked for by a bounded walk of the sort order (runList). A plain
   * ORDER BY ... LIMIT walks the sort column's index to the end for a rare term.
   */
  sortMatches?: boolean;
  /**
   * Rows among which are all of a search's matches, in the list's order (`sort`, then `id`), read in
   * that order from their own index (a listing name's words, decision 102): a page of many matches is
   * looked for among them, joined to the list's rows by `on`, before walking the whole sort order or
   * sorting every match. Undefined for a sort or a search it does not serve. `fromIndexes`: every
   * part of the rows is read in order from an index, so the read is planned without sorting (the
   * planner, expecting few matches, would rather fetch and sort them all).
   */
  inOrder?: (
    ctx: ListContext<I>,
  ) => Promise<{ rows: AliasableRows; on: string; fromIndexes?: boolean } | undefined>;
  /**
   * The total when nothing is searched, estimated from a sample where counting every row costs more
   * than the page (each row a pair found by comparing listings, decision 123); undefined to count.
   */
  sampledTotal?: (ctx: ListContext<I>) => Promise<number | undefined>;
  /** A cheaper query with the same row count, used for the total when nothing is searched. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  unfilteredCount?: (ctx: CallContext<I, SessionUser>) => SelectQueryBuilder<any, any, any>;
  /**
   * Costly columns computed only for the rows of the page, not for every row skipped on the way.
   * `idField` is the row field of the tie-breaker; sort columns must be row fields. `join` adds the
   * tables they read to the page (`page`): a wide row is the page's keys joined to the whole record.
   */
  late?: {
    idField: string;
    columns: (page: string, ctx: CallContext<I, SessionUser>) => AliasedExpression<unknown, string>[];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    join?: (page: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
  };
  /**
   * Sort columns from an outer join (a seller's name): no index orders them. Their page is merged from
   * the rows that have the parent (`present`), walked through the parent's index, and the rows that
   * have none (`absent`: the column is null there), walked by the tie-breaker. The sort column and
   * `idField`, the tie-breaker's row field, must be row fields. Only for large results: not when
   * searching, nor when `when` says the viewer's scope is small (a sort of a few rows is cheaper).
   */
  split?: {
    when?: (ctx: CallContext<I, SessionUser>) => boolean;
    idField: string;
    columns: Partial<Record<string, { present: Expression<SqlBool>; absent: Expression<SqlBool> }>>;
  };
  export: { title: string; columns: readonly ExportColumn[] };
}

import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  reportSortColumns,
  type ReportApiCall,
  type ReportQuery,
  type ReportCall,
  type ReportDefinition,
} from '@app/contract';
import type { AnyCall } from '../registry.ts';
import type { CallContext } from '../../lib/call-context.ts';
import type { ListSpec } from '../../lib/list/index.ts';
import { defineList } from '../list-call.ts';
import type { SessionUser } from '../../lib/session.ts';

/** A report's input: the list contract plus its filters, by parameter name. */
export type ReportInput = ReportQuery;
export type ReportContext = CallContext<ReportInput, SessionUser>;

/** What one report declares; the envelope, the input and the sheet come from its definition. */
export type ReportSpec = Omit<ListSpec<ReportInput>, 'envelope' | 'export'>;
export type ReportSpecs = Record<ReportCall, ReportSpec>;

/**
 * The report call of a catalogue entry, from its declaration (reportApi[def.call]): GET /api/{call}
 * and GET /api/{call}/export.
 */
export function reportCall(def: ReportDefinition, call: ReportApiCall, spec: ReportSpec): AnyCall {
  const expected = reportSortColumns(def).sort().join(', ');
  const mapped = Object.keys(spec.sort).sort().join(', ');
  if (mapped !== expected) throw new Error(`${def.call} maps sort columns ${mapped}, not ${expected}`);
  return defineList(call, {
    access: def.permission,
    tag: 'Reports',
    summary: `${def.title}, paged (search: ${def.searchHint.toLowerCase()})`,
    list: {
      sortMatches: true,
      ...spec,
      envelope: 'resultData',
      export: {
        title: def.exportTitle,
        columns: def.columns.map((c) => ({ key: c.field, header: c.header, type: c.type })),
      },
    },
  });
}

/** A filter's value, or undefined when it was not sent. */
export const filterOf = <T = number>(ctx: ReportContext, param: string) => ctx.input[param] as T | undefined;

/** 00:00 in Manila of the day `days` after `day` ('YYYY-MM-DD'), as a timestamptz. */
const manilaMidnight = (day: string, days = 0) =>
  sql`((${day}::date + ${days}::int)::timestamp AT TIME ZONE 'Asia/Manila')`;

/**
 * Moments in the Manila days from `from` to `to`, both inclusive and each optional: half-open
 * timestamptz bounds [from 00:00, to + 1 00:00), so an index on the column serves the range.
 */
export function withinDays(column: string, from: string | undefined, to: string | undefined) {
  const bounds: RawBuilder<SqlBool>[] = [];
  if (from) bounds.push(sql<SqlBool>`${sql.ref(column)} >= ${manilaMidnight(from)}`);
  if (to) bounds.push(sql<SqlBool>`${sql.ref(column)} < ${manilaMidnight(to, 1)}`);
  return bounds.length ? sql<SqlBool>`(${sql.join(bounds, sql` AND `)})` : sql<SqlBool>`true`;
}

/** A timestamptz as its Manila day, 'YYYY-MM-DD' on the wire. */
export const manilaDay = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD')`;

/** Any of the conditions, parenthesised: a search is always ANDed with the filters and the scope. */
export const either = (...conditions: Expression<SqlBool>[]) =>
  sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;

/** Any of the expressions contains the pattern. */
export const anyMatches = (pattern: string, ...expressions: Expression<unknown>[]) =>
  either(...expressions.map((e) => sql<SqlBool>`${e} ILIKE ${pattern}`));

/**
 * The column holds one of the ids the query answers: the rows are found through the column's index
 * (and can join a BitmapOr of the other searched columns), not by joining every row to filter it.
 */
export const oneOf = (column: string, ids: RawBuilder<unknown>) =>
  sql<SqlBool>`${sql.ref(column)} = ANY (ARRAY(${ids}))`;

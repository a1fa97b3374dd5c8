import { z } from 'zod';
import { id, noInput } from './common.ts';
import { listQuery, type ListQuery } from './list-query.ts';
import { listPage, timestamp } from './answers.ts';
import { declareCalls } from './calls.ts';
import { MESSAGES } from './constants.ts';
import type { Permission } from './permissions.ts';
import { PROPERTY_STATUSES, manilaToday } from './property-rules.ts';
import {
  type ReportColumnType,
  type ReportField,
  type ReportFilter,
  type ReportDefinition,
  REPORTS,
  type ReportCall,
} from './report-catalogue.ts';

// What each report takes and answers, derived from its definition (report-catalogue.ts), and the calls.

/** Each field type on the wire: a date is its Manila day, a datetime a moment (ISO). */
const FIELD_TYPES = {
  text: z.string(),
  number: z.number().int(),
  money: z.number(),
  date: z.iso.date(),
  datetime: timestamp,
  link: z.string(),
} as const satisfies Record<ReportColumnType, z.ZodType>;

/**
 * A report's row on the wire, from its catalogue entry: its columns and its row fields, exactly. The
 * server answers through it, so a field the catalogue does not name never leaves the server. The
 * fields keep the order the rows had before they were declared: the row id, the leading row fields,
 * the sortable columns, the other row fields, then the unsortable columns (computed per page).
 */
export function reportRow(def: ReportDefinition) {
  const rowFields: readonly ReportField[] = def.rowFields ?? [];
  const all: readonly ReportField[] = [...def.columns, ...rowFields];
  const rowId = all.find((f) => f.field === def.rowId);
  if (!rowId) throw new Error(`${def.call}: the row id ${def.rowId} is neither a column nor a row field`);
  const fields = [
    rowId,
    ...rowFields.filter((f) => f.lead),
    ...def.columns.filter((c) => c.sortable !== false),
    ...rowFields.filter((f) => !f.lead),
    ...def.columns.filter((c) => c.sortable === false),
  ].filter((f, i, list) => list.findIndex((g) => g.field === f.field) === i);
  return z.object(
    Object.fromEntries(
      fields.map((f) => {
        const type = FIELD_TYPES[f.type ?? 'text'];
        return [f.field, f.nullable ? type.nullable() : type];
      }),
    ),
  );
}
export type ReportRow = z.output<ReturnType<typeof reportRow>>;

/** A report call's answer: one page of its rows. */
export const reportAnswer = (def: ReportDefinition) => z.object({ resultData: listPage(reportRow(def)) });

/** Every sort column a report accepts: its sortable columns and its extra ones. */
export const reportSortColumns = (def: ReportDefinition): [string, ...string[]] => {
  const columns = [
    def.defaultSort.column,
    ...def.columns.filter((c) => c.sortable !== false).map((c) => c.field),
    ...(def.extraSortColumns ?? []),
  ];
  return [...new Set(columns)] as [string, ...string[]];
};

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDate = z
  .string({ error: 'Use a date such as 2026-01-31' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Not a real date');

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

function filterShape(filter: ReportFilter): Record<string, z.ZodType> {
  if (filter.kind === 'dateRange') {
    const date = filter.optional
      ? z.preprocess(blankToUndefined, isoDate.optional())
      : z.preprocess(blankToUndefined, isoDate.optional()).transform((v) => v ?? manilaToday());
    return { [filter.from]: date, [filter.to]: date };
  }
  const value: z.ZodType<unknown, unknown> =
    'values' in filter.source
      ? z.enum(filter.source.values as [string, ...string[]], {
          error: `${filter.param} must be one of ${filter.source.values.join(', ')}`,
        })
      : id;
  return {
    [filter.param]:
      filter.required && !filter.allWhenAbsent
        ? z.preprocess(
            blankToUndefined,
            z
              .any()
              .refine((v) => v !== undefined, MESSAGES.required)
              .pipe(value),
          )
        : z.preprocess(blankToUndefined, value.optional()),
  };
}

/**
 * The input of a report call: the list contract (page, itemsPerPage, sortColumn, sortOrder,
 * searchText) plus its filters. A date range whose start is after its end is refused on its `to` field.
 */
/** A report's parsed input: the list fields, and its filters by parameter name. */
export type ReportQuery = ListQuery & Record<string, unknown>;

export function reportQuery(def: ReportDefinition): z.ZodType<ReportQuery> {
  // Filters are typed by name only (ReportQuery's index signature); the list fields keep their types.
  const shape = Object.assign({}, ...(def.filters ?? []).map(filterShape)) as Record<never, z.ZodType>;
  const ranges = (def.filters ?? []).filter((f) => f.kind === 'dateRange');
  return listQuery(reportSortColumns(def), {
    pageSizes: def.pageSizes,
    defaultOrder: def.defaultSort.order,
    sortAliases: def.sortAliases,
  })
    .extend(shape)
    .superRefine((v, ctx) => {
      const values: Record<string, unknown> = v;
      for (const r of ranges) {
        const from = values[r.from];
        const to = values[r.to];
        if (typeof from === 'string' && typeof to === 'string' && from > to)
          ctx.addIssue({ code: 'custom', path: [r.to], message: MESSAGES.dateRangeOrder });
      }
    });
}

/** The overview: listings and users at a glance, each figure a link to the report that lists it. */
export const OVERVIEW = {
  slug: 'overview',
  title: 'Reports Overview',
  call: 'getReportsOverview',
  permission: 'Reports Overview',
  weeks: 12,
  topProvinces: 10,
} as const satisfies { permission: Permission } & Record<string, unknown>;

const weekCount = z.object({ week_start: z.iso.date(), week_end: z.iso.date(), count: z.number().int() });

/** getReportsOverview's answer (in resultData). */
export const reportsOverview = z.object({
  /** Every status, zeros included, in PROPERTY_STATUSES order. */
  by_status: z.array(z.object({ status: z.enum(PROPERTY_STATUSES), count: z.number().int() })),
  /** Every product category (active or not) that has listings, plus zeros for active ones. */
  by_category: z.array(
    z.object({
      product_category_id: z.number().int(),
      product_category_name: z.string(),
      count: z.number().int(),
    }),
  ),
  /** The last `weeks` weeks (Monday to Sunday, Manila), oldest first, zeros included. */
  new_listings_per_week: z.array(weekCount),
  new_users_per_week: z.array(weekCount),
  /** Provinces with the most listings, most first (at most `topProvinces`). */
  top_provinces: z.array(
    z.object({ province_id: z.number().int(), province_name: z.string(), count: z.number().int() }),
  ),
});
export type ReportsOverview = z.output<typeof reportsOverview>;
export const reportsOverviewAnswer = z.object({ resultData: reportsOverview });

/** A report's call, declared from its catalogue entry: its filters in, a page of its rows out. */
const reportDeclaration = (def: ReportDefinition) => ({
  method: 'GET' as const,
  input: reportQuery(def),
  response: reportAnswer(def),
});

/**
 * Every report's call by its wire name (GET /api/{call}, and /export), declared once from the
 * catalogue. A catalogue entry reaches its own with reportApi[def.call], or reportCallOf(def) when
 * its `call` is only known as a string.
 */
export const reportApi = declareCalls(
  Object.fromEntries(REPORTS.map((def) => [def.call, reportDeclaration(def)])) as Record<
    ReportCall,
    ReturnType<typeof reportDeclaration>
  >,
);

/** The overview's call. */
export const overviewApi = declareCalls({
  [OVERVIEW.call]: { method: 'GET', input: noInput, response: reportsOverviewAnswer },
});

/** Any report's declared call (they share one shape: the rows' fields come from the catalogue). */
export type ReportApiCall = (typeof reportApi)[ReportCall];

/** The declared call of a catalogue entry. */
export function reportCallOf(def: ReportDefinition): ReportApiCall {
  const byName: Partial<Record<string, ReportApiCall>> = reportApi;
  const call = byName[def.call];
  if (!call) throw new Error(`${def.call} is not a report of the catalogue`);
  return call;
}

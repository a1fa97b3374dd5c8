import { MESSAGES, REPORTS, type ReportDefinition, type ReportFilter } from '@app/contract';
import { HOME } from '../../lib/paths.ts';

/**
 * The web side of the report catalogue (packages/contract/src/reports.ts): where each report lives,
 * which URL params hold its filters, and links into a report with filters set.
 */
export type ReportSlug = (typeof REPORTS)[number]['slug'];

/** A report's route under /home. */
export const reportPath = (slug: string) => `reports/${slug}`;

export const reportBySlug = (slug: ReportSlug): ReportDefinition =>
  (REPORTS as readonly ReportDefinition[]).find((r) => r.slug === slug)!;

/** Filter values by URL param name ('' = not set). */
export type FilterValues = Record<string, string>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/**
 * The applied filters of a report, from the URL. A missing or malformed value is its default: today
 * for a required date, '' (no limit, not chosen) otherwise.
 */
export function readFilters(def: ReportDefinition, params: URLSearchParams, today: string): FilterValues {
  const values: FilterValues = {};
  for (const f of def.filters ?? []) {
    if (f.kind === 'dateRange') {
      for (const name of [f.from, f.to]) {
        const v = params.get(name) ?? '';
        values[name] = ISO_DATE.test(v) ? v : f.optional ? '' : today;
      }
    } else {
      const v = params.get(f.param) ?? '';
      const ok = 'values' in f.source ? f.source.values.includes(v) : ID.test(v);
      values[f.param] = ok ? v : '';
    }
  }
  return values;
}

/** What is wrong with these values, by param name: a required value missing, a range the wrong way round. */
export function filterErrors(def: ReportDefinition, values: FilterValues): FilterValues {
  const errors: FilterValues = {};
  for (const f of def.filters ?? []) {
    if (f.kind === 'choice') {
      if (f.required && !values[f.param]) errors[f.param] = MESSAGES.required;
      continue;
    }
    const from = values[f.from] ?? '';
    const to = values[f.to] ?? '';
    if (!f.optional && !from) errors[f.from] = MESSAGES.required;
    if (!f.optional && !to) errors[f.to] = MESSAGES.required;
    if (from && to && from > to) errors[f.to] = MESSAGES.dateRangeOrder;
  }
  return errors;
}

const href = (def: ReportDefinition, values: FilterValues) =>
  `${HOME}/${reportPath(def.slug)}?${new URLSearchParams(values).toString()}`;

/** A link to a report with one of its choice filters set; a param the report lacks is a catalogue bug. */
export function choiceLink(def: ReportDefinition, param: string, value: string | number): string {
  const filter = (def.filters ?? []).find(
    (f): f is Extract<ReportFilter, { kind: 'choice' }> => f.kind === 'choice' && f.param === param,
  );
  if (!filter) throw new Error(`Report ${def.slug} has no filter ${param}`);
  return href(def, { [filter.param]: String(value) });
}

/** A link to a report with its date range set. */
export function rangeLink(def: ReportDefinition, from: string, to: string): string {
  const range = (def.filters ?? []).find((f) => f.kind === 'dateRange');
  if (!range) throw new Error(`Report ${def.slug} has no date range`);
  return href(def, { [range.from]: from, [range.to]: to });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declareCalls } from '../src/calls.ts';
import { REPORTS, type ReportDefinition } from '../src/report-catalogue.ts';
import { reportRow } from '../src/reports.ts';

describe('declareCalls', () => {
  const calls = declareCalls({
    GetThing: { method: 'GET', input: z.object({ id: z.number() }), response: z.object({ ok: z.boolean() }) },
    saveThing: { method: 'POST', input: z.object({}), response: z.object({ message: z.string() }) },
  });

  it('names each call by its key, the name on the wire', () => {
    expect(calls.GetThing.name).toBe('GetThing');
    expect(calls.saveThing.name).toBe('saveThing');
  });

  it('keeps the method and the schemas as declared', () => {
    expect(calls.GetThing.method).toBe('GET');
    expect(calls.saveThing.method).toBe('POST');
    expect(calls.GetThing.input.parse({ id: 4 })).toEqual({ id: 4 });
  });
});

describe('reportRow', () => {
  const def: ReportDefinition = {
    slug: 'test',
    title: 'Test',
    call: 'getTestReport',
    permission: 'Audit Log',
    exportTitle: 'Test',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'total', header: 'Total', type: 'number', sortable: false },
      { field: 'added', header: 'Added', type: 'date', nullable: true },
    ],
    rowFields: [{ field: 'row_id', type: 'number' }, { field: 'lead_code', lead: true }, { field: 'note' }],
    defaultSort: { column: 'name', order: 'asc' },
    rowId: 'row_id',
    searchHint: 'Name',
  };
  const row = reportRow(def);

  it('declares the row id, the leading fields, the sortable columns, the other fields, then the computed columns', () => {
    expect(Object.keys(row.shape)).toEqual(['row_id', 'lead_code', 'name', 'added', 'note', 'total']);
  });

  it('types each field as the catalogue says, null only where it is nullable', () => {
    const valid = { row_id: 1, lead_code: 'A', name: 'Cebu', added: null, note: 'x', total: 3 };
    expect(row.parse(valid)).toEqual(valid);
    expect(row.safeParse({ ...valid, total: '3' }).success).toBe(false);
    expect(row.safeParse({ ...valid, name: null }).success).toBe(false);
    expect(row.safeParse({ ...valid, added: '2026-02-30' }).success).toBe(false);
  });

  it('lets no field the catalogue does not name leave the server', () => {
    const parsed = row.parse({
      row_id: 1,
      lead_code: 'A',
      name: 'n',
      added: null,
      note: 'x',
      total: 0,
      password: 's',
    });
    expect(parsed).not.toHaveProperty('password');
  });

  it('refuses a report whose row id is neither a column nor a row field', () => {
    expect(() => reportRow({ ...def, rowId: 'nothing' })).toThrow(
      'getTestReport: the row id nothing is neither a column nor a row field',
    );
  });

  it('builds a row for every report of the catalogue, led by its row id', () => {
    for (const report of REPORTS as readonly ReportDefinition[]) {
      expect(Object.keys(reportRow(report).shape)[0], report.call).toBe(report.rowId);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../src/components/server-table/columns.ts';
import { filterValues, shownColumns } from '../src/components/server-table/view-state.ts';

type Row = Record<string, unknown>;
const COLUMNS: ColumnDef<Row>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
  { field: 'email', headerName: 'E-mail', width: 200 },
  { field: 'created_at', headerName: 'Created', width: 150 },
];
const fields = (columns: ColumnDef<Row>[]) => columns.map((c) => c.field);

describe('shownColumns', () => {
  it('leaves out the hidden columns, in the order of the list', () => {
    expect(fields(shownColumns(COLUMNS, ['email']))).toEqual(['name', 'created_at']);
    expect(shownColumns(COLUMNS, [])).toBe(COLUMNS);
  });

  it('shows every column when the choice hides them all (columns renamed since)', () => {
    expect(shownColumns(COLUMNS, ['name', 'email', 'created_at'])).toBe(COLUMNS);
  });

  it('stretches the last column when only fixed widths are left', () => {
    const shown = shownColumns(COLUMNS, ['name']);
    expect(shown[0]).toEqual(COLUMNS[1]);
    expect(shown[1]).toMatchObject({ field: 'created_at', flex: 1, minWidth: 150, width: undefined });
  });
});

describe('filterValues', () => {
  it('keeps the filters set, as text', () => {
    expect(
      filterValues({ status: 'Pending', province_id: 4, empty: '', none: null, gone: undefined }),
    ).toEqual({
      status: 'Pending',
      province_id: '4',
    });
    expect(filterValues(undefined)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@app/contract';
import {
  defaultPageSize,
  readPaging,
  readTableState,
  sortChange,
  sortKept,
  tableParams,
  type TableStateRules,
} from '../src/components/server-table/table-state.ts';

const RULES: TableStateRules = {
  sortable: new Set(['name', 'created_at']),
  defaultSort: { field: 'created_at', order: 'desc' },
  pageSizes: PAGE_SIZES,
};
const read = (query: string, rules = RULES) => {
  const params = new URLSearchParams(query);
  return readTableState((name) => params.get(name), rules);
};

describe('readTableState', () => {
  it('starts on page 1, at the default size and sort, with no search', () => {
    expect(read('')).toEqual({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
      sort: 'created_at',
      order: 'desc',
      q: '',
      sortChosen: false,
    });
  });

  it('reads what the URL holds', () => {
    const size = PAGE_SIZES.find((s) => s !== DEFAULT_PAGE_SIZE)!;
    expect(read(`page=3&size=${size}&sort=name&order=desc&q=ana`)).toEqual({
      page: 3,
      size,
      sort: 'name',
      order: 'desc',
      q: 'ana',
      sortChosen: true,
    });
  });

  it('falls back from values it does not accept', () => {
    expect(read('page=0&size=13&sort=password&order=up')).toMatchObject({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
      sort: 'created_at',
      // A sort column in the URL without a valid order sorts ascending.
      order: 'asc',
    });
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
  });

  it('sorts a chosen column ascending when the order is missing', () => {
    expect(read('sort=name')).toMatchObject({ sort: 'name', order: 'asc' });
  });
});

describe('readPaging', () => {
  const paging = (query: string, sizes: readonly number[] = PAGE_SIZES) => {
    const params = new URLSearchParams(query);
    return readPaging((name) => params.get(name), sizes);
  };
  it('reads an offered size and a whole page from 1', () => {
    expect(paging('page=4&size=25')).toEqual({ page: 4, size: 25 });
  });
  it('falls back to page 1 and the default size', () => {
    expect(paging('page=-2&size=8')).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(paging('', [25, 50])).toEqual({ page: 1, size: 25 });
  });
});

describe('defaultPageSize', () => {
  it('is DEFAULT_PAGE_SIZE when offered, else the first size offered', () => {
    expect(defaultPageSize(PAGE_SIZES)).toBe(DEFAULT_PAGE_SIZE);
    expect(defaultPageSize([25, 50])).toBe(25);
    expect(defaultPageSize([])).toBe(DEFAULT_PAGE_SIZE);
  });
});

describe('sortChange', () => {
  it('cycles ascending, descending, ascending on one column and back to page 1', () => {
    expect(sortChange({ sort: 'name', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'desc',
      page: null,
    });
    expect(sortChange({ sort: 'name', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
      page: null,
    });
  });

  it('starts a new column ascending', () => {
    expect(sortChange({ sort: 'name', order: 'desc' }, 'created_at')).toMatchObject({ order: 'asc' });
  });
});

describe('tableParams', () => {
  it('is the list request: the state in the server names, and the filters', () => {
    const state = { page: 2, size: 10, sort: 'name', order: 'asc' as const, q: 'x', sortChosen: true };
    expect(tableParams(state, { role: 3 })).toEqual({
      page: 2,
      itemsPerPage: 10,
      sortColumn: 'name',
      sortOrder: 'asc',
      searchText: 'x',
      role: 3,
    });
  });

  it('lets a broad search come newest first while the sort is the default, not once one is chosen', () => {
    expect(tableParams(read('q=maria'))).toMatchObject({ broadOrder: 'newest' });
    expect(tableParams(read('q=maria&sort=name'))).not.toHaveProperty('broadOrder');
  });
});

describe('sortKept', () => {
  it('makes the shown sort a choice, from page 1', () => {
    expect(sortKept({ sort: 'created_at', order: 'desc' })).toEqual({
      sort: 'created_at',
      order: 'desc',
      page: null,
    });
  });
});

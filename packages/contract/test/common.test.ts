import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idList, lookupQuery, status } from '../src/common.ts';
import { listQuery } from '../src/list-query.ts';
import { DEFAULT_PAGE_SIZE, loginRules, MESSAGES } from '../src/constants.ts';
import '../src/zod-messages.ts';

/** The messages of a failed parse. */
const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('listQuery', () => {
  const query = listQuery(['name', 'id', 'created_at'], { sortAliases: { province_name: 'name' } });

  it('fills the defaults: page 1, the default page size, the first sort column, ascending, no search, sorted', () => {
    expect(query.parse({})).toEqual({
      page: 1,
      itemsPerPage: DEFAULT_PAGE_SIZE,
      sortColumn: 'name',
      sortOrder: 'asc',
      searchText: '',
      broadOrder: 'sorted',
    });
  });

  it('takes broadOrder in any case, and refuses another in a sentence', () => {
    expect(query.parse({ broadOrder: ' Newest ' }).broadOrder).toBe('newest');
    const refused = query.safeParse({ broadOrder: 'fastest' });
    expect(refused.error?.issues[0]?.message).toBe('broadOrder must be sorted or newest');
  });

  it('takes page and itemsPerPage from query-string text', () => {
    const q = query.parse({ page: '3', itemsPerPage: '25' });
    expect(q.page).toBe(3);
    expect(q.itemsPerPage).toBe(25);
  });

  it('refuses a page size the list does not offer, naming the ones it does', () => {
    expect(messages(query.safeParse({ itemsPerPage: '10' }))).toEqual([
      'itemsPerPage must be one of 7, 15, 25, 50',
    ]);
  });

  it('refuses page 0 and a page that is not a number', () => {
    expect(query.safeParse({ page: '0' }).success).toBe(false);
    expect(messages(query.safeParse({ page: 'two' }))).toEqual(['page must be a number']);
  });

  it('matches sort columns and sort orders without regard to case', () => {
    const q = query.parse({ sortColumn: 'CREATED_AT', sortOrder: 'DESC' });
    expect(q.sortColumn).toBe('created_at');
    expect(q.sortOrder).toBe('desc');
  });

  it('maps an old sort name (an alias) to its column, in any case', () => {
    expect(query.parse({ sortColumn: 'Province_Name' }).sortColumn).toBe('name');
  });

  it('takes a blank sort column as the default one', () => {
    expect(query.parse({ sortColumn: '  ' }).sortColumn).toBe('name');
  });

  it('refuses a sort column outside the whitelist, listing the whitelist', () => {
    expect(messages(query.safeParse({ sortColumn: 'password' }))).toEqual([
      'sortColumn must be one of name, id, created_at',
    ]);
  });

  it('refuses a sort order other than asc or desc', () => {
    expect(messages(query.safeParse({ sortOrder: 'up' }))).toEqual(['sortOrder must be asc or desc']);
  });

  it("uses a list's own page sizes and default order", () => {
    const own = listQuery(['date'], { pageSizes: [10, 20], defaultOrder: 'desc' });
    expect(own.parse({})).toMatchObject({ itemsPerPage: 10, sortOrder: 'desc' });
    expect(messages(own.safeParse({ itemsPerPage: 7 }))).toEqual(['itemsPerPage must be one of 10, 20']);
  });

  it('refuses, when declared, an alias that names no sort column', () => {
    expect(() => listQuery(['name'], { sortAliases: { old: 'nothing' } })).toThrow(
      'Sort alias old names no sort column',
    );
  });

  it('trims the search text and refuses one over 200 characters', () => {
    expect(query.parse({ searchText: '  Cebu  ' }).searchText).toBe('Cebu');
    expect(messages(query.safeParse({ searchText: 'x'.repeat(201) }))).toEqual(['At most 200 characters']);
  });
});

describe('status', () => {
  it.each([
    ['Active', 'Active'],
    ['active', 'Active'],
    [1, 'Active'],
    ['1', 'Active'],
    [true, 'Active'],
    ['InActive', 'Inactive'],
    ['Inactive', 'Inactive'],
    [0, 'Inactive'],
    [false, 'Inactive'],
    ['false', 'Inactive'],
  ])('reads %j as %s', (sent, meant) => {
    expect(status.parse(sent)).toBe(meant);
  });

  it('refuses anything else with "Status must be Active or Inactive"', () => {
    expect(messages(status.safeParse('Deleted'))).toEqual(['Status must be Active or Inactive']);
    expect(messages(status.safeParse(2))).toEqual(['Status must be Active or Inactive']);
    expect(messages(status.safeParse(null))).toEqual(['Status must be Active or Inactive']);
  });
});

describe('idList', () => {
  it("reads the wire's comma list into distinct ids, in their order", () => {
    expect(idList.parse('4, 7,9,4')).toEqual([4, 7, 9]);
  });

  it('takes arrays and single numbers too', () => {
    expect(idList.parse(['3', 5])).toEqual([3, 5]);
    expect(idList.parse(12)).toEqual([12]);
  });

  it('reads empty, null and missing as none, and drops 0', () => {
    expect(idList.parse('')).toEqual([]);
    expect(idList.parse(null)).toEqual([]);
    expect(idList.parse(undefined)).toEqual([]);
    expect(idList.parse('0,2')).toEqual([2]);
  });

  it('refuses anything but ids', () => {
    expect(messages(idList.safeParse('4,seven'))).toEqual(['Must be a comma-separated list of ids']);
    expect(messages(idList.safeParse('-1'))).toEqual(['Must be a comma-separated list of ids']);
  });
});

describe('lookupQuery', () => {
  it('asks for every row without parameters (as the old clients do)', () => {
    expect(lookupQuery.parse(undefined)).toBeUndefined();
    expect(lookupQuery.parse(null)).toBeNull();
  });

  it('trims the searched text and reads the chosen ids', () => {
    expect(lookupQuery.parse({ searchText: ' Cruz ', ids: '5,2' })).toEqual({
      searchText: 'Cruz',
      ids: [5, 2],
    });
  });

  it('keeps stray parameters rather than refusing them', () => {
    expect(lookupQuery.parse({ provinceId: '3' })).toMatchObject({ provinceId: '3', ids: [] });
  });

  it('refuses a search text over 200 characters', () => {
    expect(lookupQuery.safeParse({ searchText: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('loginRules', () => {
  it('asks for the e-mail address when it is blank', () => {
    expect(loginRules.email('   ')).toBe(MESSAGES.emailRequired);
    expect(MESSAGES.emailRequired).toBe('Email is required');
  });

  it('refuses an address that is not one', () => {
    expect(loginRules.email('juan@')).toBe('Please provide a valid email');
    expect(loginRules.email('juan.delacruz@example')).toBe('Please provide a valid email');
    expect(loginRules.email(`${'a'.repeat(250)}@x.ph`)).toBe('Please provide a valid email');
  });

  it('accepts a valid address, spaces around it included', () => {
    expect(loginRules.email(' juan.delacruz@example.com.ph ')).toBeUndefined();
  });

  it('accepts every address the save rules accept', () => {
    for (const address of ["o'brien+ph@mail.example.com", 'a_b-c@sub.domain.ph']) {
      expect(z.email().safeParse(address).success).toBe(true);
      expect(loginRules.email(address)).toBeUndefined();
    }
  });

  it('requires a password of 1 to 128 characters, and checks nothing else about it', () => {
    expect(loginRules.password('')).toBe('Field is required');
    expect(loginRules.password('x'.repeat(129))).toBe('Field is required');
    expect(loginRules.password('short')).toBeUndefined();
  });
});

describe("the contract's net for checks without a message of their own", () => {
  const said = (schema: z.ZodType, value: unknown) => messages(schema.safeParse(value));

  it('words a strict bound as strict: a positive number is more than 0, not 0 or more', () => {
    expect(said(z.number().positive(), 0)).toEqual(['Must be more than 0']);
    expect(said(z.number().lt(10), 10)).toEqual(['Must be less than 10']);
    expect(said(z.number().min(0), -1)).toEqual(['Must be 0 or more']);
    expect(said(z.number().max(9), 10)).toEqual(['Must be 9 or less']);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { MASTERS, masterCalls, ROLE, UNSTORABLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { agencyPayload, place, savedIdOf, sellerPayload, useTestApp, type Place } from './entity-fixtures.ts';
import { PASSWORD } from './helpers.ts';
import { allRoutes, parametersOf } from './routes.ts';

/**
 * The words of the fields decision 100 finished (decisions 95 and 97 began them): a current password
 * of the wrong kind, a select's id that names no choice, and a NUL character in any free text a
 * client sends, each answered with a 400 that names its field in plain words, never with a 5xx.
 */
const env = useTestApp();
let where: Place;

beforeAll(async () => {
  where = await place(env.t, 'Field words');
});

const STATE = {
  search: '',
  sort: 'full_name',
  order: 'asc',
  page_size: 25,
  columns: ['full_name'],
  filters: {},
};
const NUL = 'a\u0000b';

describe('a password typed to confirm', () => {
  it('sent as a number or a list says it must be text; missing, that it is required', async () => {
    const { email, token } = await env.t.signedIn(ROLE.Agent);
    const change = (current: unknown, confirm: unknown = 'Better123') =>
      env.post(
        'change_password',
        { current_password: current, new_password: 'Better123', confirm_password: confirm },
        token,
      );
    const errorsOf = async (res: ReturnType<typeof change>) => {
      const answer = await res;
      return [answer.statusCode, answer.json().errors];
    };
    expect(await errorsOf(change(12345678))).toEqual([400, { current_password: 'Must be text' }]);
    expect(await errorsOf(change(['Secret123']))).toEqual([400, { current_password: 'Must be text' }]);
    expect(await errorsOf(change(null))).toEqual([400, { current_password: 'Field is required' }]);
    expect(await errorsOf(change(PASSWORD, 12345678))).toEqual([400, { confirm_password: 'Must be text' }]);
    const profile = await env.post(
      'UpdateProfile',
      { firstName: 'Rosa', lastName: 'Santos', email, phone1: '09171234567', verify_password: 12345678 },
      token,
    );
    expect([profile.statusCode, profile.json().errors]).toEqual([400, { verify_password: 'Must be text' }]);
  });
});

describe('a required id from a select', () => {
  /** Calls with a required select, and the field. Every answer is read on that field alone. */
  const SELECTS: [string, string][] = [
    ['saveSeller', 'province_id'],
    ['saveproperty', 'property_type_id'],
    ['SaveUser', 'role_id'],
    [masterCalls(MASTERS.town).save.name, 'provinceId'],
  ];
  const fieldError = async (call: string, field: string, value: unknown) =>
    (await env.post(call, { [field]: value })).json().errors?.[field];

  it.each(SELECTS)(
    '%s: a word or a value no choice has says to choose from the list',
    async (call, field) => {
      for (const value of ['abc', 'x1', -3, 1.5, true, [1]])
        expect(await fieldError(call, field, value), `${field} = ${JSON.stringify(value)}`).toBe(
          'Choose one from the list',
        );
    },
  );

  it.each(SELECTS)(
    '%s: none chosen (absent, empty, null, 0) still says it is required',
    async (call, field) => {
      for (const value of [undefined, '', null, 0, '0'])
        expect(await fieldError(call, field, value), `${field} = ${JSON.stringify(value)}`).toBe(
          'Field is required',
        );
    },
  );

  it('takes an id sent as text, as old clients send it', async () => {
    const agency = await savedIdOf(env, AGENCY, agencyPayload, where, 'Text Ids Realty');
    const payload = sellerPayload(where, 'Text Ids', agency);
    const res = await env.post('saveSeller', {
      ...payload,
      province_id: String(where.province_id),
      town_id: ` ${where.town_id} `,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a NUL character in free text', () => {
  /** Every call that takes a search (lists, their exports, lookups): searchText=a%00b. */
  const searches = allRoutes
    .filter((r) => r.method === 'GET' && r.call && parametersOf(r.call).schemas.has('searchText'))
    .map((r) => r.url);

  it('is refused on searchText by every list, export and lookup', async () => {
    expect(searches.length).toBeGreaterThan(40);
    const answers = [];
    for (const url of searches) {
      const res = await env.get(`${url}?searchText=${encodeURIComponent(NUL)}`);
      answers.push([url, res.statusCode, res.json().errors?.searchText]);
    }
    expect(answers).toEqual(searches.map((url) => [url, 400, UNSTORABLE]));
  });

  /** Every other text a client sends that reaches the database: the call, its input, the field named. */
  const TEXTS: [string, 'GET' | 'POST', () => object, string][] = [
    ['globalSearch', 'GET', () => ({ q: `abc${NUL}` }), 'q'],
    ['getAuditLog', 'GET', () => ({ entity_id: NUL }), 'entity_id'],
    ['getAuditLogUsers', 'GET', () => ({ searchText: NUL }), 'searchText'],
    [
      'bulkAgencyStatus',
      'POST',
      () => ({ ids: [1], status: 'Inactive', reason_for_inactive: NUL }),
      'reason_for_inactive',
    ],
    [
      'bulkPropertyStatus',
      'POST',
      () => ({ ids: [1], status: 'Suspended', suspendedReason: NUL }),
      'suspendedReason',
    ],
    ['bulkDeleteSellers', 'POST', () => ({ matching: { searchText: NUL } }), 'matching.searchText'],
    ['saveproperty', 'POST', () => ({ minimum_rental_period_sale: NUL }), 'minimum_rental_period_sale'],
    [
      'saveimagesupload',
      'POST',
      () => ({ type: 'Video', property_id: 1, description: 'Tour', video_link: `https://a.ph/${NUL}` }),
      'video_link',
    ],
    [
      'saveView',
      'POST',
      () => ({ list_key: 'getUser', name: 'Mine', state: { ...STATE, search: NUL } }),
      'state.search',
    ],
    [
      'saveView',
      'POST',
      () => ({ list_key: 'getUser', name: 'Mine', state: { ...STATE, filters: { status: NUL } } }),
      'state.filters.status',
    ],
    ['SaveUser', 'POST', () => ({ website: `https://a.ph/${NUL}` }), 'website'],
  ];

  it.each(TEXTS)('%s (%s) is refused on its field', async (call, method, input, field) => {
    const res =
      method === 'GET'
        ? await env.get(`/api/${call}?${new URLSearchParams(input() as Record<string, string>)}`)
        : await env.post(call, input());
    expect([res.statusCode, res.json().errors?.[field]], res.body).toEqual([400, UNSTORABLE]);
  });
});

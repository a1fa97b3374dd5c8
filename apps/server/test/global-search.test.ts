import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, SEARCH_KINDS, searchApi, type SearchGroup } from '@app/contract';
import { AGENCY, BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  expectDeclared,
  idOf,
  place,
  propertyIdOf,
  sellerPayload,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { listWithStatements } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Global search (decision 44): one call, a group per kind the caller may open, each group exactly the
 * rows its list shows for the same text (the list's scope and search), a few of them.
 */
const env = useTestApp();

type Row = Record<string, unknown>;
let p: Place;
let agencyA: number;
let agencyB: number;
let agentA: { userId: number; token: string };
let agentB: { userId: number; token: string };

const ok = async (url: string, token = env.admin.token) => {
  const res = await env.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const search = async (q: string, token = env.admin.token, limit?: number) => {
  const answer = await ok(
    `/api/globalSearch?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    token,
  );
  expectDeclared(searchApi.globalSearch.response, answer);
  return answer.groups as SearchGroup[];
};
const titles = (groups: SearchGroup[]) =>
  Object.fromEntries(groups.map((g) => [g.kind, g.hits.map((h) => h.title)]));
/** The ids a list shows for the same search text (its first 50 rows). */
const listIds = async (call: string, idField: string, q: string, token: string) =>
  (
    (await ok(`/api/${call}?itemsPerPage=50&searchText=${encodeURIComponent(q)}`, token)).resultData
      .data as Row[]
  )
    .map((r) => r[idField])
    .sort();

const saveListing = async (name: string, token: string, street = 'Gorordo Avenue') => {
  const res = await env.post('saveproperty', { ...propertyForm(p, name), street_name: street }, token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
};

beforeAll(async () => {
  p = await place(env.t, 'search');
  for (const name of ['Mabini Agency Realty', 'Bonifacio Realty']) {
    expect((await env.post('saveagency', agencyPayload(p, name))).statusCode).toBe(200);
  }
  agencyA = await idOf(env, AGENCY, 'Mabini Agency Realty');
  agencyB = await idOf(env, AGENCY, 'Bonifacio Realty');
  expect(
    (await env.post('savebrokerassociation', associationPayload(p, 'Mabini Brokers Guild'))).statusCode,
  ).toBe(200);
  const association = await idOf(env, BROKER_ASSOCIATION, 'Mabini Brokers Guild');
  expect(
    (await env.post('savebroker', brokerPayload(p, 'Apolinario Mabini', [association]))).statusCode,
  ).toBe(200);

  agentA = await env.t.signedIn(ROLE.Agent);
  agentB = await env.t.signedIn(ROLE.Agent);
  await setAgency(env, agentA.userId, agencyA);
  await setAgency(env, agentB.userId, agencyB);
  await env.t.db
    .updateTable('users')
    .set({ first_name: 'Mabini', last_name: 'Agent', open_property_limit: 20 })
    .where('user_id', 'in', [agentA.userId, agentB.userId])
    .execute();

  for (const [name, agency] of [
    ['Mabini Seller A', agencyA],
    ['Mabini Seller B', agencyB],
  ] as const) {
    expect((await env.post('saveSeller', sellerPayload(p, name, agency))).statusCode).toBe(200);
  }
  await saveListing('Mabini House A', agentA.token);
  await saveListing('Mabini Lot B', agentB.token);
  await saveListing('Corner lot', agentA.token, 'Mabini Street');
});

describe('global search', () => {
  it('finds every kind for a Super Admin, grouped in order, each hit named and described', async () => {
    const groups = await search('mabini');
    expect(groups.map((g) => g.kind)).toEqual([...SEARCH_KINDS]);
    expect(titles(groups)).toEqual({
      listing: ['Mabini House A', 'Mabini Lot B', 'Corner lot'],
      user: ['Mabini Agent', 'Mabini Agent'],
      seller: ['Mabini Seller A', 'Mabini Seller B'],
      agency: ['Mabini Agency Realty'],
      broker: ['Apolinario Mabini'],
      brokerAssociation: ['Mabini Brokers Guild'],
    });
    const [listing] = groups[0]!.hits;
    expect(listing).toEqual({
      id: await propertyIdOf(env.t, 'Mabini House A'),
      title: 'Mabini House A',
      subtitle: expect.stringContaining('Gorordo Avenue, Town search'),
    });
    expect(groups.find((g) => g.kind === 'agency')!.hits[0]).toEqual({
      id: agencyA,
      title: 'Mabini Agency Realty',
      subtitle: 'Eduardo Lim · mabini.agency.realty@example.ph · 09171112222',
    });
    expect(titles(await search('bonifacio'))).toMatchObject({ agency: ['Bonifacio Realty'], listing: [] });
  });

  it('shows an Agent only the kinds it may open, each only as far as its list shows it', async () => {
    for (const agent of [agentA, agentB]) {
      const groups = await search('mabini', agent.token);
      expect(groups.map((g) => g.kind)).toEqual(['listing', 'seller']);
      const ids = (kind: string) =>
        groups
          .find((g) => g.kind === kind)!
          .hits.map((h) => h.id)
          .sort();
      expect(ids('seller')).toEqual(await listIds('GetSeller', 'seller_id', 'mabini', agent.token));
      // The listing list searches name and headline; search also finds the address, so it shows more.
      expect(ids('listing')).toEqual(
        expect.arrayContaining(await listIds('allproperty', 'id', 'mabini', agent.token)),
      );
    }
    expect(titles(await search('mabini', agentA.token))).toEqual({
      listing: ['Mabini House A', 'Corner lot'],
      seller: ['Mabini Seller A'],
    });
    expect(titles(await search('mabini', agentB.token))).toEqual({
      listing: ['Mabini Lot B'],
      seller: ['Mabini Seller B'],
    });
  });

  it('keeps to the rank scope of the user list, and answers no groups to a role that opens no list', async () => {
    const operator = await env.t.signedIn(ROLE.Operator);
    const admin = await env.t.createUser(ROLE.Admin);
    await env.t.db
      .updateTable('users')
      .set({ first_name: 'Mabini', last_name: 'Admin' })
      .where('user_id', '=', admin)
      .execute();
    const seen = (await search('mabini', operator.token)).find((g) => g.kind === 'user')!.hits;
    expect(seen.map((h) => h.id).sort()).toEqual(
      await listIds('GetUser', 'user_id', 'mabini', operator.token),
    );
    expect(seen.map((h) => h.title)).not.toContain('Mabini Admin');
    expect(titles(await search('mabini admin'))).toMatchObject({ user: ['Mabini Admin'] });

    const individual = await env.t.signedIn(ROLE.Individual);
    expect((await search('mabini', individual.token)).map((g) => [g.kind, g.hits])).toEqual([
      ['listing', []],
    ]);
    await env.t.db.deleteFrom('role_permissions').where('role_id', '=', ROLE.Individual).execute();
    const bare = await env.t.signedIn(ROLE.Individual);
    expect(await search('mabini', bare.token)).toEqual([]);
  });

  it('finds a listing by its slug and its street, ranks titles starting with the text first, and keeps to the limit', async () => {
    const id = await propertyIdOf(env.t, 'Corner lot');
    expect(titles(await search(`corner-lot-${id}`))).toMatchObject({ listing: ['Corner lot'] });
    expect(titles(await search('gorordo'))).toMatchObject({ listing: ['Mabini House A', 'Mabini Lot B'] });
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      expect((await env.post('saveSeller', sellerPayload(p, `Seller Rizal ${n}`, agencyA))).statusCode).toBe(
        200,
      );
    }
    expect((await env.post('saveSeller', sellerPayload(p, 'Rizal First', agencyA))).statusCode).toBe(200);
    const sellers = (await search('rizal')).find((g) => g.kind === 'seller')!.hits.map((h) => h.title);
    expect(sellers).toEqual([
      'Rizal First',
      'Seller Rizal 1',
      'Seller Rizal 2',
      'Seller Rizal 3',
      'Seller Rizal 4',
    ]);
    const two = (await search('rizal', env.admin.token, 2)).find((g) => g.kind === 'seller')!.hits;
    expect(two.map((h) => h.title)).toEqual(['Rizal First', 'Seller Rizal 1']);
  });

  it("reads the listings a name holds first, from the names' words, and the others only when they are few", async () => {
    const reads = async (q: string, token = env.admin.token) =>
      (await listWithStatements(env.t, 'global-search-words', token, `/api/globalSearch?q=${q}`)).statements;
    const named = await reads('mabini');
    expect(named.some((s) => s.sql.includes('property_name_words'))).toBe(true);
    // Two listings are named so, fewer than the candidates: the one on Mabini Street is found too, once.
    expect(titles(await search('mabini')).listing).toEqual(['Mabini House A', 'Mabini Lot B', 'Corner lot']);
    // No name holds a word holding 'gorordo': the street finds the listings, as before.
    const street = await reads('gorordo');
    expect(street.some((s) => s.sql.includes('property_name_words'))).toBe(false);
    // Two words: a name holding the longer need not hold both, so the names' words are not read first.
    const twoWords = await reads('mabini%20house');
    expect(twoWords.some((s) => s.sql.includes('property_name_words'))).toBe(false);
    expect(titles(await search('mabini house')).listing).toEqual(['Mabini House A']);
    // An Agent's own listings are few: found through their scope, not among others' named listings.
    const agents = await reads('mabini', agentA.token);
    expect(agents.some((s) => s.sql.includes('property_name_words'))).toBe(false);
  });

  it('refuses bad input with plain sentences and a caller without a session', async () => {
    const bad = async (query: string, message: string) => {
      const res = await env.get(`/api/globalSearch${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('', 'q is required');
    await bad('?q=ma', 'Type at least 3 letters or digits in a row');
    await bad('?q=a%20b%20c', 'Type at least 3 letters or digits in a row');
    await bad(`?q=${'a'.repeat(101)}`, 'At most 100 characters');
    await bad('?q=mabini&limit=11', 'limit must be at most 10');
    await bad('?q=mabini&limit=x', 'limit must be a number');
    expect((await env.t.call(null, { method: 'GET', url: '/api/globalSearch?q=mabini' })).statusCode).toBe(
      401,
    );
    // Pattern characters are searched as themselves.
    for (const q of ['100%abc', 'abc___', "abc' OR 1=1 --", 'abc\\%']) {
      expect((await search(q)).every((g) => g.hits.length === 0)).toBe(true);
    }
  });
});

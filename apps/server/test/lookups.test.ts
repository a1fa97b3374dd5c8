import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOOKUP_MATCHES, ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { agencyPayload, idOf, place, setAgency, useTestApp } from './entity-fixtures.ts';

/**
 * The lookups that grow with the marketplace (sellers, agencies, agents): every row without
 * parameters, as the old clients ask; the first LOOKUP_MATCHES matches of a search; the rows of ids.
 */
const env = useTestApp();

type Row = Record<string, unknown>;
const SELLERS = LOOKUP_MATCHES + 5;
let agencyId: number;
let sellerIds: number[];

beforeAll(async () => {
  const p = await place(env.t, 'lookups');
  expect((await env.post('saveagency', agencyPayload(p, 'Lookup Homes'))).statusCode).toBe(200);
  expect((await env.post('saveagency', agencyPayload(p, 'Other Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Lookup Homes');
  // Zero-padded, so that name order is number order.
  const names = Array.from({ length: SELLERS }, (_, i) => `Mabini ${String(i + 1).padStart(3, '0')}`);
  sellerIds = [];
  for (const name of [...names, 'Rizal 100%', 'Rizal 1000']) {
    const res = await env.post('saveSeller', {
      seller_name: name,
      property_owner_name: 'Owner',
      phone_1: '09190000001',
      house_no: '15',
      street_name: 'Amorsolo Street',
      ...p,
      zipcode: '1209',
      agency_id: agencyId,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  sellerIds = (
    await env.t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_name', 'like', 'Mabini%')
      .orderBy('seller_name')
      .execute()
  ).map((r) => r.seller_id);
});

const lookup = async (call: string, query = '', token?: string) => {
  const res = await env.get(`/api/${call}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData as Row[];
};

describe('lookups', () => {
  it('answers every seller without parameters, as old clients ask, by name', async () => {
    const rows = await lookup('GetSellerWithoutPagination', '?user_id=1');
    expect(rows.filter((r) => String(r.seller_name).startsWith('Mabini'))).toHaveLength(SELLERS);
    const names = rows.map((r) => String(r.seller_name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('answers the first matches of a search, by name, with the search taken literally', async () => {
    const found = await lookup('GetSellerWithoutPagination', '?searchText=%20mabini%20');
    expect(found).toHaveLength(LOOKUP_MATCHES);
    expect(found[0]).toEqual({ seller_id: sellerIds[0], seller_name: 'Mabini 001' });
    expect(found.at(-1)!.seller_name).toBe(`Mabini ${String(LOOKUP_MATCHES).padStart(3, '0')}`);
    expect(await lookup('GetSellerWithoutPagination', '?searchText=055')).toEqual([
      { seller_id: sellerIds[54], seller_name: 'Mabini 055' },
    ]);
    // % and _ are letters of the search, not wildcards.
    expect(
      (await lookup('GetSellerWithoutPagination', '?searchText=0%25')).map((r) => r.seller_name),
    ).toEqual(['Rizal 100%']);
    expect(await lookup('GetSellerWithoutPagination', '?searchText=_')).toEqual([]);
    // Nothing typed yet: the first by name.
    const first = await lookup('GetSellerWithoutPagination', '?searchText=');
    expect(first).toHaveLength(LOOKUP_MATCHES);
    expect(first[0]).toEqual({ seller_id: sellerIds[0], seller_name: 'Mabini 001' });
  });

  it("finds the first matches in name order past the names it walks, whatever their letters' case", async () => {
    // Ten matches among the names a search reads in order (sellerNamesHoldingAmongFirst), too few,
    // and the rest past them, in capitals the search does not use.
    await sql`INSERT INTO sellers (seller_name, property_owner_name, phone_1, house_number, street_name,
        province_id, town_id, barangay_id, zip_code, agency_id)
      SELECT name, 'Owner', '09190000001', '15', 'Amorsolo Street', s.province_id, s.town_id, s.barangay_id,
        '1209', s.agency_id
      FROM (SELECT 'Aa filler ' || lpad(g::text, 5, '0') AS name FROM generate_series(1, 29000) g
        UNION ALL SELECT 'Aa ÑANDÚ early ' || g FROM generate_series(1, 10) g
        UNION ALL SELECT 'Ab ÑANDÚ late ' || lpad(g::text, 2, '0') FROM generate_series(1, 60) g) names
      CROSS JOIN (SELECT * FROM sellers WHERE seller_id = ${sellerIds[0]!}) s`.execute(env.t.db);
    try {
      const found = (await lookup('GetSellerWithoutPagination', '?searchText=ñandú')).map(
        (r) => r.seller_name,
      );
      const late = Array.from(
        { length: LOOKUP_MATCHES - 10 },
        (_, i) => `Ab ÑANDÚ late ${String(i + 1).padStart(2, '0')}`,
      );
      const early = Array.from({ length: 10 }, (_, i) => `Aa ÑANDÚ early ${i + 1}`).sort();
      expect(found).toEqual([...early, ...late]);
      // Fifty among the names walked: the first of them in order.
      const filler = await lookup('GetSellerWithoutPagination', '?searchText=A%20FILLER%200');
      expect(filler.map((r) => r.seller_name)).toEqual(
        Array.from({ length: LOOKUP_MATCHES }, (_, i) => `Aa filler ${String(i + 1).padStart(5, '0')}`),
      );
    } finally {
      await sql`DELETE FROM sellers WHERE seller_name LIKE 'A_ %'`.execute(env.t.db);
    }
  });

  it('answers the rows of the ids a form has chosen', async () => {
    const ids = [sellerIds[3]!, sellerIds[60 % SELLERS]!];
    const rows = await lookup('GetSellerWithoutPagination', `?ids=${ids.join(',')}`);
    expect(rows.map((r) => r.seller_id).sort()).toEqual([...ids].sort());
  });

  it('keeps the scope of the person asking', async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agent.userId, await idOf(env, AGENCY, 'Other Realty'));
    expect(await lookup('GetSellerWithoutPagination', '?searchText=mabini', agent.token)).toEqual([]);
    expect(await lookup('GetSellerWithoutPagination', `?ids=${sellerIds[0]}`, agent.token)).toEqual([]);
    const colleague = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, colleague.userId, agencyId);
    expect(await lookup('GetSellerWithoutPagination', '?searchText=mabini', colleague.token)).toHaveLength(
      LOOKUP_MATCHES,
    );
  });

  it('searches agencies and active agents the same way', async () => {
    expect(await lookup('GetAgencyWithoutPagination', '?searchText=lookup')).toEqual([
      { agency_id: agencyId, agency_name: 'Lookup Homes' },
    ]);
    const agents = [await env.t.signedIn(ROLE.Agent), await env.t.signedIn(ROLE.OwnerAgent)];
    for (const [i, a] of agents.entries()) {
      await env.t.db
        .updateTable('users')
        .set({ first_name: 'Corazon', last_name: `Lookup ${i}` })
        .where('user_id', '=', a.userId)
        .execute();
    }
    const inactive = await env.t.signedIn(ROLE.Agent);
    await env.t.db
      .updateTable('users')
      .set({ first_name: 'Corazon', last_name: 'Lookup 9', user_status: 'Inactive' })
      .where('user_id', '=', inactive.userId)
      .execute();
    expect(await lookup('allagents', '?searchText=corazon%20look')).toEqual([
      { user_id: agents[0]!.userId, full_name: 'Corazon Lookup 0' },
      { user_id: agents[1]!.userId, full_name: 'Corazon Lookup 1' },
    ]);
    expect(await lookup('allagents', `?ids=${agents[1]!.userId},${inactive.userId}`)).toEqual([
      { user_id: agents[1]!.userId, full_name: 'Corazon Lookup 1' },
    ]);
  });

  it('refuses a malformed search or id list', async () => {
    for (const query of [`?searchText=${'a'.repeat(201)}`, '?ids=1,x', '?ids=-4']) {
      const res = await env.get(`/api/GetSellerWithoutPagination${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

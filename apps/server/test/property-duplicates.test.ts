import { beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_RULES, ROLE, propertyDuplicateApi, reportApi } from '@app/contract';
import {
  agencyPayload,
  expectDeclared,
  place,
  propertyIdOf,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';

// The duplicate-listing check and the Suspected Duplicates report (issue 22 item 7, decision 48).
const env = useTestApp();
const LAND = 1;
const CHECK = propertyDuplicateApi.CheckDuplicateProperty;
const REPORT = reportApi.getSuspectedDuplicatesReport.name;

let p: Place;
let other: Place;
let agentA: { userId: number; token: string };
let agentB: { userId: number; token: string };
let original: number;

const listing = (overrides: Record<string, unknown> = {}) => ({
  property_name: 'Bungalow in Lahug',
  property_headline: 'Quiet street, near IT Park',
  property_description: 'A three-bedroom bungalow with a garden.',
  property_classification_id: 4,
  product_category_id: 3,
  property_type_id: LAND,
  land_area: '250',
  sale_price: '4,000,000',
  street_name: 'Gorordo Avenue',
  province_id: p.province_id,
  town_id: p.town_id,
  barangay_id: p.barangay_id,
  zipcode: '6000',
  ...overrides,
});

const check = async (fields: Record<string, unknown>, token = env.admin.token) => {
  const res = await env.post(CHECK.name, listing(fields), token);
  expect(res.statusCode, res.body).toBe(200);
  expectDeclared(CHECK.response, res.json());
  return res.json().resultData as { property_id: number | null; [k: string]: unknown }[];
};
const ids = async (fields: Record<string, unknown>, token?: string) =>
  (await check(fields, token)).map((d) => d.property_id);

async function agentOf(agencyName: string) {
  const res = await env.post('saveagency', agencyPayload(p, agencyName));
  expect(res.statusCode, res.body).toBe(200);
  const agency = await env.t.db
    .selectFrom('agencies')
    .select('agency_id')
    .where('agency_name', '=', agencyName)
    .executeTakeFirstOrThrow();
  const signed = await env.t.signedIn(ROLE.Agent);
  await setAgency(env, signed.userId, agency.agency_id);
  return signed;
}

/** Near-duplicates of the original, generated: names and streets as people retype them, area and price off by under 5%. */
const NAMES = ['Bungalow in Lahug', 'Bungalow at Lahug', 'Lahug bungalow', 'Bungalow in Lahug, Cebu'];
const STREETS = ['Gorordo Avenue', 'Gorordo Ave', 'Gorordo Ave.', 'gorordo avenue'];
const nearDuplicates = NAMES.flatMap((name, i) =>
  STREETS.map((street, j) => ({
    property_name: name,
    street_name: street,
    land_area: String(250 * (1 + (((i + j) % 5) - 2) / 100)),
    sale_price: String(4_000_000 * (1 + (((i * 3 + j) % 9) - 4) / 100)),
  })),
);

beforeAll(async () => {
  p = await place(env.t, 'Dup');
  other = await place(env.t, 'Dup Other');
  agentA = await agentOf('Agency Alpha');
  agentB = await agentOf('Agency Bravo');
  const res = await env.post('saveproperty', listing(), agentB.token);
  expect(res.statusCode, res.body).toBe(200);
  original = await propertyIdOf(env.t, 'Bungalow in Lahug');
});

describe('CheckDuplicateProperty', () => {
  it('finds the original for every generated near-duplicate', async () => {
    expect(nearDuplicates).toHaveLength(16);
    for (const fields of nearDuplicates)
      expect(await ids(fields), JSON.stringify(fields)).toContain(original);
  });

  it('does not find clear non-duplicates', async () => {
    const unlike = [
      { barangay_id: other.barangay_id, town_id: other.town_id, province_id: other.province_id },
      { land_area: '300' },
      { land_area: '230' },
      { sale_price: '4,500,000' },
      { sale_price: '3,700,000' },
      { property_name: 'Condominium unit in Banilad', street_name: 'Mango Drive' },
      { property_name: 'Seaside villa', street_name: 'Salinas Drive' },
    ];
    for (const fields of unlike) expect(await ids(fields), JSON.stringify(fields)).not.toContain(original);
  });

  it('answers a listing in scope whole, most alike first, with its agent and agency', async () => {
    const [found] = await check({});
    expect(found).toMatchObject({
      in_scope: true,
      property_id: original,
      property_name: 'Bungalow in Lahug',
      land_area: 250,
      price: 4_000_000,
      status: 'Open',
      agency_name: 'Agency Bravo',
      similarity: 1,
    });
    expect(found!.address).toContain('Gorordo Avenue');
    expect(found!.agent_name).toMatch(/^Test User/);
    expect(await ids({}, agentB.token)).toEqual([original]);
  });

  it('shows an Agent only the agent and agency of a likely duplicate outside their scope', async () => {
    const found = await check({ property_name: 'Bungalow at Lahug' }, agentA.token);
    expect(found).toEqual([
      {
        in_scope: false,
        property_id: null,
        property_name: null,
        address: null,
        land_area: null,
        price: null,
        status: null,
        agent_name: expect.stringMatching(/^Test User/),
        agency_name: 'Agency Bravo',
        similarity: expect.any(Number),
      },
    ]);
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(DUPLICATE_RULES.similarity);
  });

  it('leaves out the listing being edited, which must be in scope', async () => {
    expect(await ids({ id: original }, agentB.token)).toEqual([]);
    expect((await env.post(CHECK.name, listing({ id: original }), agentA.token)).statusCode).toBe(404);
  });

  it('compares a rent with rents only, and a listing without a price on the rest', async () => {
    expect(await ids({ sale_price: '', rental_price_asked: '25000', product_category_id: 1 })).toContain(
      original,
    );
  });

  it('needs a permission to save a listing, and a session', async () => {
    const role = await env.t.db
      .insertInto('roles')
      .values({ name: 'Dup Clerk', status: 'Active', created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = 'clerk.dup@example.com';
    await env.t.createUser(role.id, email);
    const clerk = await env.t.login(email);
    expect((await env.post(CHECK.name, listing(), clerk)).statusCode).toBe(403);
    expect(
      (await env.t.call(null, { method: 'POST', url: `/api/${CHECK.name}`, payload: listing() })).statusCode,
    ).toBe(401);
    const individual = await env.t.signedIn(ROLE.Individual);
    expect((await env.post(CHECK.name, listing(), individual.token)).statusCode).toBe(200);
  });

  it('refuses a form it cannot compare with plain sentences', async () => {
    const res = await env.post(CHECK.name, listing({ barangay_id: '', land_area: 'lots' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      barangay_id: 'Field is required',
      land_area: expect.stringMatching(/number|amount/i),
    });
  });

  it('does not stop a save: a near-duplicate is saved as any listing', async () => {
    const res = await env.post('saveproperty', listing({ property_name: 'Lahug bungalow' }), agentA.token);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('Suspected Duplicates report', () => {
  it('lists the pair across agents under its newer listing, once', async () => {
    const res = await env.get(`/api/${REPORT}?itemsPerPage=50`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().resultData.data as Record<string, unknown>[];
    const copy = await propertyIdOf(env.t, 'Lahug bungalow');
    expect(rows).toContainEqual(
      expect.objectContaining({
        pair_id: `${copy}-${original}`,
        property_id: copy,
        other_property_id: original,
        property_name: 'Lahug bungalow',
        other_property_name: 'Bungalow in Lahug',
        similarity: expect.any(Number),
      }),
    );
    expect(rows.filter((r) => r.property_id === original && r.other_property_id === copy)).toEqual([]);
  });

  it('is searched by either name: every pair the word is in, once, and no other', async () => {
    const res = await env.post('saveproperty', listing({ property_name: 'Bungalow in Lahug, Cebu' }));
    expect(res.statusCode, res.body).toBe(200);
    type Pair = { pair_id: string; property_name: string; other_property_name: string };
    const pairsOf = async (query: string) => {
      const page = (await env.get(`/api/${REPORT}?itemsPerPage=50${query}`)).json().resultData;
      expect(page.total).toBe(page.data.length);
      return (page.data as Pair[]).map((r) => r.pair_id);
    };
    const every = (await env.get(`/api/${REPORT}?itemsPerPage=50`)).json().resultData.data as Pair[];
    expect(every.length).toBeGreaterThanOrEqual(3);
    for (const word of ['cebu', 'Lahug Bungalow', 'in lahug', 'BUNGALOW', 'villa', 'in_lahug', '%']) {
      const named = every.filter((r) =>
        [r.property_name, r.other_property_name].some((n) => n.toLowerCase().includes(word.toLowerCase())),
      );
      expect(await pairsOf(`&searchText=${encodeURIComponent(word)}`), word).toEqual(
        named.map((r) => r.pair_id),
      );
    }
    // Found by the older listing's name alone, and by the newer's alone.
    const copy = await propertyIdOf(env.t, 'Lahug bungalow');
    const cebu = await propertyIdOf(env.t, 'Bungalow in Lahug, Cebu');
    expect(await pairsOf('&searchText=in%20lahug')).toContain(`${copy}-${original}`);
    expect(await pairsOf('&searchText=cebu')).toContain(`${cebu}-${original}`);
  });

  it('is exported', async () => {
    const sheet = await env.get(`/api/${REPORT}/export?searchText=bungalow`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
  });

  it('is for Admins and Super Admins by default, not Agents or Operators', async () => {
    expect((await env.get(`/api/${REPORT}`, agentA.token)).statusCode).toBe(403);
    const operator = await env.t.signedIn(ROLE.Operator);
    expect((await env.get(`/api/${REPORT}`, operator.token)).statusCode).toBe(403);
    const admin = await env.t.signedIn(ROLE.Admin);
    expect((await env.get(`/api/${REPORT}`, admin.token)).statusCode).toBe(200);
  });

  it('lists no pair added outside the dates', async () => {
    const res = await env.get(`/api/${REPORT}?from_date=2020-01-01&to_date=2020-01-31`);
    expect(res.json().resultData.data).toEqual([]);
  });
});

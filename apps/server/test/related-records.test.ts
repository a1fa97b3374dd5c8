import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brokerAssociationApi,
  propertyPageAnswer,
  ROLE,
  sellerPageAnswer,
  userPageAnswer,
} from '@app/contract';
import { expectDeclared, place, setAgency, useTestApp, type Place } from './entity-fixtures.ts';

/**
 * Related records (issue 22 item 4, decision 49): the list calls narrowed to a parent — a seller's,
 * an agency's or a broker's listings, an agency's sellers and users, a broker's associations — keep
 * their permission and row scope, and page like the whole lists.
 */
const env = useTestApp();

type Row = Record<string, unknown>;
let p: Place;
const id: Record<string, number> = {};
const agent: Record<string, { userId: number; token: string }> = {};

const insertId = async (query: ReturnType<typeof sql<{ id: number }>>) =>
  (await query.execute(env.t.db)).rows[0]!.id;
const agency = (name: string) =>
  insertId(sql`INSERT INTO agencies (agency_name, owner_name, contact_person, phone_1, email_address)
    VALUES (${name}, 'Owner', 'Contact', '09170000000', 'agency@example.ph') RETURNING agency_id AS id`);
const broker = (name: string) =>
  insertId(sql`INSERT INTO brokers (broker_name, broker_license_number, phone_1, email_address)
    VALUES (${name}, ${`Lic ${name}`}, '09170000000', 'broker@example.ph') RETURNING broker_id AS id`);
const association = (name: string) =>
  insertId(sql`INSERT INTO broker_associations (broker_association_name, contact_person, phone_1, email_address)
    VALUES (${name}, 'Contact', '09170000000', 'assoc@example.ph') RETURNING broker_association_id AS id`);
const seller = (name: string, agencyId: number) =>
  insertId(sql`INSERT INTO sellers (seller_name, property_owner_name, phone_1, agency_id)
    VALUES (${name}, 'Owner', '09190000000', ${agencyId}) RETURNING seller_id AS id`);

async function listing(name: string, l: { owner: number; agency: number; seller?: number; broker?: number }) {
  await env.t.db
    .insertInto('properties')
    .values({
      user_id: l.owner,
      user_type: ROLE.Agent,
      agent_id: l.owner,
      agency_id: l.agency,
      seller_id: l.seller ?? null,
      broker_id: l.broker ?? null,
      property_name: name,
      property_headline: `Headline of ${name}`,
      property_description: 'A listing of the related records test.',
      property_classification_id: 4,
      property_type_id: 1,
      product_category_id: 3,
      land_area: '100',
      street_name: 'Street',
      province_id: p.province_id,
      town_id: p.town_id,
      barangay_id: p.barangay_id,
      status: 'Open',
    } as never)
    .execute();
}

beforeAll(async () => {
  p = await place(env.t, 'related');
  id.agencyA = await agency('Alpha Related Realty');
  id.agencyB = await agency('Bravo Related Realty');
  id.sellerA = await seller('Seller of Alpha', id.agencyA);
  id.sellerA2 = await seller('Second Seller of Alpha', id.agencyA);
  id.sellerB = await seller('Seller of Bravo', id.agencyB);
  id.broker = await broker('Related Broker');
  id.otherBroker = await broker('Unrelated Broker');
  for (const name of ['Assoc North', 'Assoc South', 'Assoc East']) id[name] = await association(name);
  await sql`INSERT INTO broker_broker_associations (broker_id, broker_association_id) VALUES
    (${id.broker}, ${id['Assoc North']}), (${id.broker}, ${id['Assoc South']}),
    (${id.otherBroker}, ${id['Assoc East']})`.execute(env.t.db);
  for (const key of ['a', 'b'] as const) {
    agent[key] = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agent[key].userId, key === 'a' ? id.agencyA : id.agencyB);
  }
  // Seller A: nine listings of agency A (a second page at seven), and one an Agent of B made for it.
  for (let n = 1; n <= 9; n++)
    await listing(`Alpha listing ${n}`, {
      owner: agent.a!.userId,
      agency: id.agencyA,
      seller: id.sellerA,
      broker: n <= 3 ? id.broker : undefined,
    });
  await listing('Bravo listing for Alpha seller', {
    owner: agent.b!.userId,
    agency: id.agencyB,
    seller: id.sellerA,
    broker: id.broker,
  });
  await listing('Bravo own listing', { owner: agent.b!.userId, agency: id.agencyB, seller: id.sellerB });
});

const page = async (url: string, token = env.admin.token) => {
  const res = await env.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData as { data: Row[]; total: number; current_page: number; last_page: number };
};
const names = (rows: Row[], field: string) => rows.map((r) => r[field]).sort();

describe('related listings (allproperty with seller_id, agency_id, broker_id)', () => {
  it("lists a seller's listings, paged, each row as the whole list declares it", async () => {
    const first = await page(`/api/allproperty?seller_id=${id.sellerA}&itemsPerPage=7`);
    expect(first.total).toBe(10);
    expect(first.data).toHaveLength(7);
    expect(first.last_page).toBe(2);
    expectDeclared(propertyPageAnswer, { resultData: first });
    const second = await page(`/api/allproperty?seller_id=${id.sellerA}&itemsPerPage=7&page=2`);
    expect(second.data).toHaveLength(3);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((r) => r.id)).size).toBe(10);
    expect(all.every((r) => r.seller_id === id.sellerA)).toBe(true);
  });

  it("shows an Agent only the seller's listings its own list shows", async () => {
    const own = await page('/api/allproperty?itemsPerPage=50', agent.b!.token);
    const related = await page(`/api/allproperty?seller_id=${id.sellerA}&itemsPerPage=50`, agent.b!.token);
    expect(names(related.data, 'property_name')).toEqual(['Bravo listing for Alpha seller']);
    const ownIds = new Set(own.data.map((r) => r.id));
    expect(related.data.every((r) => ownIds.has(r.id))).toBe(true);
    const ofA = await page(`/api/allproperty?seller_id=${id.sellerA}&itemsPerPage=50`, agent.a!.token);
    expect(ofA.total).toBe(9);
  });

  it("lists an agency's and a broker's listings, in the caller's scope", async () => {
    expect((await page(`/api/allproperty?agency_id=${id.agencyB}&itemsPerPage=50`)).total).toBe(2);
    expect(
      (await page(`/api/allproperty?agency_id=${id.agencyB}&itemsPerPage=50`, agent.a!.token)).total,
    ).toBe(0);
    const brokers = await page(`/api/allproperty?broker_id=${id.broker}&itemsPerPage=50`);
    expect(brokers.total).toBe(4);
    expect(brokers.data.every((r) => r.associatedBroker === id.broker)).toBe(true);
    const asA = await page(`/api/allproperty?broker_id=${id.broker}&itemsPerPage=50`, agent.a!.token);
    expect(asA.total).toBe(3);
    expect((await page(`/api/allproperty?broker_id=${id.otherBroker}`)).total).toBe(0);
  });

  it('keeps the old answers without a filter, and refuses a bad id in a sentence', async () => {
    expect((await page('/api/allproperty?itemsPerPage=50')).total).toBe(11);
    expect((await page('/api/allproperty?seller_id=&itemsPerPage=50')).total).toBe(11);
    const bad = await env.get('/api/allproperty?seller_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/seller_id/);
  });

  it('needs the Property List permission', async () => {
    const noList = await env.t.signedIn(ROLE.Operator);
    await sql`DELETE FROM role_permissions WHERE role_id = ${ROLE.Operator}
      AND permission_id = (SELECT id FROM permissions WHERE name = 'Property List')`.execute(env.t.db);
    const token = await env.t.login(noList.email);
    expect((await env.get(`/api/allproperty?seller_id=${id.sellerA}`, token)).statusCode).toBe(403);
  });
});

describe("an agency's sellers and agents", () => {
  it("lists an agency's sellers, paged, and an Agent only those in its scope", async () => {
    const sellers = await page(`/api/GetSeller?agency_id=${id.agencyA}&itemsPerPage=7`);
    expectDeclared(sellerPageAnswer, { resultData: sellers });
    expect(names(sellers.data, 'seller_name')).toEqual(['Second Seller of Alpha', 'Seller of Alpha']);
    const bySize = await page(`/api/GetSeller?agency_id=${id.agencyA}&itemsPerPage=7&page=1`);
    expect(bySize.last_page).toBe(1);
    expect((await page(`/api/GetSeller?agency_id=${id.agencyA}`, agent.a!.token)).total).toBe(2);
    expect((await page(`/api/GetSeller?agency_id=${id.agencyA}`, agent.b!.token)).total).toBe(0);
    const individual = await env.t.signedIn(ROLE.Individual);
    expect((await env.get(`/api/GetSeller?agency_id=${id.agencyA}`, individual.token)).statusCode).toBe(403);
  });

  it("lists an agency's users to those who may list users", async () => {
    const users = await page(`/api/GetUser?associated_agency_id=${id.agencyA}&itemsPerPage=7`);
    expectDeclared(userPageAnswer, { resultData: users });
    expect(users.data.map((r) => r.user_id)).toEqual([agent.a!.userId]);
    expect((await page(`/api/GetUser?associated_agency_id=${id.agencyB}`)).total).toBe(1);
    const refused = await env.get(`/api/GetUser?associated_agency_id=${id.agencyA}`, agent.a!.token);
    expect(refused.statusCode).toBe(403);
  });
});

describe("a broker's associations (getbrokerassociation with broker_id)", () => {
  it('lists only the linked associations, paged, to those who may list associations', async () => {
    const url = `/api/getbrokerassociation?broker_id=${id.broker}&itemsPerPage=7`;
    const linked = await page(url);
    expectDeclared(brokerAssociationApi.list.response, { resultData: linked });
    expect(names(linked.data, 'broker_association_name')).toEqual(['Assoc North', 'Assoc South']);
    expect((await page('/api/getbrokerassociation?itemsPerPage=50')).total).toBe(3);
    expect((await env.get(url, agent.a!.token)).statusCode).toBe(403);
    const bad = await env.get('/api/getbrokerassociation?broker_id=-4');
    expect(bad.statusCode).toBe(400);
  });
});

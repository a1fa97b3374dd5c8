import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  OVERVIEW,
  REPORTS,
  ROLE,
  listPage,
  manilaToday,
  reportByCall,
  reportRow,
  reportSortColumns,
  reportsOverview,
  type ReportDefinition,
} from '@app/contract';
import { place, useTestApp, type Place } from './entity-fixtures.ts';

/**
 * The reports on one fixed data set whose right answers are known: thirteen listings (L1..L13) with
 * explicit dates, statuses, sellers, agents and brokers; nine users; three agencies, brokers,
 * associations and sellers.
 */
const env = useTestApp();
type Row = Record<string, unknown>;
type Params = Record<string, string | number>;

let pA: Place;
let pB: Place;
const id: Record<string, number> = {};
const token: Record<string, string> = {};
const L: Record<number, number> = {}; // listing number → property_id

/** Monday of the Manila week `weeksAgo` weeks before this one, and days after a day. */
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const monday = (weeksAgo: number) => {
  const today = manilaToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -weekday - 7 * weeksAgo);
};
const manilaMidnight = (day: string) => `${day}T00:00:00+08:00`;
const secondBefore = (moment: string) => new Date(new Date(moment).getTime() - 1000).toISOString();

const insertId = async (query: RawBuilder<{ id: number }>) => (await query.execute(env.t.db)).rows[0]!.id;

async function user(
  key: string,
  role: number,
  name: string,
  extra: { agency?: number; status?: 'New' | 'Inactive'; signIn?: boolean } = {},
) {
  const email = `${key.toLowerCase()}@reports.example.ph`;
  const userId = await env.t.createUser(role, email, extra.status);
  const [first, last] = name.split(' ');
  await env.t.db
    .updateTable('users')
    .set({
      first_name: first!,
      last_name: last!,
      associated_agency_id: extra.agency ?? null,
      phone_1: `0917${String(userId).padStart(7, '0')}`,
      phone_2: `0928${String(userId).padStart(7, '0')}`,
    })
    .where('user_id', '=', userId)
    .execute();
  id[key] = userId;
  if (extra.signIn) token[key] = await env.t.login(email);
}

const organisation = (table: string, name: string, extra = sql``) =>
  insertId(sql<{ id: number }>`INSERT INTO ${sql.table(table)} (${sql.ref(
    table === 'agencies' ? 'agency_name' : table === 'brokers' ? 'broker_name' : 'broker_association_name',
  )}, ${sql.raw(
    table === 'agencies'
      ? 'owner_name, contact_person'
      : table === 'brokers'
        ? 'broker_license_number'
        : 'contact_person',
  )}, phone_1, email_address) VALUES (${name}, ${sql.raw(
    table === 'agencies' ? `'Owner of ${name}', 'Contact of ${name}'` : `'Lic ${name}'`,
  )}, '09170000000', ${`${name.toLowerCase().replaceAll(' ', '.')}@example.ph`}) ${extra}
    RETURNING ${sql.ref(table === 'agencies' ? 'agency_id' : table === 'brokers' ? 'broker_id' : 'broker_association_id')} AS id`);

const seller = (name: string, agency: number | null, createdBy: number | null = null) =>
  insertId(sql<{
    id: number;
  }>`INSERT INTO sellers (seller_name, property_owner_name, phone_1, agency_id, created_by)
    VALUES (${name}, ${`Owner of ${name}`}, '09190000000', ${agency}, ${createdBy}) RETURNING seller_id AS id`);

interface Listing {
  status: string;
  owner: number;
  ownerType?: number;
  agent?: number;
  secondAgent?: number;
  agency?: number;
  seller?: number;
  broker?: number;
  added: string | RawBuilder<unknown>;
  changed?: string | RawBuilder<unknown>;
  sold?: string;
  rentalStarted?: string;
  suspended?: string;
  operator?: number;
  operatorAt?: string;
  category?: number;
  place?: Place;
}

async function listing(n: number, name: string, l: Listing) {
  const where = l.place ?? pA;
  const row = await env.t.db
    .insertInto('properties')
    .values({
      user_id: l.owner,
      user_type: l.ownerType ?? ROLE.Agent,
      agent_id: l.agent ?? null,
      secondary_agent_id: l.secondAgent ?? null,
      agency_id: l.agency ?? null,
      seller_id: l.seller ?? null,
      broker_id: l.broker ?? null,
      property_name: name,
      property_headline: `Headline of ${name}`,
      property_description: 'A listing of the reports test.',
      property_classification_id: 4,
      property_type_id: 1,
      product_category_id: l.category ?? 3,
      land_area: '100',
      street_name: `Street ${n}`,
      building_name: `Tower ${n}`,
      province_id: where.province_id,
      town_id: where.town_id,
      barangay_id: where.barangay_id,
      status: l.status,
      date_first_added: l.added,
      date_last_status_change: l.changed ?? l.added,
      date_sold: l.sold ?? null,
      date_rental_started: l.rentalStarted ?? null,
      date_suspended: l.suspended ?? null,
      operator_id: l.operator ?? null,
      date_modified_operator: l.operatorAt ?? null,
    } as never)
    .returning('property_id')
    .executeTakeFirstOrThrow();
  L[n] = row.property_id;
}

beforeAll(async () => {
  pA = await place(env.t, 'Reports A');
  pB = await place(env.t, 'Reports B');
  id.agencyA = await organisation('agencies', 'Alpha Realty');
  id.agencyB = await organisation('agencies', 'Bravo Realty');
  id.agencyC = await organisation('agencies', 'Charlie Realty');
  for (const [key, name] of [
    ['assoc1', 'Assoc One'],
    ['assoc2', 'Assoc Two'],
    ['assoc3', 'Assoc Three'],
  ] as const)
    id[key] = await organisation('broker_associations', name);
  id.xavier = await organisation('brokers', 'Xavier Broker');
  id.yolanda = await organisation('brokers', 'Yolanda Broker');
  id.zeno = await organisation('brokers', 'Zeno Broker');
  await sql`INSERT INTO broker_broker_associations (broker_id, broker_association_id) VALUES
    (${id.xavier}, ${id.assoc1}), (${id.xavier}, ${id.assoc2}), (${id.xavier}, ${id.assoc3}),
    (${id.zeno}, ${id.assoc2})`.execute(env.t.db);

  id.admin = env.admin.userId;
  await env.t.db
    .updateTable('users')
    .set({ first_name: 'Ada', last_name: 'Admin' })
    .where('user_id', '=', id.admin)
    .execute();
  await user('A1', ROLE.Agent, 'Andres Agent', { agency: id.agencyA, signIn: true });
  await user('A2', ROLE.OwnerAgent, 'Olivia Owneragent', { agency: id.agencyA });
  await user('B1', ROLE.Agent, 'Bruno Agent', { agency: id.agencyB });
  await user('newAgent', ROLE.Agent, 'Nina Newagent', { agency: id.agencyB, status: 'New' });
  await user('I1', ROLE.Individual, 'Ivan Individual', { signIn: true });
  await user('I2', ROLE.Individual, 'Irene Idle');
  await user('inactive', ROLE.Individual, 'Ingrid Inactive', { status: 'Inactive' });
  await user('operator', ROLE.Operator, 'Oscar Operator');
  await sql`UPDATE users SET created_at = '2025-01-05T12:00:00+08:00'`.execute(env.t.db);
  const createdAt = (key: string, at: string) =>
    sql`UPDATE users SET created_at = ${at} WHERE user_id = ${id[key]}`.execute(env.t.db);
  await createdAt('I2', manilaMidnight(monday(0)));
  await createdAt('operator', manilaMidnight(monday(5)));
  await createdAt('newAgent', secondBefore(manilaMidnight(monday(6))));

  const skill = async (name: string) =>
    (
      await sql<{
        id: number;
      }>`SELECT user_skills_id AS id FROM user_skills WHERE user_skills = ${name}`.execute(env.t.db)
    ).rows[0]!.id;
  id.stager = await skill('Stager');
  id.creator = await skill('Creator');
  id.assessor = await skill('Assessor');
  await sql`INSERT INTO user_skill_links (user_id, user_skills_id) VALUES
    (${id.A1}, ${id.stager}), (${id.A1}, ${id.creator}), (${id.I1}, ${id.assessor})`.execute(env.t.db);

  id.santos = await seller('Santos Seller', id.agencyA);
  id.reyes = await seller('Reyes Seller', id.agencyB);
  id.cruz = await seller('Cruz Seller', null, id.operator);

  const { A1, A2, B1, I1 } = id as Record<'A1' | 'A2' | 'B1' | 'I1', number>;
  const agencyA = id.agencyA!;
  const agencyB = id.agencyB!;
  const old = '2025-06-01T12:00:00+08:00';
  await listing(1, 'Open Alpha', {
    status: 'Open',
    owner: A1,
    agent: A1,
    agency: agencyA,
    seller: id.santos!,
    broker: id.xavier!,
    added: sql`now() - interval '3 months 2 days'`,
  });
  await listing(2, 'Pending Bravo', {
    status: 'Pending',
    owner: B1,
    agent: B1,
    agency: agencyB,
    seller: id.reyes!,
    added: sql`now() - interval '5 months'`,
    changed: sql`now() - interval '2 months 1 day'`,
    category: 1,
    place: pB,
  });
  await listing(3, 'Open Orphan', {
    status: 'Open',
    owner: I1,
    ownerType: ROLE.Individual,
    added: manilaMidnight(monday(2)),
  });
  await listing(4, 'Sold Last Minute', {
    status: 'Sold',
    owner: A1,
    agent: A1,
    agency: agencyA,
    seller: id.santos!,
    broker: id.yolanda!,
    sold: '2025-03-31T23:59:59+08:00',
    added: '2025-01-10T00:00:00+08:00',
  });
  await listing(5, 'Sold Too Late', {
    status: 'Sold',
    owner: B1,
    agency: agencyB,
    seller: id.reyes!,
    broker: id.xavier!,
    sold: '2025-04-01T00:00:00+08:00',
    added: '2025-01-09T23:59:59+08:00',
  });
  await listing(6, 'Sold First Minute', {
    status: 'Sold',
    owner: B1,
    agent: B1,
    agency: agencyB,
    seller: id.cruz!,
    sold: '2025-03-01T00:00:00+08:00',
    added: '2025-01-10T12:00:00+08:00',
    operator: id.operator!,
    operatorAt: '2025-01-11T09:30:00+08:00',
  });
  await listing(7, 'Rented Mid March', {
    status: 'Occupied',
    owner: B1,
    agent: B1,
    secondAgent: A1,
    agency: agencyB,
    seller: id.reyes!,
    rentalStarted: '2025-03-15',
    changed: '2025-03-14T10:00:00+08:00',
    added: '2025-01-10T23:59:59+08:00',
    category: 1,
  });
  await listing(8, 'Rented February', {
    status: 'Occupied',
    owner: B1,
    agency: agencyB,
    rentalStarted: '2025-02-10',
    added: '2025-01-11T00:00:00+08:00',
    category: 1,
  });
  await listing(9, 'Rented Without Start', {
    status: 'Occupied',
    owner: I1,
    ownerType: ROLE.Individual,
    changed: '2025-03-20T10:00:00+08:00',
    added: old,
    category: 1,
  });
  await listing(10, 'Sold Day Before', {
    status: 'Sold',
    owner: A1,
    agency: agencyA,
    sold: '2025-02-28T23:59:59+08:00',
    added: old,
  });
  await listing(11, 'Archived Alpha', {
    status: 'Archived',
    owner: A2,
    agent: A2,
    agency: agencyA,
    seller: id.santos!,
    broker: id.zeno!,
    added: old,
    category: 1,
    place: pB,
  });
  await listing(12, 'Suspended Bravo', {
    status: 'Suspended',
    owner: B1,
    agency: agencyB,
    suspended: '2025-06-02T12:00:00+08:00',
    added: old,
    category: 1,
    place: pB,
  });
  await listing(13, 'Open Recent', {
    status: 'Open',
    owner: A2,
    agency: agencyA,
    broker: id.zeno!,
    added: secondBefore(manilaMidnight(monday(2))),
  });
  await sql`INSERT INTO property_media (property_id, type, file, thumbnail, video_url, description, is_default) VALUES
    (${L[1]}, 'Image', 'alpha.jpg', 'alpha.thumb.jpg', NULL, 'Front', true),
    (${L[1]}, 'Video', NULL, NULL, 'https://video.example.ph/alpha', 'Walkthrough', false),
    (${L[3]}, 'Image', 'orphan.jpg', 'orphan.thumb.jpg', NULL, 'Front', true),
    (${L[12]}, 'Image', 'bravo.jpg', 'bravo.thumb.jpg', NULL, 'Front', true)`.execute(env.t.db);
});

const request = (call: string, params: Params = {}, as?: string) =>
  env.get(
    `/api/${call}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
    as ? token[as] : undefined,
  );

/** The answer a report declares in the catalogue, with no field more (issue 19). */
const declared = (call: string) => listPage(reportRow(reportByCall(call)!).strict()).strict();

async function report(call: string, params: Params = {}, as?: string) {
  const res = await request(call, params, as);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = declared(call).safeParse(res.json().resultData);
  expect(parsed.error, call).toBeUndefined();
  return res.json().resultData as {
    data: Row[];
    total: number;
    current_page: number;
    per_page: number;
    last_page: number;
  };
}
const listings = (rows: Row[]) => rows.map((r) => Object.keys(L).find((n) => L[Number(n)] === r.property_id));
/** The listing numbers of a report's rows, in order. */
const numbers = async (call: string, params: Params = {}, as?: string) =>
  listings((await report(call, params, as)).data).map(Number);
const field = async (call: string, name: string, params: Params = {}, as?: string) =>
  (await report(call, params, as)).data.map((r) => r[name]);

const MARCH = { date_sold_from_date: '2025-03-01', date_sold_to_date: '2025-03-31' };

describe('listing reports', () => {
  it('open/pending: only Open and Pending, grouped by broker, months from real dates, people optional', async () => {
    const page = await report('getOpenPendingPropertyReport');
    expect(page).toMatchObject({ total: 4, per_page: 7, current_page: 1, last_page: 1 });
    expect(listings(page.data).map(Number)).toEqual([1, 13, 2, 3]);
    expect(page.data[0]).toEqual({
      property_id: L[1],
      seller_name: 'Santos Seller',
      agent_name: 'Andres Agent',
      broker_associated: 'Xavier Broker',
      property_name: 'Open Alpha',
      months: 3,
      pending: null,
      status: 'Open',
      broker_id: id.xavier,
      broker_association_id: [id.assoc1, id.assoc2, id.assoc3].sort((a, b) => a! - b!).join(','),
      seller_id: id.santos,
      agent_id: id.A1,
    });
    expect(page.data[2]).toMatchObject({ property_name: 'Pending Bravo', months: 5, pending: 2 });
    expect(page.data[3]).toMatchObject({ seller_name: null, agent_name: null, broker_associated: null });
    // The search never lets a Pending (or Archived) listing through.
    expect(await numbers('getOpenPendingPropertyReport', { searchText: 'alpha' })).toEqual([1]);
    expect(await numbers('getOpenPendingPropertyReport', { searchText: 'BRUNO' })).toEqual([2]);
    expect(await numbers('getOpenPendingPropertyReport', { searchText: 'santos' })).toEqual([1]);
    expect(await numbers('getOpenPendingPropertyReport', { searchText: 'zeno' })).toEqual([13]);
    expect(
      await numbers('getOpenPendingPropertyReport', { sortColumn: 'pending_month', sortOrder: 'desc' }),
    ).toEqual([13, 3, 1, 2]);
    expect(await numbers('getOpenPendingPropertyReport', {}, 'I1')).toEqual([3]);
    expect(await numbers('getOpenPendingPropertyReport', {}, 'A1')).toEqual([1, 13]);
  });

  it('sold/rent: sales and rentals booked in the range, both ends inclusive in Manila, and nothing else', async () => {
    // Issue 21, item 5: the price sold or rented for, else the price asked, and the property's name.
    const prices = (n: number, values: Record<string, string>) =>
      env.t.db.updateTable('properties').set(values).where('property_id', '=', L[n]!).execute();
    await prices(4, { sale_price_asked: '5000000.00', sale_price: '4850000.50' });
    await prices(7, { rental_price_asked: '25000.00' });
    await prices(9, { rental_price_asked: '30000.00', price_rented: '28000.00' });
    const page = await report('getSoldRentReport', MARCH);
    expect(listings(page.data).map(Number)).toEqual([4, 9, 7, 6]);
    expect(page.total).toBe(4);
    expect(page.data[0]).toEqual({
      property_id: L[4],
      seller_name: 'Santos Seller',
      property_name: 'Sold Last Minute',
      price: 4850000.5,
      date_sold: '2025-03-31',
      date_rented: null,
      street_name: 'Street 4',
      property_building_name: 'Tower 4',
      broker_associated: 'Yolanda Broker',
      status: 'Sold',
      seller_id: id.santos,
      broker_id: id.yolanda, // its name links to the broker (decision 49), added after the legacy fields
    });
    expect(page.data[1]).toMatchObject({
      date_sold: null,
      date_rented: '2025-03-20',
      status: 'Occupied',
      property_name: 'Rented Without Start',
      price: 28000,
    });
    expect(page.data[2]).toMatchObject({
      date_sold: null,
      date_rented: '2025-03-15',
      seller_name: 'Reyes Seller',
      price: 25000,
    });
    expect(page.data[3]).toMatchObject({ date_sold: '2025-03-01', date_rented: null, price: null });
    expect(await numbers('getSoldRentReport', { ...MARCH, sortColumn: 'price', sortOrder: 'asc' })).toEqual([
      7, 9, 4, 6,
    ]);
    expect(
      await numbers('getSoldRentReport', { ...MARCH, sortColumn: 'property_name', sortOrder: 'asc' }),
    ).toEqual([7, 9, 6, 4]);
    expect(await numbers('getSoldRentReport', { ...MARCH, sortOrder: 'asc' })).toEqual([6, 7, 9, 4]);
    expect(await numbers('getSoldRentReport', { ...MARCH, searchText: 'rented' })).toEqual([9, 7]);
    expect(await numbers('getSoldRentReport', { ...MARCH, searchText: 'tower 6' })).toEqual([6]);
    expect(
      await numbers('getSoldRentReport', {
        date_sold_from_date: '2025-04-01',
        date_sold_to_date: '2025-04-01',
      }),
    ).toEqual([5]);
    // Without dates: today only.
    expect((await report('getSoldRentReport')).total).toBe(0);
    expect(await numbers('getSoldRentReport', MARCH, 'A1')).toEqual([4, 7]);
  });

  it('property based broker: every listing, sorted by seller with the seller-less last, on every page', async () => {
    const ascending = [6, 2, 5, 7, 1, 4, 11, 3, 8, 9, 10, 12, 13];
    const descending = [13, 12, 10, 9, 8, 3, 11, 4, 1, 7, 5, 2, 6];
    for (const [order, expected] of [
      ['asc', ascending],
      ['desc', descending],
    ] as const) {
      const pages = [];
      for (const n of [1, 2])
        pages.push(...(await numbers('getPropertyBrokerReport', { page: n, sortOrder: order })));
      expect(pages, order).toEqual(expected);
      expect(await numbers('getPropertyBrokerReport', { itemsPerPage: 50, sortOrder: order })).toEqual(
        expected,
      );
    }
    const first = await report('getPropertyBrokerReport');
    expect(first).toMatchObject({ total: 13, last_page: 2 });
    expect(first.data[0]).toEqual({
      property_id: L[6],
      seller_name: 'Cruz Seller',
      agent_name: 'Bruno Agent',
      broker_associated: null,
      property_name: 'Sold First Minute',
      status: 'Sold',
      seller_id: id.cruz,
      agent_id: id.B1,
      broker_id: null,
    });
    const alpha = (await report('getPropertyBrokerReport', { searchText: 'open alpha' })).data;
    expect(alpha).toMatchObject([{ broker_associated: 'Xavier Broker', broker_id: id.xavier }]);
    expect(await numbers('getPropertyBrokerReport', { status: 'Sold' })).toEqual([6, 5, 4, 10]);
    expect(
      await numbers('getPropertyBrokerReport', { product_category_id: 1, province_id: pB.province_id }),
    ).toEqual([2, 11, 12]);
    expect(await numbers('getPropertyBrokerReport', { sortColumn: 'agent_name', itemsPerPage: 50 })).toEqual([
      1, 4, 2, 6, 7, 11, 3, 5, 8, 9, 10, 12, 13,
    ]);
    expect(await numbers('getPropertyBrokerReport', { searchText: 'reyes', status: 'Pending' })).toEqual([2]);
    // Searching sorts the matches: the same order, nulls last ascending and first descending.
    expect(await numbers('getPropertyBrokerReport', { searchText: 'sold' })).toEqual([6, 5, 4, 10]);
    expect(await numbers('getPropertyBrokerReport', { searchText: 'sold', sortOrder: 'desc' })).toEqual([
      10, 4, 5, 6,
    ]);
    expect(await numbers('getPropertyBrokerReport', { itemsPerPage: 15 }, 'A1')).toEqual([
      7, 1, 4, 11, 10, 13,
    ]);
    const refused = await request('getPropertyBrokerReport', { status: 'Gone' });
    expect(refused.statusCode).toBe(400);
  });

  it('property attachments: one row per image or video of a listing in scope', async () => {
    const page = await report('getListOfAttachments');
    expect(page.data.map((r) => [r.property_name, r.type, r.images_video])).toEqual([
      ['Open Alpha', 'Image', '/media/alpha.jpg'],
      ['Open Alpha', 'Video', 'https://video.example.ph/alpha'],
      ['Open Orphan', 'Image', '/media/orphan.jpg'],
      ['Suspended Bravo', 'Image', '/media/bravo.jpg'],
    ]);
    expect(page.data[0]).toEqual({
      image_video_id: expect.any(Number),
      seller_name: 'Santos Seller',
      agent_name: 'Andres Agent',
      property_name: 'Open Alpha',
      type: 'Image',
      images_video: '/media/alpha.jpg',
      property_id: L[1],
      seller_id: id.santos,
      agent_id: id.A1,
    });
    expect(await field('getListOfAttachments', 'images_video', { attachment_type: 'Video' })).toEqual([
      'https://video.example.ph/alpha',
    ]);
    expect(await field('getListOfAttachments', 'property_name', {}, 'A1')).toEqual([
      'Open Alpha',
      'Open Alpha',
    ]);
    expect(await field('getListOfAttachments', 'property_name', { searchText: 'andres' })).toEqual([
      'Open Alpha',
      'Open Alpha',
    ]);
  });

  it('property tracking: listings added between the dates, inclusive Manila days', async () => {
    const page = await report('getPropertyTrackingReport', {
      from_date: '2025-01-10',
      to_date: '2025-01-10',
    });
    expect(listings(page.data).map(Number)).toEqual([7, 6, 4]);
    expect(page.data[1]).toEqual({
      property_id: L[6],
      property_name: 'Sold First Minute',
      date_first_added: '2025-01-10T04:00:00.000Z',
      date_last_modified: expect.any(String),
      date_last_status_change: '2025-01-10T04:00:00.000Z',
      date_suspended: null,
      user_type: 'Agent',
      date_modified_operator: '2025-01-11T01:30:00.000Z',
      operator_name: 'Oscar Operator',
    });
    expect(
      await numbers('getPropertyTrackingReport', { from_date: '2025-01-09', to_date: '2025-01-11' }),
    ).toEqual([8, 7, 6, 4, 5]);
    expect(
      await numbers('getPropertyTrackingReport', {
        from_date: '2025-01-01',
        to_date: '2025-12-31',
        searchText: 'oscar',
      }),
    ).toEqual([6]);
    // By owner type too: the roles so named are looked up first (decision 69).
    const year = { from_date: '2025-01-01', to_date: '2025-12-31', itemsPerPage: 50 };
    const rows = (await report('getPropertyTrackingReport', year)).data;
    expect(new Set(rows.map((r) => r.user_type))).toEqual(new Set(['Agent', 'Individual']));
    for (const text of ['INDIVIDUAL', 'agen', 'oscar'])
      expect(await numbers('getPropertyTrackingReport', { ...year, searchText: text })).toEqual(
        listings(
          rows.filter((r) =>
            [r.property_name, r.user_type, r.operator_name].some((v) =>
              String(v).toLowerCase().includes(text.toLowerCase()),
            ),
          ),
        ).map(Number),
      );
    expect((await report('getPropertyTrackingReport')).total).toBe(0);
    expect(
      await numbers('getPropertyTrackingReport', { from_date: '2025-06-01', to_date: '2025-06-01' }, 'A1'),
    ).toEqual([11, 10]);
  });
});

describe('people reports', () => {
  it('sellers: in the seller scope, with their listings the viewer may see', async () => {
    const page = await report('getSellerReports');
    expect(page.data).toEqual([
      {
        seller_id: id.cruz,
        seller_name: 'Cruz Seller',
        property_owner_name: 'Owner of Cruz Seller',
        agency_name: null,
        phone_1: '09190000000',
        phone_2: null,
        email_address: null,
        total_properties: 1,
      },
      expect.objectContaining({
        seller_name: 'Reyes Seller',
        agency_name: 'Bravo Realty',
        total_properties: 3,
      }),
      expect.objectContaining({
        seller_name: 'Santos Seller',
        agency_name: 'Alpha Realty',
        total_properties: 3,
      }),
    ]);
    expect(await field('getSellerReports', 'seller_name', { sortOrder: 'desc' })).toEqual([
      'Santos Seller',
      'Reyes Seller',
      'Cruz Seller',
    ]);
    expect(await field('getSellerReports', 'seller_name', { searchText: 'bravo' })).toEqual(['Reyes Seller']);
    expect((await report('getSellerReports', {}, 'A1')).data).toEqual([
      expect.objectContaining({ seller_name: 'Santos Seller', total_properties: 3 }),
    ]);
  });

  it('individuals: every Individual in scope, zero listings included', async () => {
    const page = await report('getIndividualsReport');
    expect(page.data.map((r) => [r.full_name, r.role_name, r.user_status, r.totalProperties])).toEqual([
      ['Ingrid Inactive', 'Individual', 'Inactive', 0],
      ['Irene Idle', 'Individual', 'Active', 0],
      ['Ivan Individual', 'Individual', 'Active', 2],
    ]);
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      ['user_id', 'full_name', 'role_name', 'phone_1', 'user_email', 'user_status', 'totalProperties'].sort(),
    );
    expect(await field('getIndividualsReport', 'full_name', {}, 'I1')).toEqual(['Ivan Individual']);
    expect((await report('getIndividualsReport', {}, 'A1')).total).toBe(0);
  });

  it('user list, users to activate and agents: the user scope, created dates, statuses and roles', async () => {
    const all = await report('GetUserReport', { itemsPerPage: 15 });
    expect(all.total).toBe(9);
    expect(all.data.map((r) => r.user_id)).toEqual(
      ['admin', 'A1', 'A2', 'B1', 'newAgent', 'I1', 'I2', 'inactive', 'operator'].map((k) => id[k]),
    );
    expect(all.data[1]).toEqual({
      user_id: id.A1,
      full_name: 'Andres Agent',
      role_name: 'Agent',
      primary_phone: `0917${String(id.A1).padStart(7, '0')}`,
      secondary_phone: `0928${String(id.A1).padStart(7, '0')}`,
      user_email: 'a1@reports.example.ph',
    });
    expect(
      await field('GetUserReport', 'full_name', {
        created_from_date: monday(5),
        created_to_date: addDays(monday(5), 6),
      }),
    ).toEqual(['Oscar Operator']);
    expect(await field('GetUserReport', 'full_name', { created_from_date: monday(0) })).toEqual([
      'Irene Idle',
    ]);
    expect(await field('GetUserReport', 'full_name', { searchText: 'owner-agent' })).toEqual([
      'Olivia Owneragent',
    ]);
    expect(await field('GetUserReport', 'user_id', {}, 'A1')).toEqual([id.A1, id.A2]);

    expect((await report('GetUserToActivated')).data.map((r) => [r.full_name, r.user_status])).toEqual([
      ['Nina Newagent', 'New'],
      ['Ingrid Inactive', 'Inactive'],
    ]);
    expect((await report('GetUserToActivated', {}, 'A1')).total).toBe(0);

    expect(await field('GetUserAgents', 'full_name')).toEqual([
      'Andres Agent',
      'Olivia Owneragent',
      'Bruno Agent',
      'Nina Newagent',
    ]);
    expect(await field('GetUserAgents', 'full_name', {}, 'A1')).toEqual([
      'Andres Agent',
      'Olivia Owneragent',
    ]);
  });

  it('user based skills: users with a skill, their skills in name order, filtered by one', async () => {
    expect((await report('GetUserBasedSkillReport')).data).toEqual([
      { id: id.A1, full_name: 'Andres Agent', role_name: 'Agent', user_skills: 'Creator, Stager' },
      { id: id.I1, full_name: 'Ivan Individual', role_name: 'Individual', user_skills: 'Assessor' },
    ]);
    expect(await field('GetUserBasedSkillReport', 'id', { user_skills_id: id.assessor! })).toEqual([id.I1]);
    expect(await field('GetUserBasedSkillReport', 'id', { searchText: 'stager' })).toEqual([id.A1]);
    expect(await field('GetUserBasedSkillReport', 'id', {}, 'A1')).toEqual([id.A1]);
  });

  it('user count property: every user of the type, with the listings owned or served as agent', async () => {
    const individuals = await report('getCountOfPropertiesReport', { user_type: ROLE.Individual });
    expect(individuals.data.map((r) => [r.role_type, r.full_name, r.user_status, r.totalProperties])).toEqual(
      [
        ['Individual', 'Ingrid Inactive', 'Inactive', 0],
        ['Individual', 'Irene Idle', 'Active', 0],
        ['Individual', 'Ivan Individual', 'Active', 2],
      ],
    );
    const agents = await report('getCountOfPropertiesReport', { user_type: ROLE.Agent });
    expect(agents.data.map((r) => [r.full_name, r.totalProperties])).toEqual([
      ['Andres Agent', 4],
      ['Bruno Agent', 6],
      ['Nina Newagent', 0],
    ]);
    // An Agent sees the users of their own agency only.
    expect(
      (await report('getCountOfPropertiesReport', { user_type: ROLE.Agent }, 'A1')).data.map((r) => [
        r.full_name,
        r.totalProperties,
      ]),
    ).toEqual([['Andres Agent', 4]]);
    // Without a type (the old screen's first load): every type.
    expect(
      (await report('getCountOfPropertiesReport', { itemsPerPage: 50 })).data.map((r) => r.role_type),
    ).toEqual(expect.arrayContaining(['Agent', 'Individual', 'Operator']));
  });
});

describe('directory reports', () => {
  it('agencies, brokers and associations in id order', async () => {
    expect(await field('GetAgencies', 'agency_name')).toEqual([
      'Alpha Realty',
      'Bravo Realty',
      'Charlie Realty',
    ]);
    expect((await report('GetAgencies')).data[0]).toEqual({
      agency_id: id.agencyA,
      agency_name: 'Alpha Realty',
      owner_name: 'Owner of Alpha Realty',
      contact_person: 'Contact of Alpha Realty',
      phone_1: '09170000000',
      email_address: 'alpha.realty@example.ph',
    });
    expect(await field('GetBrokers', 'broker_name')).toEqual([
      'Xavier Broker',
      'Yolanda Broker',
      'Zeno Broker',
    ]);
    expect(await field('GetBrokerAssociations', 'broker_association_name')).toEqual([
      'Assoc One',
      'Assoc Two',
      'Assoc Three',
    ]);
    expect(await field('GetBrokerAssociations', 'broker_association_name', { searchText: 'tHREE' })).toEqual([
      'Assoc Three',
    ]);
  });

  it('brokers with their associations: one row per broker, searchable by association', async () => {
    const page = await report('getBrokerLinkedAssociationReport');
    expect(page.per_page).toBe(15);
    expect(page.data.map((r) => [r.broker_name, r.associations])).toEqual([
      ['Xavier Broker', 'Assoc One, Assoc Three, Assoc Two'],
      ['Yolanda Broker', ''],
      ['Zeno Broker', 'Assoc Two'],
    ]);
    expect(await field('getBrokerLinkedAssociationReport', 'broker_name', { searchText: 'assoc' })).toEqual([
      'Xavier Broker',
      'Zeno Broker',
    ]);
    expect(await field('getBrokerLinkedAssociationReport', 'broker_name', { searchText: 'assoc t' })).toEqual(
      ['Xavier Broker', 'Zeno Broker'],
    );
    expect((await report('getBrokerLinkedAssociationReport', { itemsPerPage: 20 })).per_page).toBe(20);
  });

  it('agents by agency: one row per agency and agent, agencies without agents kept', async () => {
    const page = await report('GetAgentsBasedAgency');
    expect(page.data.map((r) => [r.row_id, r.agency_name, r.AgentName])).toEqual([
      [`${id.agencyA}-${id.A1}`, 'Alpha Realty', 'Andres Agent'],
      [`${id.agencyA}-${id.A2}`, 'Alpha Realty', 'Olivia Owneragent'],
      [`${id.agencyB}-${id.B1}`, 'Bravo Realty', 'Bruno Agent'],
      [`${id.agencyB}-${id.newAgent}`, 'Bravo Realty', 'Nina Newagent'],
      [`${id.agencyC}-none`, 'Charlie Realty', null],
    ]);
    expect(page.data[0]).toEqual({
      row_id: `${id.agencyA}-${id.A1}`,
      agency_id: id.agencyA,
      agency_name: 'Alpha Realty',
      owner_name: 'Owner of Alpha Realty',
      contact_person: 'Contact of Alpha Realty',
      AgentName: 'Andres Agent',
      agency_email_address: 'alpha.realty@example.ph',
      agent_email: 'a1@reports.example.ph',
      phone_1: `0917${String(id.A1).padStart(7, '0')}`,
      user_id: id.A1, // the agent's name links to the agent (decision 49)
    });
    expect(page.data[4]).toMatchObject({ agent_email: null, phone_1: null, user_id: null });
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'nina' })).toEqual([
      `${id.agencyB}-${id.newAgent}`,
    ]);
    // Agents of both roles are found by name and e-mail, only their own rows; an agency by its own
    // fields, with every one of its agents.
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'olivia' })).toEqual([
      `${id.agencyA}-${id.A2}`,
    ]);
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'a1@reports' })).toEqual([
      `${id.agencyA}-${id.A1}`,
    ]);
    // Whatever the case typed, the agent's fields through their lowered search text.
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'OLIVIA Owner' })).toEqual([
      `${id.agencyA}-${id.A2}`,
    ]);
    // An agency without agents, by its own fields: its one row.
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'Contact of Charlie' })).toEqual([
      `${id.agencyC}-none`,
    ]);
    expect(await field('GetAgentsBasedAgency', 'row_id', { searchText: 'bravo' })).toEqual([
      `${id.agencyB}-${id.B1}`,
      `${id.agencyB}-${id.newAgent}`,
    ]);
    expect(await field('GetAgentsBasedAgency', 'AgentName', {}, 'A1')).toEqual([
      'Andres Agent',
      'Olivia Owneragent',
    ]);
  });
});

describe('the report contract', () => {
  const firstRow = async (def: ReportDefinition) => {
    const params: Params = def.call === 'getCountOfPropertiesReport' ? { user_type: ROLE.Agent } : {};
    if (def.call === 'getSoldRentReport') Object.assign(params, MARCH);
    if (def.call === 'getPropertyTrackingReport')
      Object.assign(params, { from_date: '2025-01-01', to_date: '2025-12-31' });
    // The listings here are alike (land area 100, streets 'Street n', one barangay): pairs since 2020.
    if (def.call === 'getSuspectedDuplicatesReport') Object.assign(params, { from_date: '2020-01-01' });
    return { params, page: await report(def.call, params) };
  };

  it('answers the catalogue columns and row id, and sorts by every whitelisted column both ways', async () => {
    for (const def of REPORTS as readonly ReportDefinition[]) {
      const { params, page } = await firstRow(def);
      expect(page.total, def.call).toBeGreaterThan(0);
      expect(Object.keys(page.data[0]!).sort(), def.call).toEqual(
        [
          ...new Set([
            def.rowId,
            ...def.columns.map((c) => c.field),
            ...(def.rowFields ?? []).map((f) => f.field),
          ]),
        ].sort(),
      );
      const ids = page.data.map((r) => r[def.rowId]);
      expect(new Set(ids).size, def.call).toBe(ids.length);
      for (const sortColumn of reportSortColumns(def))
        for (const sortOrder of ['asc', 'desc']) {
          const sorted = await report(def.call, {
            ...params,
            sortColumn,
            sortOrder,
            itemsPerPage: def.pageSizes?.[2] ?? 50,
          });
          expect(sorted.total, `${def.call} ${sortColumn} ${sortOrder}`).toBe(page.total);
        }
    }
  }, 90_000); // every sort of every report: over 200 requests

  it('refuses unknown sort columns, page sizes and reversed date ranges with 400', async () => {
    const sort = await request('getSoldRentReport', { sortColumn: 'property_id' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sortColumn).toMatch(/^sortColumn must be one of date_sold, seller_name/);
    for (const call of ['GetBrokers', 'getSoldRentReport', 'GetAgentsBasedAgency']) {
      const size = await request(call, { itemsPerPage: 20 });
      expect([call, size.statusCode, size.json().errors]).toEqual([
        call,
        400,
        { itemsPerPage: 'itemsPerPage must be one of 7, 15, 25, 50' },
      ]);
    }
    const linked = await request('getBrokerLinkedAssociationReport', { itemsPerPage: 7 });
    expect(linked.json().errors).toEqual({ itemsPerPage: 'itemsPerPage must be one of 15, 20, 25' });
    const reversed = await request('getSoldRentReport', {
      date_sold_from_date: '2025-03-31',
      date_sold_to_date: '2025-03-01',
    });
    expect([reversed.statusCode, reversed.json().errors]).toEqual([
      400,
      { date_sold_to_date: MESSAGES.dateRangeOrder },
    ]);
    const tracking = await request('getPropertyTrackingReport', { from_date: '2025-02-30' });
    expect([tracking.statusCode, tracking.json().errors]).toEqual([400, { from_date: 'Not a real date' }]);
  });

  it('closes each report to roles without its permission', async () => {
    for (const call of ['getSoldRentReport', 'GetUserReport', 'getListOfAttachments', OVERVIEW.call]) {
      expect((await request(call, {}, 'I1')).statusCode, call).toBe(403);
      if (call !== OVERVIEW.call)
        expect((await request(`${call}/export`, {}, 'I1')).statusCode, call).toBe(403);
    }
    expect(reportByCall('getIndividualsReport')?.permission).toBe('Individuals Reports');
  });
});

describe('exports', () => {
  const load = async (call: string, params: Params = {}) => {
    const res = await request(`${call}/export`, params);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    return {
      res,
      sheet,
      headers: (sheet.getRow(1).values as unknown[]).slice(1),
      rows: sheet.rowCount - 1,
      cell: (row: number, header: string) => {
        const headers = (sheet.getRow(1).values as unknown[]).slice(1);
        return sheet.getRow(row + 1).getCell(headers.indexOf(header) + 1).value;
      },
    };
  };

  it('sold/rent: the columns on screen, every filtered row, real dates on the Manila day, named by date', async () => {
    const sheet = await load('getSoldRentReport', MARCH);
    expect(sheet.headers).toEqual(reportByCall('getSoldRentReport')!.columns.map((c) => c.header));
    expect(sheet.rows).toBe(4);
    expect(sheet.cell(1, 'Date Sold')).toEqual(new Date(Date.UTC(2025, 2, 31)));
    expect(sheet.cell(2, 'Date Rented')).toEqual(new Date(Date.UTC(2025, 2, 20)));
    expect(sheet.cell(2, 'Date Sold')).toBeNull();
    expect(sheet.cell(1, 'Property Name')).toBe('Sold Last Minute');
    expect(sheet.cell(1, 'Price')).toBe(4850000.5);
    expect(sheet.cell(4, 'Price')).toBeNull();
    const [day, month, year] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Manila' })
      .format(new Date())
      .split('/');
    expect(sheet.res.headers['content-disposition']).toBe(
      `attachment; filename="SoldRent_${day}-${month}-${year}.xlsx"`,
    );
  });

  it('numbers stay numbers, timestamps show Manila wall-clock time, late columns are filled', async () => {
    const openPending = await load('getOpenPendingPropertyReport');
    expect(openPending.rows).toBe(4);
    expect(openPending.cell(1, 'Months')).toBe(3);
    const tracking = await load('getPropertyTrackingReport', {
      from_date: '2025-01-10',
      to_date: '2025-01-10',
    });
    expect(tracking.rows).toBe(3);
    expect(tracking.cell(1, 'Date First')).toEqual(new Date(Date.UTC(2025, 0, 10, 23, 59, 59)));
    expect(tracking.sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    // Searched by owner type, whose roles are looked up first (decision 69): the rows the page shows.
    const byType = { from_date: '2025-01-01', to_date: '2025-12-31', searchText: 'individual' };
    const individuals = await load('getPropertyTrackingReport', byType);
    expect(individuals.rows).toBe((await report('getPropertyTrackingReport', byType)).total);
    expect(individuals.cell(1, 'User Type')).toBe('Individual');
    const sellers = await load('getSellerReports');
    expect([sellers.cell(1, 'Name'), sellers.cell(1, 'Total Properties')]).toEqual(['Cruz Seller', 1]);
    const linked = await load('getBrokerLinkedAssociationReport', { searchText: 'xavier' });
    expect(linked.cell(1, 'Associations')).toBe('Assoc One, Assoc Three, Assoc Two');
  });

  it('every report exports its whole filtered result with its headers', async () => {
    for (const def of REPORTS as readonly ReportDefinition[]) {
      const params: Params = def.call === 'getCountOfPropertiesReport' ? { user_type: ROLE.Agent } : {};
      const total = (await report(def.call, params)).total;
      const sheet = await load(def.call, params);
      expect(sheet.headers, def.call).toEqual(def.columns.map((c) => c.header));
      expect(sheet.rows, def.call).toBe(total);
      expect(sheet.res.headers['content-disposition'], def.call).toContain(`filename="${def.exportTitle}_`);
    }
  });
});

describe('the overview', () => {
  const weeks = (counts: Record<number, number>) =>
    Array.from({ length: OVERVIEW.weeks }, (_, i) => {
      const weeksAgo = OVERVIEW.weeks - 1 - i;
      return {
        week_start: monday(weeksAgo),
        week_end: addDays(monday(weeksAgo), 6),
        count: counts[weeksAgo] ?? 0,
      };
    });

  it('counts every listing and user in scope, zeros included', async () => {
    const res = await request(OVERVIEW.call);
    expect(res.statusCode, res.body).toBe(200);
    expect(reportsOverview.strict().safeParse(res.json().resultData).error).toBeUndefined();
    expect(res.json().resultData).toEqual({
      by_status: [
        { status: 'Open', count: 3 },
        { status: 'Pending', count: 1 },
        { status: 'Sold', count: 4 },
        { status: 'Occupied', count: 3 },
        { status: 'Archived', count: 1 },
        { status: 'Suspended', count: 1 },
      ],
      by_category: [
        { product_category_id: 1, product_category_name: 'For Rent', count: 6 },
        { product_category_id: 3, product_category_name: 'For Sale', count: 7 },
      ],
      new_listings_per_week: weeks({ 2: 1, 3: 1 }),
      new_users_per_week: weeks({ 0: 1, 5: 1, 7: 1 }),
      top_provinces: [
        { province_id: pA.province_id, province_name: 'Province Reports A', count: 10 },
        { province_id: pB.province_id, province_name: 'Province Reports B', count: 3 },
      ],
    });
  });

  it("counts an Agent's listings and users only", async () => {
    const res = await request(OVERVIEW.call, {}, 'A1');
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json().resultData;
    expect(reportsOverview.strict().safeParse(overview).error).toBeUndefined();
    expect(overview.by_status.map((s: { count: number }) => s.count)).toEqual([2, 0, 2, 1, 1, 0]);
    expect(overview.new_listings_per_week).toEqual(weeks({ 3: 1 }));
    expect(overview.new_users_per_week).toEqual(weeks({}));
    expect(overview.top_provinces).toEqual([
      { province_id: pA.province_id, province_name: 'Province Reports A', count: 5 },
      { province_id: pB.province_id, province_name: 'Province Reports B', count: 1 },
    ]);
  });
});

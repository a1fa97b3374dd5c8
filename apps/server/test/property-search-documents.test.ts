import { sql, type Expression, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { listingReports } from '../src/calls/reports/listings.ts';
import {
  propertySearch,
  searchDocumentOf,
  type PropertySearchField,
} from '../src/db/repositories/property-search.ts';
import { agencyPayload, idOf, place, sellerPayload, useTestApp, type Place } from './entity-fixtures.ts';
import { planWithoutTableScans } from './helpers.ts';

/**
 * Listing searches read one search document per listing (migration 0028, decision 56) and find what
 * `field ILIKE '%text%'` over each searched field found before: the oracle here is that old search,
 * run on the live rows, for every listing search and property report.
 */
const env = useTestApp();
let where: Place;
const ids: { seller: number[]; broker: number[]; agent: number[] } = { seller: [], broker: [], agent: [] };

const SELLERS = ['Maria Cebuana', 'Santos Holdings', 'Pedro 100% Real', 'Under_Score Inc'];
const BROKERS = ['Reyes Brokerage', 'Ayala Partners'];
const AGENTS = [
  ['Jose', 'Santos'],
  ['Ana', 'Reyes'],
];
/** name, headline, street, building: cases for case, markers, wildcards and words across fields. */
const LISTINGS = [
  ['Cebu Sunrise', 'Sea view', 'Mango Avenue', 'Tower One'],
  ['Casa Uno', 'Verde Hills', 'Ayala Street', null],
  ['ÉLAN Residences', 'Near cebu port', 'Osmeña Blvd', 'Élan Tower'],
  ['Lot 12 (corner)', 'Price 5.5M', 'P. Burgos St.', 'Block [A]'],
  ['House and lot', '100% financing', 'Back\\slash Road', 'Building_1'],
  ['Makati condo', 'Ayala house', 'Santos Street', 'Reyes Tower'],
];
const QUERIES = [
  'cebu',
  'CEBU',
  'santos',
  'reyes',
  'ayala',
  'maria',
  'tower',
  'élan',
  'ELAN',
  'uno verde',
  'sunrise sea',
  '100%',
  '_',
  'p.',
  '(corner)',
  '[a]',
  'back\\slash',
  '5.5m',
  'jose santos',
  'a',
  ' ',
  'house',
  'zzqxv',
];

/** The old searches, by list: the ILIKE pattern over each field it searched. */
const OLD: Record<string, string> = {
  allproperty: 'p.property_name ILIKE $1 OR p.property_headline ILIKE $1',
  getOpenPendingPropertyReport:
    "p.property_name ILIKE $1 OR s.seller_name ILIKE $1 OR ag.first_name || ' ' || ag.last_name ILIKE $1 OR b.broker_name ILIKE $1",
  getSoldRentReport:
    'p.property_name ILIKE $1 OR p.street_name ILIKE $1 OR p.building_name ILIKE $1 OR s.seller_name ILIKE $1 OR b.broker_name ILIKE $1',
  getListOfAttachments:
    "p.property_name ILIKE $1 OR s.seller_name ILIKE $1 OR ag.first_name || ' ' || ag.last_name ILIKE $1",
  getPropertyTrackingReport: "p.property_name ILIKE $1 OR op.first_name || ' ' || op.last_name ILIKE $1",
};
/** Each list's rows (status, dates) as its call finds them without a search. */
const BASE: Record<string, string> = {
  allproperty: 'true',
  getOpenPendingPropertyReport: "p.status IN ('Open', 'Pending')",
  getSoldRentReport: "p.status = 'Sold'",
  getListOfAttachments: 'true',
  getPropertyTrackingReport: 'true',
};
const PARAMS: Record<string, string> = {
  getSoldRentReport: '&date_sold_from_date=2025-03-01&date_sold_to_date=2025-03-31',
  getPropertyTrackingReport: '&from_date=2000-01-01&to_date=2100-01-01',
};

async function oldMatches(call: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql
    .raw<{ property_id: number }>(
      `SELECT p.property_id FROM properties p
        LEFT JOIN sellers s ON s.seller_id = p.seller_id LEFT JOIN users ag ON ag.user_id = p.agent_id
        LEFT JOIN brokers b ON b.broker_id = p.broker_id LEFT JOIN users op ON op.user_id = p.operator_id
        WHERE p.property_name LIKE 'SD %' AND ${BASE[call]} AND (${OLD[call]!.replaceAll('$1', `'${pattern.replaceAll("'", "''")}'`)})`,
    )
    .execute(env.t.db);
  return rows.map((r) => r.property_id).sort((a, b) => a - b);
}

async function newMatches(call: string, text: string) {
  const res = await env.get(
    `/api/${call}?itemsPerPage=50&searchText=${encodeURIComponent(text)}${PARAMS[call] ?? ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().resultData.data as { id?: number; property_id?: number }[];
  return [...new Set(rows.map((r) => Number(r.id ?? r.property_id)))]
    .filter((id) => listingIds.includes(id))
    .sort((a, b) => a - b);
}

let listingIds: number[] = [];

async function expectSameMatches() {
  for (const call of Object.keys(OLD))
    for (const text of QUERIES)
      expect([call, text, await newMatches(call, text)]).toEqual([call, text, await oldMatches(call, text)]);
}

beforeAll(async () => {
  where = await place(env.t, 'Search documents');
  const db = env.t.db;
  for (const name of SELLERS)
    ids.seller.push(
      (
        await db
          .insertInto('sellers')
          .values({ seller_name: name, phone_1: '09170000000' })
          .returning('seller_id')
          .executeTakeFirstOrThrow()
      ).seller_id,
    );
  for (const [i, name] of BROKERS.entries())
    ids.broker.push(
      (
        await db
          .insertInto('brokers')
          .values({
            broker_name: name,
            broker_license_number: `SD-${i}`,
            phone_1: '09170000000',
            email_address: `sd-broker-${i}@example.com`,
          })
          .returning('broker_id')
          .executeTakeFirstOrThrow()
      ).broker_id,
    );
  for (const [first, last] of AGENTS) {
    const id = await env.t.createUser(ROLE.Agent);
    await db
      .updateTable('users')
      .set({ first_name: first, last_name: last })
      .where('user_id', '=', id)
      .execute();
    ids.agent.push(id);
  }
  // One statement for all of them: the insert trigger works on the statement's rows.
  const rows = await db
    .insertInto('properties')
    .values(
      LISTINGS.map(([name, headline, street, building], i) => ({
        user_id: env.admin.userId,
        seller_id: ids.seller[i % (SELLERS.length + 1)] ?? null,
        broker_id: ids.broker[i % (BROKERS.length + 1)] ?? null,
        agent_id: ids.agent[i % (AGENTS.length + 1)] ?? null,
        operator_id: ids.agent[i % 2] ?? null,
        property_name: `SD ${name}`,
        property_headline: headline!,
        property_description: 'A listing of the search documents test.',
        property_classification_id: 4,
        property_type_id: 1,
        product_category_id: 3,
        land_area: '100',
        street_name: street!,
        building_name: building,
        province_id: where.province_id,
        town_id: where.town_id,
        barangay_id: where.barangay_id,
        status: i % 2 ? 'Sold' : 'Open',
        date_sold: i % 2 ? '2025-03-10T04:00:00Z' : null,
      })),
    )
    .returning('property_id')
    .execute();
  listingIds = rows.map((r) => r.property_id);
  await sql`INSERT INTO property_media (property_id, type, file, thumbnail, description, is_default)
    SELECT property_id, 'Image', 'sd-' || property_id || '.jpg', 'sd-' || property_id || '-t.jpg', 'Front', true
    FROM properties WHERE property_id = ANY (${listingIds})`.execute(db);
});

describe('search documents', () => {
  it('find what the old searches found, in the Property List and every listing report', async () => {
    expect(await oldMatches('allproperty', 'cebu')).toHaveLength(2);
    await expectSameMatches();
  });

  it("are read through the part of the document's index that holds the fields searched (migration 0051)", async () => {
    const partsRead = async (fields: PropertySearchField[]) => {
      const plan = await planWithoutTableScans(
        env.t.db,
        sql`SELECT property_id FROM properties p WHERE ${propertySearch('sunrise', fields)}`,
      );
      const scans = [...plan.matchAll(/Bitmap Index Scan on (\w+).*\n.*Index Cond: \((\w+)\(/g)];
      expect(scans.map((m) => m[1])).toEqual(scans.map(() => 'properties_search_trgm'));
      return scans.map((m) => m[2]);
    };
    expect(await partsRead(['name', 'headline'])).toEqual(['split_part']);
    expect(await partsRead(['name', 'headline', 'street', 'building'])).toEqual(['split_part']);
    expect(await partsRead(['seller', 'agent'])).toEqual(['substr']);
    expect(await partsRead(['name', 'seller'])).toEqual(['split_part', 'substr']);
  });

  it('are guessed from 1,001 sampled documents a column, not 101 (decision 116)', async () => {
    const { rows } = await sql<{ column: number; target: number }>`SELECT attnum AS column,
        attstattarget AS target FROM pg_attribute
      WHERE attrelid = 'properties_search_trgm'::regclass ORDER BY attnum`.execute(env.t.db);
    expect(rows).toEqual([
      { column: 1, target: 1000 },
      { column: 2, target: 1000 },
    ]);
  });

  it("answer Property Tracking's search through indexes alone, so that it can be combined with the report's days", async () => {
    // The owner types named by the text are looked up first ('agent': Agent and Owner-Agent), so each
    // arm of the OR is an index read: without one, only a scan of every listing of the days can
    // answer it (decision 69).
    const tracking = listingReports.getPropertyTrackingReport;
    const search = tracking.search as (p: string, t: string, ids: readonly number[]) => Expression<SqlBool>;
    for (const [text, types, indexes] of [
      ['cebu', 0, ['properties_search_trgm', 'properties_search_trgm']],
      ['agent', 2, ['properties_owner_type', 'properties_search_trgm', 'properties_search_trgm']],
    ] as const) {
      // The report's dates do not matter to it: its context is the database alone.
      const ctx = { db: env.t.db } as Parameters<NonNullable<typeof tracking.searchIds>>[0];
      const ownerTypes = await tracking.searchIds!(ctx, `%${text}%`, text);
      expect(ownerTypes).toHaveLength(types);
      const plan = await planWithoutTableScans(
        env.t.db,
        sql`SELECT property_id FROM properties p WHERE ${search(`%${text}%`, text, ownerTypes)}`,
      );
      expect([...plan.matchAll(/Bitmap Index Scan on (\w+)/g)].map((m) => m[1])).toEqual(indexes);
      expect(plan).not.toMatch(/Seq Scan on properties|Filter:/);
    }
  });

  it('follow renames of listings, sellers, agents and brokers in the same transaction, and deletes', async () => {
    const db = env.t.db;
    await db
      .updateTable('sellers')
      .set({ seller_name: 'Cebu Land Corp' })
      .where('seller_id', '=', ids.seller[0]!)
      .execute();
    await db
      .updateTable('brokers')
      .set({ broker_name: 'Maria Brokers' })
      .where('broker_id', '=', ids.broker[0]!)
      .execute();
    await db
      .updateTable('users')
      .set({ last_name: 'Cebuano' })
      .where('user_id', '=', ids.agent[1]!)
      .execute();
    await db
      .updateTable('properties')
      .set({ property_headline: 'Now in Cebu', street_name: 'Tower Road' })
      .where('property_id', '=', listingIds[1]!)
      .execute();
    await db
      .updateTable('properties')
      .set({ seller_id: ids.seller[1]! })
      .where('property_id', 'in', listingIds.slice(2))
      .execute();
    await expectSameMatches();
    expect(await newMatches('getSoldRentReport', 'cebu land')).toEqual(
      await oldMatches('getSoldRentReport', 'cebu land'),
    );

    await sql`DELETE FROM property_media WHERE property_id = ${listingIds[0]}`.execute(db);
    await db.deleteFrom('properties').where('property_id', '=', listingIds[0]!).execute();
    await expectSameMatches();
  });

  it("are the same written many at once from their parents' names as the trigger wrote them, the form inlined", async () => {
    const { document, parents } = searchDocumentOf('l');
    const { rows } = await sql<{ id: number; stored: string; derived: string }>`SELECT l.property_id AS id,
      l.search_document AS stored, ${document} AS derived FROM properties l ${parents}
      WHERE l.property_id = ANY(${listingIds})`.execute(env.t.db);
    expect(rows.length).toBeGreaterThan(LISTINGS.length / 2);
    // Among them listings without a broker (its marker followed by the operator's).
    expect(rows.some((r) => r.stored.includes('\ue007\ue008'))).toBe(true);
    for (const r of rows) expect([r.id, r.derived]).toEqual([r.id, r.stored]);
    // A function with a subquery would be called for each row (36-44 µs against 11-12 inlined).
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN VERBOSE SELECT ${document}
      FROM properties l ${parents}`.execute(env.t.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('concat(');
    expect(text).not.toContain('property_search_text(');
  });

  it("leave the audit log with the listing's own fields: a renamed seller logs no change of its listings", async () => {
    const sellerId = ids.seller[1]!;
    expect((await env.post('saveagency', agencyPayload(where, 'Search Documents Realty'))).statusCode).toBe(
      200,
    );
    const agencyId = await idOf(env, AGENCY, 'Search Documents Realty');
    const renamed = await env.post('updateSeller', {
      ...sellerPayload(where, 'Santos Heirs', agencyId),
      seller_id: sellerId,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await newMatches('getOpenPendingPropertyReport', 'santos heirs')).toEqual(
      await oldMatches('getOpenPendingPropertyReport', 'santos heirs'),
    );
    const { rows } = await sql<{ entity: string; after: Record<string, unknown> }>`SELECT entity, after
      FROM audit_log WHERE call = 'updateSeller' AND (entity = 'properties' OR entity_id = ${String(sellerId)})`.execute(
      env.t.db,
    );
    expect(rows.map((r) => r.entity)).toEqual(['sellers']);
    const { rows: listing } = await sql<{ after: Record<string, unknown> }>`SELECT after FROM audit_log
      WHERE entity = 'properties' AND entity_id = ${String(listingIds[1])}`.execute(env.t.db);
    for (const r of listing) expect(Object.keys(r.after ?? {})).not.toContain('search_document');
  });

  it('stay right when renames and listing changes run at once', async () => {
    const db = env.t.db;
    // One record per statement, as the product's saves write: sellers, agents and brokers renamed
    // while listings change their name and seller.
    const writes = Array.from({ length: 30 }, (_, i) => {
      const listing = listingIds[1 + (i % (listingIds.length - 1))]!;
      if (i % 4 === 0)
        return db
          .updateTable('sellers')
          .set({ seller_name: `Seller Round ${i}` })
          .where('seller_id', '=', ids.seller[i % ids.seller.length]!)
          .execute();
      if (i % 4 === 1)
        return db
          .updateTable('users')
          .set({ last_name: `Agent${'x'.repeat(i % 5)}` })
          .where('user_id', '=', ids.agent[i % ids.agent.length]!)
          .execute();
      if (i % 4 === 2)
        return db
          .updateTable('brokers')
          .set({ broker_name: `Broker Round ${i}` })
          .where('broker_id', '=', ids.broker[i % ids.broker.length]!)
          .execute();
      return db
        .updateTable('properties')
        .set({ seller_id: ids.seller[i % ids.seller.length]!, property_name: `SD Renamed ${i}` })
        .where('property_id', '=', listing)
        .execute();
    });
    await Promise.all(writes);
    const { rows } = await sql<{ stale: number }>`SELECT count(*)::int AS stale FROM properties
      WHERE property_id = ANY (${listingIds.slice(1)}) AND search_document IS DISTINCT FROM
        property_search_document(property_name, property_headline, street_name, building_name, seller_id,
          agent_id, broker_id, operator_id)`.execute(db);
    expect(rows[0]!.stale).toBe(0);
    await expectSameMatches();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { countingInstance, createTestApp, type TestApp } from './helpers.ts';
import { place } from './entity-fixtures.ts';

// 21,000 listings: half 'Aaa Lot n', first in name order, half named with punctuation, accents and
// other spaces, which every hostile search below matches more than 10,000 of, so that the names' words
// are read (decision 102). A few of those are written with a tab, an em space or in capitals instead,
// a few (last) hold 'house' in four words; one early lot's seller, another's agent, another's broker
// hold 'house'.
let t: TestApp;
let token: string;
let agent: { userId: number; token: string };
const LISTINGS = 21_000;
const NAME = `'St.-John''s D.C. O''Neil Zee' || chr(160) || 'House, Ñandú-École 100%_\\ [x].* '`;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signedIn(ROLE.SuperAdmin);
  token = admin.token;
  agent = await t.signedIn(ROLE.Agent);
  await sql`UPDATE users SET first_name = 'Housey', last_name = 'Agent' WHERE user_id = ${agent.userId}`.execute(
    t.db,
  );
  const where = await place(t, 'Hostile');
  await sql`INSERT INTO sellers (seller_name, phone_1) VALUES ('Greenhouse Realty', '09170000001')`.execute(
    t.db,
  );
  await sql`INSERT INTO brokers (broker_name, broker_license_number, phone_1, email_address)
    VALUES ('Lighthouse Brokers', 'L-1', '09170000002', 'l@example.com')`.execute(t.db);
  await sql`INSERT INTO properties (user_id, user_type, property_name, property_headline,
      property_description, property_classification_id, property_type_id, product_category_id, land_area,
      street_name, province_id, town_id, barangay_id, status, seller_id, broker_id, agent_id)
    SELECT ${admin.userId}, ${ROLE.SuperAdmin},
      CASE WHEN g % 2 = 0 THEN 'Aaa Lot ' || g
        WHEN g % 1000 = 1 THEN replace(${sql.raw(NAME)}, chr(160), chr(9)) || g
        WHEN g % 1000 = 3 THEN replace(${sql.raw(NAME)}, chr(160), chr(8195)) || g
        WHEN g % 1000 = 5 THEN upper(${sql.raw(NAME)}) || g
        WHEN g % 1000 = 7 THEN 'Zz House house, HOUSE! housed ' || g
        ELSE ${sql.raw(NAME)} || (g % 4000) END,
      'Headline', 'A listing.', 4, 1, 1, '100', 'Street ' || g, ${where.province_id}::int,
      ${where.town_id}::int, ${where.barangay_id}::int, CASE WHEN g % 10 = 0 THEN 'Sold' ELSE 'Open' END,
      CASE WHEN g = 4 THEN (SELECT seller_id FROM sellers) END,
      CASE WHEN g = 8 THEN (SELECT broker_id FROM brokers) END,
      CASE WHEN g = 6 OR g % 14 = 7 THEN ${agent.userId}::int END
    FROM generate_series(1, ${LISTINGS}) g`.execute(t.db);
  await sql`INSERT INTO property_media (property_id, type, file, video_url, description)
    SELECT property_id, 'Image', 'p' || property_id || '.jpg', NULL, 'Photo' FROM properties
    UNION ALL SELECT property_id, 'Video', NULL, 'https://v.example/' || property_id, 'Video' FROM properties
      WHERE property_id % 3 = 0
    ORDER BY 1 DESC`.execute(t.db);
  await sql`ANALYZE properties, property_media, property_name_words`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

type Report = 'getListOfAttachments' | 'getOpenPendingPropertyReport' | 'getPropertyBrokerReport';
interface Ask {
  report: Report;
  text: string;
  order?: 'asc' | 'desc';
  page?: number;
  size?: number;
  type?: 'Image' | 'Video';
  as?: { userId: number; token: string };
}

/** What a plain sort of every match puts on the page: the ids the report must answer. */
async function expected({ report, text, order = 'asc', page = 1, size = 15, type, as }: Ask) {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const attachments = report === 'getListOfAttachments';
  const broker = attachments ? sql`false` : sql`b.broker_name ILIKE ${pattern}`;
  const id = attachments ? sql`m.id` : sql`p.property_id`;
  const media = attachments ? sql`JOIN property_media m ON m.property_id = p.property_id` : sql``;
  const status = report === 'getOpenPendingPropertyReport' ? sql`AND p.status IN ('Open', 'Pending')` : sql``;
  const typed = type ? sql`AND m.type = ${type}` : sql``;
  const scope = as ? sql`AND (p.agent_id = ${as.userId} OR p.user_id = ${as.userId})` : sql``;
  const dir = sql.raw(order);
  const { rows } = await sql<{ id: number }>`SELECT ${id} AS id FROM properties p ${media}
      LEFT JOIN sellers s ON s.seller_id = p.seller_id LEFT JOIN users ag ON ag.user_id = p.agent_id
      LEFT JOIN brokers b ON b.broker_id = p.broker_id
    WHERE (p.property_name ILIKE ${pattern} OR s.seller_name ILIKE ${pattern}
      OR ag.first_name || ' ' || ag.last_name ILIKE ${pattern} OR ${broker}) ${status} ${typed} ${scope}
    ORDER BY p.property_name ${dir}, ${id} ${dir} LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(t.db);
  return rows.map((r) => r.id);
}

const urlOf = ({ report, text, order = 'asc', page = 1, size = 15, type }: Ask) =>
  `/api/${report}?${new URLSearchParams({
    searchText: text,
    sortColumn: 'property_name',
    sortOrder: order,
    page: String(page),
    itemsPerPage: String(size),
    ...(type && { attachment_type: type }),
  })}`;

async function answered(ask: Ask) {
  const { report, text, as } = ask;
  const res = await t.call(as?.token ?? token, { method: 'GET', url: urlOf(ask) });
  expect(res.statusCode, `${report} ${JSON.stringify(text)}: ${res.body}`).toBe(200);
  const body = res.json().resultData as { data: Record<string, unknown>[]; total: number };
  const key = report === 'getListOfAttachments' ? 'image_video_id' : 'property_id';
  return { ids: body.data.map((r) => r[key] as number), body };
}

const same = async (ask: Ask) => {
  const { ids } = await answered(ask);
  expect(ids, JSON.stringify(ask)).toEqual(await expected(ask));
  return ids;
};

const REPORTS: Report[] = ['getListOfAttachments', 'getOpenPendingPropertyReport', 'getPropertyBrokerReport'];
const HOSTILE = [
  'house',
  'HOUSE',
  "o'neil zee",
  'd.c.',
  "st.-john's d.c.",
  'house, ñandú',
  'ÑANDÚ-ÉCOLE',
  'école 100%_\\',
  '100%',
  '_\\',
  '[x].*',
  '.*',
  '[',
  `zee\u00a0house`,
  `e\u00a0h`,
  `zee\u00a0house, ñandú-école 100%_\\ [x].*`,
  'ú-é',
  // Across a word boundary only: no word of the name holds the text.
  'l z',
  "'s d",
  "s d.c. o'n",
];

describe('decision 102 under hostile searches', () => {
  it("reads every hostile text's matches among the names' words", async () => {
    const other = await countingInstance(t, 'hostile-words');
    try {
      for (const text of HOSTILE) {
        const { statements } = await other.list(token, urlOf({ report: 'getListOfAttachments', text }));
        expect(
          statements.some((s) => s.sql.includes('property_name_words')),
          text,
        ).toBe(true);
      }
    } finally {
      await other.close();
    }
  });

  it('pages every hostile text as a plain sort of every match, in every report', async () => {
    for (const report of REPORTS) for (const text of HOSTILE) await same({ report, text });
  });

  it('descending, deep pages, and videos only', async () => {
    for (const report of REPORTS) {
      await same({ report, text: 'd.c.', order: 'desc', page: 3, size: 25 });
      // Last in name order, each listed by four of its words.
      await same({ report, text: 'house', order: 'desc', size: 25 });
      await same({ report, text: "o'neil", page: 20, size: 50 });
      await same({ report, text: "o'neil", order: 'desc', page: 20, size: 50 });
    }
    await same({ report: 'getListOfAttachments', text: 'house', type: 'Video', page: 2, size: 25 });
    await same({
      report: 'getListOfAttachments',
      text: 'zee',
      type: 'Video',
      order: 'desc',
      page: 20,
      size: 50,
    });
  });

  it("lists a seller's, an agent's and (but in List of Attachments) a broker's match first", async () => {
    const lots = async (report: Report) => {
      const { body } = await answered({ report, text: 'house', size: 7 });
      const names = body.data.map((r) => String(r.property_name));
      return [...new Set(names.filter((n) => n.startsWith('Aaa')))];
    };
    expect(await lots('getListOfAttachments')).toEqual(['Aaa Lot 4', 'Aaa Lot 6']);
    expect(await lots('getOpenPendingPropertyReport')).toEqual(['Aaa Lot 4', 'Aaa Lot 6', 'Aaa Lot 8']);
    expect(await lots('getPropertyBrokerReport')).toEqual(['Aaa Lot 4', 'Aaa Lot 6', 'Aaa Lot 8']);
  });

  it('an agent sees the plain sort of the matches in their scope', async () => {
    for (const report of REPORTS) {
      await same({ report, text: 'house', as: agent });
      await same({ report, text: 'd.c.', order: 'desc', page: 4, size: 15, as: agent });
    }
  });

  it('pages follow renames, inserts and deletes between them', async () => {
    const first = await same({ report: 'getPropertyBrokerReport', text: 'zee', size: 15 });
    await sql`UPDATE properties SET property_name = 'A Zee Renamed' WHERE property_id = ${first[5]}`.execute(
      t.db,
    );
    await sql`DELETE FROM properties WHERE property_id = ${first[7]}`.execute(t.db);
    await sql`UPDATE properties SET property_name = 'Aaa Lot Zee' WHERE property_name = 'Aaa Lot 10'`.execute(
      t.db,
    );
    for (const report of REPORTS) {
      await same({ report, text: 'zee', size: 15 });
      await same({ report, text: 'zee', size: 15, page: 2 });
    }
  });

  it('keeps the words equal to the names through many concurrent renames while searching', async () => {
    const { rows } = await sql<{ id: number }>`SELECT property_id AS id FROM properties
      WHERE property_name LIKE 'St.-John%' ORDER BY property_id LIMIT 8`.execute(t.db);
    const renames = Array.from({ length: 40 }, (_, n) =>
      sql`UPDATE properties SET property_name = ${`Zee\u00a0Ñ${n} house\tx${n % 3}`}
        WHERE property_id = ${rows[n % rows.length]!.id}`.execute(t.db),
    );
    // And through the API: each save reads the listing and writes it back under a new name.
    const bodies: string[] = [];
    const saves = Array.from({ length: 24 }, async (_, n) => {
      const id = rows[n % rows.length]!.id;
      const read = await t.call(token, { method: 'GET', url: `/api/GetPropertyById?id=${id}` });
      const record = (read.json() as { resultData: object[] }).resultData[0];
      const property_name = n % 2 ? `ZEE\u00a0É${n}  House` : `Zee Ñ${n} house`;
      const url = '/api/updateproperty';
      const res = await t.call(token, {
        method: 'POST',
        url,
        payload: { ...record, property_name, rental_price_asked: 1000 },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      bodies.push(res.body);
      return res.statusCode;
    });
    const searches = REPORTS.flatMap((report) =>
      ['house', 'zee'].map((text) => answered({ report, text, page: 2, size: 15 })),
    );
    const [statuses] = await Promise.all([Promise.all(saves), ...renames, ...searches]);
    expect(statuses, bodies.join('\n')).toContain(200);
    const { rows: diff } = await sql<{ n: string }>`SELECT count(*) AS n FROM (
      (SELECT w, property_name, property_id FROM properties, listing_name_words(property_name) w
        EXCEPT ALL SELECT word, property_name, property_id FROM property_name_words)
      UNION ALL
      (SELECT word, property_name, property_id FROM property_name_words
        EXCEPT ALL SELECT w, property_name, property_id FROM properties, listing_name_words(property_name) w)
    ) d`.execute(t.db);
    expect(Number(diff[0]!.n)).toBe(0);
    for (const report of REPORTS) await same({ report, text: 'house', page: 2 });
  });
});

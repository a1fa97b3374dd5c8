import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createTestApp, listWithStatements, renameBesideNewWords, type TestApp } from './helpers.ts';
import { place } from './entity-fixtures.ts';

// 30,000 listings with a photo each: two thirds 'Aaa Lot n', first in name order, one third 'Zen House
// n' or 'Zen Townhouse n', last. A search for 'house' in List of Attachments sorted by name has 10,000
// matches past 20,000 that do not match: no walk of the name order meets them soon, and sorting them
// all is what the words of the names spare (decision 102). One early lot's seller is a 'Greenhouse'.
let t: TestApp;
let token: string;
const LISTINGS = 30_000;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signedIn(ROLE.SuperAdmin);
  token = admin.token;
  const where = await place(t, 'Words');
  await sql`INSERT INTO sellers (seller_name, phone_1) VALUES ('Greenhouse Realty', '09170000001')`.execute(
    t.db,
  );
  await sql`INSERT INTO properties (user_id, user_type, property_name, property_headline,
      property_description, property_classification_id, property_type_id, product_category_id, land_area,
      street_name, province_id, town_id, barangay_id, status, seller_id)
    SELECT ${admin.userId}, ${ROLE.SuperAdmin},
      CASE WHEN g % 3 <> 0 THEN 'Aaa Lot ' WHEN g % 2 = 0 THEN 'Zen House ' ELSE 'Zen Townhouse ' END
        || CASE WHEN g % 1000 = 3 THEN 'twin' ELSE g::text END,
      'Headline', 'A listing.', 4, 1, 1, '100', 'Street ' || g, ${where.province_id}::int,
      ${where.town_id}::int, ${where.barangay_id}::int, 'Open',
      CASE WHEN g = 5 THEN (SELECT seller_id FROM sellers WHERE seller_name = 'Greenhouse Realty') END
    FROM generate_series(1, ${LISTINGS}) g`.execute(t.db);
  // Newest listing first among the photos, so that their ids do not follow the listings' order.
  await sql`INSERT INTO property_media (property_id, type, file, description)
    SELECT property_id, 'Image', 'p' || property_id || '.jpg', 'Photo' FROM properties
    ORDER BY property_id DESC`.execute(t.db);
  await sql`ANALYZE properties, property_media, property_name_words`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

/** The photo ids a plain sort of every match puts on a page: what the report must answer. */
const expected = async (text: string, order: 'asc' | 'desc', pageNo: number, size: number) => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (
    await sql<{ id: number }>`SELECT m.id FROM property_media m JOIN properties p USING (property_id)
      LEFT JOIN sellers s ON s.seller_id = p.seller_id
      WHERE p.property_name ILIKE ${pattern} OR s.seller_name ILIKE ${pattern}
      ORDER BY p.property_name ${sql.raw(order)}, m.id ${sql.raw(order)}
      LIMIT ${size} OFFSET ${(pageNo - 1) * size}`.execute(t.db)
  ).rows.map((r) => r.id);
};

const attachments = (text: string, order: 'asc' | 'desc', pageNo: number, size: number) =>
  listWithStatements(
    t,
    'listing-name-words',
    token,
    `/api/getListOfAttachments?${new URLSearchParams({
      searchText: text,
      sortColumn: 'property_name',
      sortOrder: order,
      page: String(pageNo),
      itemsPerPage: String(size),
    })}`,
  );

/** Whether the page's keys came from the names' words: their read committed, then the page by its keys. */
const readFromWords = (statements: { sql: string }[]) => {
  const read = statements.findIndex((s) => s.sql.includes('property_name_words'));
  const after = statements.slice(read + 1).map((s) => s.sql);
  return read >= 0 && after.length === 2 && after[0] === 'commit' && after[1]!.includes('= ANY');
};

describe('List of Attachments searched for a word of many names, sorted by name', () => {
  for (const order of ['asc', 'desc'] as const)
    it(`pages the matches in name order from the names' words, ${order}`, async () => {
      for (const [pageNo, size] of [
        [1, 7],
        [3, 15],
        [2, 25],
      ] as const) {
        // Read in order from the words' index, then the page by its keys: not walked or sorted. The
        // read has 100 ms; a loaded machine may run it out once, and the page is then found as before.
        let answer = await attachments('house', order, pageNo, size);
        for (let tries = 1; tries < 3 && !readFromWords(answer.statements); tries++)
          answer = await attachments('house', order, pageNo, size);
        const { page, statements } = answer;
        expect(readFromWords(statements)).toBe(true);
        const ids = (page.data as { image_video_id: number }[]).map((r) => r.image_video_id);
        expect(ids).toEqual(await expected('house', order, pageNo, size));
        expect(page.total_is_estimate).toBe(true);
      }
    });

  it("lists first a listing whose seller's name holds the word, and names shared by two listings in photo order", async () => {
    const { page } = await attachments('house', 'asc', 1, 7);
    const rows = page.data as { property_name: string; seller_name: string | null }[];
    expect(rows[0]).toMatchObject({ property_name: 'Aaa Lot 5', seller_name: 'Greenhouse Realty' });
    // 'Zen House twin' and 'Zen Townhouse twin': several listings of one name.
    for (const order of ['asc', 'desc'] as const) {
      const twins = await attachments('twin', order, 2, 15);
      expect(twins.page.total).toBe(30);
      const ids = (twins.page.data as { image_video_id: number }[]).map((r) => r.image_video_id);
      expect(ids).toEqual(await expected('twin', order, 2, 15));
    }
  });

  it('finds the words a searched text spans, and texts no name word holds', async () => {
    for (const text of ['zen house 1', 'n hou', 'use 29', '%', 'house_', ' house ']) {
      const { page } = await attachments(text, 'asc', 1, 7);
      const ids = (page.data as { image_video_id: number }[]).map((r) => r.image_video_id);
      // Spaces around a searched text are not searched for.
      expect(ids, text).toEqual(await expected(text.trim(), 'asc', 1, 7));
    }
  });
});

describe("a listing name's words follow the listing", () => {
  const wordsOf = async (id: number) =>
    (
      await sql<{ word: string; property_name: string }>`SELECT word, property_name FROM property_name_words
        WHERE property_id = ${id} ORDER BY word`.execute(t.db)
    ).rows;

  it('on a rename, many at once, and on a delete', async () => {
    const { rows } = await sql<{ id: number }>`SELECT property_id AS id FROM properties
      WHERE property_name = 'Aaa Lot 7'`.execute(t.db);
    const id = rows[0]!.id;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        sql`UPDATE properties SET property_name = ${`Renamed  Lot Q${n}`} WHERE property_id = ${id}`.execute(
          t.db,
        ),
      ),
    );
    const { rows: named } = await sql<{ name: string }>`SELECT property_name AS name FROM properties
      WHERE property_id = ${id}`.execute(t.db);
    const name = named[0]!.name;
    expect(await wordsOf(id)).toEqual(
      ['lot', 'renamed', name.split(' ').at(-1)!.toLowerCase()]
        .sort()
        .map((word) => ({ word, property_name: name })),
    );
    await sql`DELETE FROM property_media WHERE property_id = ${id}`.execute(t.db);
    await sql`DELETE FROM properties WHERE property_id = ${id}`.execute(t.db);
    expect(await wordsOf(id)).toEqual([]);
  });

  it('takes its new words in word order: a rename that waits for one holds none of the others', async () => {
    const { rows } = await sql<{ id: number }>`SELECT property_id AS id FROM properties
      WHERE property_name = 'Aaa Lot 8'`.execute(t.db);
    const id = rows[0]!.id;
    await renameBesideNewWords(t, 'property_name_vocabulary', 'update properties', () =>
      sql`UPDATE properties SET property_name = 'Zqc Zqa' WHERE property_id = ${id}`.execute(t.db),
    );
    expect(await wordsOf(id)).toEqual(['zqa', 'zqc'].map((word) => ({ word, property_name: 'Zqc Zqa' })));
  });
});

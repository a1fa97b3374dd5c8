import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { place } from './entity-fixtures.ts';

// A young database, as a test's or a new install's: the words tables were empty when their statistics
// were last read. Removing or renaming a row removes its words by their key, never by reading every
// word: a whole read for each of a bulk delete's rows took 2.2 ms a listing at 10,000 (session 59).
let t: TestApp;
let adminId: number;
const ROWS = 3_000;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.signedIn(ROLE.SuperAdmin)).userId;
  const where = await place(t, 'Removal');
  await sql`INSERT INTO properties (user_id, user_type, property_name, property_headline,
      property_description, property_classification_id, property_type_id, product_category_id, land_area,
      street_name, province_id, town_id, barangay_id, status)
    SELECT ${adminId}, ${ROLE.SuperAdmin}, 'Bulk House Lot ' || g, 'Headline', 'A listing.', 4, 1, 1, '100',
      'Street ' || g, ${where.province_id}::int, ${where.town_id}::int, ${where.barangay_id}::int, 'Open'
    FROM generate_series(1, ${ROWS}) g`.execute(t.db);
  await sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status, phone_1)
    SELECT 'Bulk', 'User ' || g, 'bulk.user.' || g || '@example.ph', 'x', ${ROLE.Individual}, 'Active',
      '0917' || g
    FROM generate_series(1, ${ROWS}) g`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

class RolledBack extends Error {
  constructor(readonly reads: number) {
    super('rolled back');
  }
}

/** The whole reads of a words table by the statement, in a transaction rolled back: nothing is kept. */
async function wholeReadsOf(table: string, statement: ReturnType<typeof sql>) {
  const scans = async (trx: typeof t.db) =>
    Number(
      (
        await sql<{ n: string }>`SELECT coalesce(seq_scan, 0) AS n FROM pg_stat_xact_user_tables
          WHERE relname = ${table}`.execute(trx)
      ).rows[0]!.n,
    );
  try {
    await t.db.transaction().execute(async (trx) => {
      const before = await scans(trx);
      const { numAffectedRows } = await statement.execute(trx);
      expect(Number(numAffectedRows)).toBe(ROWS);
      throw new RolledBack((await scans(trx)) - before);
    });
  } catch (e) {
    if (e instanceof RolledBack) return e.reads;
    throw e;
  }
  throw new Error('not rolled back');
}

describe("a bulk change's words on a young database", () => {
  it("removes the deleted listings' words by their key", async () => {
    expect(
      await wholeReadsOf(
        'property_name_words',
        sql`DELETE FROM properties WHERE property_name LIKE 'Bulk %'`,
      ),
    ).toBe(0);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM property_name_words
      WHERE property_name LIKE 'Bulk %'`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(ROWS * 4);
  });

  it("replaces the renamed listings' words by their key", async () => {
    expect(
      await wholeReadsOf(
        'property_name_words',
        sql`UPDATE properties SET property_name = property_name || ' renamed' WHERE property_name LIKE 'Bulk %'`,
      ),
    ).toBe(0);
  });

  it("removes the deleted users' words by their key", async () => {
    expect(await wholeReadsOf('user_search_words', sql`DELETE FROM users WHERE first_name = 'Bulk'`)).toBe(0);
  });

  it("replaces the renamed users' words by their key", async () => {
    expect(
      await wholeReadsOf(
        'user_search_words',
        sql`UPDATE users SET last_name = last_name || ' Renamed' WHERE first_name = 'Bulk'`,
      ),
    ).toBe(0);
  });
});

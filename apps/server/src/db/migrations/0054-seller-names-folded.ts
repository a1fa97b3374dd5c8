import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The sellers' name index holds each name lowercased as well (decision 117), so that the seller lookup
 * walks the names in order matching the lowercased copy with LIKE, instead of lowercasing each name it
 * reads for ILIKE: 1.5 µs a name, 33-40 ms for the 22,000 names before 'seller 12''s fiftieth match at
 * ten million listings, 6-8 ms from the index's copy. The same order, so it serves the lists as before.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      DROP INDEX sellers_name_sort;
      CREATE INDEX sellers_name_sort ON sellers (seller_name, seller_id, lower(seller_name));
    `.execute(db);
  },
};

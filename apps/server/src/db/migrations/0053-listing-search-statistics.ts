import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The listing search index's two columns sampled ten times as finely (decision 116), as migration 0028
 * sampled the whole document, which the searches no longer read. PostgreSQL guesses how many listings
 * a searched text matches by trying it on the column's histogram: 101 sampled documents by default, so
 * a text in 0.2 % of listings ('cebu') is guessed at 1 % when one of them holds it (after about one
 * ANALYZE in six) and 0.01 % when none does. At ten million listings the 1 % guess led Open/Pending's
 * search to combine its matches with the 5 million Open and Pending listings of the status index: 300
 * ms instead of 70. With 1,001 the guess stays near the truth; ANALYZE took as long.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      ALTER INDEX properties_search_trgm ALTER COLUMN 1 SET STATISTICS 1000;
      ALTER INDEX properties_search_trgm ALTER COLUMN 2 SET STATISTICS 1000;
      ANALYZE properties;
    `.execute(db);
  },
};

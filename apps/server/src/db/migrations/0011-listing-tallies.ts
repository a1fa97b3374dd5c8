import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The listings per status, category and province, kept by the writes themselves, so the Reports
    // Overview of a viewer who sees every listing reads a few thousand rows instead of counting them
    // all (docs/decisions/0023-listing-tallies.md). Each statement adds its changes as rows of its own
    // (no key, no update): saves never wait for each other here; readers sum them, and
    // compact_listing_tallies() folds them into one row per group now and then.
    await sql`
      CREATE TABLE listing_tallies (
        status text NOT NULL,
        product_category_id integer,
        province_id integer,
        n bigint NOT NULL
      );
      CREATE FUNCTION tally_listings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO listing_tallies
            SELECT status, product_category_id, province_id, count(*) FROM new_rows GROUP BY 1, 2, 3;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO listing_tallies
            SELECT status, product_category_id, province_id, -count(*) FROM old_rows GROUP BY 1, 2, 3;
        ELSE
          INSERT INTO listing_tallies
            SELECT status, product_category_id, province_id, sum(n) FROM (
              SELECT status, product_category_id, province_id, 1 AS n FROM new_rows
              UNION ALL
              SELECT status, product_category_id, province_id, -1 FROM old_rows) changes
            GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER listings_tallied_insert AFTER INSERT ON properties
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_listings();
      CREATE TRIGGER listings_tallied_update AFTER UPDATE ON properties
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION tally_listings();
      CREATE TRIGGER listings_tallied_delete AFTER DELETE ON properties
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_listings();

      -- Counts them again from the listings: after a TRUNCATE, and after a bulk load that skipped
      -- triggers (the benchmark's generator).
      CREATE FUNCTION recount_listing_tallies() RETURNS void LANGUAGE sql AS $$
        DELETE FROM listing_tallies;
        INSERT INTO listing_tallies
          SELECT status, product_category_id, province_id, count(*) FROM properties GROUP BY 1, 2, 3;
      $$;
      CREATE FUNCTION recount_truncated_listings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM recount_listing_tallies();
        RETURN NULL;
      END $$;
      CREATE TRIGGER listings_tallied_truncate AFTER TRUNCATE ON properties
        FOR EACH STATEMENT EXECUTE FUNCTION recount_truncated_listings();

      -- One row per group. Safe beside writers and another compaction: a statement deletes only the
      -- rows its snapshot saw, and waits for (then skips) those another one is deleting.
      CREATE FUNCTION compact_listing_tallies() RETURNS void LANGUAGE sql AS $$
        WITH folded AS (DELETE FROM listing_tallies RETURNING *)
        INSERT INTO listing_tallies
          SELECT status, product_category_id, province_id, sum(n) FROM folded
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
      $$;
      SELECT recount_listing_tallies();
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * How many unread notifications each user has, kept by the writes themselves (decision 106), so the
 * bell's count reads a few rows instead of counting every unread notification: a Super Admin who hears
 * of one event in ten held 67,000 unread at ten million listings, and counting them took most of the
 * call. As with the listing tallies (decision 23), each statement adds its changes as rows of its own
 * (never updated in place: a fan-out to thousands never waits for a user marking theirs read), readers
 * sum them, and compact_unread_tallies() folds them into one row per user every hour.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE unread_tallies (user_id integer NOT NULL, n integer NOT NULL);
      CREATE INDEX unread_tallies_user ON unread_tallies (user_id);

      CREATE FUNCTION tally_unread() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO unread_tallies
            SELECT user_id, count(*) FROM new_rows WHERE notification_status = 'Active' GROUP BY 1;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO unread_tallies
            SELECT user_id, -count(*) FROM old_rows WHERE notification_status = 'Active' GROUP BY 1;
        ELSE
          INSERT INTO unread_tallies
            SELECT user_id, sum(n) FROM (
              SELECT user_id, 1 AS n FROM new_rows WHERE notification_status = 'Active'
              UNION ALL
              SELECT user_id, -1 FROM old_rows WHERE notification_status = 'Active') changes
            GROUP BY 1 HAVING sum(n) <> 0;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER unread_tallied_insert AFTER INSERT ON notifications
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_unread();
      CREATE TRIGGER unread_tallied_update AFTER UPDATE ON notifications
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION tally_unread();
      CREATE TRIGGER unread_tallied_delete AFTER DELETE ON notifications
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_unread();

      -- Counts them again from the notifications: after a TRUNCATE, and after a bulk load that skipped
      -- triggers (the benchmark's generator).
      CREATE FUNCTION recount_unread_tallies() RETURNS void LANGUAGE sql AS $$
        DELETE FROM unread_tallies;
        INSERT INTO unread_tallies
          SELECT user_id, count(*) FROM notifications WHERE notification_status = 'Active' GROUP BY 1;
      $$;
      CREATE FUNCTION recount_truncated_unread() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM recount_unread_tallies();
        RETURN NULL;
      END $$;
      CREATE TRIGGER unread_tallied_truncate AFTER TRUNCATE ON notifications
        FOR EACH STATEMENT EXECUTE FUNCTION recount_truncated_unread();

      -- One row for each user with more than one, none for a user whose rows sum to nothing. Safe beside
      -- writers and another compaction: a statement deletes only the rows its snapshot sees, and waits
      -- for (then skips) those another one is deleting.
      CREATE FUNCTION compact_unread_tallies() RETURNS void LANGUAGE sql AS $$
        WITH folded AS (
          DELETE FROM unread_tallies
          WHERE user_id IN (SELECT user_id FROM unread_tallies GROUP BY 1 HAVING count(*) > 1)
          RETURNING *)
        INSERT INTO unread_tallies SELECT user_id, sum(n) FROM folded GROUP BY 1 HAVING sum(n) <> 0;
      $$;
      SELECT recount_unread_tallies();
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A listing's new name words enter the vocabulary in word order, as a user's do (migration 0043). In
 * the order a hash gives them, a save of 'Zqc Zqa' took 'zqc' and then waited for another
 * transaction's uncommitted 'zqa'; had that one gone on to add 'zqc', each waited for the other until
 * PostgreSQL broke the deadlock a second later and the save was run again. In word order a save waits
 * for the first word it shares before holding any.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE OR REPLACE FUNCTION property_name_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM property_name_words WHERE word IN (SELECT listing_name_words(OLD.property_name))
            AND property_name = OLD.property_name AND property_id = OLD.property_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          -- In order: two saves adding the same new words take their locks in the same order.
          INSERT INTO property_name_vocabulary
            SELECT w FROM listing_name_words(NEW.property_name) w ORDER BY w ON CONFLICT DO NOTHING;
          INSERT INTO property_name_words
            SELECT w, NEW.property_name, NEW.property_id FROM listing_name_words(NEW.property_name) w;
        END IF;
        RETURN NULL;
      END $$;
    `.execute(db);
  },
};

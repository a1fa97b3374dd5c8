import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A listing's or a user's old words are removed by their key. `word IN (SELECT words(…))` let the
 * planner join the words, which it estimates at a thousand, with a whole read of the words table; a
 * plan made while that table was small then read it whole for each row of a bulk delete or rename (2.2
 * ms a listing at 10,000 on a young database). `= ANY (ARRAY(…))` is a condition on the primary key's
 * first column, with the other two beside it: a lookup of a few keys at any size.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE OR REPLACE FUNCTION property_name_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM property_name_words
            WHERE word = ANY (ARRAY(SELECT listing_name_words(OLD.property_name)))
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

      CREATE OR REPLACE FUNCTION user_search_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM user_search_words
            WHERE word = ANY (ARRAY(SELECT user_words(OLD.first_name, OLD.last_name, OLD.user_email,
                OLD.phone_1, OLD.phone_2)))
              AND full_name = OLD.first_name || ' ' || OLD.last_name AND user_id = OLD.user_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          -- In order: two saves adding the same new words take their locks in the same order.
          INSERT INTO user_search_vocabulary
            SELECT w FROM user_words(NEW.first_name, NEW.last_name, NEW.user_email, NEW.phone_1, NEW.phone_2) w
            ORDER BY w ON CONFLICT DO NOTHING;
          INSERT INTO user_search_words
            SELECT w, NEW.first_name || ' ' || NEW.last_name, NEW.user_id
            FROM user_words(NEW.first_name, NEW.last_name, NEW.user_email, NEW.phone_1, NEW.phone_2) w;
        END IF;
        RETURN NULL;
      END $$;
    `.execute(db);
  },
};

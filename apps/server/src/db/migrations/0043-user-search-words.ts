import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';

/**
 * The words of every user's searched fields, each with the user's full name and id, in name order
 * (docs/decisions/0103-user-search-words.md): a search for a word that many users hold ('maria'), in a
 * user list sorted by name, reads that word's users in order instead of sorting every match. The
 * vocabulary (every word ever seen, with a trigram index) says which words hold a searched text. Kept
 * by triggers in the user's own transaction.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      -- The words of a user as the searches read them: the search text's fields (migration 0032) and the
      -- second phone, lowered as LIKE on the search text and ILIKE compare, split at every run of
      -- characters that are neither letters nor digits (an e-mail at its '@' and dots, a phone at '-').
      CREATE FUNCTION user_words(first_name text, last_name text, user_email text, phone_1 text,
          phone_2 text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
        SELECT DISTINCT w FROM regexp_split_to_table(lower(first_name || ' ' || last_name || chr(1)
          || user_email || chr(1) || coalesce(phone_1, '') || chr(1) || coalesce(phone_2, '')),
          '[^[:alnum:]]+') w
        WHERE w <> ''
      $$;

      CREATE TABLE user_search_words (
        word text NOT NULL,
        full_name text NOT NULL,
        user_id integer NOT NULL,
        PRIMARY KEY (word, full_name, user_id)
      );
      -- Words are never removed: one no user holds any more lists nothing.
      CREATE TABLE user_search_vocabulary (word text PRIMARY KEY);
      CREATE INDEX user_search_vocabulary_trgm ON user_search_vocabulary USING gin (word gin_trgm_ops);

      CREATE FUNCTION user_search_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM user_search_words WHERE word IN (SELECT user_words(OLD.first_name, OLD.last_name,
              OLD.user_email, OLD.phone_1, OLD.phone_2))
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
      CREATE TRIGGER user_search_words_kept AFTER INSERT OR DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION user_search_words_of_row();
      CREATE TRIGGER user_search_words_changed
        AFTER UPDATE OF first_name, last_name, user_email, phone_1, phone_2 ON users
        FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.user_email, OLD.phone_1, OLD.phone_2)
          IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.user_email, NEW.phone_1, NEW.phone_2))
        EXECUTE FUNCTION user_search_words_of_row();
    `.execute(db);
    await fillUserSearchWords(db);
  },
};

/**
 * Every user's words and the vocabulary, from the users: for the migration and bulk loads. A bulk load
 * skips the triggers, but the users saved before it (the seeded Super Admin) have their words already:
 * the words are written anew (emptied, not merged: ON CONFLICT made the fill a quarter slower).
 */
export async function fillUserSearchWords(db: Parameters<RawBuilder<unknown>['execute']>[0]) {
  await sql`
    TRUNCATE user_search_words;
    INSERT INTO user_search_words
      SELECT w, first_name || ' ' || last_name, user_id
      FROM users, user_words(first_name, last_name, user_email, phone_1, phone_2) w
      ORDER BY 1, 2, 3;
    INSERT INTO user_search_vocabulary SELECT DISTINCT word FROM user_search_words ON CONFLICT DO NOTHING;
    ANALYZE user_search_words, user_search_vocabulary;
  `.execute(db);
}

import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';

/**
 * The words of every listing's name, each with the name and the listing, in name order
 * (docs/decisions/0102-listing-name-words.md): a search for a word that a third of the names hold
 * ('house'), in a list sorted by name, reads that word's listings in order instead of walking or
 * sorting the third. The vocabulary (every word ever seen, with a trigram index) says which words hold
 * a searched text. Kept by triggers in the listing's own transaction.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      -- The words of a name as the searches take them: lower-cased as ILIKE compares, split at spaces.
      CREATE FUNCTION listing_name_words(name text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
        SELECT DISTINCT w FROM regexp_split_to_table(lower(name), '[[:space:]]+') w WHERE w <> ''
      $$;

      CREATE TABLE property_name_words (
        word text NOT NULL,
        property_name text NOT NULL,
        property_id integer NOT NULL,
        PRIMARY KEY (word, property_name, property_id)
      );
      -- Words are never removed: one no name holds any more lists nothing.
      CREATE TABLE property_name_vocabulary (word text PRIMARY KEY);
      CREATE INDEX property_name_vocabulary_trgm ON property_name_vocabulary USING gin (word gin_trgm_ops);

      CREATE FUNCTION property_name_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM property_name_words WHERE word IN (SELECT listing_name_words(OLD.property_name))
            AND property_name = OLD.property_name AND property_id = OLD.property_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO property_name_vocabulary SELECT listing_name_words(NEW.property_name)
            ON CONFLICT DO NOTHING;
          INSERT INTO property_name_words
            SELECT w, NEW.property_name, NEW.property_id FROM listing_name_words(NEW.property_name) w;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER property_name_words_kept AFTER INSERT OR DELETE ON properties
        FOR EACH ROW EXECUTE FUNCTION property_name_words_of_row();
      CREATE TRIGGER property_name_words_renamed AFTER UPDATE OF property_name ON properties
        FOR EACH ROW WHEN (OLD.property_name IS DISTINCT FROM NEW.property_name)
        EXECUTE FUNCTION property_name_words_of_row();
    `.execute(db);
    await fillListingNameWords(db);
  },
};

/** Every listing's name words and the vocabulary, from the listings: for the migration and bulk loads. */
export async function fillListingNameWords(db: Parameters<RawBuilder<unknown>['execute']>[0]) {
  await sql`
    INSERT INTO property_name_words
      SELECT w, property_name, property_id FROM properties, listing_name_words(property_name) w
      ORDER BY 1, 2, 3;
    INSERT INTO property_name_vocabulary SELECT DISTINCT word FROM property_name_words ON CONFLICT DO NOTHING;
    ANALYZE property_name_words, property_name_vocabulary;
  `.execute(db);
}

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One search document per listing, in the listing's own row (docs/decisions/0056-search-documents.md):
 * each searched field lower-cased, as ILIKE compares, after its own marker character (U+E001-U+E007,
 * private use), so a search can ask for a text within chosen fields and never across two. The markers'
 * order is db/repositories/property-search.ts's PROPERTY_SEARCH_FIELDS. One trigram index reads it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      -- The document of a listing with these fields: the one definition, used by the trigger below and
      -- by bulk loads that write the column themselves (bench/data.ts).
      CREATE FUNCTION property_search_document(name text, headline text, street text, building text,
          seller integer, agent integer, broker integer) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT concat(chr(57345), lower(name), chr(57346), lower(headline), chr(57347), lower(street),
          chr(57348), lower(building),
          chr(57349), (SELECT lower(seller_name) FROM sellers WHERE seller_id = seller),
          chr(57350), (SELECT lower(first_name || ' ' || last_name) FROM users WHERE user_id = agent),
          chr(57351), (SELECT lower(broker_name) FROM brokers WHERE broker_id = broker))
      $$;

      ALTER TABLE properties ADD COLUMN search_document text;

      -- Written before the row is stored: on insert, when a searched field or a parent changes, and
      -- when a parent's rename asks for it (by setting the column).
      CREATE FUNCTION property_search_document_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_document := property_search_document(NEW.property_name, NEW.property_headline,
          NEW.street_name, NEW.building_name, NEW.seller_id, NEW.agent_id, NEW.broker_id);
        RETURN NEW;
      END $$;
      CREATE TRIGGER property_search_document BEFORE INSERT OR UPDATE OF property_name, property_headline,
          street_name, building_name, seller_id, agent_id, broker_id, search_document ON properties
        FOR EACH ROW EXECUTE FUNCTION property_search_document_of_row();

      -- A renamed seller, agent or broker: every listing that names it, in the same transaction. The
      -- listings are locked in key order first, so that a seller's and an agent's renames at once,
      -- sharing listings, wait for each other instead of deadlocking.
      CREATE FUNCTION property_search_of_parent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Each table's statement is parsed only when run: NEW has only that table's fields.
        IF TG_TABLE_NAME = 'sellers' THEN
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE seller_id = NEW.seller_id ORDER BY property_id FOR UPDATE);
        ELSIF TG_TABLE_NAME = 'users' THEN
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE agent_id = NEW.user_id ORDER BY property_id FOR UPDATE);
        ELSE
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE broker_id = NEW.broker_id ORDER BY property_id FOR UPDATE);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER property_search_seller AFTER UPDATE OF seller_name ON sellers FOR EACH ROW
        WHEN (OLD.seller_name IS DISTINCT FROM NEW.seller_name) EXECUTE FUNCTION property_search_of_parent();
      CREATE TRIGGER property_search_agent AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
        WHEN ((OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
        EXECUTE FUNCTION property_search_of_parent();
      CREATE TRIGGER property_search_broker AFTER UPDATE OF broker_name ON brokers FOR EACH ROW
        WHEN (OLD.broker_name IS DISTINCT FROM NEW.broker_name) EXECUTE FUNCTION property_search_of_parent();

      SET LOCAL maintenance_work_mem = '256MB';
      UPDATE properties SET search_document = NULL;
      ALTER TABLE properties ALTER COLUMN search_document SET NOT NULL;
      CREATE INDEX properties_search_trgm ON properties USING gin (search_document gin_trgm_ops);
      -- The planner estimates a pattern's matches by trying it on the column's histogram: a fine one.
      ALTER TABLE properties ALTER COLUMN search_document SET STATISTICS 1000;
      ANALYZE properties;

      -- The audit log keeps the listing's own fields, not this copy of them and its parents' names: a
      -- rename of a seller would otherwise log a change of each of its listings. audit_row (migration
      -- 0008) is redefined with the column left out of both rows.
      DO $do$
      DECLARE
        definition text := pg_get_functiondef('audit_row()'::regprocedure);
        changed text := replace(replace(definition,
          'old_row := to_jsonb(OLD);', 'old_row := to_jsonb(OLD) - ''search_document'';'),
          'new_row := to_jsonb(NEW);', 'new_row := to_jsonb(NEW) - ''search_document'';');
      BEGIN
        IF changed = definition THEN RAISE EXCEPTION 'audit_row has changed: leave search_document out by hand'; END IF;
        EXECUTE changed;
      END $do$;

      -- Every listing search now reads the document (fewer indexes also make writes cheaper).
      DROP INDEX properties_name_trgm, properties_headline_trgm, properties_street_trgm,
        properties_building_trgm;
    `.execute(db);
  },
};

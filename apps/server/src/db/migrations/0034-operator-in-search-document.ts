import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Property Tracking's search through indexes alone (docs/decisions/0069-property-tracking-search.md):
 * the listing's operator's name joins its search document, and the owner type gets an index, so that
 * the planner can combine the report's days with what the search finds.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      -- The operator's name after the broker's, marked U+E008, and only when the listing has one: the
      -- listings without one keep their document as it was, so only the others are written again.
      CREATE FUNCTION property_search_document(name text, headline text, street text, building text,
          seller integer, agent integer, broker integer, operator integer) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT concat(chr(57345), lower(name), chr(57346), lower(headline), chr(57347), lower(street),
          chr(57348), lower(building),
          chr(57349), (SELECT lower(seller_name) FROM sellers WHERE seller_id = seller),
          chr(57350), (SELECT lower(first_name || ' ' || last_name) FROM users WHERE user_id = agent),
          chr(57351), (SELECT lower(broker_name) FROM brokers WHERE broker_id = broker),
          (SELECT chr(57352) || lower(first_name || ' ' || last_name) FROM users WHERE user_id = operator))
      $$;
      DROP FUNCTION property_search_document(text, text, text, text, integer, integer, integer);

      CREATE OR REPLACE FUNCTION property_search_document_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_document := property_search_document(NEW.property_name, NEW.property_headline,
          NEW.street_name, NEW.building_name, NEW.seller_id, NEW.agent_id, NEW.broker_id, NEW.operator_id);
        RETURN NEW;
      END $$;
      DROP TRIGGER property_search_document ON properties;
      CREATE TRIGGER property_search_document BEFORE INSERT OR UPDATE OF property_name, property_headline,
          street_name, building_name, seller_id, agent_id, broker_id, operator_id, search_document
        ON properties FOR EACH ROW EXECUTE FUNCTION property_search_document_of_row();

      -- A renamed user: the listings they are the agent or the operator of.
      CREATE OR REPLACE FUNCTION property_search_of_parent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Each table's statement is parsed only when run: NEW has only that table's fields.
        IF TG_TABLE_NAME = 'sellers' THEN
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE seller_id = NEW.seller_id ORDER BY property_id FOR UPDATE);
        ELSIF TG_TABLE_NAME = 'users' THEN
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE agent_id = NEW.user_id OR operator_id = NEW.user_id
            ORDER BY property_id FOR UPDATE);
        ELSE
          UPDATE properties SET search_document = NULL WHERE property_id IN (SELECT property_id
            FROM properties WHERE broker_id = NEW.broker_id ORDER BY property_id FOR UPDATE);
        END IF;
        RETURN NULL;
      END $$;

      SET LOCAL maintenance_work_mem = '256MB';
      UPDATE properties SET search_document = NULL WHERE operator_id IS NOT NULL;
      -- Read for a search that names an owner type few listings have (for a common one the planner
      -- reads the report's days instead).
      CREATE INDEX properties_owner_type ON properties (user_type);
      ANALYZE properties;
    `.execute(db);
  },
};

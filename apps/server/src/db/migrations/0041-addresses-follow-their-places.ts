import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An address's town and province follow its deepest place (docs/decisions/0099-a-move-carries-what-lies-under.md):
 * each write of an addressed row, or of a subdivision, takes its barangay's town (and its subdivision's
 * barangay, its town's province) as they are when it writes. A save checked against a place moved since
 * then is written where the place now lies; a move's own sweep of the rows under the place (calls/masters.ts)
 * passes through here too. A place the write newly names is read FOR KEY SHARE, as its foreign key reads it
 * anyway, so that a move's final FOR UPDATE of the place waits for the write, and the write for the move.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const addressed = ['properties', 'sellers', 'agencies', 'broker_associations', 'brokers', 'users'];
    await sql`
      CREATE FUNCTION address_follows_places() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        fresh boolean := TG_OP = 'INSERT';
        above integer;
        town integer;
      BEGIN
        -- The places newly named, top down (as a move locks them): a move of one under way is waited for.
        IF NEW.town_id IS NOT NULL AND (fresh OR NEW.town_id IS DISTINCT FROM OLD.town_id) THEN
          PERFORM FROM towns WHERE town_id = NEW.town_id FOR KEY SHARE;
        END IF;
        IF NEW.barangay_id IS NOT NULL AND (fresh OR NEW.barangay_id IS DISTINCT FROM OLD.barangay_id) THEN
          PERFORM FROM barangays WHERE barangay_id = NEW.barangay_id FOR KEY SHARE;
        END IF;
        IF NEW.subdivision_id IS NOT NULL AND (fresh OR NEW.subdivision_id IS DISTINCT FROM OLD.subdivision_id) THEN
          PERFORM FROM subdivisions WHERE subdivision_id = NEW.subdivision_id FOR KEY SHARE;
        END IF;
        -- Bottom up, each statement reading what is committed now. A place not there is left as written:
        -- its foreign key refuses it.
        IF NEW.subdivision_id IS NOT NULL THEN
          SELECT barangay_id, town_id INTO above, town FROM subdivisions WHERE subdivision_id = NEW.subdivision_id;
          NEW.barangay_id := coalesce(above, NEW.barangay_id);
          IF NEW.barangay_id IS NULL THEN NEW.town_id := coalesce(town, NEW.town_id); END IF;
        END IF;
        IF NEW.barangay_id IS NOT NULL THEN
          NEW.town_id := coalesce((SELECT town_id FROM barangays WHERE barangay_id = NEW.barangay_id), NEW.town_id);
        END IF;
        IF NEW.town_id IS NOT NULL THEN
          NEW.province_id :=
            coalesce((SELECT province_id FROM towns WHERE town_id = NEW.town_id), NEW.province_id);
        END IF;
        RETURN NEW;
      END $$;

      CREATE FUNCTION subdivision_follows_barangay() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.barangay_id IS NOT NULL THEN
          IF TG_OP = 'INSERT' OR NEW.barangay_id IS DISTINCT FROM OLD.barangay_id THEN
            PERFORM FROM barangays WHERE barangay_id = NEW.barangay_id FOR KEY SHARE;
          END IF;
          NEW.town_id := coalesce((SELECT town_id FROM barangays WHERE barangay_id = NEW.barangay_id), NEW.town_id);
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER follows_barangay BEFORE INSERT OR UPDATE OF town_id, barangay_id ON subdivisions
        FOR EACH ROW EXECUTE FUNCTION subdivision_follows_barangay();
    `.execute(db);
    for (const table of addressed) {
      await sql`CREATE TRIGGER address_follows_places
        BEFORE INSERT OR UPDATE OF province_id, town_id, barangay_id, subdivision_id ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION address_follows_places()`.execute(db);
    }
    // A move finds the rows under a town or a subdivision by these (under a barangay: properties_barangay_area).
    await sql`
      CREATE INDEX properties_town ON properties (town_id);
      CREATE INDEX properties_subdivision ON properties (subdivision_id) WHERE subdivision_id IS NOT NULL;
    `.execute(db);
  },
};

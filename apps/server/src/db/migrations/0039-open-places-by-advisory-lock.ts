import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An owner's open-listing place is taken in turn on an advisory lock keyed on the owner, not on their
 * users row (docs/decisions/0083-open-places-on-an-advisory-lock.md). The row lock conflicted with the
 * share lock a save takes on each agent it names (decision 81), so two Agents naming each other in new
 * listings at once deadlocked. `take_open_listing_places` locks several owners in order, as a bulk
 * status change needs; `claim_open_listing_place` keeps its signature and its answers.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE FUNCTION take_open_listing_places(owners integer[])
          RETURNS void LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        place integer;
      BEGIN
        -- One lock per owner's id modulo 1024: PostgreSQL keeps advisory locks in a shared table of
        -- limited size, which a bulk change of 10,000 owners' listings would fill. Owners who share a
        -- lock take turns too. In order, so that two callers locking several never wait crosswise.
        FOR place IN SELECT DISTINCT o % 1024 FROM unnest(owners) AS o ORDER BY 1 LOOP
          PERFORM pg_advisory_xact_lock(hashtext('open listing place'), place);
        END LOOP;
      END $$;
    `.execute(db);
    await sql`
      CREATE OR REPLACE FUNCTION claim_open_listing_place(owner integer, unlimited_roles integer[], closed text[])
          RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        owner_role integer;
        place_limit integer;
        open bigint;
      BEGIN
        -- The owner's saves that count take turns on this lock until the calling transaction ends.
        PERFORM take_open_listing_places(ARRAY[owner]);
        -- Each statement of a volatile function reads a snapshot of its own, taken after the lock: it
        -- reads what the save that held the lock before committed, which the calling statement cannot see.
        SELECT role_id, open_property_limit INTO owner_role, place_limit FROM users WHERE user_id = owner;
        IF NOT FOUND OR owner_role = ANY (unlimited_roles) THEN
          RETURN owner;
        END IF;
        SELECT count(*) INTO open FROM properties WHERE user_id = owner AND status <> ALL (closed);
        IF open >= place_limit THEN
          RAISE EXCEPTION 'The open property limit of % is reached', place_limit
            USING ERRCODE = 'UOL01', DETAIL = place_limit::text;
        END IF;
        RETURN owner;
      END $$;
    `.execute(db);
  },
};

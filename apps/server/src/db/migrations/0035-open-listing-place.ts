import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A listing's place under its owner's open-listing limit, taken in the statement that writes it
 * (docs/decisions/0072-open-listing-place-in-one-statement.md). The roles without a limit and the
 * statuses that do not count are the caller's (the contract's), so they are defined once.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE FUNCTION claim_open_listing_place(owner integer, unlimited_roles integer[], closed text[])
          RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        owner_role integer;
        place_limit integer;
        open bigint;
      BEGIN
        -- The owner's saves that count take turns on this lock (NO KEY UPDATE: rows that merely refer
        -- to the owner need not wait) until the calling transaction ends.
        SELECT role_id, open_property_limit INTO owner_role, place_limit
          FROM users WHERE user_id = owner FOR NO KEY UPDATE;
        IF NOT FOUND OR owner_role = ANY (unlimited_roles) THEN
          RETURN owner;
        END IF;
        -- A volatile function's statement reads a snapshot of its own, taken after the lock: it counts
        -- what the save that held the lock before committed, which the calling statement cannot see.
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

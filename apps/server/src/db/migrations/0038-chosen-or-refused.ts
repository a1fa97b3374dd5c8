import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A value a write takes from a record it chose, or the write's refusal when the read found none: a save
 * writes a listing's agent as the lookup that accepts and locks them, so one made inactive while it
 * waited is refused in the statement that writes them
 * (docs/decisions/0081-only-active-agents-and-deletes-once.md). What is accepted is the caller's
 * lookup: this holds no rule of its own.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE FUNCTION chosen_or_refused(chosen integer, field text)
          RETURNS integer LANGUAGE plpgsql AS $$
      BEGIN
        IF chosen IS NULL THEN
          RAISE EXCEPTION 'The % chosen is refused', field USING ERRCODE = 'UCH01', DETAIL = field;
        END IF;
        RETURN chosen;
      END $$;
    `.execute(db);
  },
};

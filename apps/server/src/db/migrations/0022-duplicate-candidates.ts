import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The duplicate check (decision 48) looks for listings in one barangay within a few percent of an
    // area: this index finds them (a barangay holds a few dozen listings at a million), and the trigram
    // similarity of name and street is computed on those few only.
    await sql`CREATE INDEX properties_barangay_area ON properties (barangay_id, land_area)`.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The home page's rentals expiring within 30 days, and the Property List's filter it links to, read
    // a range of this date: only rented listings carry one, so the index holds only theirs
    // (docs/decisions/0045-home-page.md).
    await sql`
      CREATE INDEX properties_rental_expires ON properties (current_rental_expires)
        WHERE current_rental_expires IS NOT NULL;
    `.execute(db);
  },
};

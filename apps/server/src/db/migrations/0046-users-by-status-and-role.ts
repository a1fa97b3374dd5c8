import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The users by status, then role and id: the Home page's count of users waiting for approval (New or
 * Inactive, of the roles the caller may change) reads the index alone instead of each user's row. At
 * 2,000,000 users, counting the first 10,001 took 20 ms as planned (parallel workers) and 6.6 ms
 * without workers; with this index 13 and 3.3 ms. It serves every query the index on the status alone
 * served, which it replaces.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE INDEX users_status_role ON users (user_status, role_id, user_id);
      DROP INDEX users_status;
    `.execute(db);
  },
};

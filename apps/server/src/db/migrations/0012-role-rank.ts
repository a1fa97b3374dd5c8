import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Role ranks (docs/decisions/0025-role-rank.md). Built-in roles: Super Admin 100, Admin 90,
    // Operator 50, Agent, Owner-Agent and Individual 10. A role made through the API is given its rank
    // when it is made (just below its maker's, below Admin); the default, for the custom roles that
    // exist already, is just below Admin. Stored, so it outlives the maker's account.
    await sql`
      ALTER TABLE roles ADD COLUMN rank integer NOT NULL DEFAULT 89 CHECK (rank BETWEEN 0 AND 100);
      UPDATE roles SET rank = CASE id WHEN 1 THEN 100 WHEN 3 THEN 90 WHEN 4 THEN 50 ELSE 10 END
        WHERE id IN (1, 3, 4, 26, 27, 30);
    `.execute(db);
  },
};

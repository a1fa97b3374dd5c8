import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Sliding-window limits shared by every server process (lib/throttle.ts): one row per key with the
    // times of the requests it allowed in its window, at most the limit of them
    // (docs/decisions/0026-abuse-throttling.md).
    await sql`
      CREATE TABLE rate_limits (
        bucket text PRIMARY KEY,
        hits timestamptz[] NOT NULL
      );
      -- Sign-in throttling looks at an account's attempts from one client address.
      CREATE INDEX login_attempts_email_ip ON login_attempts (lower(email), ip, at);
    `.execute(db);
  },
};

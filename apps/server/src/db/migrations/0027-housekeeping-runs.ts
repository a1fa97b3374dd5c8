import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // When each hourly housekeeping job last started, and on which process: a process claims a job's
    // hour with one conditional upsert, so that the job runs once across every process on the
    // database rather than once in each (docs/decisions/0054-housekeeping-once-across-instances.md).
    await sql`
      CREATE TABLE housekeeping_runs (
        job text PRIMARY KEY,
        started_at timestamptz NOT NULL,
        started_by text NOT NULL
      );
    `.execute(db);
  },
};

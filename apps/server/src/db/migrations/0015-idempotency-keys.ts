import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The Idempotency-Key of create calls (lib/idempotency.ts, docs/decisions/0027-idempotency-keys.md):
    // one row per user and key, claimed while the first request runs (`claim`), then holding its answer.
    await sql`
      CREATE TABLE idempotency_keys (
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        claim uuid,
        answer_status smallint,
        answer_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, idempotency_key)
      );
      CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
    `.execute(db);
  },
};

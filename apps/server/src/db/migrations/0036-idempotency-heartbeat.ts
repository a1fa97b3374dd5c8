import { sql, type Kysely, type Migration } from 'kysely';

/**
 * When the request holding an Idempotency-Key's claim last said it still runs (lib/idempotency.ts,
 * docs/decisions/0076-idempotency-claim-heartbeat.md): a retry takes over a claim only once this is
 * older than the abandonment time, not once the claim itself is.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE idempotency_keys ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now()`.execute(
      db,
    );
  },
};

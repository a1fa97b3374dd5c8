import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Events whose audience is a whole staff (a new user: every Admin and everyone who may approve
    // users) are saved here in the transaction of the change, one row each, and written out as one
    // notification per recipient just after it commits, by one process (docs/decisions/0058).
    await sql`
      CREATE TABLE notification_fan_outs (
        fan_out_id bigserial PRIMARY KEY,
        kind text NOT NULL,
        subject text NOT NULL,
        entity text NOT NULL,
        entity_id integer NOT NULL,
        actor integer NOT NULL,
        exclude integer[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `.execute(db);
  },
};

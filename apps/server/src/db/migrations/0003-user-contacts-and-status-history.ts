import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      ALTER TABLE users
        ADD COLUMN phone_1 text CHECK (phone_1 ~ '^[0-9]{1,12}$'),
        ADD COLUMN phone_2 text CHECK (phone_2 ~ '^[0-9]{1,12}$'),
        ADD COLUMN status_reason text;
      CREATE INDEX users_full_name_trgm ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
      CREATE INDEX users_email_trgm ON users USING gin (user_email gin_trgm_ops);
      CREATE INDEX users_phone_trgm ON users USING gin (phone_1 gin_trgm_ops);
      CREATE INDEX users_full_name_sort ON users ((first_name || ' ' || last_name), user_id);
      CREATE INDEX users_status ON users (user_status);

      CREATE TABLE user_status_history (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        old_status text NOT NULL,
        new_status text NOT NULL CHECK (new_status IN ('New', 'Active', 'Inactive')),
        reason text,
        changed_by integer REFERENCES users (user_id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX user_status_history_user ON user_status_history (user_id, changed_at);
    `.execute(db);
  },
};

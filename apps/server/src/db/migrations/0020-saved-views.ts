import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each user's saved views of a list (docs/decisions/0046-saved-views.md): a name is unique per user
    // and list whatever its case; the columns a user hid on a list are one row per user and list.
    await sql`
      CREATE TABLE saved_views (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        list_key text NOT NULL,
        name text NOT NULL,
        state jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX saved_views_name ON saved_views (user_id, list_key, lower(name));
      CREATE TABLE list_preferences (
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        list_key text NOT NULL,
        hidden_columns jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, list_key)
      );
    `.execute(db);
  },
};

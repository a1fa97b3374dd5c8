import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE notifications (
        notification_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        notification_type text NOT NULL CHECK (length(notification_type) BETWEEN 1 AND 120),
        notification_subject text NOT NULL CHECK (length(notification_subject) BETWEEN 1 AND 500),
        notification_status text NOT NULL DEFAULT 'Active'
          CHECK (notification_status IN ('Active', 'Inactive')),
        entity text CHECK (entity IN ('property', 'user', 'broker')),
        entity_id integer,
        created_by integer REFERENCES users (user_id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      );
      -- A user's list, newest first; their unread ones for the bell; read ones by age for the purge.
      CREATE INDEX notifications_recipient ON notifications (user_id, created_at, notification_id);
      CREATE INDEX notifications_unread ON notifications (user_id, created_at)
        WHERE notification_status = 'Active';
      CREATE INDEX notifications_read_age ON notifications (read_at) WHERE notification_status = 'Inactive';
      CREATE INDEX notifications_subject_trgm ON notifications USING gin (notification_subject gin_trgm_ops);
      CREATE INDEX notifications_type_trgm ON notifications USING gin (notification_type gin_trgm_ops);
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The media files a commit stops naming, queued in that same transaction by triggers (so every path,
 * cascades and bulk deletes included, queues them): the request removes them after its commit and then
 * their rows; the hourly media sweep removes those a crash or a store outage left behind
 * (docs/decisions/0104-media-removal-outbox.md). The owner's key is kept so that the sweep can check,
 * by an index, that no row names the file again before removing it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE media_removals (
        file text PRIMARY KEY,
        property_id integer,
        user_id integer,
        queued_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((property_id IS NULL) <> (user_id IS NULL))
      );
      CREATE INDEX media_removals_queued ON media_removals (queued_at);

      -- TG_ARGV: the owner's key column, then the two columns naming files. An old name the row no
      -- longer holds (deleted, or changed to another) is queued.
      CREATE FUNCTION queue_media_removal() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_row jsonb := to_jsonb(OLD);
        new_row jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(NEW) END;
        owner integer := (old_row ->> TG_ARGV[0])::integer;
      BEGIN
        INSERT INTO media_removals (file, property_id, user_id)
        SELECT old_row ->> c,
               CASE WHEN TG_ARGV[0] = 'property_id' THEN owner END,
               CASE WHEN TG_ARGV[0] = 'user_id' THEN owner END
          FROM unnest(ARRAY[TG_ARGV[1], TG_ARGV[2]]) AS c
         WHERE old_row ->> c IS NOT NULL
           AND (new_row IS NULL OR (old_row ->> c IS DISTINCT FROM new_row ->> TG_ARGV[1]
                                    AND old_row ->> c IS DISTINCT FROM new_row ->> TG_ARGV[2]))
        ON CONFLICT (file) DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER queue_media_removal AFTER DELETE OR UPDATE OF file, thumbnail ON property_media
        FOR EACH ROW EXECUTE FUNCTION queue_media_removal('property_id', 'file', 'thumbnail');
      CREATE TRIGGER queue_media_removal AFTER DELETE OR UPDATE OF profile_image, profile_thumbnail ON users
        FOR EACH ROW EXECUTE FUNCTION queue_media_removal('user_id', 'profile_image', 'profile_thumbnail');
    `.execute(db);
  },
};

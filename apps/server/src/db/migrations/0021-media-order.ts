import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A listing's media in the order people put them (issue 22 item 6, decision 47): the default image
    // first, then the others as they were added. A listing with images and no default gets its first.
    await sql`
      ALTER TABLE property_media ADD COLUMN sort_order integer NOT NULL DEFAULT 0;
      UPDATE property_media m SET sort_order = o.n
        FROM (SELECT id, row_number() OVER (PARTITION BY property_id ORDER BY is_default DESC, id) AS n
                FROM property_media) o
       WHERE o.id = m.id;
      UPDATE property_media m SET is_default = true
       WHERE m.type = 'Image'
         AND NOT EXISTS (SELECT 1 FROM property_media d WHERE d.property_id = m.property_id AND d.is_default)
         AND m.id = (SELECT f.id FROM property_media f WHERE f.property_id = m.property_id AND f.type = 'Image'
                      ORDER BY f.sort_order, f.id LIMIT 1);
      CREATE INDEX property_media_order ON property_media (property_id, sort_order, id);
    `.execute(db);
  },
};

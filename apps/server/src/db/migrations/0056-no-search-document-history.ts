import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An edit recorded the listing's words for searching (search_document, kept by a trigger since migration
 * 0028) as a change of its own beside the name or headline it followed; the history shows what a person
 * changed (decision 120).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DELETE FROM property_history WHERE field = 'search_document'`.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A user's unused password links (welcome and reset) stop working when their e-mail address changes,
 * whichever call changes it: a link mailed to a mistyped or former address would otherwise let whoever
 * reads that mailbox set the password (docs/decisions/0078-password-changes-in-turn.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE FUNCTION end_password_links() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE password_resets SET used_at = now() WHERE user_id = NEW.user_id AND used_at IS NULL;
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_end_password_links AFTER UPDATE OF user_email ON users
        FOR EACH ROW WHEN (lower(OLD.user_email) IS DISTINCT FROM lower(NEW.user_email))
        EXECUTE FUNCTION end_password_links();
    `.execute(db);
  },
};

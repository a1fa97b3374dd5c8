import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The demo accounts' addresses ended in .local, which the old admin client's e-mail rule (a 2- or
    // 3-letter top-level domain) refuses, so nobody could sign in with them from it. Databases seeded
    // before get the new domain on exactly those accounts (docs/decisions/0033-old-clients-users.md);
    // an address already taken under the new domain keeps the old one rather than stop the start.
    await sql`
      UPDATE users u
      SET user_email = left(u.user_email, -length('@demo.pinoyproperty.local')) || '@demo.pinoyproperty.ph'
      WHERE lower(u.user_email) LIKE '%@demo.pinoyproperty.local'
        AND NOT EXISTS (
          SELECT 1 FROM users o
          WHERE lower(o.user_email) =
            lower(left(u.user_email, -length('@demo.pinoyproperty.local')) || '@demo.pinoyproperty.ph'))
    `.execute(db);
  },
};

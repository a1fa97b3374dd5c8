import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Global search (decision 44) finds brokers and broker associations through the trigram indexes of
    // every column their lists search, as agencies already do (0009): so that each is one BitmapOr.
    await sql`
      CREATE INDEX brokers_email_trgm ON brokers USING gin (email_address gin_trgm_ops);
      CREATE INDEX brokers_phone_trgm ON brokers USING gin (phone_1 gin_trgm_ops);
      CREATE INDEX brokers_license_trgm ON brokers USING gin (broker_license_number gin_trgm_ops);
      CREATE INDEX broker_associations_contact_trgm ON broker_associations USING gin (contact_person gin_trgm_ops);
      CREATE INDEX broker_associations_email_trgm ON broker_associations USING gin (email_address gin_trgm_ops);
      CREATE INDEX broker_associations_phone_trgm ON broker_associations USING gin (phone_1 gin_trgm_ops);
    `.execute(db);
  },
};

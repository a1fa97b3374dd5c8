import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Every column a search reads through a join, or ORs with indexed ones, indexed too: a search is
    // then one BitmapOr over its table (docs/decisions/0020-report-search-at-scale.md).
    await sql`
      CREATE INDEX properties_street_trgm ON properties USING gin (street_name gin_trgm_ops);
      CREATE INDEX properties_building_trgm ON properties USING gin (building_name gin_trgm_ops);
      CREATE INDEX properties_operator ON properties (operator_id);
      CREATE INDEX agencies_owner_trgm ON agencies USING gin (owner_name gin_trgm_ops);
      CREATE INDEX agencies_contact_trgm ON agencies USING gin (contact_person gin_trgm_ops);
      CREATE INDEX agencies_phone_trgm ON agencies USING gin (phone_1 gin_trgm_ops);
      CREATE INDEX agencies_email_trgm ON agencies USING gin (email_address gin_trgm_ops);
      -- A finer sample of listing names: a place name in 0.2 % of them was estimated at 1 %, and the
      -- plan joined every attachment instead of looking up those of the few matches.
      ALTER TABLE properties ALTER COLUMN property_name SET STATISTICS 1000;
      ANALYZE properties (property_name);
    `.execute(db);
  },
};

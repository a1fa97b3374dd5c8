import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The first page of each report's default order (and the overview's counts) read from an index.
    await sql`
      CREATE INDEX properties_open_pending_broker ON properties (broker_id, property_id)
        WHERE status IN ('Open', 'Pending');
      -- The booking day of the sold and rented: the same expression as the Sold Rent report's.
      CREATE INDEX properties_booking ON properties ((CASE WHEN status = 'Sold'
          THEN (date_sold AT TIME ZONE 'Asia/Manila')::date
          ELSE coalesce(date_rental_started, (date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END),
        property_id) WHERE status IN ('Sold', 'Occupied');
      -- A partial index's expression has no statistics the planner uses: these estimate the ranges.
      CREATE STATISTICS properties_booking_day ON ((CASE WHEN status = 'Sold'
          THEN (date_sold AT TIME ZONE 'Asia/Manila')::date
          ELSE coalesce(date_rental_started, (date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END))
        FROM properties;
      CREATE INDEX properties_overview ON properties (status, product_category_id, province_id);
      CREATE INDEX users_role_full_name ON users (role_id, (first_name || ' ' || last_name), user_id);
      CREATE INDEX users_created ON users (created_at);
      -- Every searched column of a table indexed, so a search is one BitmapOr, not a scan.
      CREATE INDEX users_phone_2_trgm ON users USING gin (phone_2 gin_trgm_ops);
      CREATE INDEX sellers_owner_trgm ON sellers USING gin (property_owner_name gin_trgm_ops);
      CREATE INDEX sellers_phone_trgm ON sellers USING gin (phone_1 gin_trgm_ops);
      CREATE INDEX sellers_email_trgm ON sellers USING gin (email_address gin_trgm_ops);
    `.execute(db);
  },
};

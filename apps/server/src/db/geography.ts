import { sql } from 'kysely';
import { inTransaction, type Db } from './index.ts';
import { buildGeography } from './geography/build.ts';

/**
 * The Philippine geography (PSGC) seeded into a new database: provinces, cities and municipalities
 * (towns) and barangays from @aivangogh/ph-address (geography/psgc.ts), postal codes from use-postal-ph
 * (geography/postal.ts), put together in geography/build.ts. Rules are in
 * docs/decisions/0007-philippine-geography.md.
 */

/**
 * Seeds the geography into a new database, in one transaction: does nothing and returns null when
 * the provinces table already has a row (so it runs once, and edits made later survive restarts).
 */
export async function seedGeography(
  db: Db,
): Promise<{ provinces: number; towns: number; barangays: number } | null> {
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(4244)`.execute(trx);
    const existing = await sql`SELECT 1 FROM provinces LIMIT 1`.execute(trx);
    if (existing.rows.length > 0) return null;

    const data = buildGeography();
    const column = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key]);
    const { provinces, towns, barangays } = data;
    const p = await sql<{ province_id: number; psgc_code: string }>`
      INSERT INTO provinces (province_name, psgc_code, region)
      SELECT * FROM unnest(${column(provinces, 'name')}::text[], ${column(provinces, 'psgcCode')}::text[],
        ${column(provinces, 'region')}::text[])
      RETURNING province_id, psgc_code`.execute(trx);
    const provinceId = new Map(p.rows.map((r) => [r.psgc_code, r.province_id]));
    const t = await sql<{ town_id: number; psgc_code: string }>`
      INSERT INTO towns (town_name, is_town_city, province_id, psgc_code, zip_code)
      SELECT * FROM unnest(${column(towns, 'name')}::text[], ${column(towns, 'kind')}::text[],
        ${towns.map((x) => provinceId.get(x.provinceCode)!)}::int[], ${column(towns, 'psgcCode')}::text[],
        ${column(towns, 'zip')}::text[])
      RETURNING town_id, psgc_code`.execute(trx);
    const townId = new Map(t.rows.map((r) => [r.psgc_code, r.town_id]));
    const b = await sql`
      INSERT INTO barangays (barangay_name, town_id, zip_code, psgc_code)
      SELECT * FROM unnest(${column(barangays, 'name')}::text[], ${barangays.map((x) => townId.get(x.townCode)!)}::int[],
        ${column(barangays, 'zip')}::text[], ${column(barangays, 'psgcCode')}::text[])`.execute(trx);
    // Planner statistics for the new rows, so the first lists do not run on empty-table estimates.
    await sql`ANALYZE provinces, towns, barangays`.execute(trx);
    return { provinces: p.rows.length, towns: t.rows.length, barangays: Number(b.numAffectedRows ?? 0) };
  });
}

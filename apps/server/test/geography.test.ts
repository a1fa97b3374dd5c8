import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGeography } from '../src/db/geography.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let result: Awaited<ReturnType<typeof seedGeography>>;
let seconds = 0;

beforeAll(async () => {
  t = await createTestApp();
  const start = performance.now();
  result = await seedGeography(t.db);
  seconds = (performance.now() - start) / 1000;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function town(name: string) {
  const { rows } = await sql<{
    town_name: string;
    is_town_city: string;
    province_name: string;
    region: string;
    zip_code: string | null;
    barangays: number;
  }>`SELECT t.town_name, t.is_town_city, p.province_name, p.region, t.zip_code,
       (SELECT count(*)::int FROM barangays b WHERE b.town_id = t.town_id) AS barangays
     FROM towns t JOIN provinces p ON p.province_id = t.province_id
     WHERE t.town_name = ${name}`.execute(t.db);
  return rows;
}

async function counts() {
  const { rows } = await sql<{ provinces: number; towns: number; barangays: number }>`
    SELECT (SELECT count(*)::int FROM provinces) AS provinces, (SELECT count(*)::int FROM towns) AS towns,
      (SELECT count(*)::int FROM barangays) AS barangays`.execute(t.db);
  return rows[0]!;
}

describe('seedGeography', () => {
  it('loads every province, city, municipality and barangay of the PSGC in one go', async () => {
    expect(result).not.toBeNull();
    expect(result!.provinces).toBeGreaterThanOrEqual(83);
    expect(result!.towns).toBeGreaterThanOrEqual(1600);
    expect(result!.towns).toBeLessThanOrEqual(1700);
    expect(result!.barangays).toBeGreaterThanOrEqual(41_000);
    expect(result!.barangays).toBeLessThanOrEqual(43_000);
    expect(await counts()).toEqual(result);
    expect(seconds).toBeLessThan(30);
  });

  it('has 149 cities and the rest municipalities', async () => {
    const { rows } = await sql<{ kind: string; n: number }>`
      SELECT is_town_city AS kind, count(*)::int AS n FROM towns GROUP BY 1 ORDER BY 1`.execute(t.db);
    expect(rows).toEqual([
      { kind: 'City', n: 149 },
      { kind: 'Town', n: result!.towns - 149 },
    ]);
  });

  it('puts Metro Manila cities under a Metro Manila province row', async () => {
    const [metro] = (
      await sql<{
        region: string;
      }>`SELECT region FROM provinces WHERE province_name = 'Metro Manila'`.execute(t.db)
    ).rows;
    expect(metro?.region).toBe('National Capital Region');
    for (const name of ['Quezon City', 'Makati City', 'Taguig City', 'Manila City']) {
      expect(await town(name)).toMatchObject([{ is_town_city: 'City', province_name: 'Metro Manila' }]);
    }
    expect(await town('Pateros')).toMatchObject([{ is_town_city: 'Town', province_name: 'Metro Manila' }]);
    // Manila's districts (Tondo, Sampaloc…) are not towns: their barangays belong to Manila.
    expect(await town('Tondo I/II')).toEqual([]);
    expect(await town('Sampaloc')).not.toMatchObject([{ province_name: 'Metro Manila' }]);
    expect((await town('Manila City'))[0]!.barangays).toBeGreaterThan(800);
  });

  it('puts independent cities under the province they are in', async () => {
    const expected: [string, string][] = [
      ['Cebu City', 'Cebu'],
      ['Lapu-Lapu City', 'Cebu'],
      ['Baguio City', 'Benguet'],
      ['Davao City', 'Davao del Sur'],
      ['Iloilo City', 'Iloilo'],
      ['Zamboanga City', 'Zamboanga del Sur'],
      ['Bacolod City', 'Negros Occidental'],
      ['Cagayan De Oro City', 'Misamis Oriental'],
    ];
    for (const [name, province] of expected) {
      const rows = await town(name);
      expect(rows, name).toMatchObject([{ is_town_city: 'City', province_name: province }]);
      expect(rows[0]!.barangays, name).toBeGreaterThan(10);
    }
  });

  it('keeps municipalities and component cities under their province', async () => {
    expect(await town('Tagaytay City')).toMatchObject([{ is_town_city: 'City', province_name: 'Cavite' }]);
    expect(await town('La Trinidad')).toMatchObject([{ is_town_city: 'Town', province_name: 'Benguet' }]);
    expect(await town('Moalboal')).toMatchObject([{ is_town_city: 'Town', province_name: 'Cebu' }]);
  });

  it('sets postal codes from use-postal-ph, a barangay taking its town or area code', async () => {
    expect(await town('Makati City')).toMatchObject([{ zip_code: '1200' }]);
    expect(await town('Cebu City')).toMatchObject([{ zip_code: '6000' }]);
    expect(await town('Baguio City')).toMatchObject([{ zip_code: '2600' }]);
    expect(await town('La Trinidad')).toMatchObject([{ zip_code: '2601' }]);
    expect(await town('Tagaytay City')).toMatchObject([{ zip_code: '4120' }]);
    const { rows } = await sql<{ barangay_name: string; zip_code: string | null }>`
      SELECT b.barangay_name, b.zip_code FROM barangays b JOIN towns t ON t.town_id = b.town_id
      WHERE t.town_name IN ('Makati City', 'La Trinidad') AND b.barangay_name IN ('Bangkal', 'Betag')
      ORDER BY 1`.execute(t.db);
    expect(rows).toEqual([
      { barangay_name: 'Bangkal', zip_code: '1233' }, // Makati's Bangkal postal area
      { barangay_name: 'Betag', zip_code: '2601' }, // La Trinidad's code
    ]);
    const [coverage] = (
      await sql<{ towns: number; barangays: number }>`
        SELECT (SELECT count(*)::int FROM towns WHERE zip_code IS NOT NULL) AS towns,
          (SELECT count(*)::int FROM barangays WHERE zip_code IS NOT NULL) AS barangays`.execute(t.db)
    ).rows;
    expect(coverage!.towns / result!.towns).toBeGreaterThan(0.95);
    expect(coverage!.barangays / result!.barangays).toBeGreaterThan(0.95);
  });

  it('runs once: a second call returns null and changes nothing', async () => {
    const before = await counts();
    await sql`UPDATE towns SET zip_code = '9999' WHERE town_name = 'Pateros'`.execute(t.db);
    expect(await seedGeography(t.db)).toBeNull();
    expect(await counts()).toEqual(before);
    expect(await town('Pateros')).toMatchObject([{ zip_code: '9999' }]);
  });
});

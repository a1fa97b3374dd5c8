import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import usePostalPH from 'use-postal-ph';
import { inTransaction, type Db } from './index.ts';

/**
 * The Philippine geography (PSGC) seeded into a new database: provinces, cities and municipalities
 * (towns) and barangays from @aivangogh/ph-address, postal codes from use-postal-ph. Rules are in
 * docs/decisions/0007-philippine-geography.md.
 */

interface PsgcRow {
  name: string;
  psgcCode: string;
}
interface PsgcData {
  regions: (PsgcRow & { designation: string })[];
  provinces: PsgcRow[];
  municipalities: (PsgcRow & { provinceCode: string })[];
  barangays: PsgcRow[];
}

export const METRO_MANILA = 'Metro Manila';
/** Metro Manila has no province in PSGC; its row takes the NCR region code. */
const NCR_CODE = '1300000000';

/**
 * Independent cities (highly urbanised and independent component cities with their own PSGC
 * "province" code) and the BARMM Special Geographic Area, keyed by that code, placed under the
 * province they lie in. A code missing here makes seeding fail rather than lose a city.
 */
const INDEPENDENT_PARENT: Record<string, string> = {
  '0330100000': 'Pampanga', // Angeles City
  '0331400000': 'Zambales', // Olongapo City
  '0431200000': 'Quezon', // Lucena City
  '0631000000': 'Iloilo', // Iloilo City
  '0730600000': 'Cebu', // Cebu City
  '0731100000': 'Cebu', // Lapu-Lapu City
  '0731300000': 'Cebu', // Mandaue City
  '0831600000': 'Leyte', // Tacloban City
  '0931700000': 'Zamboanga del Sur', // Zamboanga City
  '0990100000': 'Basilan', // Isabela City
  '1030500000': 'Misamis Oriental', // Cagayan de Oro City
  '1030900000': 'Lanao del Norte', // Iligan City
  '1130700000': 'Davao del Sur', // Davao City
  '1230800000': 'South Cotabato', // General Santos City
  '1430300000': 'Benguet', // Baguio City
  '1630400000': 'Agusan del Norte', // Butuan City
  '1731500000': 'Palawan', // Puerto Princesa City
  '1830200000': 'Negros Occidental', // Bacolod City
  '1999900000': 'Cotabato', // BARMM Special Geographic Area (eight municipalities)
};

/**
 * The package ships its full lists as base64 zlib-compressed CSV constants but exports only
 * per-province lookups, which miss the independent cities; so the lists are read from its bundle.
 */
function readPsgc(): PsgcData {
  const file = createRequire(import.meta.url).resolve('@aivangogh/ph-address');
  const source = fs.readFileSync(file, 'utf8');
  const table = <T>(name: string, columns: string[]): T[] => {
    const match = new RegExp(`\\b${name} = "([A-Za-z0-9+/=]+)"`).exec(source);
    if (!match) throw new Error(`@aivangogh/ph-address: the ${name} list was not found in ${file}`);
    const rows = parseCsv(zlib.inflateSync(Buffer.from(match[1]!, 'base64')).toString('utf8'));
    const missing = columns.filter((c) => !rows.every((r) => r[c]));
    if (rows.length === 0 || missing.length > 0) {
      throw new Error(`@aivangogh/ph-address: the ${name} list lacks ${missing.join(', ') || 'rows'}`);
    }
    return rows as unknown as T[];
  };
  return {
    regions: table('regions', ['name', 'psgcCode']),
    provinces: table('provinces', ['name', 'psgcCode']),
    municipalities: table('municipalities', ['name', 'psgcCode', 'provinceCode']),
    barangays: table('barangays', ['name', 'psgcCode']),
  };
}

function parseCsv(csv: string): Record<string, string>[] {
  const lines = csv.split('\n').filter((l) => l.trim() !== '');
  const headers = lines[0]!.split(',');
  return lines.slice(1).map((line) => {
    const values: string[] = [];
    let current = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (ch === '"') {
        if (quoted && line[i + 1] === '"') {
          current += '"';
          i++;
        } else quoted = !quoted;
      } else if (ch === ',' && !quoted) {
        values.push(current);
        current = '';
      } else current += ch;
    }
    values.push(current);
    return Object.fromEntries(headers.map((h, i) => [h, (values[i] ?? '').trim()]));
  });
}

/** Lower case, no accents or punctuation, Sta./Sto./Gen. spelled out, no "City"/"Province". */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/\bsta\b\.?/g, 'santa')
    .replace(/\bsto\b\.?/g, 'santo')
    .replace(/\bgen\b\.?/g, 'general')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(.* )?city of /, '')
    .replace(/ (city|province|sr|jr)$/, '');
}

/** Town names compared without spaces: "Mataas na Kahoy" is "Mataasnakahoy". */
const townKey = (name: string) => placeKey(name).replaceAll(' ', '');

/** True when a and b differ by at most one inserted, deleted or replaced letter. */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

const postalCode = (n: string | number | undefined) =>
  n === undefined || n === '' ? null : String(n).padStart(4, '0');

interface PostalIndex {
  /** `${provinceKey}|${townKey}` outside Metro Manila. */
  byProvinceTown: Map<string, string>;
  /** provinceKey → its towns, for spelling variants (Baliuag/Baliwag, Jetafe/Getafe). */
  byProvince: Map<string, { town: string; code: string }[]>;
  /** townKey → codes seen anywhere outside Metro Manila (used when exactly one). */
  byTown: Map<string, Set<string>>;
  /** Metro Manila city key → its areas (name key, code), the city's main code first. */
  ncr: Map<string, { key: string; code: string; main: boolean }[]>;
}

const PROVINCE_ALIASES: Record<string, string[]> = {
  'north cotabato': ['cotabato'],
  maguindanao: ['maguindanao del norte', 'maguindanao del sur'],
};

function readPostal(): PostalIndex {
  const { data } = usePostalPH().fetchDataLists();
  const index: PostalIndex = {
    byProvinceTown: new Map(),
    byProvince: new Map(),
    byTown: new Map(),
    ncr: new Map(),
  };
  for (const row of data) {
    const code = postalCode(row.post_code);
    if (!code || !/^[0-9]{1,6}$/.test(code) || !row.location || !row.municipality) continue;
    if (row.location === 'Companies/Institutions') continue;
    if (row.region === 'NCR') {
      const city = placeKey(row.location);
      const areas = index.ncr.get(city) ?? [];
      areas.push({ key: placeKey(row.municipality), code, main: /\bCPO\b/.test(row.municipality) });
      index.ncr.set(city, areas);
      continue;
    }
    // "Sexmoan (Sasmuan)", "Montalban (Rodriguez)": both names are indexed.
    const alternate = /\(([^)]+)\)/.exec(row.municipality)?.[1];
    const names = [row.municipality, ...(alternate ? [alternate] : [])];
    const province = placeKey(row.location);
    for (const town of names.map(townKey)) {
      for (const p of PROVINCE_ALIASES[province] ?? [province]) {
        const key = `${p}|${town}`;
        if (!index.byProvinceTown.has(key)) index.byProvinceTown.set(key, code);
        const list = index.byProvince.get(p) ?? [];
        list.push({ town, code });
        index.byProvince.set(p, list);
      }
      const codes = index.byTown.get(town) ?? new Set();
      codes.add(code);
      index.byTown.set(town, codes);
    }
  }
  for (const areas of index.ncr.values()) {
    areas.sort((a, b) => Number(b.main) - Number(a.main) || a.code.localeCompare(b.code));
  }
  return index;
}

export interface GeographyData {
  provinces: { name: string; psgcCode: string; region: string }[];
  towns: {
    name: string;
    kind: 'City' | 'Town';
    psgcCode: string;
    provinceCode: string;
    zip: string | null;
  }[];
  barangays: { name: string; psgcCode: string; townCode: string; zip: string | null }[];
  stats: {
    renamedTowns: number;
    renamedBarangays: number;
    townsWithZip: number;
    barangaysWithZip: number;
    barangaysWithOwnZip: number;
    unmatchedTowns: string[];
  };
}

/** Appends " (2)", " (3)"… to names that repeat (case-insensitively) within one parent. */
function uniqueNames<T extends { name: string }>(rows: T[], parentOf: (row: T) => string): number {
  const seen = new Set<string>();
  let renamed = 0;
  for (const row of rows) {
    const base = row.name;
    let name = base;
    for (let n = 2; seen.has(`${parentOf(row)}|${name.toLowerCase()}`); n++) name = `${base} (${n})`;
    if (name !== base) renamed++;
    row.name = name;
    seen.add(`${parentOf(row)}|${name.toLowerCase()}`);
  }
  return renamed;
}

/** Builds the rows to insert, in memory, from the two packages. */
export function buildGeography(): GeographyData {
  const psgc = readPsgc();
  const postal = readPostal();

  const regionName = new Map(
    psgc.regions.map((r) => [
      r.psgcCode,
      r.name.startsWith('Region ') && r.designation ? `${r.name} (${r.designation})` : r.name,
    ]),
  );
  const provinces = [
    ...psgc.provinces.map((p) => ({
      name: p.name,
      psgcCode: p.psgcCode,
      region: regionName.get(`${p.psgcCode.slice(0, 2)}00000000`) ?? '',
    })),
    { name: METRO_MANILA, psgcCode: NCR_CODE, region: regionName.get(NCR_CODE) ?? 'National Capital Region' },
  ].sort((a, b) => a.name.localeCompare(b.name));
  const provinceByCode = new Map(provinces.map((p) => [p.psgcCode, p]));
  const provinceCodeByName = new Map(provinces.map((p) => [p.name, p.psgcCode]));

  // Sub-municipal districts (Manila's Tondo, Sampaloc…) are listed with a city as their parent:
  // they are not towns; their barangays belong to the city.
  const municipalityCodes = new Set(psgc.municipalities.map((m) => m.psgcCode));
  const districtCity = new Map<string, { city: string; name: string }>();
  const towns: GeographyData['towns'] = [];
  for (const m of psgc.municipalities) {
    if (municipalityCodes.has(m.provinceCode) && m.provinceCode !== m.psgcCode) {
      districtCity.set(m.psgcCode, { city: m.provinceCode, name: m.name });
      continue;
    }
    let provinceCode: string | undefined;
    if (provinceByCode.has(m.provinceCode) && m.provinceCode !== NCR_CODE) provinceCode = m.provinceCode;
    else if (m.provinceCode.startsWith('13')) provinceCode = NCR_CODE;
    else provinceCode = provinceCodeByName.get(INDEPENDENT_PARENT[m.provinceCode] ?? '');
    if (!provinceCode) {
      throw new Error(`No province for ${m.name} (${m.psgcCode}, parent ${m.provinceCode})`);
    }
    towns.push({
      name: m.name,
      kind: /\bCity\b/.test(m.name) ? 'City' : 'Town',
      psgcCode: m.psgcCode,
      provinceCode,
      zip: null,
    });
  }
  towns.sort((a, b) => a.psgcCode.localeCompare(b.psgcCode));
  const renamedTowns = uniqueNames(towns, (t) => t.provinceCode);
  const townByCode = new Map(towns.map((t) => [t.psgcCode, t]));

  // Postal code of each town: Metro Manila cities by their areas (main post office first),
  // elsewhere by province and town name, then by town name alone when that name has one code.
  const unmatchedTowns: string[] = [];
  const townsNamed = new Map<string, number>();
  const psgcTowns = new Set<string>();
  for (const town of towns) {
    const key = townKey(town.name);
    townsNamed.set(key, (townsNamed.get(key) ?? 0) + 1);
    psgcTowns.add(`${town.provinceCode}|${key}`);
  }
  for (const town of towns) {
    const key = townKey(town.name);
    const province = provinceByCode.get(town.provinceCode)!;
    const provinceKey = placeKey(province.name);
    if (town.provinceCode === NCR_CODE) {
      town.zip = postal.ncr.get(placeKey(town.name))?.[0]?.code ?? null;
    } else {
      town.zip = postal.byProvinceTown.get(`${provinceKey}|${key}`) ?? null;
      const anywhere = postal.byTown.get(key);
      if (!town.zip && anywhere?.size === 1 && townsNamed.get(key) === 1) town.zip = [...anywhere][0]!;
      if (!town.zip && key.length >= 5) {
        // A near spelling that is itself another town of the province (Tugunan, Tulunan) is not one.
        const near = (postal.byProvince.get(provinceKey) ?? []).filter(
          (p) => nearlyEqual(p.town, key) && !psgcTowns.has(`${town.provinceCode}|${p.town}`),
        );
        if (new Set(near.map((p) => p.code)).size === 1) town.zip = near[0]!.code;
      }
    }
    if (!town.zip) unmatchedTowns.push(`${town.name}, ${province.name}`);
  }

  const barangays: GeographyData['barangays'] = [];
  let barangaysWithOwnZip = 0;
  for (const b of [...psgc.barangays].sort((x, y) => x.psgcCode.localeCompare(y.psgcCode))) {
    const parentCode = `${b.psgcCode.slice(0, 7)}000`;
    const district = districtCity.get(parentCode);
    const town = townByCode.get(district?.city ?? parentCode);
    if (!town) throw new Error(`No city or municipality for barangay ${b.name} (${b.psgcCode})`);
    let zip = town.zip;
    // A Metro Manila barangay takes the code of the postal area of its own name, or of its district.
    const areas = town.provinceCode === NCR_CODE ? postal.ncr.get(placeKey(town.name)) : undefined;
    if (areas) {
      const own = placeKey(b.name);
      const districtKey = district && placeKey(district.name).replace(/( i| ii| iii| iv)+$/, '');
      const area =
        areas.find((a) => a.key === own) ??
        (districtKey
          ? areas
              .filter((a) => a.key === districtKey || a.key.startsWith(`${districtKey} `))
              .sort((x, y) => x.code.localeCompare(y.code))[0]
          : undefined);
      if (area) {
        zip = area.code;
        if (area.code !== town.zip) barangaysWithOwnZip++;
      }
    }
    barangays.push({ name: b.name, psgcCode: b.psgcCode, townCode: town.psgcCode, zip });
  }
  const renamedBarangays = uniqueNames(barangays, (b) => b.townCode);

  return {
    provinces,
    towns,
    barangays,
    stats: {
      renamedTowns,
      renamedBarangays,
      townsWithZip: towns.length - unmatchedTowns.length,
      barangaysWithZip: barangays.filter((b) => b.zip).length,
      barangaysWithOwnZip,
      unmatchedTowns,
    },
  };
}

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

import { readPsgc } from './psgc.ts';
import { placeKey, readPostal, townKey } from './postal.ts';

/** The rows of the geography, built in memory from the PSGC lists and the postal codes. */

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

/** True when a and b differ by at most one inserted, deleted or replaced letter. */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
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

import usePostalPH from 'use-postal-ph';

/** Postal codes from use-postal-ph, indexed by the place names they are looked up by. */

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
export const townKey = (name: string) => placeKey(name).replaceAll(' ', '');

const postalCode = (n: string | number | undefined) =>
  n === undefined || n === '' ? null : String(n).padStart(4, '0');

export interface PostalIndex {
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

export function readPostal(): PostalIndex {
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

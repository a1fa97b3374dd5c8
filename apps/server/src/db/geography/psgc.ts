import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/** The PSGC lists of provinces, cities and municipalities (towns) and barangays from @aivangogh/ph-address. */

interface PsgcRow {
  name: string;
  psgcCode: string;
}
export interface PsgcData {
  regions: (PsgcRow & { designation: string })[];
  provinces: PsgcRow[];
  municipalities: (PsgcRow & { provinceCode: string })[];
  barangays: PsgcRow[];
}

/**
 * The package ships its full lists as base64 zlib-compressed CSV constants but exports only
 * per-province lookups, which miss the independent cities; so the lists are read from its bundle.
 */
export function readPsgc(): PsgcData {
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

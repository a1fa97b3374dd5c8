/**
 * `npm run bench:growth`: how list latency grows with the marketplace, from the latest `npm run bench`
 * result of each size (bench/results/bench-<size>-<date>.json; run bench:data and bench at 10k, 100k
 * and 1M properties first). Draws bench/results/growth.svg (HTTP median and p95 of list and report
 * first pages, opened and searched, against the number of properties, both axes logarithmic) and
 * writes the table beside it in bench/results/growth-<date>.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { f, percentile, writeReport, type Timing } from './lib.ts';

interface Result {
  properties: number;
  environment: string[];
  rows: { label: string; kind: string; as: string; http: Timing }[];
}

const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
// The newest result of each size (10k, 100k, 1m: the name's label; a run's saves add a few rows, so the
// exact count differs from run to run), by the number of properties it measured. A day's later runs
// of a size carry a suffix (bench-10m-2026-12-07-3.json comes after bench-10m-2026-12-07.json).
const runs = fs.readdirSync(results).flatMap((file) => {
  const [, size, date, n] = /^bench-(\w+)-(\d{4}-\d{2}-\d{2})(?:-(\d+))?\.json$/.exec(file) ?? [];
  return size && date ? [{ file, size, order: `${date} ${(n ?? '1').padStart(4, '0')}` }] : [];
});
const newest = new Map<string, Result>();
for (const { file, size } of runs.sort((a, b) => a.order.localeCompare(b.order)))
  newest.set(size, JSON.parse(fs.readFileSync(path.join(results, file), 'utf8')) as Result);
const latest = new Map([...newest.values()].map((r) => [r.properties, r]));
const sizes = [...latest.keys()].sort((a, b) => a - b);
if (sizes.length < 2) throw new Error('bench/results holds fewer than two sizes: run npm run bench on each');

/** One line of the plot: a figure of the list and report rows at each size. */
const SERIES: { name: string; color: string; dash?: string; of: (r: Result) => number }[] = [
  ...(['first page', 'searchText'] as const).flatMap((which, i) => {
    const rows = (r: Result) =>
      r.rows.filter((x) => (x.kind === 'list' || x.kind === 'report') && x.label.includes(which));
    const color = i === 0 ? '#1565c0' : '#c62828';
    const name = which === 'first page' ? 'first pages' : 'searched first pages';
    return [
      {
        name: `${name}: median of medians`,
        color,
        of: (r: Result) =>
          percentile(
            rows(r).map((x) => x.http.median),
            50,
          ),
      },
      {
        name: `${name}: slowest p95`,
        color,
        dash: '6 4',
        of: (r: Result) => Math.max(...rows(r).map((x) => x.http.p95)),
      },
    ];
  }),
  {
    name: 'property listing, first page (median)',
    color: '#2e7d32',
    of: (r) =>
      r.rows.find((x) => x.label === 'allproperty, first page' && x.as === 'Super Admin')!.http.median,
  },
];

// The plot: log-log, sizes across, milliseconds up.
const W = 780,
  H = 420,
  left = 60,
  right = 290,
  top = 20,
  bottom = 50;
const values = SERIES.flatMap((s) => sizes.map((n) => s.of(latest.get(n)!)));
const yMin = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...values))));
const yMax = 10 ** Math.ceil(Math.log10(Math.max(...values, 100)));
const x = (n: number) =>
  left +
  ((Math.log10(n) - Math.log10(sizes[0]!)) / (Math.log10(sizes.at(-1)!) - Math.log10(sizes[0]!))) *
    (W - left - right);
const y = (ms: number) =>
  top +
  (1 - (Math.log10(ms) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * (H - top - bottom);
const svg: string[] = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="white"/>`,
];
for (let ms = yMin; ms <= yMax; ms *= 10) {
  svg.push(
    `<line x1="${left}" x2="${W - right}" y1="${y(ms)}" y2="${y(ms)}" stroke="#ddd"/>`,
    `<text x="${left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms} ms</text>`,
  );
}
svg.push(
  `<line x1="${left}" x2="${W - right}" y1="${y(100)}" y2="${y(100)}" stroke="#888" stroke-dasharray="2 3"/>`,
  `<text x="${W - right - 4}" y="${y(100) - 4}" text-anchor="end" fill="#555">target p95 100 ms</text>`,
);
for (const n of sizes) {
  svg.push(
    `<line x1="${x(n)}" x2="${x(n)}" y1="${top}" y2="${H - bottom}" stroke="#eee"/>`,
    `<text x="${x(n)}" y="${H - bottom + 18}" text-anchor="middle">${n.toLocaleString('en-US')}</text>`,
  );
}
svg.push(`<text x="${(left + W - right) / 2}" y="${H - 10}" text-anchor="middle">properties</text>`);
SERIES.forEach((s, i) => {
  const points = sizes.map((n) => `${x(n).toFixed(1)},${y(s.of(latest.get(n)!)).toFixed(1)}`).join(' ');
  svg.push(
    `<polyline points="${points}" fill="none" stroke="${s.color}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`,
    ...sizes.map((n) => `<circle cx="${x(n)}" cy="${y(s.of(latest.get(n)!))}" r="3" fill="${s.color}"/>`),
    `<line x1="${W - right + 12}" x2="${W - right + 36}" y1="${top + 10 + i * 20}" y2="${top + 10 + i * 20}" stroke="${s.color}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`,
    `<text x="${W - right + 42}" y="${top + 14 + i * 20}">${s.name}</text>`,
  );
});
svg.push('</svg>');
fs.writeFileSync(path.join(results, 'growth.svg'), `${svg.join('\n')}\n`);

const head = `| Series | ${sizes.map((n) => `${n.toLocaleString('en-US')} ms`).join(' | ')} | ×${Math.round(sizes.at(-1)! / sizes[0]!)} data |`;
writeReport('growth', [
  `# List latency against data size, ${new Date().toISOString().slice(0, 10)}`,
  '',
  ...sizes.map(
    (n) =>
      `- ${n.toLocaleString('en-US')} properties: ${latest
        .get(n)!
        .environment.map((line) => line.replace(/^- /, ''))
        .join('; ')}`,
  ),
  '',
  '![List latency against data size](growth.svg)',
  '',
  head,
  `|---|${sizes.map(() => '---:|').join('')}---:|`,
  ...SERIES.map((s) => {
    const v = sizes.map((n) => s.of(latest.get(n)!));
    return `| ${s.name} | ${v.map(f).join(' | ')} | ${(v.at(-1)! / v[0]!).toFixed(1)}× |`;
  }),
  '',
]);

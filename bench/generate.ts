/**
 * `npm run bench:data`: generates the benchmark marketplace (bench/data.ts) reproducibly, at
 * BENCH_PROPERTIES properties (default 1,000,000), into DATABASE_URL (an empty database) or, without
 * it, into a new embedded cluster in bench/.data/postgres (replacing the one there), where
 * `npm run bench` finds it. Prints the time of each part.
 *
 *   npm run bench:data
 *   BENCH_PROPERTIES=10000 npm run bench:data
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describeMarketplace, generateMarketplace, sizesFor } from './data.ts';
import { BENCH_DATA_DIR, openDatabase } from './lib.ts';

if (!process.env.DATABASE_URL) {
  fs.rmSync(BENCH_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(BENCH_DATA_DIR, { recursive: true });
  fs.writeFileSync(path.join(BENCH_DATA_DIR, '.gitignore'), '*\n');
  fs.chmodSync(BENCH_DATA_DIR, 0o755); // as root, PostgreSQL runs as the postgres user and must reach it
}
const started = performance.now();
const database = await openDatabase(
  process.env.DATABASE_URL ? undefined : path.join(BENCH_DATA_DIR, 'postgres'),
);
const setup = (performance.now() - started) / 1000;
try {
  const { n } = await database.one(sql<{ n: number }>`SELECT count(*)::int AS n FROM properties`);
  if (n > 0) throw new Error('DATABASE_URL already holds properties: give bench:data an empty database');
  const sizes = sizesFor(Number(process.env.BENCH_PROPERTIES ?? 1_000_000));
  console.log(
    `Generating ${Object.entries(sizes)
      .map(([k, v]) => `${v.toLocaleString()} ${k}`)
      .join(', ')}`,
  );
  const market = await generateMarketplace(database, sizes);
  const parts = { 'database, schema and geography': setup, ...market.parts };
  const width = Math.max(...Object.keys(parts).map((k) => k.length));
  console.log('\nSeconds per part:');
  for (const [part, seconds] of Object.entries(parts))
    console.log(`  ${part.padEnd(width)} ${seconds.toFixed(1).padStart(7)}`);
  console.log(`  ${'total'.padEnd(width)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)}`);
  console.log(describeMarketplace(market));
  console.log(
    process.env.DATABASE_URL
      ? 'In DATABASE_URL.'
      : `In ${path.relative(process.cwd(), BENCH_DATA_DIR)}/postgres.`,
  );
} finally {
  await database.close();
}

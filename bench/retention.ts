/**
 * `npm run bench:retention`: batched purges against monthly partitions for the two tables that grow
 * without bound (issue 23 item 5; docs/decisions/0055-retention-by-batched-purges.md). On a scratch
 * database it creates on DATABASE_URL's server (and drops), loads RETENTION_ROWS notifications and as
 * many audit entries over 24 months with the migrations' indexes, then times
 *  - the oldest month's purge by our own code (purgeReadNotifications, purgeAuditLog), and the same
 *    month of a monthly-partitioned copy detached and dropped, each with reads and inserts running
 *    beside it on other connections (their p95 before and during);
 *  - the everyday reads on the plain table and on the partitioned copy, taking turns.
 * Writes bench/results/retention-<date>.md.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, type Db } from '../apps/server/src/db/index.ts';
import { purgeReadNotifications } from '../apps/server/src/lib/notification-retention.ts';
import { purgeAuditLog } from '../apps/server/src/lib/audit-retention.ts';
import { RETENTION_BATCH_SIZE } from '../apps/server/src/config.ts';
import { EXACT_COUNT_LIMIT } from '../apps/server/src/lib/list/index.ts';
import { f, measureInTurns, openDatabase, percentile, type Timing } from './lib.ts';
import { loadRows, monthStart, partitionedCopies, USERS } from './retention-data.ts';

const ROWS = Number(process.env.RETENTION_ROWS ?? 2_000_000);
const READS = Number(process.env.BENCH_N ?? 100);
const BASELINE_MS = 4_000;
const PAGE = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

const base = process.env.DATABASE_URL;
if (!base) throw new Error('Set DATABASE_URL (a server where a scratch database may be created)');
const scratch = `pp_retention_${process.pid}`;
const scratchUrl = Object.assign(new URL(base), { pathname: `/${scratch}` }).toString();
const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

const lines: string[] = [];
const out = (line = '') => {
  console.log(line);
  lines.push(line);
};
const uptime = () => execSync('uptime').toString().trim();
const row = (cells: (string | number)[]) => out(`| ${cells.join(' | ')} |`);
const ms = (t: Timing) => `${f(t.median)} / ${f(t.p95)}`;

/** Every read of the bench, against `t` (the plain table or its partitioned copy). */
function reads(db: Db, users: { admin: number; typical: number }) {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  const bounded = (from: string, where: ReturnType<typeof sql>) =>
    run(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.table(from)} WHERE ${where}
      LIMIT ${EXACT_COUNT_LIMIT + 1}) c`);
  const list = (t: string, user: number) => async () => {
    await run(sql`SELECT notification_id, notification_type, notification_subject, notification_status,
        entity, entity_id, created_at FROM ${sql.table(t)} WHERE user_id = ${user}
      ORDER BY created_at DESC, notification_id DESC LIMIT ${PAGE}`);
    await bounded(t, sql`user_id = ${user}`);
  };
  const month = [monthStart(12), monthStart(13)];
  const audit =
    (t: string, inMonth = false) =>
    async () => {
      const where = inMonth ? sql`at >= ${month[0]} AND at < ${month[1]}` : sql`true`;
      await run(sql`SELECT * FROM ${sql.table(t)} WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${PAGE}`);
      await bounded(t, where);
    };
  return {
    unread: (t: string, user: number) => () =>
      run(sql`SELECT count(*)::int AS n FROM ${sql.table(t)}
        WHERE user_id = ${user} AND notification_status = 'Active'`),
    list,
    audit,
    notify: (t: string) => () =>
      run(sql`INSERT INTO ${sql.table(t)} (user_id, notification_type, notification_subject)
        VALUES (${users.typical}, 'Property Approved', 'Listing 1 was approved')`),
    record: (t: string) => () =>
      run(sql`INSERT INTO ${sql.table(t)} (actor_id, action, entity, entity_id, call)
        VALUES (${users.typical}, 'update', 'property', '1', 'updateProperty')`),
  };
}

interface UnderLoad {
  seconds: number;
  ops: Record<string, { before: Timing; during: Timing; n: number; max: number }>;
}
/**
 * Runs `ops` in turn on their own connections, from BASELINE_MS before `work` until it ends: their
 * timings before it started, and of those that overlapped it.
 */
async function underLoad(ops: Record<string, () => Promise<unknown>>, work: () => Promise<unknown>) {
  const samples: { name: string; start: number; end: number }[] = [];
  let stop = false;
  const loop = (async () => {
    while (!stop)
      for (const [name, op] of Object.entries(ops)) {
        const start = performance.now();
        await op();
        samples.push({ name, start, end: performance.now() });
      }
  })();
  await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
  const t0 = performance.now();
  await work();
  const t1 = performance.now();
  stop = true;
  await loop;
  const result: UnderLoad = { seconds: (t1 - t0) / 1000, ops: {} };
  for (const name of Object.keys(ops)) {
    const of = samples.filter((s) => s.name === name);
    const times = (list: typeof of) => list.map((s) => s.end - s.start);
    const before = times(of.filter((s) => s.end < t0));
    const during = times(of.filter((s) => s.start < t1 && s.end > t0));
    const timing = (t: number[]) => ({ median: percentile(t, 50), p95: percentile(t, 95) });
    result.ops[name] = {
      before: timing(before),
      during: timing(during),
      n: during.length,
      max: Math.max(...during),
    };
  }
  return result;
}

async function main() {
  await admin(`CREATE DATABASE ${scratch}`);
  process.env.DATABASE_URL = scratchUrl;
  const bench = await openDatabase();
  const side = createDb(scratchUrl, 2);
  const { db, one } = bench;
  try {
    out(`# Retention: batched purges against monthly partitions (${new Date().toISOString().slice(0, 10)})`);
    out();
    out(
      `\`RETENTION_ROWS=${ROWS} npm run bench:retention\`: ${ROWS.toLocaleString('en')} notifications and as many`,
    );
    out(
      `audit entries over 24 whole months (${USERS} users, a tenth of the notifications to the Super Admin, the others skewed towards the first users).`,
    );
    out(`PostgreSQL: ${(await one(sql<{ v: string }>`SELECT version() AS v`)).v}.`);
    out();
    out(`Load at the start: \`${uptime()}\``);
    out();
    const took: string[] = [];
    const { firstUser, admin: adminId } = await loadRows(db, ROWS, (s, secs) => {
      console.log(`  ${s}: ${f(secs)} s`);
      took.push(`${s} ${f(secs)} s`);
    });
    const start = performance.now();
    const copies = await partitionedCopies(db);
    took.push(`partitioned copies ${f((performance.now() - start) / 1000)} s`);
    out(`Loading: ${took.join(', ')}.`);
    const sizes = await one(sql<Record<string, string>>`SELECT
      pg_size_pretty(pg_total_relation_size('notifications')) AS n,
      pg_size_pretty(pg_total_relation_size('audit_log')) AS a`);
    out(`Sizes with indexes: notifications ${sizes.n}, audit log ${sizes.a}.`);
    out();

    const users = { admin: adminId, typical: firstUser + 300 };
    const r = reads(side, users);
    const rd = reads(db, users);
    out('## Everyday reads: plain table against the monthly-partitioned copy');
    out();
    out(`${READS} of each, the two taking turns; median / p95 ms, and p95 partitioned ÷ plain.`);
    out();
    row(['Read', 'Plain', 'Partitioned', 'Ratio (p95)']);
    row(['---', '---:', '---:', '---:']);
    const { own } = await one(sql<{ own: string }>`SELECT to_char(count(*), 'FM999,999,999') AS own
      FROM notifications WHERE user_id = ${users.typical}`);
    const everyday: [string, (t: string) => () => Promise<unknown>, string, string][] = [
      [
        'Unread count (bell), Super Admin',
        (t) => rd.unread(t, users.admin),
        'notifications',
        copies.notifications,
      ],
      [
        `Unread count (bell), a user with ${own} notifications`,
        (t) => rd.unread(t, users.typical),
        'notifications',
        copies.notifications,
      ],
      [
        'Notification list first page + count, Super Admin',
        (t) => rd.list(t, users.admin),
        'notifications',
        copies.notifications,
      ],
      [
        `Notification list first page + count, a user with ${own}`,
        (t) => rd.list(t, users.typical),
        'notifications',
        copies.notifications,
      ],
      ['Audit log first page by date + count', (t) => rd.audit(t), 'audit_log', copies.audit],
      ['Audit log, one month, first page + count', (t) => rd.audit(t, true), 'audit_log', copies.audit],
    ];
    for (const [name, read, plain, part] of everyday) {
      const [a, b] = await measureInTurns(read(plain), read(part), READS);
      row([name, ms(a), ms(b), f(b.p95 / a.p95)]);
    }
    out();

    out('## Removing the oldest month, with reads and inserts beside it');
    out();
    out(`Beside each removal, on two other connections, a list read and an insert run in turn from`);
    out(
      `${BASELINE_MS / 1000} s before it until it ends: their p95 before → during (ms), how many overlapped it, the slowest.`,
    );
    out();
    row(['Removal', 'Rows', 'Seconds', 'ms a statement', 'Read p95', 'Insert p95', 'Overlapping', 'Slowest']);
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']);
    const daysTo = (k: number) => Math.ceil((Date.now() - monthStart(k).getTime()) / 86_400_000);
    const days = daysTo(1);
    const report = (name: string, rows: number, u: UnderLoad, batch?: number) => {
      const [read, insert] = Object.values(u.ops) as [UnderLoad['ops'][string], UnderLoad['ops'][string]];
      row([
        name,
        rows.toLocaleString('en'),
        f(u.seconds),
        batch ? f((u.seconds * 1000) / Math.max(1, Math.ceil(rows / batch))) : '',
        `${f(read.before.p95)} → ${f(read.during.p95)}`,
        `${f(insert.before.p95)} → ${f(insert.during.p95)}`,
        `${read.n} + ${insert.n}`,
        f(Math.max(read.max, insert.max)),
      ]);
      return u;
    };
    const tables = [
      {
        label: 'notifications',
        plain: 'notifications',
        part: copies.notifications,
        read: (t: string) => r.list(t, users.typical),
        insert: r.notify,
        purge: (d: number, size: number) => purgeReadNotifications(db, d, size),
      },
      {
        label: 'audit log',
        plain: 'audit_log',
        part: copies.audit,
        read: (t: string) => r.audit(t),
        insert: r.record,
        purge: (d: number, size: number) => purgeAuditLog(db, d, size),
      },
    ];
    const figures: Record<string, number> = {};
    for (const t of tables) {
      // The oldest month in batches of the default size; the next two months in smaller and larger
      // ones. Each purge is vacuumed after it (autovacuum would), so the next does not walk its dead rows.
      let batched: UnderLoad | undefined;
      for (const [month, size] of [
        [1, RETENTION_BATCH_SIZE],
        [2, 1_000],
        [3, 50_000],
      ] as const) {
        let purged = 0;
        const u = await underLoad({ read: t.read(t.plain), insert: t.insert(t.plain) }, async () => {
          purged = await t.purge(daysTo(month), size);
        });
        report(`${t.label}: batched purge, ${size.toLocaleString('en')} a statement`, purged, u, size);
        batched ??= u;
        await sql.raw(`VACUUM ANALYZE ${t.plain}`).execute(db);
      }
      const oldest = copies.oldest(t.part);
      const { n } = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(oldest)}`);
      const dropped = report(
        `${t.label}: DETACH CONCURRENTLY + DROP`,
        n,
        await underLoad({ read: t.read(t.part), insert: t.insert(t.part) }, async () => {
          await sql.raw(`ALTER TABLE ${t.part} DETACH PARTITION ${oldest} CONCURRENTLY`).execute(db);
          await sql.raw(`DROP TABLE ${oldest}`).execute(db);
        }),
      );
      figures[`${t.label} ratio`] = batched!.seconds / dropped.seconds;
    }
    out();
    out(
      `Same run, ratios: the batched purge took ${tables.map((t) => `${f(figures[`${t.label} ratio`]!)}×`).join(' and ')}` +
        ` as long as detaching and dropping the partition (notifications, audit log).`,
    );
    out(`Purge cutoff: ${days} days (just before the second month starts); read notifications only.`);
    out();
    out(`Load at the end: \`${uptime()}\``);
  } finally {
    await side.destroy();
    await bench.close();
    await admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
  const file = path.join(here, 'results', `retention-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  console.log(`wrote ${file}`);
}

await main();

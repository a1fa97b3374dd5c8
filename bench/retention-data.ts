/**
 * The data of `npm run bench:retention`: notifications and audit entries spread evenly over 24 whole
 * months, loaded into the real tables (their migrations' indexes dropped for the load and built
 * again), and monthly-partitioned copies of both tables with the same columns and indexes.
 */
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import type { Db } from '../apps/server/src/db/index.ts';

export const MONTHS = 24;
export const USERS = 1_000;

/** The first instant of the month `k` months after the month 24 months before this one (UTC). */
export const monthStart = (k: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MONTHS + k, 1));
};
const monthName = (k: number) => monthStart(k).toISOString().slice(0, 7).replace('-', '_');

/** The table's own index definitions (its primary key aside). */
async function indexDefs(db: Db, table: string) {
  const { rows } = await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def
    FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table}
      AND indexname NOT LIKE '%_pkey'`.execute(db);
  return rows;
}

const r = (k: number) => `((hashint8(g::bigint * 16 + ${k}) & 2147483647)::float8 / 2147483648)`;
/** The row's instant: g of n spread evenly from the first month's start to now. */
const at = (n: number) =>
  sql`${monthStart(0)}::timestamptz + (now() - ${monthStart(0)}::timestamptz) * (g::float8 / ${n})`;

/** Loads `n` notifications and `n` audit entries; answers the seconds each step took. */
export async function loadRows(db: Db, n: number, log: (step: string, s: number) => void) {
  const step = async (name: string, run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    log(name, (performance.now() - start) / 1000);
  };
  await sql`SET maintenance_work_mem = '256MB'`.execute(db);
  await step('users', () =>
    sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status, phone_1)
      SELECT 'Retention', 'User ' || g, 'retention' || g || '@bench.example.ph', 'x', ${ROLE.Individual},
        'Active', '0918' || lpad(g::text, 7, '0')
      FROM generate_series(1, ${USERS}) g`.execute(db),
  );
  const { first, admin } = (
    await sql<{ first: number; admin: number }>`SELECT
      (SELECT min(user_id) FROM users WHERE user_email LIKE 'retention%') AS first,
      (SELECT min(user_id) FROM users WHERE role_id = ${ROLE.SuperAdmin}) AS admin`.execute(db)
  ).rows[0]!;
  const defs = [...(await indexDefs(db, 'notifications')), ...(await indexDefs(db, 'audit_log'))];
  for (const { name } of defs) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  // As bench/data.ts: a tenth to the Super Admin, the rest skewed towards the first users; unread
  // are most of the last three days' and 2% of the older ones; read ones within two days.
  const unread = sql.raw(`(g > ${n} - ${n} * 3 / (${MONTHS} * 30.4) AND ${r(8)} < 0.8 OR ${r(8)} < 0.02)`);
  await step('notifications', () =>
    sql`INSERT INTO notifications (user_id, notification_type, notification_subject, notification_status,
        entity, entity_id, created_by, created_at, read_at)
      SELECT CASE WHEN ${sql.raw(r(4))} < 0.1 THEN ${admin}::int
          ELSE ${first}::int + floor(${USERS} * power(${sql.raw(r(7))}, 3))::int END,
        'Property Approved', 'Listing ' || g || ' was approved by Operator ' || (g % 97), 
        CASE WHEN ${unread} THEN 'Active' ELSE 'Inactive' END, 'property', g % 100000, NULL, x.at,
        CASE WHEN NOT ${unread} THEN least(now(), x.at + make_interval(mins => floor(${sql.raw(r(9))} * 2880)::int))
          END
      FROM generate_series(1, ${n}) g CROSS JOIN LATERAL (SELECT ${at(n)} AS at) x`.execute(db),
  );
  await step('audit log', () =>
    sql`INSERT INTO audit_log (at, actor_id, actor_name, actor_email, ip, call, action, entity, entity_id,
        before, after, details)
      SELECT ${at(n)}, ${first}::int + g % ${USERS}, 'Retention User ' || g % ${USERS},
        'retention' || g % ${USERS} || '@bench.example.ph', '10.0.' || g % 250 || '.' || g % 199,
        'updateProperty', (ARRAY['create','update','update','update','status change','login'])[1 + g % 6],
        'property', (g % 100000)::text, jsonb_build_object('price', g % 9000000),
        jsonb_build_object('price', g % 9000000 + 1000), NULL
      FROM generate_series(1, ${n}) g`.execute(db),
  );
  await step('indexes', async () => {
    for (const { def } of defs) await sql.raw(def).execute(db);
  });
  await step('analyze', () => sql`ANALYZE notifications, audit_log`.execute(db));
  return { firstUser: first, admin };
}

/** A partitioned copy of `table`: the same columns, ids and indexes, one partition a month by `key`. */
async function partitionedCopy(db: Db, table: string, key: string, id: string) {
  const copy = `${table}_monthly`;
  // A partitioned table's primary key must hold its partition key; on PostgreSQL 15 its partitions
  // do not take an identity column, so the copy's ids come from a sequence.
  const ddl = (text: string) => sql.raw(text).execute(db);
  await ddl(`CREATE SEQUENCE ${copy}_seq`);
  await ddl(`CREATE TABLE ${copy} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
    PRIMARY KEY (${id}, ${key})) PARTITION BY RANGE (${key})`);
  await ddl(`ALTER TABLE ${copy} ALTER ${id} DROP IDENTITY IF EXISTS,
    ALTER ${id} SET DEFAULT nextval('${copy}_seq')`);
  for (let k = 0; k <= MONTHS; k++)
    await ddl(`CREATE TABLE ${copy}_${monthName(k)} PARTITION OF ${copy}
      FOR VALUES FROM ('${monthStart(k).toISOString()}') TO ('${monthStart(k + 1).toISOString()}')`);
  await sql`INSERT INTO ${sql.id(copy)} SELECT * FROM ${sql.id(table)}`.execute(db);
  await sql`SELECT setval(${`${copy}_seq`}::regclass, (SELECT max(${sql.id(id)}) FROM ${sql.id(copy)}))`.execute(
    db,
  );
  for (const { name, def } of await indexDefs(db, table))
    await sql
      .raw(def.replace(` ${name} ON public.${table} `, ` ${name}_monthly ON public.${copy} `))
      .execute(db);
  await sql`ANALYZE ${sql.id(copy)}`.execute(db);
  return copy;
}

/** The monthly-partitioned copies of both tables (notifications with the users foreign key). */
export async function partitionedCopies(db: Db) {
  const notifications = await partitionedCopy(db, 'notifications', 'created_at', 'notification_id');
  await sql`ALTER TABLE notifications_monthly ADD FOREIGN KEY (user_id) REFERENCES users (user_id)
    ON DELETE CASCADE`.execute(db);
  const audit = await partitionedCopy(db, 'audit_log', 'at', 'id');
  return { notifications, audit, oldest: (copy: string) => `${copy}_${monthName(0)}` };
}

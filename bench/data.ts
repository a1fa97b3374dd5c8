/**
 * A realistic Philippine marketplace on the real geography, generated reproducibly (fixed seed, rows
 * derived from their number) straight in SQL: agencies, broker associations, brokers and their links,
 * users of every type (agents and owner-agents in agencies, individuals, operators) with skills, sellers,
 * and properties with sellers, agents, brokers, statuses and the dates each status implies, media rows,
 * amenities and history.
 *
 * Sizes follow the property count: at 1,000,000 properties, 200,000 users, 100,000 sellers, 5,000
 * agencies, 2,000 brokers and 300 associations.
 */
import os from 'node:os';
import { sql, type RawBuilder } from 'kysely';
import { NOTIFICATION_TYPES, ROLE, type NotificationKind } from '@app/contract';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { fillListingNameWords } from '../apps/server/src/db/migrations/0042-listing-name-words.ts';
import { fillUserSearchWords } from '../apps/server/src/db/migrations/0043-user-search-words.ts';
import { searchDocumentOf } from '../apps/server/src/db/repositories/property-search.ts';
import { BENCH_ADMIN, type apiClient, type BenchDatabase, type PageAs } from './lib.ts';

export const BENCH_PASSWORD = 'BenchAgent123';
const BATCH = 100_000;
/** The listing columns the generator writes, in its SELECT's order. */
const LISTING_COLUMNS = sql.raw(`user_id, user_type, seller_id, agent_id, secondary_agent_id, agency_id,
  broker_id, property_name, property_headline, property_description, property_classification_id,
  property_type_id, product_category_id, land_area, building_area, street_name, building_name,
  province_id, town_id, barangay_id, zip_code, status, suspended_reason, rental_price_asked,
  rental_pricing_unit, sale_price_asked, price_per_sq_m, bedrooms, toilets, floor_level,
  date_first_added, date_last_modified, date_last_status_change, date_sold, date_rental_started,
  date_suspended, operator_id, date_modified_operator`);

export interface MarketplaceSizes {
  properties: number;
  users: number;
  sellers: number;
  agencies: number;
  brokers: number;
  associations: number;
  notifications: number;
}

export function sizesFor(properties: number): MarketplaceSizes {
  const scale = properties / 1_000_000;
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    properties,
    users: at(200_000, 1_000),
    sellers: at(100_000, 500),
    agencies: at(5_000, 50),
    brokers: at(2_000, 20),
    associations: at(300, 10),
    notifications: properties * 2,
  };
}

export interface Marketplace {
  sizes: MarketplaceSizes;
  seconds: number;
  /** Seconds per part of the generation (empty when reused). */
  parts: Record<string, number>;
  counts: Record<string, number>;
  /** Found in the database (BENCH_REUSE=1), not generated now. */
  reused?: boolean;
  /** An Agent of the first agency and an Individual who own listings: scoped users for the benchmark. */
  agent: { user_id: number; user_email: string };
  individual: { user_id: number; user_email: string };
}

/**
 * Users: 20 % Agents and 3 % Owner-Agents (each in an agency), 76.5 % Individuals, the rest Operators.
 * Listings: most are agents' (the agent owns it and is agent 1); one in 20 has no agent, one in 7 a
 * second agent; one in 8 is an individual's own listing. Three in four have a broker; every listing a
 * seller but one in 25.
 */
export async function generateMarketplace(
  bench: Pick<BenchDatabase, 'db' | 'one'>,
  sizes: MarketplaceSizes,
): Promise<Marketplace> {
  const { db, one } = bench;
  const started = performance.now();
  const { users, sellers, agencies, brokers, associations, properties, notifications } = sizes;
  const parts: Record<string, number> = {};
  /** Runs one part of the generation, adding its time to `parts`. */
  const part = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    parts[name] = (parts[name] ?? 0) + (performance.now() - start) / 1000;
    return result;
  };
  // As a superuser, statements skip the audit triggers (which write nothing here: no pp.call) and the
  // foreign-key checks (every id is derived from rows inserted before): at 30,000 properties, the
  // properties took 3.4 s instead of 8.9 s and the notifications 6.8 s instead of 9.1 s.
  const { replica } = await one(sql<{ replica: boolean }>`SELECT rolsuper AS replica FROM pg_roles
    WHERE rolname = current_user`);
  const load = async (query: RawBuilder<unknown>) => {
    if (!replica) return void (await query.execute(db));
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await query.execute(trx);
    });
  };
  const exec = (name: string, query: RawBuilder<unknown>) => part(name, () => load(query));
  const agents = Math.round(users * 0.2);
  const ownerAgents = Math.round(users * 0.03);
  const operators = Math.max(5, Math.round(users * 0.005));
  const individuals = users - agents - ownerAgents - operators;

  await sql`SELECT setseed(0.42)`.execute(db);
  // Places to put things: every barangay with its town and province, numbered (a scratch table: the
  // pool may run each statement on another connection, so not a temporary one).
  await sql`DROP TABLE IF EXISTS places`.execute(db);
  await sql`CREATE UNLOGGED TABLE places AS
    SELECT row_number() OVER (ORDER BY b.barangay_id) AS n, b.barangay_id, b.town_id, t.province_id,
      coalesce(b.zip_code, t.zip_code, '1000') AS zip_code, t.town_name
    FROM barangays b JOIN towns t USING (town_id)`.execute(db);
  await sql`ALTER TABLE places ADD PRIMARY KEY (n)`.execute(db);
  const { places } = await one(sql<{ places: number }>`SELECT count(*)::int AS places FROM places`);
  const address = (seed: string, prime: number) =>
    sql.raw(`JOIN places pl ON pl.n = 1 + (${seed}::bigint * ${prime}) % ${places}`);

  const orgColumns = sql.raw(`phone_1, email_address, house_number, street_name, province_id, town_id,
    barangay_id, zip_code`);
  await exec(
    'agencies, associations, brokers',
    sql`INSERT INTO agencies (agency_name, owner_name, contact_person, ${orgColumns})
    SELECT 'Agency ' || g || ' Realty', 'Owner ' || g, 'Contact ' || g, '0917' || lpad(g::text, 7, '0'),
      'agency' || g || '@bench.example.ph', g::text, 'Rizal Street', pl.province_id, pl.town_id,
      pl.barangay_id, pl.zip_code
    FROM generate_series(1, ${agencies}) g ${address('g', 7919)}`,
  );
  await exec(
    'agencies, associations, brokers',
    sql`INSERT INTO broker_associations (broker_association_name, contact_person, ${orgColumns})
    SELECT 'Association ' || g || ' of ' || pl.town_name, 'Chair ' || g, '0916' || lpad(g::text, 7, '0'),
      'association' || g || '@bench.example.ph', g::text, 'Bonifacio Street', pl.province_id, pl.town_id,
      pl.barangay_id, pl.zip_code
    FROM generate_series(1, ${associations}) g ${address('g', 6007)}`,
  );
  await exec(
    'agencies, associations, brokers',
    sql`INSERT INTO brokers (broker_name, broker_license_number, ${orgColumns})
    SELECT 'Broker ' || g, 'PRC-' || lpad(g::text, 7, '0'), '0915' || lpad(g::text, 7, '0'),
      'broker' || g || '@bench.example.ph', g::text, 'Luna Street', pl.province_id, pl.town_id,
      pl.barangay_id, pl.zip_code
    FROM generate_series(1, ${brokers}) g ${address('g', 4001)}`,
  );
  // One to three associations per broker; one broker in ten has none.
  await exec(
    'agencies, associations, brokers',
    sql`INSERT INTO broker_broker_associations (broker_id, broker_association_id)
    SELECT DISTINCT b.broker_id, a.first + (b.broker_id * k * 37) % ${associations}
    FROM brokers b CROSS JOIN generate_series(1, 3) k
    CROSS JOIN (SELECT min(broker_association_id) AS first FROM broker_associations) a
    WHERE b.broker_id % 10 <> 0 AND k <= 1 + b.broker_id % 3`,
  );

  const { firstAgency } = await one(
    sql<{ firstAgency: number }>`SELECT min(agency_id) AS "firstAgency" FROM agencies`,
  );
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const statistics = await indexStatistics(db);
  // Built with the listings' below (three of the users' eleven and four of the sellers' seven are
  // trigram indexes).
  const userIndexes = await dropSecondaryIndexes(db, 'users');
  const sellerIndexes = await dropSecondaryIndexes(db, 'sellers');
  const insertSellers = sql`INSERT INTO sellers (seller_name, property_owner_name, phone_1, email_address,
      house_number, street_name, province_id, town_id, barangay_id, zip_code, agency_id)
    SELECT 'Seller ' || g, 'Owner ' || g, '0919' || lpad(g::text, 7, '0'),
      CASE WHEN g % 4 <> 0 THEN 'seller' || g || '@bench.example.ph' END, g::text, 'Mabini Street',
      pl.province_id, pl.town_id, pl.barangay_id, pl.zip_code, ${firstAgency}::int + g % ${agencies}
    FROM generate_series(1, ${sellers}) g ${address('g', 104729)}`;
  // Users, numbered g: agents first, then owner-agents, operators, individuals; beside the sellers.
  const insertUsers = sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id,
      user_status, phone_1, phone_2, associated_agency_id, created_at)
    SELECT (ARRAY['Maria','Jose','Ana','Juan','Rosa','Pedro','Carmen','Luis'])[1 + g % 8],
      (ARRAY['Santos','Reyes','Cruz','Bautista','Garcia','Mendoza','Torres','Flores'])[1 + (g / 8) % 8] || ' ' || g,
      r.kind || g || '@bench.example.ph', ${passwordHash}, r.role,
      -- The status hashed from g, not g % 8 as the first name is: else every New user would be a Carmen.
      (ARRAY['Active','Active','Active','Active','Active','Active','New','Inactive'])[1 + (hashint4(g) & 7)],
      '0918' || lpad(g::text, 7, '0'), CASE WHEN g % 3 = 0 THEN '0928' || lpad(g::text, 7, '0') END,
      CASE WHEN r.role IN (${ROLE.Agent}, ${ROLE.OwnerAgent}) THEN ${firstAgency}::int + g % ${agencies} END,
      now() - make_interval(secs => (${users} - g) * 300)
    FROM generate_series(1, ${users}) g
    CROSS JOIN LATERAL (SELECT CASE
      WHEN g <= ${agents} THEN ${ROLE.Agent}
      WHEN g <= ${agents + ownerAgents} THEN ${ROLE.OwnerAgent}
      WHEN g <= ${agents + ownerAgents + operators} THEN ${ROLE.Operator}
      ELSE ${ROLE.Individual} END::int AS role,
      CASE WHEN g <= ${agents + ownerAgents} THEN 'agent' WHEN g <= ${agents + ownerAgents + operators}
        THEN 'operator' ELSE 'individual' END AS kind) r`;
  await part('users and sellers', () => sideBySide([() => load(insertUsers), () => load(insertSellers)]));
  const ids = await one(sql<{
    firstUser: number;
    firstSkill: number;
    skills: number;
    amenities: number;
  }>`SELECT
    (SELECT min(user_id) FROM users WHERE user_email LIKE '%@bench.example.ph') AS "firstUser",
    (SELECT min(user_skills_id) FROM user_skills) AS "firstSkill",
    (SELECT count(*)::int FROM user_skills) AS skills,
    (SELECT count(*)::int FROM amenities) AS amenities`);
  // User g has id firstUser + g - 1. Agents are g in [1, agents]; individuals the last ones.
  const agentOf = (expr: string) => sql.raw(`(${ids.firstUser - 1} + 1 + (${expr}) % ${agents})`);
  const individualOf = (expr: string) =>
    sql.raw(`(${ids.firstUser - 1} + ${users - individuals} + 1 + (${expr}) % ${individuals})`);
  const agencyOfAgent = (userIdExpr: string) =>
    sql.raw(`(${firstAgency} + ((${userIdExpr}) - ${ids.firstUser} + 1) % ${agencies})`);

  if (ids.skills > 0)
    await exec(
      'skills',
      sql`INSERT INTO user_skill_links (user_id, user_skills_id)
      SELECT DISTINCT u.user_id, ${ids.firstSkill}::int + (u.user_id * k) % ${ids.skills}
      FROM users u CROSS JOIN generate_series(1, 2) k
      WHERE u.user_email LIKE '%@bench.example.ph' AND u.user_id % 3 = 0 AND k <= 1 + u.user_id % 2`,
    );

  const { firstSeller, firstBroker } = await one(sql<{ firstSeller: number; firstBroker: number }>`SELECT
    (SELECT min(seller_id) FROM sellers) AS "firstSeller", (SELECT min(broker_id) FROM brokers) AS "firstBroker"`);

  const types = await one(sql<{ house: number; land: number }>`SELECT
    (SELECT property_type_id FROM property_types WHERE property_type = 'House') AS house,
    (SELECT property_type_id FROM property_types WHERE property_type = 'Land') AS land`);
  const LISTING_TABLES = ['properties', 'property_media', 'property_amenities', 'property_history'];
  const listingIndexes: string[] = [];
  for (const table of LISTING_TABLES) listingIndexes.push(...(await dropSecondaryIndexes(db, table)));
  // The words' tables too, filled below: their keys and the vocabularies' trigram indexes kept word by
  // word made the two fills take 520 s of the build at ten million listings.
  const words = await dropKeys(db, ['property_name_words', 'user_search_words']);
  for (const table of ['property_name_vocabulary', 'user_search_vocabulary'])
    words.indexes.push(...(await dropSecondaryIndexes(db, table)));
  const ranges = rangesOf(properties, BATCH);
  const listingDocument = searchDocumentOf('x');
  // Listing g has id g, given here rather than drawn in turn, so that the batches go in side by side.
  const listingBatch =
    ({ from, to }: Range) =>
    async () => {
      // Statuses in eights: Open ×3, Pending, Sold, Occupied, Archived, Suspended; each status's dates
      // follow from when it was listed (date_first_added: one listing a minute, newest last).
      await load(
        // The search document written here, as its trigger (skipped by a superuser's load) would.
        sql`INSERT INTO properties (property_id, ${LISTING_COLUMNS}, search_document)
      SELECT x.*, ${listingDocument.document}
      FROM (SELECT g, o.owner, o.owner_type, CASE WHEN g % 25 = 0 THEN NULL ELSE ${firstSeller}::int + g % ${sellers} END,
        CASE WHEN o.individual OR g % 20 = 0 THEN NULL ELSE o.owner END,
        CASE WHEN NOT o.individual AND g % 7 = 0 THEN ${agentOf('g * 31')} END,
        CASE WHEN o.individual THEN NULL ELSE ${agencyOfAgent('o.owner')} END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE ${firstBroker}::int + (g * 13) % ${brokers} END,
        (ARRAY['Modern','Cozy','Spacious','Elegant','Affordable','Family','Beachfront','Hillside'])[1 + g % 8] || ' ' ||
          (ARRAY['House','Townhouse','Condo','Lot','Bungalow','Villa'])[1 + (g / 8) % 6] || ' in ' || pl.town_name,
        (ARRAY['Near schools and malls','Quiet neighbourhood','Walk to the beach','Ready for occupancy',
          'Gated community','With garden and garage'])[1 + g % 6],
        'A well-kept property, listing ' || g || '.',
        4, CASE WHEN g % 5 = 0 THEN ${types.land}::int ELSE ${types.house}::int END,
        CASE WHEN g % 3 = 0 THEN 1 ELSE 3 END, 50 + g % 950, CASE WHEN g % 5 = 0 THEN NULL ELSE 40 + g % 300 END,
        'Street ' || g % 500, CASE WHEN g % 4 = 1 THEN 'Tower ' || g % 40 END,
        pl.province_id, pl.town_id, pl.barangay_id, pl.zip_code,
        s.status, CASE WHEN s.status = 'Suspended' THEN 'Incomplete documents' END,
        CASE WHEN g % 3 = 0 THEN 10000 + g % 90000 END, CASE WHEN g % 3 = 0 THEN 'Month' END,
        CASE WHEN g % 3 <> 0 THEN 1000000 + (g % 9000) * 1000 END,
        CASE WHEN g % 3 <> 0 THEN round((1000000 + (g % 9000) * 1000)::numeric / (50 + g % 950), 2) ELSE 0 END,
        CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + g % 5 END, CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + g % 3 END,
        (ARRAY['Ground','First','Second'])[1 + g % 3],
        d.added, least(now(), d.changed + interval '1 day'), d.changed,
        CASE WHEN s.status = 'Sold' THEN d.changed END,
        CASE WHEN s.status = 'Occupied' THEN (d.changed AT TIME ZONE 'Asia/Manila')::date END,
        CASE WHEN s.status = 'Suspended' THEN d.changed END,
        CASE WHEN g % 10 = 0 THEN o.operator END, CASE WHEN g % 10 = 0 THEN d.changed END
      FROM generate_series(${from}::int, ${to}::int) g
      CROSS JOIN LATERAL (SELECT (ARRAY['Open','Open','Open','Pending','Sold','Occupied','Archived','Suspended'])
        [1 + g % 8] AS status) s
      -- The agent from a hash of g: from 7g, no Santos agent had any of the first 166,667 names in
      -- name order ('Affordable Bungalow', g % 8 = 4 and g / 8 % 6 = 4), where one listing in eight is theirs.
      CROSS JOIN LATERAL (SELECT g % 8 = 1 AS individual,
        CASE WHEN g % 8 = 1 THEN ${individualOf('g * 7')} ELSE ${agentOf('hashint4(g) & 2147483647')} END AS owner,
        CASE WHEN g % 8 = 1 THEN ${ROLE.Individual} ELSE ${ROLE.Agent} END::int AS owner_type,
        ${sql.raw(String(ids.firstUser + agents + ownerAgents))} + g % ${operators} AS operator) o
      CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${properties} - g) * 60) AS added) a
      CROSS JOIN LATERAL (SELECT a.added AS added, CASE WHEN s.status = 'Open' THEN a.added
        ELSE least(now(), a.added + make_interval(days => g % 90)) END AS changed) d
      ${address('g', 15485863)}) AS x (property_id, ${LISTING_COLUMNS}) ${listingDocument.parents}`,
      );
      console.log(`${to.toLocaleString()} properties`);
    };
  await part('properties', () => sideBySide(ranges.map(listingBatch)));
  await sql`SELECT setval(pg_get_serial_sequence('properties', 'property_id'), ${properties})`.execute(db);
  // Nine in ten have a default image; one in ten a video too; half two amenities; each its creation.
  // Each table's batches go in listing order, one after the other as before; the tables side by side.
  const inOrder = (name: string, ...statements: ((from: number, to: number) => RawBuilder<unknown>)[]) =>
    timed(name, async () => {
      for (const { from, to } of ranges) for (const statement of statements) await load(statement(from, to));
    });
  const between = (from: number, to: number) => sql`property_id BETWEEN ${from} AND ${to}`;
  const people = { firstUser: ids.firstUser, users, agents, ownerAgents, operators, firstAgency, agencies };
  const notificationIndexes = await dropSecondaryIndexes(db, 'notifications');
  // Each notification is derived from its number alone, so its batches go in side by side with the
  // listings' other tables. Each batch reads all the users into a hash (1.6 s twice at ten million
  // listings), so they are large.
  const notificationBatches = rangesOf(notifications, 10 * BATCH).map(({ from, to }) =>
    timed(`${to.toLocaleString()} notifications`, () =>
      load(notificationBatch(from, to, people, { properties, brokers, firstBroker })),
    ),
  );
  await part('media, amenities, history, notifications', () =>
    sideBySide([
      inOrder(
        'media',
        (from, to) => sql`INSERT INTO property_media (property_id, type, file, thumbnail, description,
          is_default)
        SELECT property_id, 'Image', 'bench' || property_id || '.jpg', 'bench' || property_id || '.thumb.jpg',
          'Front view', true
        FROM properties WHERE ${between(from, to)} AND property_id % 10 <> 0`,
        (from, to) => sql`INSERT INTO property_media (property_id, type, video_url, description)
        SELECT property_id, 'Video', 'https://video.example.ph/' || property_id, 'Walkthrough'
        FROM properties WHERE ${between(from, to)} AND property_id % 10 = 3`,
      ),
      inOrder(
        'history',
        (from, to) => sql`INSERT INTO property_history (property_id, field, old_value, new_value,
          changed_by, changed_at)
        SELECT property_id, 'status', NULL, 'Open', user_id, date_first_added
        FROM properties WHERE ${between(from, to)}`,
      ),
      ...(ids.amenities > 0
        ? [
            inOrder(
              'amenities',
              (from, to) => sql`INSERT INTO property_amenities (property_id, amenities_id)
              SELECT DISTINCT p.property_id, (SELECT min(id) FROM amenities) + (p.property_id * k) % ${ids.amenities}
              FROM properties p CROSS JOIN generate_series(1, 2) k
              WHERE ${between(from, to)} AND p.property_id % 2 = 0`,
            ),
          ]
        : []),
      // The Overview's tallies (migration 0011), the names' words (0042) and the users' words (0043),
      // whose triggers a superuser's load skips.
      timed('tallies', () => load(sql`SELECT recount_listing_tallies()`)),
      timed("names' words", () => fillListingNameWords(db)),
      timed("users' words", () => fillUserSearchWords(db)),
      ...notificationBatches,
    ]),
  );
  await sql`DROP TABLE places`.execute(db);
  await part('indexes', () =>
    buildIndexes(
      db,
      [...listingIndexes, ...words.indexes, ...userIndexes, ...sellerIndexes, ...notificationIndexes],
      { notifications, properties, users, sellers },
    ),
  );
  for (const restore of words.keys) await restore.execute(db);
  for (const setting of statistics) await setting.execute(db);
  const { rows: tables } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = 'public' ORDER BY pg_total_relation_size(tablename::regclass) DESC`.execute(db);
  await part('vacuum analyze', () =>
    sideBySide(
      tables.map(
        ({ name }) =>
          () =>
            sql`VACUUM ANALYZE ${sql.id(name)}`.execute(db),
      ),
    ),
  );

  // The bell's counts (migration 0045): last, when the unread notifications' partial index, vacuumed,
  // answers them without reading the table.
  await part('unread tallies', async () => {
    await load(sql`SELECT recount_unread_tallies()`);
    await sql`ANALYZE unread_tallies`.execute(db);
  });

  return { sizes, seconds: (performance.now() - started) / 1000, parts, ...(await benchUsers(bench)) };
}

/**
 * Drops a table's indexes but its constraints' (primary key, unique), for a load that builds them
 * again after with the definitions returned: one sort per index instead of keeping them up to date row
 * by row (trigram indexes above all).
 */
async function dropSecondaryIndexes(db: BenchDatabase['db'], table: string) {
  const { rows } = await sql<{ name: string; definition: string }>`SELECT indexname AS name,
      indexdef AS definition FROM pg_indexes WHERE tablename = ${table} AND indexname NOT IN
      (SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass)`.execute(db);
  for (const { name } of rows) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  return rows.map((r) => r.definition);
}

/**
 * How finely the index columns that a migration set apart are sampled (SET STATISTICS), to be set again
 * once their indexes are built anew: a dropped index takes its settings with it.
 */
async function indexStatistics(db: BenchDatabase['db']) {
  const { rows } = await sql<{ index: string; column: number; target: number }>`SELECT
      a.attrelid::regclass::text AS index, a.attnum AS column, a.attstattarget AS target
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace AND a.attstattarget >= 0`.execute(db);
  return rows.map(
    ({ index, column, target }) =>
      sql`ALTER INDEX ${sql.id(index)} ALTER COLUMN ${sql.lit(column)} SET STATISTICS ${sql.lit(target)}`,
  );
}

/**
 * Drops the tables' primary keys, for a load that builds their indexes with the others' (`indexes`) and
 * makes them the keys again after (`keys`, at once: the index is there).
 */
async function dropKeys(db: BenchDatabase['db'], tables: string[]) {
  const { rows } = await sql<{ table: string; name: string; definition: string }>`SELECT
      conrelid::regclass::text AS table, conname AS name, pg_get_indexdef(conindid) AS definition
    FROM pg_constraint WHERE contype = 'p' AND conrelid::regclass::text = ANY(${tables})`.execute(db);
  for (const { table, name } of rows)
    await sql`ALTER TABLE ${sql.id(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
  return {
    indexes: rows.map((r) => r.definition),
    keys: rows.map(
      ({ table, name }) =>
        sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(name)} PRIMARY KEY USING INDEX ${sql.id(name)}`,
    ),
  };
}

/**
 * The memory each index build takes: a third of the machine's shared among the builds that run at once,
 * at least 1 GB. A trigram index's build keeps its entries in this memory and writes them into the index
 * each time it is full; fewer, larger writes make it faster (PostgreSQL's GIN tips).
 */
const INDEX_BUILD_MEMORY_MB = Math.max(
  1024,
  Math.floor(os.totalmem() / 2 ** 20 / 3 / os.availableParallelism()),
);

/**
 * Builds indexes from their definitions, as many at once as the machine has cores, each with
 * INDEX_BUILD_MEMORY_MB. The longest go first, so that no core waits at the end while one build finishes
 * alone: the trigram indexes (a trigram index's build uses one core), those of the table with the most
 * `rows` first, then, within each kind, the larger table's first. By rows, not bytes: at ten million
 * listings the notifications' recipient index (20 million subjects) took 764 s and the listings' two
 * 392 and 235 s, so that started after them it ended alone, 88 s after the rest (session 59).
 */
async function buildIndexes(db: BenchDatabase['db'], definitions: string[], rows: Record<string, number>) {
  const { rows: tables } = await sql<{ name: string; bytes: string }>`SELECT relname AS name,
    pg_relation_size(oid) AS bytes FROM pg_class WHERE relkind = 'r'`.execute(db);
  const bytes = new Map(tables.map((r) => [r.name, Number(r.bytes)]));
  const cost = (definition: string) => {
    const [, table = '', method] = /ON public\.(\w+) USING (\w+)/.exec(definition) ?? [];
    return [method === 'gin' ? 1 : 0, method === 'gin' ? (rows[table] ?? 0) : 0, bytes.get(table) ?? 0];
  };
  const longerFirst = (a: string, b: string) => {
    const [x, y] = [cost(a), cost(b)];
    return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!;
  };
  return sideBySide(
    definitions.toSorted(longerFirst).map(
      (definition) => () =>
        db.transaction().execute(async (trx) => {
          const start = performance.now();
          await sql`SET LOCAL maintenance_work_mem = ${sql.lit(`${INDEX_BUILD_MEMORY_MB}MB`)}`.execute(trx);
          await sql.raw(definition).execute(trx);
          const name = /INDEX (\w+)/.exec(definition)?.[1];
          console.log(`${name} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
        }),
    ),
  );
}

interface Range {
  from: number;
  to: number;
}

/** Rows 1 to total in batches of size: [1, size], [size + 1, 2 × size], … */
function rangesOf(total: number, size: number): Range[] {
  return Array.from({ length: Math.ceil(total / size) }, (_, i) => ({
    from: i * size + 1,
    to: Math.min(total, (i + 1) * size),
  }));
}

/** The task, saying how long it took when done. */
function timed(name: string, task: () => Promise<unknown>) {
  return async () => {
    const start = performance.now();
    await task();
    console.log(`${name} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
}

/** Runs the tasks in order, as many at once as the machine has cores, each on its own connection. */
async function sideBySide(tasks: (() => Promise<unknown>)[]) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, worker));
}

/** How often each notification type occurs, in percent (all of NOTIFICATION_TYPES). */
const NOTIFICATION_MIX: Record<NotificationKind, number> = {
  propertyListed: 24,
  propertyStatusChanged: 18,
  propertyDetailsChanged: 18,
  propertyEnquiry: 10,
  userCreated: 8,
  propertyApproved: 7,
  agentBrokerChanged: 5,
  agentSignUp: 4,
  propertyDeclined: 3,
  brokerAssociationChanged: 3,
};
/** What each type is about, who caused it, and its subject as the product writes it. */
const NOTIFICATION_SHAPE: Record<NotificationKind, { entity: string; by: string; subject: string }> = {
  propertyListed: {
    entity: 'property',
    by: 'owner',
    subject: "p.property_name || ' was listed by ' || actor",
  },
  propertyStatusChanged: {
    entity: 'property',
    by: 'owner',
    subject: `p.property_name || ': status ' || CASE WHEN p.status = 'Open' THEN 'Pending' ELSE 'Open' END ||
      ' → ' || p.status || ', changed by ' || actor`,
  },
  propertyDetailsChanged: {
    entity: 'property',
    by: 'owner',
    subject: "p.property_name || ' was modified by ' || actor",
  },
  propertyApproved: {
    entity: 'property',
    by: 'staff',
    subject: "p.property_name || ' was approved by ' || actor",
  },
  propertyDeclined: {
    entity: 'property',
    by: 'staff',
    subject: "p.property_name || ' was declined by ' || actor",
  },
  propertyEnquiry: {
    entity: 'property',
    by: 'nobody',
    subject: `'Enquiry about ' || p.property_name || ' from ' ||
      (ARRAY['Liza','Ramon','Grace','Paolo','Joy','Mark'])[1 + x.g % 6] || ' ' ||
      (ARRAY['Aquino','Villanueva','Ramos','Castro','Lim','Tan'])[1 + (x.g / 6) % 6]`,
  },
  userCreated: {
    entity: 'user',
    by: 'staff',
    subject: "eu.first_name || ' ' || eu.last_name || ' (' || er.name || ') was created by ' || actor",
  },
  agentSignUp: {
    entity: 'agent',
    by: 'self',
    subject: "eu.first_name || ' ' || eu.last_name || ' signed up as an Agent'",
  },
  agentBrokerChanged: {
    entity: 'agent',
    by: 'staff',
    subject: "'The brokers of ' || eu.first_name || ' ' || eu.last_name || ' were changed by ' || actor",
  },
  brokerAssociationChanged: {
    entity: 'broker',
    by: 'staff',
    subject: "'The broker associations of ' || b.broker_name || ' were changed by ' || actor",
  },
};

/**
 * Notifications g in [from, to], each derived from g alone (hashes as random numbers): a type by
 * NOTIFICATION_MIX about a listing, user or broker; sent in the last 180 days; one in ten to a Super
 * Admin, half of the listings' news to an agent of the listing's agency, the rest to users with a
 * strong skew (the first agents get most); read some hours after, except most of the last three days'.
 */
function notificationBatch(
  from: number,
  to: number,
  people: Record<
    'firstUser' | 'users' | 'agents' | 'ownerAgents' | 'operators' | 'firstAgency' | 'agencies',
    number
  >,
  sizes: { properties: number; brokers: number; firstBroker: number },
) {
  const { firstUser, users, agents, ownerAgents, operators, firstAgency, agencies } = people;
  // Each random number once a row (x.r1 …, behind OFFSET 0, which keeps the planner from copying the
  // expression into every use): the kind's range alone was tested ten times a row, each test hashing.
  const randoms = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const r = (k: number) => `x.r${k}`;
  const pick = (k: number, n: number) => `floor(${r(k)} * ${n})::int`;
  let lo = 0;
  const kinds = Object.entries(NOTIFICATION_MIX).map(([kind, percent]) => {
    const { entity, by } = NOTIFICATION_SHAPE[kind as NotificationKind];
    const range = `${lo / 100}::float8, ${(lo += percent) / 100}::float8`;
    return `('${kind}', '${NOTIFICATION_TYPES[kind as NotificationKind].type}', '${entity}', '${by}', ${range})`;
  });
  const subject = (kind: NotificationKind) =>
    `WHEN '${kind}' THEN ${NOTIFICATION_SHAPE[kind].subject.replaceAll('actor', "(a.first_name || ' ' || a.last_name)")}`;
  const agencyAgent = `${firstUser - 1} + (p.agency_id - ${firstAgency}) + ${agencies} *
    (1 + ${pick(6, Math.max(1, Math.floor((agents - agencies) / agencies)))})`;
  const unread = `((x.at > now() - interval '3 days' AND ${r(8)} < 0.8) OR ${r(8)} < 0.02)`;
  return sql`INSERT INTO notifications (user_id, notification_type, notification_subject, notification_status,
      entity, entity_id, created_by, created_at, read_at)
    SELECT CASE WHEN ${sql.raw(r(4))} < 0.1 THEN ${sql.raw(`(SELECT min(user_id) FROM users WHERE role_id = ${ROLE.SuperAdmin})`)}
        WHEN k.entity = 'property' AND p.agency_id IS NOT NULL AND ${sql.raw(r(4))} < 0.6 THEN ${sql.raw(agencyAgent)}
        ELSE ${sql.raw(`${firstUser} + floor(${users} * power(${r(7)}, 3))::int`)} END,
      k.type, ${sql.raw(`CASE k.kind ${(Object.keys(NOTIFICATION_MIX) as NotificationKind[]).map(subject).join(' ')} END`)},
      CASE WHEN ${sql.raw(unread)} THEN 'Active' ELSE 'Inactive' END,
      CASE WHEN k.entity = 'agent' THEN 'user' ELSE k.entity END,
      coalesce(p.property_id, eu.user_id, b.broker_id), a.user_id, x.at,
      CASE WHEN NOT ${sql.raw(unread)} THEN least(now(), x.at + make_interval(mins => ${sql.raw(pick(9, 2880))})) END
    FROM (SELECT *, now() - make_interval(secs => r3 * 180 * 86400) AS at
      FROM (SELECT g, ${sql.raw(randoms.map((k) => `(hashint8(g::bigint * 16 + ${k}) & 2147483647)::float8 / 2147483648 AS r${k}`).join(', '))}
        FROM generate_series(${from}::int, ${to}::int) g OFFSET 0) h) x
    JOIN (VALUES ${sql.raw(kinds.join(', '))}) k (kind, type, entity, by, lo, hi)
      ON ${sql.raw(r(1))} >= k.lo AND ${sql.raw(r(1))} < k.hi
    -- Each listing looked up by its key: hashed, the ten million were read again for every batch, 11 s
    -- of its 22 (session 59).
    LEFT JOIN LATERAL (SELECT * FROM properties p WHERE k.entity = 'property'
      AND p.property_id = 1 + ${sql.raw(pick(2, sizes.properties))} OFFSET 0) p ON true
    LEFT JOIN users eu ON eu.user_id = ${firstUser}::int + CASE k.entity WHEN 'user' THEN ${sql.raw(pick(2, users))}
      WHEN 'agent' THEN ${sql.raw(pick(2, agents))} END
    LEFT JOIN roles er ON er.id = eu.role_id
    LEFT JOIN brokers b ON k.entity = 'broker' AND b.broker_id = ${sql.raw(`${sizes.firstBroker} + ${pick(2, sizes.brokers)}`)}
    LEFT JOIN users a ON a.user_id = CASE k.by WHEN 'owner' THEN p.user_id WHEN 'self' THEN eu.user_id
      WHEN 'staff' THEN ${sql.raw(`${firstUser + agents + ownerAgents} + ${pick(5, operators)}`)} END`;
}

/** What the database holds, and the Agent and Individual the benchmarks sign in as. */
async function benchUsers(bench: Pick<BenchDatabase, 'db' | 'one'>) {
  const { db, one } = bench;
  const counts = await one(sql<Record<string, number>>`SELECT
    (SELECT count(*)::int FROM properties) AS properties, (SELECT count(*)::int FROM property_media) AS media,
    (SELECT count(*)::int FROM property_amenities) AS amenities, (SELECT count(*)::int FROM property_history) AS history,
    (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sellers) AS sellers,
    (SELECT count(*)::int FROM agencies) AS agencies, (SELECT count(*)::int FROM brokers) AS brokers,
    (SELECT count(*)::int FROM broker_associations) AS associations,
    (SELECT count(*)::int FROM notifications) AS notifications`);
  const agent = await one(sql<{ user_id: number; user_email: string }>`SELECT user_id, user_email FROM users
    WHERE user_email = 'agent1@bench.example.ph'`);
  const individual = await one(sql<{ user_id: number; user_email: string }>`SELECT u.user_id, u.user_email
    FROM users u WHERE u.role_id = ${ROLE.Individual} AND u.user_email LIKE '%@bench.example.ph'
      AND EXISTS (SELECT 1 FROM properties p WHERE p.user_id = u.user_id) ORDER BY u.user_id LIMIT 1`);
  await sql`UPDATE users SET user_status = 'Active' WHERE user_id IN (${agent.user_id}, ${individual.user_id})`.execute(
    db,
  );
  return { counts, agent, individual };
}

/**
 * The marketplace to measure: with BENCH_REUSE=1 and a DATABASE_URL that already holds one (from an
 * earlier run), that one as it is; otherwise a new one.
 */
export async function marketplaceFor(
  bench: Pick<BenchDatabase, 'db' | 'one'>,
  sizes: MarketplaceSizes,
): Promise<Marketplace> {
  if (process.env.BENCH_REUSE === '1') {
    const { n } = await bench.one(sql<{ n: number }>`SELECT count(*)::int AS n FROM properties`);
    if (n > 0) return readMarketplace(bench);
  }
  return generateMarketplace(bench, sizes);
}

/** The marketplace an earlier run (`npm run bench:data`) left in the database. */
export async function readMarketplace(bench: Pick<BenchDatabase, 'db' | 'one'>): Promise<Marketplace> {
  const found = await benchUsers(bench);
  const sizes = { ...sizesFor(found.counts.properties!), ...found.counts } as MarketplaceSizes;
  return { sizes, seconds: 0, parts: {}, reused: true, ...found };
}

export const describeMarketplace = (m: Marketplace) =>
  `- Data: ${Object.entries(m.counts)
    .map(([k, v]) => `${v.toLocaleString()} ${k}`)
    .join(
      ', ',
    )} on the real geography; ${m.reused ? 'generated by an earlier run' : `generated in ${m.seconds.toFixed(0)} s`}`;

/**
 * The users the benchmarks ask pages for, signed in through `api`: the bench's Super Admin, the
 * marketplace's Agent and its first active Owner-Agent (SCOPED lists differ by who asks).
 */
export async function signInPageUsers(
  api: ReturnType<typeof apiClient>,
  bench: Pick<BenchDatabase, 'db' | 'one'>,
) {
  const market = await readMarketplace(bench);
  const ownerAgent = await bench.one(sql<{ user_id: number; user_email: string }>`SELECT user_id, user_email
    FROM users WHERE role_id = ${ROLE.OwnerAgent} AND user_status = 'Active'
      AND user_email LIKE '%@bench.example.ph' ORDER BY user_id LIMIT 1`);
  const users: Record<PageAs, string> = {
    'Super Admin': await api.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password),
    Agent: await api.signIn(market.agent.user_email, BENCH_PASSWORD),
    'Owner-Agent': await api.signIn(ownerAgent.user_email, BENCH_PASSWORD),
  };
  return { market, ownerAgent, users };
}

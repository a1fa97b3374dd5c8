import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { countingInstance, createTestApp, renameBesideNewWords, type TestApp } from './helpers.ts';

// 36,000 users: a third 'Aaron Abad n', first in name order, matching none of the searches below; two
// thirds the e-mail 'maria.santos.n@…', a first phone '0917n' and a second '0933n' (twenty of each),
// half of them named "Maria O'Neil Santos", half 'Zara Quinn n' (holding 'maria' only in the e-mail).
// The common texts below match more than 10,000 users, so that their page is read from the users'
// words (decision 103). A quarter are Operators, whom an Operator does not see; half are New.
let t: TestApp;
let admin: { userId: number; token: string };
let operator: { userId: number; token: string };
const USERS = 36_000;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(ROLE.SuperAdmin);
  operator = await t.signedIn(ROLE.Operator);
  await sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status,
      phone_1, phone_2)
    SELECT CASE g % 6 WHEN 0 THEN 'Aaron' WHEN 3 THEN 'Aaron' WHEN 1 THEN 'Maria' WHEN 4 THEN 'Maria'
        ELSE 'Zara' END,
      CASE WHEN g % 3 = 0 THEN 'Abad ' || g WHEN g % 6 IN (1, 4) THEN 'O''Neil Santos'
        ELSE 'Quinn ' || g % 100 END,
      CASE WHEN g % 3 = 0 THEN 'aaron' || g || '@example.org' ELSE 'maria.santos.' || g || '@example.ph' END,
      'x', CASE WHEN g % 4 = 3 THEN ${ROLE.Operator} ELSE ${ROLE.Individual} END::int,
      CASE WHEN g % 2 = 0 THEN 'New' ELSE 'Active' END,
      CASE WHEN g % 3 <> 0 THEN '0917' || g % 20 END,
      CASE WHEN g % 3 <> 0 THEN '0933' || g % 20 END
    FROM generate_series(1, ${USERS}) g`.execute(t.db);
  // As autovacuum does after many inserts: the words are then read from their index alone, in order.
  await sql`VACUUM ANALYZE users, user_search_words, user_search_vocabulary`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

type List = 'GetUser' | 'GetNewUser' | 'GetUserReport' | 'getIndividualsReport';
interface Ask {
  list?: List;
  text: string;
  order?: 'asc' | 'desc';
  page?: number;
  size?: number;
  as?: { userId: number; token: string };
}

/** The list's rows matching the text, as a plain query: what the list must answer, sorted. */
function matching({ list = 'GetUser', text, as }: Ask) {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const more =
    list === 'GetUserReport' ? sql`OR u.phone_2 ILIKE ${pattern} OR r.name ILIKE ${pattern}` : sql``;
  const only = list === 'getIndividualsReport' ? sql`AND u.role_id = ${ROLE.Individual}` : sql``;
  const waiting = list === 'GetNewUser' ? sql`AND u.user_status IN ('New', 'Inactive')` : sql``;
  const scope = as ? sql`AND (r.rank < 50 OR u.user_id = ${as.userId})` : sql``;
  return sql`FROM users u JOIN roles r ON r.id = u.role_id
    WHERE (u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.user_email ILIKE ${pattern}
      OR u.phone_1 ILIKE ${pattern} ${more}) ${only} ${waiting} ${scope}`;
}

/** What a plain sort of every match puts on the page: the ids the list must answer. */
async function expected(ask: Ask) {
  const { order = 'asc', page = 1, size = 15 } = ask;
  const dir = sql.raw(order);
  const { rows } = await sql<{ id: number }>`SELECT u.user_id AS id ${matching(ask)}
    ORDER BY u.first_name || ' ' || u.last_name ${dir}, u.user_id ${dir}
    LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(t.db);
  return rows.map((r) => r.id);
}

const matches = async (ask: Ask) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n ${matching(ask)}`.execute(t.db)).rows[0]!.n);

const urlOf = ({ list = 'GetUser', text, order = 'asc', page = 1, size = 15 }: Ask) =>
  `/api/${list}?${new URLSearchParams({
    searchText: text,
    sortColumn: 'full_name',
    sortOrder: order,
    page: String(page),
    itemsPerPage: String(size),
  })}`;

async function answered(ask: Ask) {
  const res = await t.call((ask.as ?? admin).token, { method: 'GET', url: urlOf(ask) });
  expect(res.statusCode, `${JSON.stringify(ask)}: ${res.body}`).toBe(200);
  return (res.json().resultData as { data: { user_id: number }[] }).data.map((r) => r.user_id);
}

const same = async (ask: Ask) => {
  const ids = await answered(ask);
  expect(ids, JSON.stringify(ask)).toEqual(await expected(ask));
  return ids;
};

/** Whether the page's keys came from the users' words: their read committed, then the page by its keys. */
const readFromWords = (statements: { sql: string }[]) => {
  const read = statements.findIndex((s) => s.sql.includes('user_search_words'));
  const after = statements.slice(read + 1).map((s) => s.sql);
  return read >= 0 && after.length === 2 && after[0] === 'commit' && after[1]!.includes('= ANY');
};

// In the name, only in the e-mail, only in the phones, with punctuation, across a space.
const TEXTS = [
  'maria',
  'MARIA',
  'maria.santos',
  "o'neil",
  "maria o'n",
  '0917',
  '.santos',
  'a o',
  'santos.1',
  '0917-',
];
const LISTS: List[] = ['GetUser', 'GetNewUser', 'GetUserReport', 'getIndividualsReport'];

describe('user lists searched for a word many users hold, sorted by name', () => {
  it("read the page from the users' words, for every text with a piece of three characters", async () => {
    const other = await countingInstance(t, 'user-search-words');
    const proven: string[] = [];
    try {
      for (const list of LISTS)
        for (const text of list === 'GetUserReport' ? [...TEXTS, '0933'] : TEXTS) {
          // Counted exactly, and found among the words or all sorted, as before.
          if ((await matches({ list, text })) <= 10_000 || text === 'a o') continue;
          // The read has 100 ms; a loaded machine may run it out once, and the page is then found as before.
          let answer = await other.list(admin.token, urlOf({ list, text, page: 2 }));
          for (let tries = 1; tries < 3 && !readFromWords(answer.statements); tries++)
            answer = await other.list(admin.token, urlOf({ list, text, page: 2 }));
          expect(readFromWords(answer.statements), `${list} ${text}`).toBe(true);
          expect(answer.page.total_is_estimate, `${list} ${text}`).toBe(true);
          proven.push(`${list} ${text}`);
        }
    } finally {
      await other.close();
    }
    for (const list of LISTS) expect(proven).toContain(`${list} maria`);
    for (const text of ['maria.santos', "o'neil", "maria o'n", '0917', '.santos'])
      expect(proven).toContain(`GetUser ${text}`);
    expect(proven).toContain('GetUserReport 0933');
  });

  for (const order of ['asc', 'desc'] as const)
    it(`page as a plain sort of every match, ${order}, on three pages`, async () => {
      for (const list of LISTS)
        for (const text of TEXTS)
          for (const [page, size] of list === 'GetUser'
            ? ([
                [1, 7],
                [3, 15],
                [40, 50],
              ] as const)
            : ([[3, 15]] as const))
            await same({ list, text, order, page, size });
      await same({ list: 'GetUserReport', text: '0933', order, page: 2, size: 25 });
    });

  it("an Operator sees the plain sort of the matches in their rank's scope", async () => {
    for (const text of ['maria', '0917', 'maria.santos'])
      for (const order of ['asc', 'desc'] as const) await same({ text, order, page: 3, as: operator });
  });

  it('answers every text with metacharacters, separators only, or a role name without a 5xx', async () => {
    for (const text of ['%', '_', '\\', '%maria%', 'mar_a', '\\maria', '.', '-', "'", '..', '@', 'operator'])
      for (const list of LISTS) await same({ list, text, page: 2, size: 7 });
    const nul = await t.call(admin.token, { method: 'GET', url: urlOf({ text: 'ma\u0000ria' }) });
    expect(nul.statusCode).toBe(400);
  });
});

describe("a user's words follow the user", () => {
  const recomputed = async () => {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (
      (SELECT w, first_name || ' ' || last_name, user_id
          FROM users, user_words(first_name, last_name, user_email, phone_1, phone_2) w
        EXCEPT ALL SELECT word, full_name, user_id FROM user_search_words)
      UNION ALL
      (SELECT word, full_name, user_id FROM user_search_words
        EXCEPT ALL SELECT w, first_name || ' ' || last_name, user_id
          FROM users, user_words(first_name, last_name, user_email, phone_1, phone_2) w)
    ) d`.execute(t.db);
    return Number(rows[0]!.n);
  };

  it('through renames, e-mail and phone changes and deletes at once, while searching', async () => {
    const { rows } = await sql<{ id: number }>`SELECT user_id AS id FROM users
      WHERE first_name = 'Maria' ORDER BY user_id LIMIT 12`.execute(t.db);
    const ids = rows.map((r) => r.id);
    const changes = Array.from({ length: 48 }, (_, n) => {
      const id = ids[n % 8]!;
      if (n % 4 === 0)
        return sql`UPDATE users SET first_name = ${`Aa Maria-${n}`}, last_name = ${`Ñ${n} Zee`}
          WHERE user_id = ${id}`.execute(t.db);
      if (n % 4 === 1)
        return sql`UPDATE users SET user_email = ${`x${n}.${id}@maria.example`} WHERE user_id = ${id}`.execute(
          t.db,
        );
      if (n % 4 === 2)
        return sql`UPDATE users SET phone_1 = ${`0917${n}`}, phone_2 = NULL WHERE user_id = ${id}`.execute(
          t.db,
        );
      return sql`UPDATE users SET user_status = 'Inactive' WHERE user_id = ${id}`.execute(t.db);
    });
    const deletes = ids.slice(8).map((id) => sql`DELETE FROM users WHERE user_id = ${id}`.execute(t.db));
    const searches = (['asc', 'desc'] as const).map((order) => answered({ text: 'maria', order }));
    await Promise.all([...changes, ...deletes, ...searches]);
    expect(await recomputed()).toBe(0);
    for (const order of ['asc', 'desc'] as const) {
      await same({ text: 'maria', order });
      await same({ text: 'aa maria-', order });
      await same({ text: '0917', order, page: 2 });
    }
    // Renamed 'Aa Maria-…': first now.
    expect([ids[0], ids[4]]).toContain((await answered({ text: 'maria', size: 7 }))[0]);
  });

  it('takes its new words in word order: a rename that waits for one holds none of the others', async () => {
    const { rows } = await sql<{ id: number }>`SELECT user_id AS id FROM users
      WHERE first_name = 'Maria' ORDER BY user_id DESC LIMIT 1`.execute(t.db);
    const id = rows[0]!.id;
    await renameBesideNewWords(t, 'user_search_vocabulary', 'update users', () =>
      sql`UPDATE users SET first_name = 'Zqc', last_name = 'Zqa' WHERE user_id = ${id}`.execute(t.db),
    );
    expect(await recomputed()).toBe(0);
  });

  it('a user renamed is listed under the new name at once', async () => {
    const { rows } = await sql<{ id: number }>`SELECT user_id AS id FROM users
      WHERE first_name = 'Zara' ORDER BY user_id DESC LIMIT 1`.execute(t.db);
    const id = rows[0]!.id;
    await sql`UPDATE users SET first_name = 'A', last_name = 'Maria Zed' WHERE user_id = ${id}`.execute(t.db);
    for (const order of ['asc', 'desc'] as const) await same({ text: 'maria', order });
    expect((await answered({ text: 'maria', size: 7 }))[0]).toBe(id);
    expect(await recomputed()).toBe(0);
  });
});

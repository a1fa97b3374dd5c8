import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOOKUP_MATCHES, ROLE } from '@app/contract';
import { countingInstance, createTestApp, type TestApp } from './helpers.ts';

// 3,000 users: Agents, Owner-Agents and Individuals; Active, Inactive and New; named 'Ana Santos n',
// 'Ana Santos Santosa n' (two words holding 'santos'), "Ben O'Neil n" or 'Cora Reyes n', some holding
// 'santos' only in their e-mail. The agent chooser (allagents) searches the name alone.
let t: TestApp;
let admin: { userId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(ROLE.SuperAdmin);
  await sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status)
    SELECT CASE g % 4 WHEN 0 THEN 'Ana' WHEN 1 THEN 'Ana' WHEN 2 THEN 'Ben' ELSE 'Cora' END,
      CASE g % 4 WHEN 0 THEN 'Santos ' || g WHEN 1 THEN 'Santos Santosa ' || g WHEN 2 THEN 'O''Neil ' || g
        ELSE 'Reyes ' || g END,
      CASE WHEN g % 8 = 3 THEN 'cora.santos.' ELSE 'chooser.' END || g || '@example.ph', 'x',
      (ARRAY[${ROLE.Agent}, ${ROLE.OwnerAgent}, ${ROLE.Individual}]::int[])[1 + g % 3],
      (ARRAY['Active', 'Active', 'Inactive', 'New']::text[])[1 + (g / 3) % 4]
    FROM generate_series(1, 3000) g`.execute(t.db);
  await sql`VACUUM ANALYZE users, user_search_words, user_search_vocabulary`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

const urlOf = (text: string) => `/api/allagents?${new URLSearchParams({ searchText: text })}`;

/** What the chooser must answer: the first active agents by name whose names hold the text. */
async function expected(text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ user_id: number; full_name: string }>`
    SELECT user_id, first_name || ' ' || last_name AS full_name FROM users
    WHERE role_id IN (${ROLE.Agent}, ${ROLE.OwnerAgent}) AND user_status = 'Active'
      AND first_name || ' ' || last_name ILIKE ${pattern}
    ORDER BY first_name || ' ' || last_name, user_id LIMIT ${LOOKUP_MATCHES}`.execute(t.db);
  return rows;
}

// A word many names hold, two words of one name, an e-mail-only word, punctuation, case, a text
// across a space, pieces under three characters, metacharacters, nothing.
const TEXTS = ['santos', 'SANTOSA', 'santos sa', "o'neil", 'neil 1', 'cora.santos', 'an', '%', '_', 'zzzz'];

describe('the agent chooser searched by a name', () => {
  it('answers the first active agents by name, each once, as a plain sort of every match', async () => {
    for (const text of TEXTS) {
      const res = await t.call(admin.token, { method: 'GET', url: urlOf(text) });
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
      expect(res.json().resultData, text).toEqual(await expected(text));
    }
    expect((await expected('santos')).length).toBe(LOOKUP_MATCHES);
  });

  it("reads a word's agents from the users' words, in name order", async () => {
    const other = await countingInstance(t, 'agent-chooser-words');
    try {
      for (const text of ['santos', "o'neil", 'santos sa']) {
        const { statements } = await other.list(admin.token, urlOf(text));
        expect(
          statements.some((s) => s.sql.includes('user_search_words')),
          text,
        ).toBe(true);
      }
      // No piece of three characters: the names are tested in order, as before.
      const { statements } = await other.list(admin.token, urlOf('an'));
      expect(statements.some((s) => s.sql.includes('user_search_words'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createTestApp, statementCapture, type TestApp } from './helpers.ts';
import { agencyPayload, place } from './entity-fixtures.ts';
import { calls } from '../src/calls/index.ts';

/**
 * The SQL every paged list sends, kept in test/list-sql/<call>.sql, so a change to the list engine or
 * to a list's query shows up as a SQL diff in review. Each file holds three cases: the first page in
 * the default sort as a Super Admin, the same searched, and the first page as an Agent of an agency.
 * Values are parameters ($1, $2): ids of the test's rows never reach the text.
 *
 * After an intended change, rewrite the files and review their diff:
 *   UPDATE_SQL=1 DATABASE_URL=postgres://... npx vitest run apps/server/test/list-sql.test.ts
 */
const FOLDER = path.join(import.meta.dirname, 'list-sql');
const SEARCH = 'cebu';
const update = process.env.UPDATE_SQL === '1';
const lists = calls.filter((call) => call.list);

// The server's statements as it runs them, through its database log (db/index.ts, BENCH_CAPTURE_SQL).
const capture = statementCapture('list-sql');
let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  t = await capture.whileStarting(() => createTestApp());
  admin = (await t.signedIn(ROLE.SuperAdmin)).token;
  const res = await t.call(admin, {
    method: 'POST',
    url: '/api/saveagency',
    payload: agencyPayload(await place(t, 'Scope'), 'Scope Realty'),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { agency_id } = await t.db
    .selectFrom('agencies')
    .select('agency_id')
    .where('agency_name', '=', 'Scope Realty')
    .executeTakeFirstOrThrow();
  const signed = await t.signedIn(ROLE.Agent);
  await t.db
    .updateTable('users')
    .set({ associated_agency_id: agency_id })
    .where('user_id', '=', signed.userId)
    .execute();
  agent = signed.token;
});
afterAll(async () => {
  await t.close();
  capture.remove();
});

/** The statements one request of the list sends, in a stable order (some run at once), or its refusal. */
async function statementsOf(name: string, token: string, query: string) {
  const mark = capture.mark();
  const res = await t.call(token, { method: 'GET', url: `/api/${name}${query}` });
  if (res.statusCode === 403) return '-- (refused: 403)\n';
  expect(res.statusCode, res.body).toBe(200);
  const statements = capture.since(mark).map((statement) => statement.sql);
  return statements
    .map(readable)
    .sort()
    .map((statement) => `${statement};\n`)
    .join('\n');
}

const BREAK_BEFORE =
  /^(from|where|inner join|left join|cross join|group by|having|order by|limit|offset|union all|union)\b/i;

/**
 * The statement with a line break before each clause, indented by its depth in parentheses; quoted
 * text is left as it is.
 */
function readable(statement: string) {
  let out = '';
  let depth = 0;
  for (let i = 0; i < statement.length; i++) {
    const c = statement[i]!;
    if (c === "'" || c === '"') {
      const end = statement.indexOf(c, i + 1);
      const stop = end === -1 ? statement.length : end + 1;
      out += statement.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (c === ' ' && BREAK_BEFORE.test(statement.slice(i + 1))) {
      out += `\n${'  '.repeat(Math.max(depth, 0) + 1)}`;
      continue;
    }
    out += c;
  }
  return out;
}

async function listSql(name: string) {
  const cases = [
    ['plain: the first page in the default sort, as a Super Admin', admin, ''],
    [`searched: searchText=${SEARCH}, as a Super Admin`, admin, `?searchText=${SEARCH}`],
    ['scoped: the first page in the default sort, as an Agent of an agency', agent, ''],
  ] as const;
  let text = `-- ${name}: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)\n`;
  for (const [title, token, query] of cases) {
    text += `\n-- ${title}\n\n${await statementsOf(name, token, query)}`;
  }
  return text;
}

describe('the SQL of every paged list is the committed one', () => {
  it('has lists to check', () => {
    expect(lists.length).toBeGreaterThan(10);
  });

  for (const { name } of lists) {
    it(name, async () => {
      const file = path.join(FOLDER, `${name}.sql`);
      const actual = await listSql(name);
      if (update) {
        fs.mkdirSync(FOLDER, { recursive: true });
        fs.writeFileSync(file, actual);
        return;
      }
      const expected = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(no file)';
      expect(actual, `${name}.sql differs from what the list sends (UPDATE_SQL=1 rewrites it)`).toBe(
        expected,
      );
    });
  }

  it('keeps no file of a list that is gone', () => {
    const names = new Set(lists.map((list) => `${list.name}.sql`));
    const files = fs.existsSync(FOLDER) ? fs.readdirSync(FOLDER).filter((f) => f.endsWith('.sql')) : [];
    const stale = files.filter((file) => !names.has(file));
    if (update) for (const file of stale) fs.rmSync(path.join(FOLDER, file));
    else expect(stale, 'files of lists no longer registered (UPDATE_SQL=1 removes them)').toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, SAVED_VIEWS_MAX, type SavedView, type ViewState } from '@app/contract';
import { useTestApp } from './entity-fixtures.ts';

/** Saved views and column choices: each user's own, per list (docs/decisions/0046-saved-views.md). */
const env = useTestApp();
type Signed = { userId: number; token: string };
let agent: Signed;
let operator: Signed;

const STATE: ViewState = {
  search: 'makati',
  sort: 'created_at',
  order: 'desc',
  page_size: 25,
  columns: ['full_name', 'user_email'],
  filters: { status: 'Active' },
};

beforeAll(async () => {
  agent = await env.t.signedIn(ROLE.Agent);
  operator = await env.t.signedIn(ROLE.Operator);
});

const viewsOf = async (listKey: string, token: string) => {
  const res = await env.get(`/api/savedViews?list_key=${encodeURIComponent(listKey)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { views: SavedView[]; hidden_columns: string[] };
};
const save = (body: object, token: string) => env.post('saveView', body, token);
async function saved(body: object, token: string): Promise<SavedView> {
  const res = await save(body, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { view: SavedView }).view;
}

describe('saved views', () => {
  it('a user saves, lists, renames, overwrites and deletes views of a list, by name', async () => {
    const b = await saved({ list_key: 'getUser', name: 'Brokers', state: STATE }, agent.token);
    const a = await saved({ list_key: 'getUser', name: 'active ones', state: STATE }, agent.token);
    await saved({ list_key: 'getSeller', name: 'Brokers', state: STATE }, agent.token);
    expect(b.state).toEqual(STATE);

    let list = await viewsOf('getUser', agent.token);
    expect(list.views.map((v) => v.name)).toEqual(['active ones', 'Brokers']);
    expect(list.hidden_columns).toEqual([]);

    const renamed = await saved(
      { id: a.id, list_key: 'getUser', name: 'Active', state: { ...STATE, search: '' } },
      agent.token,
    );
    expect(renamed).toMatchObject({ id: a.id, name: 'Active', state: { search: '' } });
    // Its own name in another case is no conflict.
    await saved({ id: b.id, list_key: 'getUser', name: 'BROKERS', state: STATE }, agent.token);

    const del = await env.post('deleteView', { id: b.id }, agent.token);
    expect(del.statusCode, del.body).toBe(200);
    list = await viewsOf('getUser', agent.token);
    expect(list.views.map((v) => v.name)).toEqual(['Active']);
    expect((await env.post('deleteView', { id: b.id }, agent.token)).statusCode).toBe(404);
  });

  it("each user sees and changes only their own views; another's id answers 404", async () => {
    const mine = await saved({ list_key: 'getProvince', name: 'Mine', state: STATE }, agent.token);
    expect((await viewsOf('getProvince', operator.token)).views).toEqual([]);
    // The same name is free for someone else.
    await saved({ list_key: 'getProvince', name: 'Mine', state: STATE }, operator.token);

    const rename = await save(
      { id: mine.id, list_key: 'getProvince', name: 'Taken over', state: STATE },
      operator.token,
    );
    expect(rename.statusCode).toBe(404);
    expect((await env.post('deleteView', { id: mine.id }, operator.token)).statusCode).toBe(404);
    // A view moved to another list is not found either: the id belongs to its list.
    const moved = await save({ id: mine.id, list_key: 'getTown', name: 'Mine', state: STATE }, agent.token);
    expect(moved.statusCode).toBe(404);
    expect((await viewsOf('getProvince', agent.token)).views.map((v) => v.name)).toEqual(['Mine']);
  });

  it('a name is unique per user and list whatever its case: 409 with the field', async () => {
    await saved({ list_key: 'getTown', name: 'North', state: STATE }, agent.token);
    const again = await save({ list_key: 'getTown', name: ' north ', state: STATE }, agent.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already have a view named “north” on this list',
      errors: { name: 'You already have a view named “north” on this list' },
    });
    const other = await saved({ list_key: 'getTown', name: 'South', state: STATE }, agent.token);
    const clash = await save({ id: other.id, list_key: 'getTown', name: 'NORTH', state: STATE }, agent.token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty('name');
  });

  it('bad input answers 400 with plain sentences, never 5xx', async () => {
    const bad: object[] = [
      {},
      { list_key: 'getUser', name: '', state: STATE },
      { list_key: 'getUser', name: 'x'.repeat(61), state: STATE },
      { list_key: "getUser'; drop table users", name: 'Bad key', state: STATE },
      { list_key: 'getUser', name: 'No state' },
      { list_key: 'getUser', name: 'No columns', state: { ...STATE, columns: [] } },
      { list_key: 'getUser', name: 'Bad order', state: { ...STATE, order: 'up' } },
      { list_key: 'getUser', name: 'Bad size', state: { ...STATE, page_size: 0 } },
      { list_key: 'getUser', name: 'Long search', state: { ...STATE, search: 'x'.repeat(201) } },
      { list_key: 'getUser', name: 'Bad filter', state: { ...STATE, filters: { status: 3 } } },
      { list_key: 'getUser', name: 'Extra', state: { ...STATE, script: 'x' } },
      { id: 'abc', list_key: 'getUser', name: 'Bad id', state: STATE },
    ];
    for (const body of bad) {
      const res = await save(body, agent.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const message = (res.json() as { message: string }).message;
      expect(message, JSON.stringify(body)).not.toMatch(/invalid_|expected|received|Zod/i);
    }
    expect((await env.post('deleteView', { id: 'x' }, agent.token)).statusCode).toBe(400);
    expect((await env.get('/api/savedViews', agent.token)).statusCode).toBe(400);
    expect((await env.get('/api/savedViews?list_key=%00', agent.token)).statusCode).toBe(400);
    const cols = await env.post(
      'saveListColumns',
      { list_key: 'getUser', hidden_columns: 'name' },
      agent.token,
    );
    expect(cols.statusCode).toBe(400);
    // A column name too long says so, not that it is no name.
    const long = 'x'.repeat(101);
    const tooLong = 'A column name: at most 100 characters';
    const hidden = await env.post(
      'saveListColumns',
      { list_key: 'getUser', hidden_columns: [long] },
      agent.token,
    );
    expect([hidden.statusCode, hidden.json().errors]).toEqual([400, { 'hidden_columns.0': tooLong }]);
    const sorted = await save(
      { list_key: 'getUser', name: 'Long sort', state: { ...STATE, sort: long } },
      agent.token,
    );
    expect([sorted.statusCode, sorted.json().errors]).toEqual([400, { 'state.sort': tooLong }]);
    expect((await viewsOf('getUser', agent.token)).hidden_columns).toEqual([]);
    // An id beyond the database's integer is refused on its field, not by the database.
    const huge = 2_147_483_648;
    const renamed = await save({ id: huge, list_key: 'getUser', name: 'Huge', state: STATE }, agent.token);
    expect([renamed.statusCode, renamed.json().errors]).toEqual([400, { id: 'id is too large' }]);
    const gone = await env.post('deleteView', { id: huge }, agent.token);
    expect([gone.statusCode, gone.json().errors]).toEqual([400, { id: 'id is too large' }]);
    // A NUL character, which the database cannot store, is refused on its field.
    const nul = 'Holds a character that cannot be stored';
    const named = await save({ list_key: 'getUser', name: 'Mine\u0000', state: STATE }, agent.token);
    expect([named.statusCode, named.json().errors]).toEqual([400, { name: nul }]);
    const column = await env.post(
      'saveListColumns',
      { list_key: 'getUser', hidden_columns: ['a\u0000'] },
      agent.token,
    );
    expect([column.statusCode, column.json().errors]).toEqual([400, { 'hidden_columns.0': nul }]);
  });

  it('signed-out callers are refused', async () => {
    expect(
      (await env.t.call(null, { method: 'GET', url: '/api/savedViews?list_key=getUser' })).statusCode,
    ).toBe(401);
    const res = await env.t.call(null, {
      method: 'POST',
      url: '/api/saveView',
      payload: { list_key: 'getUser', name: 'x', state: STATE },
    });
    expect(res.statusCode).toBe(401);
  });

  it('concurrent saves of one name make one view and answer 409 to the rest, never 5xx', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        save({ list_key: 'getAgency', name: 'Race', state: STATE }, agent.token),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 11 }, () => 409)]);
    expect((await viewsOf('getAgency', agent.token)).views.map((v) => v.name)).toEqual(['Race']);

    // Concurrent saves of different names all land.
    const many = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save({ list_key: 'getAgency', name: `Parallel ${i}`, state: STATE }, agent.token),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await viewsOf('getAgency', agent.token)).views).toHaveLength(11);
  });

  it(`a user keeps at most ${SAVED_VIEWS_MAX} views`, async () => {
    const user = await env.t.signedIn(ROLE.Agent);
    await env.t.db
      .insertInto('saved_views')
      .values(
        Array.from({ length: SAVED_VIEWS_MAX }, (_, i) => ({
          user_id: user.userId,
          list_key: 'getUser',
          name: `View ${i}`,
          state: JSON.stringify(STATE),
        })),
      )
      .execute();
    const res = await save({ list_key: 'getSeller', name: 'One more', state: STATE }, user.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty('name');
  });

  it("the columns a user hides on a list are kept per user and list; a deleted user's rows go", async () => {
    const user = await env.t.signedIn(ROLE.Agent);
    const hide = (hidden: string[], token = user.token) =>
      env.post('saveListColumns', { list_key: 'getUser', hidden_columns: hidden }, token);
    const answers = await Promise.all([hide(['user_email']), hide(['user_email']), hide(['user_email'])]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await viewsOf('getUser', user.token)).hidden_columns).toEqual(['user_email']);
    expect((await viewsOf('getUser', agent.token)).hidden_columns).toEqual([]);
    expect((await hide(['user_email', 'mobile', 'mobile'])).statusCode).toBe(200);
    expect((await viewsOf('getUser', user.token)).hidden_columns).toEqual(['user_email', 'mobile']);
    expect((await hide([])).statusCode).toBe(200);
    expect((await viewsOf('getUser', user.token)).hidden_columns).toEqual([]);

    await saved({ list_key: 'getUser', name: 'Gone soon', state: STATE }, user.token);
    await env.t.db.deleteFrom('users').where('user_id', '=', user.userId).execute();
    const left = await env.t.db
      .selectFrom('saved_views')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(left).toEqual([]);
  });
});

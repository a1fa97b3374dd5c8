import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeApi, manilaToday, ROLE, type HomeSummary, type PropertyStatus } from '@app/contract';
import {
  agencyPayload,
  place,
  propertyIdOf,
  setAgency,
  setOpenLimit,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';
import { EXACT_COUNT_LIMIT } from '../src/lib/list/index.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Issue 22 item 3 (docs/decisions/0045-home-page.md): GetHomeSummary answers, per role, only the
 * figures of the lists the caller may open, each counted in the caller's scope exactly as the list it
 * links to counts it (the same call with the same filter answers the same total).
 */

const env = useTestApp();
let p: Place;
let agencyA: number;
let agencyB: number;

const summaryOf = async (token: string): Promise<HomeSummary> => {
  const res = await env.get('/api/GetHomeSummary', token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(homeApi.GetHomeSummary.response, res.json());
  return res.json().resultData;
};

/** The page the list answers for `query`. */
const pageOf = async (call: string, query: string, token: string) => {
  const res = await env.get(`/api/${call}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData as { total: number; data: { user_id: number; role_id: number }[] };
};

/** The total the list answers for `query`. */
const totalOf = async (call: string, query: string, token: string) =>
  (await pageOf(call, query, token)).total;

/** The rows of the Approve User list's export (GetNewUser/export) for `query`, less the header. */
async function exportedRows(query: string, token: string) {
  const res = await env.get(`/api/GetNewUser/export?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!.rowCount - 1;
}

const figure = (s: HomeSummary, key: string) => s.figures.find((f) => f.key === key);

/** The figures and the totals of the lists they link to, for the caller. */
async function expectFiguresMatchLists(s: HomeSummary, token: string) {
  const links: Record<string, [string, string]> = {
    users_to_approve: ['GetNewUser', 'approvable=true'],
    pending_listings: ['allproperty', 'status=Pending'],
    suspended_listings: ['allproperty', 'status=Suspended'],
    rentals_expiring: ['allproperty', 'rental_expires_within=30'],
  };
  for (const f of s.figures) {
    const [call, query] = links[f.key]!;
    expect({ key: f.key, count: f.count }).toEqual({ key: f.key, count: await totalOf(call, query, token) });
    expect(f.more).toBe(false);
  }
  for (const row of s.overview ?? [])
    expect({ status: row.status, count: row.count }).toEqual({
      status: row.status,
      count: await totalOf('allproperty', `status=${row.status}`, token),
    });
}

let names = 0;
/** A listing saved by `token`, then given the status and rental expiry (days from today) asked for. */
async function listing(token: string, status: PropertyStatus, expiresInDays: number | null = null) {
  const name = `Home lot ${++names}`;
  const res = await env.post('saveproperty', propertyForm(p, name), token);
  expect(res.statusCode, res.body).toBe(200);
  const id = await propertyIdOf(env.t, name);
  await env.t.db
    .updateTable('properties')
    .set({
      status,
      current_rental_expires:
        expiresInDays === null ? null : sql`${manilaToday()}::date + ${expiresInDays}::int`,
    })
    .where('property_id', '=', id)
    .execute();
  return id;
}

async function agent(agencyId: number, role: number = ROLE.Agent) {
  const signed = await env.t.signedIn(role);
  await setAgency(env, signed.userId, agencyId);
  return signed;
}

async function agency(name: string) {
  const res = await env.post('saveagency', agencyPayload(p, name));
  expect(res.statusCode, res.body).toBe(200);
  return (
    await env.t.db
      .selectFrom('agencies')
      .select('agency_id')
      .where('agency_name', '=', name)
      .executeTakeFirstOrThrow()
  ).agency_id;
}

beforeAll(async () => {
  p = await place(env.t, 'Home');
  agencyA = await agency('Home Agency A');
  agencyB = await agency('Home Agency B');
});

describe('GetHomeSummary', () => {
  it('refuses without a session', async () => {
    const res = await env.t.call(null, { method: 'GET', url: '/api/GetHomeSummary' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a Super Admin every figure, the Overview and notifications, each as its list counts it', async () => {
    await env.t.createUser(ROLE.Agent, undefined, 'New');
    await env.t.createUser(ROLE.Individual, undefined, 'Inactive');
    await env.t.createUser(ROLE.Admin, undefined, 'New');
    await listing(env.admin.token, 'Pending');
    await listing(env.admin.token, 'Suspended');
    await listing(env.admin.token, 'Occupied', 0);
    await listing(env.admin.token, 'Occupied', 30);
    await listing(env.admin.token, 'Occupied', 31);
    await listing(env.admin.token, 'Occupied', -1);
    const s = await summaryOf(env.admin.token);
    expect(s.figures.map((f) => f.key)).toEqual([
      'users_to_approve',
      'pending_listings',
      'suspended_listings',
      'rentals_expiring',
    ]);
    expect(figure(s, 'users_to_approve')!.count).toBeGreaterThanOrEqual(3);
    // A Super Admin may approve every waiting user: the Approve User list is the same with the filter.
    const all = 'itemsPerPage=50&sortColumn=user_id';
    expect(await pageOf('GetNewUser', `approvable=true&${all}`, env.admin.token)).toEqual(
      await pageOf('GetNewUser', all, env.admin.token),
    );
    // Today and the 30th day count; the 31st and yesterday do not.
    expect(figure(s, 'rentals_expiring')!.count).toBe(2);
    expect(s.open_limit).toBeNull();
    expect(s.overview).not.toBeNull();
    expect(s.notifications).not.toBeNull();
    await expectFiguresMatchLists(s, env.admin.token);
  });

  it("counts an Agent's figures in the Agent's scope: their agency's listings, not another's", async () => {
    const mine = await agent(agencyA);
    const colleague = await agent(agencyA, ROLE.OwnerAgent);
    const other = await agent(agencyB);
    await listing(mine.token, 'Pending');
    await listing(colleague.token, 'Pending');
    await listing(colleague.token, 'Occupied', 10);
    await listing(other.token, 'Pending');
    await listing(other.token, 'Suspended');
    await listing(other.token, 'Occupied', 5);

    const s = await summaryOf(mine.token);
    // No Approve User permission: no users figure.
    expect(s.figures.map((f) => f.key)).toEqual([
      'pending_listings',
      'suspended_listings',
      'rentals_expiring',
    ]);
    expect(figure(s, 'pending_listings')!.count).toBe(2);
    expect(figure(s, 'suspended_listings')!.count).toBe(0);
    expect(figure(s, 'rentals_expiring')!.count).toBe(1);
    expect(s.overview!.find((r) => r.status === 'Pending')!.count).toBe(2);
    await expectFiguresMatchLists(s, mine.token);
  });

  it('shows a limited owner their open listings against the limit, as the own_open list counts them', async () => {
    const a = await agent(agencyB);
    await setOpenLimit(env.t, [a.userId], 3);
    await listing(a.token, 'Open');
    let s = await summaryOf(a.token);
    expect(s.open_limit).toEqual({ open: 1, limit: 3, near: false, reached: false });
    await listing(a.token, 'Pending');
    await listing(a.token, 'Sold');
    s = await summaryOf(a.token);
    expect(s.open_limit).toEqual({ open: 2, limit: 3, near: true, reached: false });
    expect(await totalOf('allproperty', 'own_open=1', a.token)).toBe(2);
    // The agency's other listings are in the Agent's list, but not among their own open ones.
    expect(await totalOf('allproperty', '', a.token)).toBeGreaterThan(2);
    await listing(a.token, 'Open');
    s = await summaryOf(a.token);
    expect(s.open_limit).toEqual({ open: 3, limit: 3, near: true, reached: true });
  });

  it('answers an Individual their own listings only, no Overview and no users', async () => {
    const ind = await env.t.signedIn(ROLE.Individual);
    await listing(ind.token, 'Pending');
    await listing(ind.token, 'Occupied', 3);
    const s = await summaryOf(ind.token);
    expect(s.figures.map((f) => [f.key, f.count])).toEqual([
      ['pending_listings', 1],
      ['suspended_listings', 0],
      ['rentals_expiring', 1],
    ]);
    expect(s.overview).toBeNull();
    expect(s.open_limit).toEqual({ open: 2, limit: 5, near: false, reached: false });
    expect(s.notifications).toEqual([]);
    await expectFiguresMatchLists(s, ind.token);
  });

  it('shows an Operator with default grants no users to approve: approving needs a ChangeStatusof… permission', async () => {
    const op = await env.t.signedIn(ROLE.Operator);
    await env.t.createUser(ROLE.Agent, undefined, 'New');
    const s = await summaryOf(op.token);
    // Approve User alone lets them open the list, not change anyone's status (decision 85): no card.
    expect(s.figures.map((f) => f.key)).toEqual([
      'pending_listings',
      'suspended_listings',
      'rentals_expiring',
    ]);
    await expectFiguresMatchLists(s, op.token);
  });

  it('counts, for a role granted Approve User and ChangeStatusofAgent, the waiting Agents only', async () => {
    const role = await sql<{ id: number }>`INSERT INTO roles (name, rank) VALUES ('Agent Approvers', 40)
      RETURNING id`.execute(env.t.db);
    const roleId = role.rows[0]!.id;
    await sql`INSERT INTO role_permissions (role_id, permission_id)
      SELECT ${roleId}, id FROM permissions WHERE name IN ('Approve User', 'ChangeStatusofAgent')`.execute(
      env.t.db,
    );
    await env.t.createUser(ROLE.Agent, undefined, 'New');
    await env.t.createUser(ROLE.OwnerAgent, undefined, 'Inactive');
    await env.t.createUser(ROLE.Individual, undefined, 'New');
    const approver = await env.t.signedIn(roleId);
    const waitingAgents = await env.t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role_id', 'in', [ROLE.Agent, ROLE.OwnerAgent])
      .where('user_status', 'in', ['New', 'Inactive'])
      .executeTakeFirstOrThrow();
    const s = await summaryOf(approver.token);
    expect(s.figures).toEqual([{ key: 'users_to_approve', count: Number(waitingAgents.n), more: false }]);
    // The Approve User list shows every waiting user of a role below theirs; the figure only theirs to
    // approve, which the list holds with the filter the card's link sends (decision 98), its export too.
    const all = await pageOf('GetNewUser', 'itemsPerPage=50', approver.token);
    expect(all.total).toBeGreaterThan(Number(waitingAgents.n));
    expect(all.data.some((u) => u.role_id === ROLE.Individual)).toBe(true);
    const mine = await pageOf('GetNewUser', 'approvable=1&itemsPerPage=50', approver.token);
    expect(mine.total).toBe(s.figures[0]!.count);
    expect(mine.data.length).toBe(mine.total);
    expect(new Set(mine.data.map((u) => u.role_id))).toEqual(new Set([ROLE.Agent, ROLE.OwnerAgent]));
    expect(await exportedRows('approvable=true', approver.token)).toBe(mine.total);
    expect(await exportedRows('', approver.token)).toBe(all.total);
    // Switched off as a checkbox or an old client sends it: the whole list, as before.
    for (const off of ['approvable=', 'approvable=false', 'approvable=0'])
      expect(await totalOf('GetNewUser', off, approver.token)).toBe(all.total);
    // A bulk action over every row the filtered list shows changes those rows, and refuses none.
    const bulk = await env.post(
      'bulkUserStatus',
      { list: 'GetNewUser', matching: { approvable: true }, status: 'Active' },
      approver.token,
    );
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ changed: mine.total, refused: [] });
  });

  it('answers a role without permissions nothing but an empty summary', async () => {
    const role = await sql<{ id: number }>`INSERT INTO roles (name, rank) VALUES ('Home Viewer', 1)
      RETURNING id`.execute(env.t.db);
    const userId = await env.t.createUser(role.rows[0]!.id, 'viewer@home.ph');
    expect(userId).toBeGreaterThan(0);
    const s = await summaryOf(await env.t.login('viewer@home.ph'));
    expect(s).toEqual({ figures: [], open_limit: null, overview: null, notifications: null });
  });

  it("says more than it counts past the lists' exact bound, as the list says it estimates", async () => {
    // In one statement, as the tallies (decision 23) see a bulk change.
    await sql`INSERT INTO properties (user_id, user_type, property_name, property_headline,
        property_description, property_classification_id, property_type_id, product_category_id, land_area,
        street_name, province_id, town_id, barangay_id, status)
      SELECT ${env.admin.userId}, ${ROLE.SuperAdmin}, 'Bulk pending ' || g, 'Headline', 'Waiting.', 4, 1, 3,
        '100', 'Street ' || g, ${p.province_id}, ${p.town_id}, ${p.barangay_id}, 'Pending'
      FROM generate_series(1, ${EXACT_COUNT_LIMIT}) g`.execute(env.t.db);
    try {
      for (const token of [env.admin.token, (await env.t.signedIn(ROLE.Operator)).token]) {
        const s = await summaryOf(token);
        expect(figure(s, 'pending_listings')).toEqual({
          key: 'pending_listings',
          count: EXACT_COUNT_LIMIT,
          more: true,
        });
        const list = await pageOf('allproperty', 'status=Pending', token);
        expect(list).toMatchObject({ total_is_estimate: true });
        expect(list.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
        expect(s.overview!.find((o) => o.status === 'Pending')!.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
      }
    } finally {
      await sql`DELETE FROM properties WHERE property_name LIKE 'Bulk pending %'`.execute(env.t.db);
    }
    // 10,000 listings written and removed: 5 s here since their words are removed by key (migration 0050).
  }, 30_000);

  it("lists the caller's newest notifications as the Notifications list does", async () => {
    const s = await summaryOf(env.admin.token);
    const list = await env.get('/api/getNotification', env.admin.token);
    const newest = list.json().resultData.data.slice(0, 5);
    expect(list.json().resultData.total).toBeGreaterThan(5);
    expect(s.notifications!.length).toBe(5);
    expect(s.notifications).toEqual(newest);
  });
});

describe("the Property List's filters the home page links to", () => {
  it('refuses filters it cannot read with plain sentences', async () => {
    for (const [query, message] of [
      ['status=Bogus', 'status must be one of'],
      ['rental_expires_within=0', 'rental_expires_within must be at least 1'],
      ['rental_expires_within=abc', 'rental_expires_within must be a number of days'],
      ['rental_expires_within=400', 'rental_expires_within must be at most 366'],
      ['own_open=maybe', 'own_open must be true or left out'],
    ]) {
      const res = await env.get(`/api/allproperty?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it('takes an empty filter as none, as old clients send it', async () => {
    const all = await totalOf('allproperty', '', env.admin.token);
    expect(await totalOf('allproperty', 'status=&rental_expires_within=&own_open=', env.admin.token)).toBe(
      all,
    );
  });
});

describe("the Approve User list's approvable filter", () => {
  it('refuses a value it cannot read with a plain sentence, in the list and its export', async () => {
    for (const query of ['approvable=maybe', 'approvable=2', 'approvable=yes&approvable=no']) {
      const res = await env.get(`/api/GetNewUser?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual({ approvable: 'approvable must be true or left out' });
      expect((await env.get(`/api/GetNewUser/export?${query}`)).statusCode, query).toBe(400);
    }
  });
});

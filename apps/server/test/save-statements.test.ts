import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createDb, type Db } from '../src/db/index.ts';
import { MAX_PREPARED, prepare, runPrepared } from '../src/db/prepared.ts';
import { createTestApp, statementCapture, type TestApp } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';
import { fanOutNotifications } from '../src/lib/notifications.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  oldUserForm,
  place,
  type Place,
} from './entity-fixtures.ts';

/**
 * How many statements the busiest saves send (issue 23: saves under 10 ms at ten million listings,
 * where each round trip to PostgreSQL costs about a millisecond): what they check is read in one
 * statement before the transaction, and the transaction writes in as few as it can. A change that adds a
 * round trip to these saves fails here and must say why.
 */
const capture = statementCapture('save-statements');
let t: TestApp;
let admin: { userId: number; token: string };
let p: Place;
let agencyId: number;
let brokerId: number;

const post = async (call: string, payload: object, token = admin.token) => {
  const res = await t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await capture.whileStarting(() => createTestApp());
  admin = await t.signedIn(ROLE.SuperAdmin);
  await t.db.updateTable('users').set({ open_property_limit: 999 }).execute();
  p = await place(t, 'Cebu');
  await post('saveagency', agencyPayload(p, 'Statement Realty'));
  agencyId = (await t.db.selectFrom('agencies').select('agency_id').executeTakeFirstOrThrow()).agency_id;
  await post('savebrokerassociation', associationPayload(p, 'Statement Association'));
  const association = await t.db
    .selectFrom('broker_associations')
    .select('broker_association_id')
    .executeTakeFirstOrThrow();
  await post('savebroker', brokerPayload(p, 'Statement Broker', [association.broker_association_id]));
  brokerId = (await t.db.selectFrom('brokers').select('broker_id').executeTakeFirstOrThrow()).broker_id;
});
afterAll(async () => {
  await t.close();
  capture.remove();
});

/**
 * The statements captured since the mark (of one call, if named), each as its first words. Not the audit
 * settings a connection is handed when it last carried another's (db/audit-context.ts): a new user's
 * notifications are written out in the background after its answer, and whether the next save is given
 * that connection depends on when they finished.
 */
const openingsSince = (mark: number, call?: string) =>
  capture
    .since(mark)
    .filter(
      (statement) =>
        (call === undefined || statement.call === call) &&
        !statement.sql.includes("set_config('pp.actor_id'"),
    )
    .map((statement) => statement.sql.trim().split(/\s+/).slice(0, 4).join(' ').toLowerCase());

/** The statements one save sends: its call's, not those of the processes' background work. */
async function statementsOf(call: string, payload: object, token?: string) {
  const mark = capture.mark();
  await post(call, payload, token);
  return openingsSince(mark, call);
}

// First in the file: no user saved yet, so no writing out of another event runs beside this one.
describe("a new user's notifications, written out after the answer", () => {
  it('are read from the queue, then taken off it and written in one statement, with no transaction', async () => {
    // A new Agent, whom another Super Admin may approve: one to tell.
    const [agent, approver] = [await t.signedIn(ROLE.Agent), await t.signedIn(ROLE.SuperAdmin)];
    const queued = await t.db
      .insertInto('notification_fan_outs')
      .values({
        kind: 'userCreated',
        subject: 'Counted Waiting (Agent) was created by someone',
        entity: 'user',
        entity_id: agent.userId,
        actor: admin.userId,
        exclude: [agent.userId],
      })
      .returning('fan_out_id')
      .executeTakeFirstOrThrow();
    const mark = capture.mark();
    const written = await fanOutNotifications(t.db);
    expect(openingsSince(mark)).toEqual([
      'select "fan_out_id", "kind", "subject",',
      'with "taken" as (delete',
    ]);
    const told = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('notification_subject', '=', 'Counted Waiting (Agent) was created by someone')
      .execute();
    expect(told.map((r) => r.user_id)).toContain(approver.userId);
    expect(told.length).toBe(written);
    expect(
      await t.db
        .selectFrom('notification_fan_outs')
        .select('fan_out_id')
        .where('fan_out_id', '=', queued.fan_out_id)
        .execute(),
    ).toEqual([]);
  });
});

describe('round trips of a save', () => {
  it('a new listing by an Admin (no open-listing limit): its checks, then one statement that writes it, its history and its notifications', async () => {
    // The first save of a kind plans and caches what later ones reuse.
    await post('saveproperty', propertyForm(p, 'Warm-up lot'));
    expect(await statementsOf('saveproperty', propertyForm(p, 'Counted lot'))).toEqual([
      'select ((select "dwelling_type" from',
      'with "p" as (insert',
    ]);
  });

  it("a new listing by an Agent: the same two, the owner's place under their limit taken in the second (decision 72)", async () => {
    const agent = await t.signedIn(ROLE.Agent);
    await post('saveproperty', propertyForm(p, 'Agent warm-up lot'), agent.token);
    expect(await statementsOf('saveproperty', propertyForm(p, 'Agent counted lot'), agent.token)).toEqual([
      'select ((select "dwelling_type" from',
      'with "p" as (insert',
    ]);
  });

  it('a new user: its checks in one statement, then one that writes the user, their links and the event', async () => {
    const user = (email: string) =>
      oldUserForm(p, { email, agencyId, skillIds: [], brokerIds: [brokerId], sentBy: admin.userId });
    await post('SaveUser', user('warm-up@statements.example.ph'));
    expect(await statementsOf('SaveUser', user('counted@statements.example.ph'))).toEqual([
      'select (select to_jsonb(x) from',
      'with "u" as (insert',
    ]);
  });
});

/** The statements prepared on each of a handle's pooled connections (all held at once, so none twice). */
async function preparedOn(db: Db, connections: number) {
  let release!: () => void;
  const allHeld = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const each = await Promise.all(
    Array.from({ length: connections }, () =>
      db.connection().execute(async (connection) => {
        if (++held === connections) release();
        await allHeld;
        const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(connection);
        return rows;
      }),
    ),
  );
  return each.flat();
}

describe('prepared statements (decision 71)', () => {
  it("a save's statements are prepared on the connections that ran them; a list's search is not", async () => {
    const agent = await t.signedIn(ROLE.Agent);
    await post('saveproperty', propertyForm(p, 'Prepared lot'), agent.token);
    const mark = capture.mark();
    const res = await t.call(admin.token, { method: 'GET', url: '/api/allproperty?searchText=prepared' });
    expect(res.statusCode, res.body).toBe(200);
    // The list's own statements: not its connection's audit settings (cleared for a read, and prepared),
    // nor the background writing of the earlier new users' notifications.
    const listed = capture
      .since(mark)
      .map((statement) => statement.sql)
      .filter((text) => text.includes('"properties"'));
    expect(listed.length).toBeGreaterThan(0);

    const prepared = (await preparedOn(t.db, 5)).map((row) => row.statement.trim().toLowerCase());
    for (const start of [
      'select "s"."id" as "sessionid"',
      "select set_config('pp.actor_id'",
      'select ((select "dwelling_type" from',
      'with "p" as (insert',
      'select (select to_jsonb(x) from',
      'with "u" as (insert',
    ])
      expect(
        prepared.some((statement) => statement.startsWith(start)),
        start,
      ).toBe(true);
    for (const statement of listed) expect(prepared).not.toContain(statement.trim().toLowerCase());
  });

  it('a statement marked is parsed once on its connection and, where its plan holds for any value, planned once', async () => {
    const db = createDb(t.databaseUrl, 1);
    try {
      const lookup = (id: number) =>
        sql<{ user_id: number }>`SELECT user_id FROM users WHERE user_id = ${id}`;
      for (let id = 1; id <= 8; id++) await runPrepared(db, lookup(id).compile(db));
      await sql`SELECT role_id FROM users WHERE user_id = ${admin.userId}`.execute(db);
      const prepared = await preparedOn(db, 1);
      // Each run after the fifth reuses the plan made for any value (PostgreSQL's plan_cache_mode auto).
      expect(prepared).toEqual([
        { statement: lookup(0).compile(db).sql, custom_plans: '5', generic_plans: '3' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it(`prepares at most ${MAX_PREPARED} texts in all; others run unnamed`, async () => {
    const db = createDb(t.databaseUrl, 1);
    try {
      for (let n = 0; n < MAX_PREPARED; n++) prepare(`SELECT ${n} AS filler`);
      const past = sql<{ one: number }>`SELECT 1 AS one FROM users WHERE user_id = ${admin.userId}`.compile(
        db,
      );
      expect(await runPrepared(db, past)).toEqual([{ one: 1 }]);
      expect(await preparedOn(db, 1)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

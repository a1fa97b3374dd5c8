import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { inTransaction } from '../src/db/index.ts';
import { fanOutEvent, notifyEach, notifyStatement } from '../src/lib/notifications.ts';

// Decision 108: a new user's notifications go to those who may approve them, a query of roles that
// PostgreSQL estimates at a third of all users. With every Active user joined to it by a hash, each
// new user read all 1,500,000 Active users at ten million listings (232 ms on average, and 30 MB of
// temporary files) to tell nobody.
const CROWD = 30_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A crowd of Agents, Owner-Agents and Individuals, as a bulk load writes them: without the triggers
  // that keep their words and audit trail, which no one reads here (they are removed the same way).
  await inTransaction(t.db, async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`INSERT INTO users (first_name, last_name, user_email, role_id, user_status, phone_1)
      SELECT 'Crowd', 'Member ' || g, 'crowd' || g || '@fan-out.example.ph',
        (${sql.val([ROLE.Agent, ROLE.OwnerAgent, ROLE.Individual])}::int[])[1 + g % 3], 'Active',
        '0918' || lpad(g::text, 7, '0')
      FROM generate_series(1, ${CROWD}) g`.execute(trx);
  });
  await sql`VACUUM ANALYZE`.execute(t.db);
});

afterAll(async () => {
  await inTransaction(t.db, async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`DELETE FROM users WHERE user_email LIKE 'crowd%@fan-out.example.ph'`.execute(trx);
  });
  await t.close();
});

describe("a new user's notifications among many users", () => {
  it('look up each one who may approve them by key, not every Active user', async () => {
    const actor = await t.signedIn(ROLE.SuperAdmin);
    const other = await t.signedIn(ROLE.SuperAdmin);
    const agent = await t.signedIn(ROLE.Agent);
    const queued = {
      kind: 'userCreated',
      subject: 'New Agent (Agent) was created by someone',
      entity: 'user' as const,
      entity_id: agent.userId,
      actor: actor.userId,
      exclude: [agent.userId],
    };
    const { fan_out_id } = await t.db
      .insertInto('notification_fan_outs')
      .values(queued)
      .returning('fan_out_id')
      .executeTakeFirstOrThrow();
    const event = fanOutEvent({ ...queued, fan_out_id, at: null, batch: null, digest: null });
    const statement = notifyStatement(t.db, event)!;
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    // Users are read by key (the new user, each recipient) or by role (the approvers' roles) only: not
    // every Active user (users_status_role, or the table), as the hash join did.
    const reads = [...plan.matchAll(/Scan(?: using (\w+))? on users (\w+)/g)].map(([, index]) => index);
    expect(reads.filter((index) => !['users_pkey', 'users_role_newest'].includes(index!))).toEqual([]);

    // And it writes what it always wrote: one notification to each Active Super Admin and Admin (who may
    // approve Agents by default) but the actor; none of the crowd.
    const approvers = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('role_id', 'in', [ROLE.SuperAdmin, ROLE.Admin])
      .where('user_status', '=', 'Active')
      .where('user_id', '<>', actor.userId)
      .orderBy('user_id')
      .execute();
    expect(approvers.map((r) => r.user_id)).toContain(other.userId);
    expect(await notifyEach(t.db, event)).toBe(approvers.length);
    const told = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('notification_subject', '=', 'New Agent (Agent) was created by someone')
      .orderBy('user_id')
      .execute();
    expect(told).toEqual(approvers);
  });
});

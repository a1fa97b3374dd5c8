import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  idOf,
  place,
  propertyIdOf,
  sellerPayload,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Only Active agents take listings (decision 81): the agent chooser lists no other, and saveproperty,
 * updateproperty and bulkAssignAgent refuse one as they refuse a user who is not an agent; a listing
 * keeps an agent made inactive after they took it. And a record deleted by many deletes at once is
 * deleted once: one answers 200, the others 404 as for a record that is not there.
 */
const env = useTestApp();
let where: Place;
let agencyId: number;
beforeAll(async () => {
  where = await place(env.t, 'Races');
  expect((await env.post('saveagency', agencyPayload(where, 'Race Home Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Race Home Realty');
});

const setStatus = (userId: number, status: 'New' | 'Active' | 'Inactive') =>
  env.t.db.updateTable('users').set({ user_status: status }).where('user_id', '=', userId).execute();

/** An Agent in that status (created Active, then changed, as a deactivation leaves them). */
async function agentIn(status: 'New' | 'Active' | 'Inactive') {
  const id = await env.t.createUser(ROLE.Agent);
  if (status !== 'Active') await setStatus(id, status);
  return id;
}

/** The Super Admin's new listing of that name, with `more` fields; its id. */
async function listing(name: string, more: object = {}) {
  const res = await env.post('saveproperty', { ...propertyForm(where, name), ...more });
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

const agentsOf = (id: number) =>
  env.t.db
    .selectFrom('properties')
    .select(['agent_id', 'secondary_agent_id', 'third_agent_id'])
    .where('property_id', '=', id)
    .executeTakeFirstOrThrow();

/** The listing as its edit form loads it (GetPropertyById), to send back with changes. */
const formOf = async (id: number) =>
  (await env.get(`/api/GetPropertyById?id=${id}`)).json().resultData[0] as Record<string, unknown>;

describe('a listing takes only Active agents', () => {
  it('saveproperty refuses an Inactive or New agent in any of the three places', async () => {
    const inactive = await agentIn('Inactive');
    const waiting = await agentIn('New');
    const active = await agentIn('Active');
    for (const [field, agent] of [
      ['agent_id', inactive],
      ['secondary_agent_id', inactive],
      ['third_agent_id', waiting],
    ] as const) {
      const res = await env.post('saveproperty', {
        ...propertyForm(where, `Refused lot ${field}`),
        [field]: agent,
      });
      expect([res.statusCode, res.json().errors], field).toEqual([400, { [field]: 'Unknown agent' }]);
    }
    const id = await listing('Taken lot', { agent_id: active, secondary_agent_id: active });
    expect(await agentsOf(id)).toMatchObject({ agent_id: active, secondary_agent_id: active });
  });

  it('updateproperty refuses a change to an Inactive agent, and keeps one who became inactive', async () => {
    const first = await agentIn('Active');
    const second = await agentIn('Active');
    const id = await listing('Kept lot', { agent_id: first, secondary_agent_id: second });
    await setStatus(first, 'Inactive');
    await setStatus(second, 'Inactive');
    const form = await formOf(id);
    // The same agents, made inactive since: the listing is still theirs, and editable.
    const kept = await env.post('updateproperty', { ...form, property_headline: 'Still theirs' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await agentsOf(id)).toEqual({ agent_id: first, secondary_agent_id: second, third_agent_id: null });
    // Another inactive agent is no choice.
    const other = await agentIn('Inactive');
    const changed = await env.post('updateproperty', { ...form, third_agent_id: other });
    expect([changed.statusCode, changed.json().errors]).toEqual([400, { third_agent_id: 'Unknown agent' }]);
    // Nor is an inactive agent of another listing.
    const elsewhere = await listing('Other lot', { agent_id: await agentIn('Active') });
    const moved = await env.post('updateproperty', { ...(await formOf(elsewhere)), agent_id: first });
    expect([moved.statusCode, moved.json().errors]).toEqual([400, { agent_id: 'Unknown agent' }]);
    // A new listing sending an edit's id gains nothing from that listing's agents.
    const copied = await env.post('saveproperty', {
      ...propertyForm(where, 'Copied lot'),
      id,
      agent_id: first,
    });
    expect([copied.statusCode, copied.json().errors]).toEqual([400, { agent_id: 'Unknown agent' }]);
    expect((await agentsOf(elsewhere)).agent_id).not.toBe(first);
  });

  it('bulkAssignAgent refuses an Inactive agent', async () => {
    const id = await listing('Bulk kept lot');
    const inactive = await agentIn('Inactive');
    const res = await env.post('bulkAssignAgent', { ids: [id], agent_id: inactive });
    expect([res.statusCode, res.json().errors]).toEqual([400, { agent_id: 'Unknown agent' }]);
    expect((await agentsOf(id)).agent_id).toBeNull();
  });

  it('bulkAssignAgent waits for a deactivation of the agent under way, then refuses them', async () => {
    const id = await listing('Bulk race lot');
    const leaving = await agentIn('Active');
    const locker = await lockHolder(env.t);
    try {
      await locker.query("UPDATE users SET user_status = 'Inactive' WHERE user_id = $1", [leaving]);
      const assigning = env.post('bulkAssignAgent', { ids: [id], agent_id: leaving });
      await locker.untilWaiting('users');
      await locker.commit();
      const res = await assigning;
      expect([res.statusCode, res.json().errors]).toEqual([400, { agent_id: 'Unknown agent' }]);
    } finally {
      await locker.end();
    }
    expect((await agentsOf(id)).agent_id).toBeNull();
  });
});

/**
 * Sends `n` deletes of one record while its row is locked (as a delete under way holds it), until at
 * least two of them wait at their DELETE, so they are sure to race; answers them once all are in.
 */
async function deletesAtOnce(
  table: string,
  key: string,
  id: number,
  send: () => ReturnType<typeof env.post>,
) {
  const holder = await lockHolder(env.t);
  try {
    await holder.query(`SELECT 1 FROM ${table} WHERE ${key} = $1 FOR UPDATE`, [id]);
    const answers = Promise.all(Array.from({ length: 10 }, send));
    for (;;) {
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
          AND wait_event_type = 'Lock' AND query ~* $1`,
        [`^delete from "${table}"`],
      );
      if ((rows[0] as { n: number }).n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.commit();
    return await answers;
  } finally {
    await holder.end();
  }
}

/** Exactly one 200 with the success message, the other nine 404 with the not-found one. */
function expectDeletedOnce(answers: Awaited<ReturnType<typeof env.post>>[], entity: string) {
  const seen = answers.map((r) => [r.statusCode, r.json().message]).sort();
  expect(seen).toEqual([
    [200, `${entity} deleted successfully`],
    ...Array.from({ length: 9 }, () => [404, `${entity} not found`]),
  ]);
}

describe('deletes of one record at once delete it once', () => {
  it('an agency', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Doomed Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Doomed Realty');
    const answers = await deletesAtOnce('agencies', 'agency_id', id, () =>
      env.post('deleteagency', { agency_id: id }),
    );
    expectDeletedOnce(answers, 'Agency');
  });

  it('a master record', async () => {
    expect((await env.post('SaveCapability', { Name: 'Doomed skill' })).statusCode).toBe(200);
    const { rows } = await sql<{ id: number }>`
      SELECT capability_id AS id FROM capabilities WHERE capability_name = 'Doomed skill'`.execute(env.t.db);
    const id = rows[0]!.id;
    const answers = await deletesAtOnce('capabilities', 'capability_id', id, () =>
      env.post('DeleteCapability', { Id: id }),
    );
    expectDeletedOnce(answers, 'Capability');
  });

  it('a seller', async () => {
    const made = await env.post('saveSeller', sellerPayload(where, 'Doomed Dora', agencyId));
    expect(made.statusCode, made.body).toBe(200);
    const { seller_id } = await env.t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_name', '=', 'Doomed Dora')
      .executeTakeFirstOrThrow();
    const answers = await deletesAtOnce('sellers', 'seller_id', seller_id, () =>
      env.post('deleteSeller', { seller_id }),
    );
    expectDeletedOnce(answers, 'Seller');
  });

  it('an agency deleted by ten at once without a lock held', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Crowded Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Crowded Realty');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => env.post('deleteagency', { agency_id: id })),
    );
    expectDeletedOnce(answers, 'Agency');
  });

  it('still refuses one in use with 409', async () => {
    expect((await env.post('saveagency', agencyPayload(where, 'Busy Realty'))).statusCode).toBe(200);
    const id = await idOf(env, AGENCY, 'Busy Realty');
    expect((await env.post('saveSeller', sellerPayload(where, 'Busy Ben', id))).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => env.post('deleteagency', { agency_id: id })),
    );
    expect(answers.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 3 }, () => [
        409,
        'Agency : Busy Realty is used by 1 seller and cannot be deleted',
      ]),
    );
  });
});

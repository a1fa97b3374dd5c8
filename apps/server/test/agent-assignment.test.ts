import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { place, propertyIdOf, setOpenLimit, useTestApp, type Place } from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Only Active agents take listings (decision 81): the agent chooser lists no other, and saveproperty,
 * updateproperty and bulkAssignAgent refuse one as they refuse a user who is not an agent; a listing
 * keeps an agent made inactive after they took it.
 */
const env = useTestApp();
let where: Place;
beforeAll(async () => {
  where = await place(env.t, 'Races');
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

  it('saveproperty waits for a deactivation of a chosen agent under way, then refuses them, in any place', async () => {
    for (const field of AGENT_PLACES) {
      const leaving = await agentIn('Active');
      const name = `Race lot ${field}`;
      const res = await whileDeactivating(leaving, 'insert into "properties"', () =>
        env.post('saveproperty', { ...propertyForm(where, name), [field]: leaving }),
      );
      expect([res.statusCode, res.json().errors], field).toEqual([400, { [field]: 'Unknown agent' }]);
      const saved = await env.t.db
        .selectFrom('properties')
        .select('property_id')
        .where('property_name', '=', name)
        .execute();
      expect(saved, field).toEqual([]);
    }
  });

  it('updateproperty waits for a deactivation of an agent it gives the listing, then refuses them', async () => {
    const kept = await agentIn('Active');
    const id = await listing('Race edit lot', { agent_id: kept });
    for (const field of ['secondary_agent_id', 'third_agent_id'] as const) {
      const leaving = await agentIn('Active');
      const form = await formOf(id);
      const res = await whileDeactivating(leaving, 'update "properties"', () =>
        env.post('updateproperty', { ...form, [field]: leaving }),
      );
      expect([res.statusCode, res.json().errors], field).toEqual([400, { [field]: 'Unknown agent' }]);
      expect(await agentsOf(id), field).toEqual({
        agent_id: kept,
        secondary_agent_id: null,
        third_agent_id: null,
      });
    }
    // In the first place, and while its own agent is deactivated too: the one kept passes, the new one does not.
    const leaving = await agentIn('Active');
    const res = await whileDeactivating(leaving, 'update "properties"', () =>
      formOf(id).then((form) =>
        env.post('updateproperty', { ...form, agent_id: leaving, third_agent_id: kept }),
      ),
    );
    expect([res.statusCode, res.json().errors]).toEqual([400, { agent_id: 'Unknown agent' }]);
    expect((await agentsOf(id)).agent_id).toBe(kept);
  });

  it("an Agent's listings saved at once that name them as their agent do not deadlock", async () => {
    // Each save takes its owner's open-listing place and shares its agents' rows: an agent who is also
    // the owner is both, and the saves take turns on the place.
    const agent = await env.t.signedIn(ROLE.Agent);
    await setOpenLimit(env.t, [agent.userId], 100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        env.post(
          'saveproperty',
          { ...propertyForm(where, `Own lot ${i}`), agent_id: agent.userId, third_agent_id: agent.userId },
          agent.token,
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
  });

  it("an Agent's new listing does not wait for a save that names them as its agent", async () => {
    // That save shares the Agent's users row until it commits (decision 81). The Agent's open-listing
    // place is another lock (decision 83): on the row, two Agents naming each other deadlocked.
    const agent = await env.t.signedIn(ROLE.Agent);
    await setOpenLimit(env.t, [agent.userId], 100);
    const holder = await lockHolder(env.t);
    try {
      await holder.query('SELECT 1 FROM users WHERE user_id = $1 FOR SHARE', [agent.userId]);
      const saving = env.post('saveproperty', propertyForm(where, 'Unhindered lot'), agent.token);
      const waited = holder.untilWaiting('insert into "properties"').then(() => 'waited for the shared row');
      waited.catch(() => {}); // the holder ends while it still polls
      expect(await Promise.race([saving.then((r) => r.statusCode), waited])).toBe(200);
    } finally {
      await holder.commit();
      await holder.end();
    }
  });

  it('two Agents who name each other in twenty listings saved at once all save', async () => {
    const [first, second] = [await env.t.signedIn(ROLE.Agent), await env.t.signedIn(ROLE.Agent)];
    await setOpenLimit(env.t, [first.userId, second.userId], 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [saver, agent] = i % 2 === 0 ? [first, second] : [second, first];
        return env.post(
          'saveproperty',
          { ...propertyForm(where, `Crossed ${i}`), agent_id: agent.userId },
          saver.token,
        );
      }),
    );
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
  });

  it('updateproperty keeps an agent deactivated while it saves', async () => {
    const kept = await agentIn('Active');
    const id = await listing('Race kept lot', { agent_id: kept });
    const form = await formOf(id);
    const res = await whileDeactivating(kept, 'update "properties"', () =>
      env.post('updateproperty', { ...form, secondary_agent_id: kept }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await agentsOf(id)).toEqual({ agent_id: kept, secondary_agent_id: kept, third_agent_id: null });
  });
});

const AGENT_PLACES = ['agent_id', 'secondary_agent_id', 'third_agent_id'] as const;

/**
 * Sends `save` while a deactivation of the user is under way (uncommitted): its check, before the write,
 * still reads them Active. Once a statement matching `pattern` waits for the deactivation's lock (or the
 * save answered without waiting), commits it; answers the save.
 */
async function whileDeactivating(userId: number, pattern: string, save: () => ReturnType<typeof env.post>) {
  const locker = await lockHolder(env.t);
  try {
    await locker.query("UPDATE users SET user_status = 'Inactive' WHERE user_id = $1", [userId]);
    let answered = false;
    const saving = save().finally(() => {
      answered = true;
    });
    while (!answered) {
      await locker.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await locker.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
          AND wait_event_type = 'Lock' AND query ~* $1`,
        [pattern],
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await locker.commit();
    return await saving;
  } finally {
    await locker.end();
  }
}

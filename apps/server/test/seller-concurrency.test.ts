import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  savedIdOf,
  place,
  propertyIdOf,
  sellerIdOf,
  sellerPayload,
  setAgency,
  setOpenLimit,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';
import { expectRefusal, noServerErrors, overHttp, type Answer, type Post } from './http-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Hostile concurrency on sellers and on listings' sellers, over real HTTP (the test app listens on a
 * port): many writers on one seller, a seller deleted while listings are saved naming it, an Agent and
 * an Admin changing one listing's seller back and forth (decision 90). Whatever
 * the interleaving: no 5xx, a refusal in plain words, nothing lost, mixed or left pointing nowhere.
 */
const env = useTestApp();
let post: Post;
let where: Place;
let there: Place;
let agencyA: number;
let agencyB: number;
let admin: { userId: number; token: string };
let agent: { userId: number; token: string };

beforeAll(async () => {
  post = await overHttp(env.t);
  where = await place(env.t, 'Seller races');
  there = await place(env.t, 'Seller races elsewhere');
  agencyA = await savedIdOf(env, AGENCY, agencyPayload, where, 'Racing A Realty');
  agencyB = await savedIdOf(env, AGENCY, agencyPayload, where, 'Racing B Realty');
  admin = await env.t.signedIn(ROLE.Admin);
  agent = await env.t.signedIn(ROLE.Agent);
  await setAgency(env, agent.userId, agencyA);
  await setOpenLimit(env.t, [agent.userId], 200);
});

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

async function newSeller(name: string, agencyId: number) {
  const res = await post('saveSeller', sellerPayload(where, name, agencyId), admin.token);
  expect(res.status, res.text).toBe(200);
  return sellerIdOf(env.t, name);
}

const sellerRow = (seller_id: number) =>
  env.t.db.selectFrom('sellers').selectAll().where('seller_id', '=', seller_id).executeTakeFirst();

const listingSeller = async (id: number) =>
  (
    await env.t.db
      .selectFrom('properties')
      .select('seller_id')
      .where('property_id', '=', id)
      .executeTakeFirstOrThrow()
  ).seller_id;

/** The Agent's new listing of that name with that seller; its id. */
async function agentListing(name: string, seller_id: number) {
  const res = await post('saveproperty', { ...propertyForm(where, name), seller_id }, agent.token);
  expect(res.status, res.text).toBe(200);
  return propertyIdOf(env.t, name);
}

/** The listing's edit form as `token` reads it. */
const formOf = async (id: number, token: string) =>
  (await env.get(`/api/GetPropertyById?id=${id}`, token)).json().resultData[0] as Record<string, unknown>;

describe('twenty writers on one seller', () => {
  it('saves each whole or refuses it; the row is one writer’s payload; one audit entry per save', async () => {
    const seller_id = await newSeller('Contested Carmen', agencyA);
    // Every field of each payload is its writer's own, and the places alternate, so a mix shows.
    const payload = (i: number) => ({
      ...sellerPayload(i % 2 ? there : where, `Writer ${i}`, agencyA),
      seller_id,
      property_owner_name: `Owner ${i}`,
      phone_1: `0917${String(i).padStart(7, '0')}`,
      phone_2: `0918${String(i).padStart(7, '0')}`,
      email_address: `writer${i}@example.ph`,
      notes_about_seller: `Notes of writer ${i}`,
      house_no: `${100 + i}`,
      street_name: `Street ${i}`,
      zipcode: `${1000 + i}`,
    });
    const writers = times(20, (i) => ({ i, token: i % 3 === 0 ? agent.token : admin.token }));
    const answers = await Promise.all(writers.map((w) => post('updateSeller', payload(w.i), w.token)));
    noServerErrors(answers);
    for (const a of answers)
      expect([a.status, a.body]).toEqual([200, { message: 'Seller updated successfully' }]);

    // The record as its form reads it (address fields under their wire names).
    const row = (await env.get(`/api/getSellerById?seller_id=${seller_id}`, admin.token)).json()
      .resultData[0];
    const winner = writers.find((w) => payload(w.i).seller_name === row.seller_name)!;
    expect(row).toMatchObject({
      ...payload(winner.i),
      updated_by: winner.token === agent.token ? agent.userId : admin.userId,
    });
    const audited = await env.t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'call'])
      .where('entity', '=', 'sellers')
      .where('entity_id', '=', String(seller_id))
      .where('action', '=', 'update')
      .execute();
    expect(audited).toHaveLength(answers.filter((a) => a.status === 200).length);
    expect(audited.filter((e) => e.actor_id === agent.userId)).toHaveLength(7);
  });

  it('refuses an Agent’s writes plainly once an Admin among the writers moves the seller away', async () => {
    const seller_id = await newSeller('Drifting Dina', agencyA);
    const payload = (i: number, agencyId: number) => ({
      ...sellerPayload(where, `Drifter ${i}`, agencyId),
      seller_id,
    });
    const answers = await Promise.all(
      times(20, (i) =>
        i === 10
          ? post('updateSeller', payload(i, agencyB), admin.token)
          : post('updateSeller', payload(i, agencyA), agent.token),
      ),
    );
    noServerErrors(answers);
    expect(answers[10]!.status, answers[10]!.text).toBe(200);
    for (const a of answers) if (a.status !== 200) expectRefusal(a, [404], 'Agent after the move');
    expect((await sellerRow(seller_id))!).toMatchObject({ seller_name: 'Drifter 10', agency_id: agencyB });
  });
});

describe('a seller’s save whose database connection dies in the middle', () => {
  it('answers 503 plainly, writes nothing, and the next save is whole', async () => {
    const seller_id = await newSeller('Crashing Celia', agencyA);
    const before = await sellerRow(seller_id);
    const form = { ...sellerPayload(there, 'Crashed Celia', agencyA), seller_id };
    const holder = await lockHolder(env.t);
    try {
      // The save locks the seller, then waits for the row held here; its backend is ended there.
      await holder.query('SELECT 1 FROM sellers WHERE seller_id = $1 FOR UPDATE', [seller_id]);
      const saving = post('updateSeller', form, admin.token);
      await holder.untilWaiting('sellers');
      await holder.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~* 'sellers'`);
      const answer = await saving;
      expect([answer.status, answer.body]).toEqual([
        503,
        { message: 'The database is unavailable. Please try again shortly' },
      ]);
    } finally {
      await holder.end();
    }
    expect(await sellerRow(seller_id)).toEqual(before);
    const audited = () =>
      env.t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'sellers')
        .where('entity_id', '=', String(seller_id))
        .where('action', '=', 'update')
        .execute();
    expect(await audited()).toEqual([]);
    const again = await post('updateSeller', form, admin.token);
    expect(again.status, again.text).toBe(200);
    expect(await sellerRow(seller_id)).toMatchObject({
      seller_name: 'Crashed Celia',
      town_id: there.town_id,
    });
    expect(await audited()).toHaveLength(1);
  });
});

describe('a seller deleted while listings are saved naming it', () => {
  /**
   * Five edits of listings (of another seller) ready to name `sellerId`; answers a function sending
   * those and five new listings naming it, by the Agent and the Admin in turn, all at once.
   */
  async function namingSaves(sellerId: number, round: string) {
    const other = await newSeller(`Stand-in ${round}`, agencyA);
    const edits = await Promise.all(times(5, (i) => agentListing(`Edited ${round} ${i}`, other)));
    const forms = await Promise.all(edits.map((id) => formOf(id, agent.token)));
    const by = (i: number) => (i % 2 ? admin.token : agent.token);
    const send = () => [
      ...times(5, (i) =>
        post('saveproperty', { ...propertyForm(where, `New ${round} ${i}`), seller_id: sellerId }, by(i)),
      ),
      ...forms.map((form, i) => post('updateproperty', { ...form, seller_id: sellerId }, by(i))),
    ];
    return { send, edits };
  }

  async function expectNoneLeftPointing(sellerId: number, answers: Answer[], deleted: Answer) {
    noServerErrors([...answers, deleted]);
    const pointing = await env.t.db
      .selectFrom('properties')
      .select('property_id')
      .where('seller_id', '=', sellerId)
      .execute();
    if (deleted.status === 200) {
      expect(await sellerRow(sellerId)).toBeUndefined();
      expect(pointing).toEqual([]);
      // Each save naming the seller is refused, on its field, as a seller never there is.
      for (const a of answers) {
        expectRefusal(a, [400], 'a save naming the deleted seller');
        expect(a.body.errors, a.text).toEqual({ seller_id: 'Unknown seller' });
      }
    } else {
      expectRefusal(deleted, [409], 'the delete of a seller in use');
      expect(deleted.body.message).toMatch(/^Seller : .* (is used by|is still in use)/);
      expect(await sellerRow(sellerId)).toBeDefined();
      for (const a of answers) expect(a.status, a.text).toBe(200);
    }
  }

  it('refuses every save that waited on the delete, plainly, and leaves no listing pointing at it', async () => {
    const sellerId = await newSeller('Vanishing Vera', agencyA);
    const { send, edits } = await namingSaves(sellerId, 'held');
    const holder = await lockHolder(env.t);
    try {
      await holder.query('DELETE FROM sellers WHERE seller_id = $1', [sellerId]);
      const sending = send();
      // The pool's five connections all wait on the seller's row: each save read it before the delete.
      await holder.untilWaiting('properties', 5);
      await holder.commit();
      const saves = await Promise.all(sending);
      await expectNoneLeftPointing(sellerId, saves, { status: 200, body: {}, text: '' });
      for (const id of edits) expect(await listingSeller(id)).not.toBe(sellerId);
    } finally {
      await holder.end();
    }
  });

  it('in a burst, either the delete is refused or every save naming the seller is', async () => {
    for (let round = 0; round < 6; round++) {
      const sellerId = await newSeller(`Burst Bella ${round}`, agencyA);
      const { send } = await namingSaves(sellerId, `burst ${round}`);
      // The saves start later each round, so the delete meets them at another point of theirs.
      const deleting = post('deleteSeller', { seller_id: sellerId }, admin.token);
      await new Promise((resolve) => setTimeout(resolve, round * 4));
      const [deleted, ...answers] = await Promise.all([deleting, ...send()]);
      await expectNoneLeftPointing(sellerId, answers, deleted!);
    }
  });
});

describe("an Agent and an Admin changing one listing's seller back and forth", () => {
  it('keeps every seller the Agent wrote in their scope or the listing’s own, with a history chain unbroken', async () => {
    const ours = await newSeller('Ours Olga', agencyA);
    const alsoOurs = await newSeller('Ours Ofelia', agencyA);
    const theirs = await newSeller('Theirs Thea', agencyB);
    const id = await agentListing('Tug of war house', ours);
    const refusal = { message: 'seller_id: Unknown seller', errors: { seller_id: 'Unknown seller' } };
    for (let round = 0; round < 4; round++) {
      const agentForm = await formOf(id, agent.token);
      const adminForm = await formOf(id, admin.token);
      // The Admin gives the other agency's seller and takes it back; the Agent sends theirs, or keeps
      // (from a form perhaps read before the Admin's change) the other agency's.
      const answers = await Promise.all(
        times(24, (i) =>
          i % 2
            ? post('updateproperty', { ...adminForm, seller_id: i % 4 === 1 ? theirs : ours }, admin.token)
            : post(
                'updateproperty',
                { ...agentForm, seller_id: [theirs, alsoOurs, theirs, ours][(i / 2) % 4] },
                agent.token,
              ),
        ),
      );
      noServerErrors(answers);
      for (const [i, a] of answers.entries()) {
        if (a.status === 200) continue;
        // Only the Agent's save of the other agency's seller, no longer the listing's, is refused.
        expect([i % 2, a.status, a.body], a.text).toEqual([0, 400, refusal]);
        expectRefusal(a, [400], 'an Agent naming a seller out of scope');
      }
    }
    const history = await env.t.db
      .selectFrom('property_history')
      .select(['old_value', 'new_value', 'changed_by'])
      .where('property_id', '=', id)
      .where('field', '=', 'seller_id')
      .orderBy('id')
      .execute();
    // Each change starts from the seller the one before it left: none written over unseen.
    for (const [n, change] of history.entries())
      expect(change.old_value, `change ${n}`).toBe(n === 0 ? String(ours) : history[n - 1]!.new_value);
    // Only the Admin ever gave the listing the other agency's seller.
    const givenTheirs = history.filter((h) => h.new_value === String(theirs));
    expect(givenTheirs.length).toBeGreaterThan(0);
    expect(givenTheirs.filter((h) => h.changed_by !== admin.userId)).toEqual([]);
    const final = await listingSeller(id);
    expect([ours, alsoOurs, theirs]).toContain(final);
    expect(String(final)).toBe(history.at(-1)!.new_value);
  });
});

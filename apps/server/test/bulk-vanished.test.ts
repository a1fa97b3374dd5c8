import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkAnswer, ROLE } from '@app/contract';
import { place, propertyIdOf, setOpenLimit, useTestApp, type Place } from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';
import { expectAnswer } from './property-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * The bulk actions that change users and listings, on a record another action deletes while they run
 * (decision 80): every id sent comes back changed or refused, the deleted one refused as not found.
 */
const env = useTestApp();
let where: Place;
let admin: { userId: number; token: string };
let agent: { userId: number; token: string };
let other: { userId: number; token: string };
let newAgent: { userId: number; token: string };

beforeAll(async () => {
  where = await place(env.t, 'Vanished');
  admin = await env.t.signedIn(ROLE.Admin);
  agent = await env.t.signedIn(ROLE.Agent);
  other = await env.t.signedIn(ROLE.Agent);
  newAgent = await env.t.signedIn(ROLE.Agent);
  await setOpenLimit(env.t, [agent.userId, other.userId], 50);
});

let named = 0;
async function listings(n: number, token: string) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const name = `Vanishing lot ${++named}`;
    const res = await env.post('saveproperty', propertyForm(where, name), token);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(await propertyIdOf(env.t, name));
  }
  return ids;
}

async function users(n: number, role: number = ROLE.Agent) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await env.t.createUser(role));
  return ids;
}

interface Case {
  call: string;
  payload: object;
  /** Its table, and the statement that waits for the lock the delete holds. */
  table: 'users' | 'properties';
  key: string;
  waits: string;
  /** Three records the caller may change, and one of the same kind outside the caller's scope. */
  records: () => Promise<{ mine: number[]; outside: number }>;
  token: () => string;
}

const userCase = (call: string, payload: object): Case => ({
  call,
  payload,
  table: 'users',
  key: 'user_id',
  waits: '"users".*for (no key )?update',
  // An Admin's list never shows another Admin (as high a rank).
  records: async () => ({ mine: await users(3), outside: (await users(1, ROLE.Admin))[0]! }),
  token: () => admin.token,
});

const listingCase = (call: string, payload: object): Case => ({
  call,
  payload,
  table: 'properties',
  key: 'property_id',
  waits: '"properties".*for no key update',
  // An Agent's Property List holds their own listings, not another agent's.
  records: async () => ({
    mine: await listings(3, agent.token),
    outside: (await listings(1, other.token))[0]!,
  }),
  token: () => agent.token,
});

const CASES: Case[] = [
  userCase('bulkUserStatus', { status: 'Inactive', reason: 'Left' }),
  userCase('bulkDeleteUsers', {}),
  listingCase('bulkPropertyStatus', { status: 'Sold' }),
  listingCase('bulkAssignAgent', {
    get agent_id() {
      return newAgent.userId;
    },
  }),
];

const remove = (c: Case, id: number) => `DELETE FROM ${c.table} WHERE ${c.key} = ${Number(id)}`;

/** The answer, checked against its declaration, and that it accounts for every id sent. */
async function answered(c: Case, res: Awaited<ReturnType<typeof env.post>>, ids: number[]) {
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { changed: number; refused: { id: number; label: string; reason: string }[] };
  expectAnswer(bulkAnswer, answer);
  expect(answer.changed + answer.refused.length, `${c.call}: ${res.body}`).toBe(ids.length);
  expect(answer.refused.every((r) => ids.includes(r.id))).toBe(true);
  return answer;
}

/** The rows of those ids that are there, whole, in id order. */
const rowsOf = async (c: Case, ids: number[]) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(c.table)}
      WHERE ${sql.ref(c.key)} = ANY(${ids}::int[]) ORDER BY ${sql.ref(c.key)}`.execute(env.t.db)
  ).rows;

describe.each(CASES)('$call on a record deleted before it runs', (c) => {
  it('refuses it as not found, beside one outside the scope, and changes the rest', async () => {
    const { mine, outside } = await c.records();
    const [gone, ...kept] = mine as [number, ...number[]];
    await sql.raw(remove(c, gone)).execute(env.t.db);
    const before = await rowsOf(c, [outside]);
    const ids = [...mine, outside];
    const answer = await answered(c, await env.post(c.call, { ...c.payload, ids }, c.token()), ids);
    expect(answer.changed).toBe(kept.length);
    expect(answer.refused).toEqual(
      [
        { id: gone, label: `#${gone}`, reason: 'not found' },
        { id: outside, label: `#${outside}`, reason: 'not found' },
      ].sort((a, b) => a.id - b.id),
    );
    // The record outside the caller's scope reads as absent too, and is left as it was.
    expect(await rowsOf(c, [outside])).toEqual(before);
  });
});

describe.each(CASES)('$call on a record deleted while it waits for its lock', (c) => {
  it('refuses it as not found once the delete is committed, and changes the rest', async () => {
    const { mine, outside } = await c.records();
    const [gone, ...kept] = mine as [number, ...number[]];
    const ids = [...mine, outside];
    const before = await rowsOf(c, [outside]);
    const holder = await lockHolder(env.t);
    try {
      // A delete of the record, held uncommitted until the bulk action waits for the record's lock.
      await holder.query(remove(c, gone));
      const acting = env.post(c.call, { ...c.payload, ids }, c.token());
      await holder.untilWaiting(c.waits);
      await holder.commit();
      const answer = await answered(c, await acting, ids);
      expect(answer.changed).toBe(kept.length);
      expect(answer.refused).toEqual(
        [
          { id: gone, label: `#${gone}`, reason: 'not found' },
          { id: outside, label: `#${outside}`, reason: 'not found' },
        ].sort((a, b) => a.id - b.id),
      );
    } finally {
      await holder.end();
    }
    expect(await rowsOf(c, [gone, outside])).toEqual(before);
  });
});

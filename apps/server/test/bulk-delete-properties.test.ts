import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkAnswer, PROPERTY_MESSAGES, ROLE, type PropertyStatus } from '@app/contract';
import { place, propertyIdOf, setOpenLimit, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';
import { expectAnswer } from './property-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/** bulkDeleteProperties: Suspended listings of the caller's Property List, with their media files. */
const env = useTestApp();
let where: Place;
let agent: { userId: number; token: string };
let other: { userId: number; token: string };

beforeAll(async () => {
  where = await place(env.t, 'BulkDelete');
  agent = await env.t.signedIn(ROLE.Agent);
  other = await env.t.signedIn(ROLE.Agent);
  await setOpenLimit(env.t, [agent.userId, other.userId], 50);
});

let named = 0;
async function listings(
  n: number,
  token = agent.token,
  prefix = 'Doomed lot',
  status: PropertyStatus = 'Suspended',
) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix} ${++named}`;
    const res = await env.post('saveproperty', propertyForm(where, name), token);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(await propertyIdOf(env.t, name));
  }
  await env.t.db.updateTable('properties').set({ status }).where('property_id', 'in', ids).execute();
  return ids;
}

async function bulk(payload: object, token = env.admin.token) {
  const res = await env.post('bulkDeleteProperties', payload, token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(bulkAnswer, res.json());
  return res.json() as { message: string; changed: number; refused: { id: number; reason: string }[] };
}

const existing = async (ids: number[]) =>
  (
    await env.t.db.selectFrom('properties').select('property_id').where('property_id', 'in', ids).execute()
  ).map((r) => r.property_id);

async function uploadImage(propertyId: number) {
  const res = await env.t.call(env.admin.token, {
    method: 'POST',
    url: '/api/saveimagesupload',
    ...multipart(
      { type: 'Image', property_id: propertyId, description: 'Front' },
      { name: 'images_video', type: 'image/png', filename: 'front.png', bytes: await png() },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { file } = await env.t.db
    .selectFrom('property_media')
    .select('file')
    .where('property_id', '=', propertyId)
    .executeTakeFirstOrThrow();
  return path.join(env.t.config.dataDir, 'media', file!);
}

describe('bulkDeleteProperties', () => {
  it('deletes the Suspended listings with their media files, refuses the others, audits each', async () => {
    const doomed = await listings(2);
    const [open] = await listings(1, agent.token, 'Open lot', 'Open');
    const file = await uploadImage(doomed[0]!);
    expect(fs.existsSync(file)).toBe(true);
    const since = String(
      (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)).rows[0]!
        .id,
    );
    const answer = await bulk({ ids: [...doomed, open, 999_999] });
    expect(answer.changed).toBe(2);
    expect(answer.refused).toEqual([
      { id: open, label: expect.stringMatching(/^Open lot/), reason: PROPERTY_MESSAGES.deleteOnlySuspended },
      { id: 999_999, label: '#999999', reason: 'not found' },
    ]);
    expect(answer.message).toBe(
      `2 changed, 2 refused: 1 not found, 1 ${PROPERTY_MESSAGES.deleteOnlySuspended}`,
    );
    expect(await existing([...doomed, open!])).toEqual([open]);
    expect(fs.existsSync(file)).toBe(false);
    const audit = await env.t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action'])
      .where('id', '>', since)
      .where('call', '=', 'bulkDeleteProperties')
      .where('entity', '=', 'properties')
      .execute();
    expect(audit.map((a) => [Number(a.entity_id), a.action]).sort()).toEqual(
      doomed.map((id) => [id, 'delete']).sort(),
    );
  });

  it("acts on the caller's Property List only, and on every listing matching its search", async () => {
    await env.t.db
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression(
        env.t.db
          .selectFrom('permissions')
          .select([sql.lit(ROLE.Agent).as('r'), 'id'])
          .where('name', '=', 'Delete Property'),
      )
      .execute();
    const mine = await listings(2, agent.token, 'Matchdel');
    const theirs = await listings(1, other.token, 'Matchdel');
    const unmatched = await listings(1, agent.token, 'Keepme');
    const chosen = await bulk({ ids: [mine[0]!, theirs[0]!] }, agent.token);
    expect(chosen).toMatchObject({ changed: 1, refused: [{ id: theirs[0], reason: 'not found' }] });
    const all = await bulk({ matching: { searchText: 'matchdel' } }, agent.token);
    expect(all).toEqual({ message: '1 changed', changed: 1, refused: [] });
    expect(await existing([...mine, ...theirs, ...unmatched])).toEqual([...theirs, ...unmatched]);
  });

  it('lets two overlapping deletes at once each delete a listing once', async () => {
    const ids = await listings(4, other.token, 'Race lot');
    const [a, b] = await Promise.all([
      env.post('bulkDeleteProperties', { ids: ids.slice(0, 3) }),
      env.post('bulkDeleteProperties', { ids: ids.slice(1) }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const answers = [a!.json(), b!.json()] as { changed: number; refused: { reason: string }[] }[];
    expect(answers[0]!.changed + answers[1]!.changed).toBe(4);
    expect(answers.flatMap((x) => x.refused.map((r) => r.reason))).toEqual(['not found', 'not found']);
    expect(await existing(ids)).toEqual([]);
  });

  it('needs Delete Property, and plain input', async () => {
    const [kept] = await listings(1, other.token, 'Guarded');
    const individual = await env.t.signedIn(ROLE.Individual);
    expect((await env.post('bulkDeleteProperties', { ids: [kept] }, individual.token)).statusCode).toBe(403);
    for (const [payload, message] of [
      [{}, 'Send either ids or matching'],
      [{ ids: [] }, 'Select at least one row'],
      [{ ids: ['x'] }, 'Must be a number'],
      [{ matching: { sortColumn: 'nope' } }, 'sortColumn'],
    ] as const) {
      const res = await env.post('bulkDeleteProperties', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await existing([kept!])).toEqual([kept]);
  });
});

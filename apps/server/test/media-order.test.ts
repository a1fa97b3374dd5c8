import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROLE } from '@app/contract';
import { place, propertyIdOf, setAgency, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';
import { checkAnswer, checkingAnswers } from './property-fixtures.ts';

// A listing's images in the order people put them, the first the default (issue 22 item 6, decision 47).
const env = checkingAnswers(useTestApp());
let p: Place;

interface Media {
  id: number;
  type: string;
  description: string;
  thumbnail: string | null;
  isDefault: 0 | 1;
}

const upload = (propertyId: number, description: string, isDefault = 0, token = env.admin.token) =>
  env.t
    .call(token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        { type: 'Image', property_id: propertyId, isDefault, description },
        { name: 'images_video', bytes: Buffer.alloc(0), filename: 'house.png' },
      ),
    })
    .then((res) => checkAnswer('/api/saveimagesupload', res));

/** Uploads a real picture (the empty file above is only the shape). */
async function addImage(propertyId: number, description: string, isDefault = 0, token = env.admin.token) {
  const res = await env.t.call(token, {
    method: 'POST',
    url: '/api/saveimagesupload',
    ...multipart(
      { type: 'Image', property_id: propertyId, isDefault, description },
      { name: 'images_video', bytes: await png(), filename: 'house.png' },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const gallery = async (propertyId: number, token?: string) =>
  (await env.get(`/api/showallimagesvideo?property_id=${propertyId}`, token)).json().resultdata as Media[];
const images = async (propertyId: number) => (await gallery(propertyId)).filter((m) => m.type === 'Image');
const names = async (propertyId: number) => (await images(propertyId)).map((m) => m.description);
const idsOf = async (propertyId: number, ...descriptions: string[]) => {
  const all = await images(propertyId);
  return descriptions.map((d) => all.find((m) => m.description === d)!.id);
};
const reorder = (propertyId: number, imageIds: unknown, token?: string) =>
  env.post('reorderPropertyImages', { property_id: propertyId, image_ids: imageIds }, token);

async function newProperty(name: string, token = env.admin.token) {
  const res = await env.post('saveproperty', propertyForm(p, name), token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

/** A listing with images A, B, C (A the default) and a video. */
async function listingWithImages(name: string, token = env.admin.token) {
  const id = await newProperty(name, token);
  for (const d of ['A', 'B', 'C']) await addImage(id, d, 0, token);
  const video = await env.post(
    'saveimagesupload',
    { type: 'Video', property_id: id, description: 'Tour', video_link: 'https://video.example.com/t' },
    token,
  );
  expect(video.statusCode, video.body).toBe(200);
  return id;
}

beforeAll(async () => {
  p = await place(env.t, 'Order');
});

describe('the order of a listing’s images', () => {
  it('keeps the order given, serves it, and makes the first the default (the card’s picture too)', async () => {
    const id = await listingWithImages('Ordered house');
    expect(await names(id)).toEqual(['A', 'B', 'C']);
    const [a, b, c] = await idsOf(id, 'A', 'B', 'C');
    const res = await reorder(id, [c, a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Image order saved successfully' });
    const after = await images(id);
    expect(after.map((m) => [m.description, m.isDefault])).toEqual([
      ['C', 1],
      ['A', 0],
      ['B', 0],
    ]);
    // The listing's card shows the first image.
    const cards = (await env.get('/api/allproperty?searchText=Ordered%20house')).json().resultData.data;
    expect(cards.map((r: { image: string | null }) => r.image)).toEqual([after[0]!.thumbnail]);
    // The video is still there, still served.
    expect((await gallery(id)).filter((m) => m.type === 'Video')).toHaveLength(1);
  });

  it('make-default moves the image first; a new default upload goes first, a plain one last', async () => {
    const id = await listingWithImages('Default house');
    const [b] = await idsOf(id, 'B');
    const made = await env.post('propertyimagesisDefault', { image_id: b, property_id: id, isDefault: 1 });
    expect(made.statusCode, made.body).toBe(200);
    expect(await names(id)).toEqual(['B', 'A', 'C']);
    await addImage(id, 'D');
    await addImage(id, 'E', 1);
    const after = await images(id);
    expect(after.map((m) => [m.description, m.isDefault])).toEqual([
      ['E', 1],
      ['B', 0],
      ['A', 0],
      ['C', 0],
      ['D', 0],
    ]);
  });

  it('puts the images it names first; those it does not name follow in their order', async () => {
    const id = await listingWithImages('Partial house');
    const [c] = await idsOf(id, 'C');
    expect((await reorder(id, [c])).statusCode).toBe(200);
    expect(await names(id)).toEqual(['C', 'A', 'B']);
  });

  it('refuses bad lists with a plain 400 and changes nothing', async () => {
    const id = await listingWithImages('Strict house');
    const other = await listingWithImages('Other house');
    const [a, b, c] = await idsOf(id, 'A', 'B', 'C');
    const [foreign] = await idsOf(other, 'A');
    const video = (await gallery(id)).find((m) => m.type === 'Video')!.id;
    const cases: [unknown, string][] = [
      [[a, b, a], 'Name each image once'],
      [[a, foreign], `This id is not an image of this listing: ${foreign}`],
      [[video, a], `This id is not an image of this listing: ${video}`],
      [[a, 999_999, 888_888], 'These ids are not an image of this listing: 999999, 888888'],
      [[], 'Name at least one image'],
      ['1,2', 'image_ids must be a list of image ids'],
      [[a, 'x'], 'Must be a number'],
    ];
    for (const [list, message] of cases) {
      const res = await reorder(id, list);
      expect([res.statusCode, res.json().message], JSON.stringify(list)).toEqual([
        400,
        expect.stringContaining(message),
      ]);
    }
    const missing = await env.post('reorderPropertyImages', { image_ids: [a] });
    expect(missing.statusCode).toBe(400);
    expect((await reorder(999_999, [a])).statusCode).toBe(404);
    expect(await names(id)).toEqual(['A', 'B', 'C']);
    expect((await reorder(id, [b, c, a])).statusCode).toBe(200);
  });
});

describe('who may reorder', () => {
  it('needs Property Image (403) and a listing in scope: an Agent only its own (404)', async () => {
    const id = await listingWithImages('Scoped house');
    const [a, b, c] = await idsOf(id, 'A', 'B', 'C');

    const role = await env.post('webSaveRole', { roleName: 'Viewer of nothing' });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = (
      await env.t.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Viewer of nothing')
        .executeTakeFirstOrThrow()
    ).id;
    await env.t.createUser(roleId, 'nothing@example.ph');
    const none = await env.t.login('nothing@example.ph');
    expect((await reorder(id, [c, b, a], none)).statusCode).toBe(403);

    const agent = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agent.userId, null);
    expect((await reorder(id, [c, b, a], agent.token)).statusCode).toBe(404);
    expect(await names(id)).toEqual(['A', 'B', 'C']);

    const own = await listingWithImages('Agent house', agent.token);
    const [x, y, z] = await idsOf(own, 'A', 'B', 'C');
    expect((await reorder(own, [z, x, y], agent.token)).statusCode).toBe(200);
    expect(await names(own)).toEqual(['C', 'A', 'B']);
    // The agent's own images, named under someone else's listing, are still not that listing's.
    expect((await reorder(id, [x, a], env.admin.token)).statusCode).toBe(400);
  });
});

describe('audit', () => {
  it('records each moved row and the default’s change under the call and the actor', async () => {
    const id = await listingWithImages('Audited house');
    const [a, b, c] = await idsOf(id, 'A', 'B', 'C');
    const entriesOf = async (send: () => ReturnType<typeof reorder>) => {
      const since = (
        await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)
      ).rows[0]!.id;
      expect((await send()).statusCode).toBe(200);
      return env.t.db
        .selectFrom('audit_log')
        .select(['actor_id', 'call', 'action', 'entity', 'entity_id', 'after'])
        .where('id', '>', since)
        .where('entity', '=', 'property_media')
        .execute();
    };
    const entries = await entriesOf(() => reorder(id, [b, a, c]));
    for (const e of entries)
      expect(e).toMatchObject({
        actor_id: env.admin.userId,
        call: 'reorderPropertyImages',
        action: 'update',
      });
    const last = (mediaId?: number) => entries.filter((e) => Number(e.entity_id) === mediaId).at(-1)?.after;
    expect(last(b)).toMatchObject({ is_default: true });
    expect(last(a)).toMatchObject({ is_default: false });
    // The same order again changes nothing, so nothing is recorded.
    expect(await entriesOf(() => reorder(id, [b, a, c]))).toEqual([]);
  });
});

describe('concurrent changes', () => {
  const shuffle = <T>(list: T[]) =>
    list
      .map((v) => ({ v, k: Math.random() }))
      .sort((x, y) => x.k - y.k)
      .map((x) => x.v);

  /** Exactly one default among the images, and it is the first; places all different. */
  async function expectConsistent(id: number) {
    const all = await images(id);
    if (all.length > 0) expect(all.map((m) => m.isDefault)).toEqual([1, ...all.slice(1).map(() => 0)]);
    const rows = await env.t.db
      .selectFrom('property_media')
      .select('sort_order')
      .where('property_id', '=', id)
      .where('type', '=', 'Image')
      .execute();
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(rows.length);
    return all;
  }

  it('many reorders at once, racing uploads and deletes: no 5xx, one order, the first the default', async () => {
    const id = await listingWithImages('Busy house');
    await addImage(id, 'D');
    const start = await images(id);
    const ids = start.map((m) => m.id);
    const requests: (() => Promise<LightMyRequestResponse>)[] = [
      ...Array.from({ length: 12 }, () => () => reorder(id, shuffle(ids))),
      () => addImage(id, 'E'),
      () => addImage(id, 'F', 1),
      () => upload(id, 'empty'),
      () => env.post('deletepropertyimages', { image_id: ids[3], property_id: id }),
      () => env.post('propertyimagesisDefault', { image_id: ids[2], property_id: id, isDefault: 1 }),
    ];
    const answers = await Promise.all(shuffle(requests).map((send) => send()));
    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    // A reorder naming the image deleted before it is refused, plainly; so is the delete of an image a
    // reorder made the default first (409).
    for (const r of answers) expect([200, 400, 409]).toContain(r.statusCode);
    const after = await expectConsistent(id);
    const deleted = answers.some((r) => r.json().message === 'Deleted successfully');
    expect(after.map((m) => m.description).sort()).toEqual(
      deleted ? ['A', 'B', 'C', 'E', 'F'] : ['A', 'B', 'C', 'D', 'E', 'F'],
    );
  });

  it('a reorder racing the delete of the default leaves no listing without a first default', async () => {
    const id = await newProperty('Last image house');
    await addImage(id, 'Only');
    const [only] = await idsOf(id, 'Only');
    const answers = await Promise.all([
      reorder(id, [only]),
      env.post('deletepropertyimages', { image_id: only, property_id: id }),
      addImage(id, 'Next'),
    ]);
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    await expectConsistent(id);
  });
});

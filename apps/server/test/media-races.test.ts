import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { STORED_NAME } from '../src/lib/media.ts';
import { adminForm, place, propertyIdOf, setAgency, useTestApp, type Place } from './entity-fixtures.ts';
import { expectRefusal, noServerErrors, type Answer } from './http-fixtures.ts';
import { lockHolder, multipart, PASSWORD, png } from './helpers.ts';
import { mediaFiles } from './media-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Decision 101: the media saves under many writers at once, hostile input and a connection killed in the
 * middle, over real HTTP on a real database, on either store (test/s3/ runs it on a bucket). After each,
 * the database and the store agree: every file a row names is placed, no file is left that no row names,
 * and a listing with images has exactly one default.
 */
const env = useTestApp();
let base: string;
let p: Place;

type Body = { payload: Buffer | string; headers: Record<string, string> };
const json = (body: object): Body => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

async function send(call: string, body: Body, token = env.admin.token): Promise<Answer> {
  const res = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Answer['body'], text };
}

const image = async (property_id: unknown, fields: object = {}, bytes?: Buffer, token?: string) =>
  send(
    'saveimagesupload',
    multipart(
      { type: 'Image', property_id, description: 'Front', ...fields },
      { name: 'images_video', filename: 'house.png', bytes: bytes ?? (await png()) },
    ),
    token,
  );

const imagesOf = (propertyId: number) =>
  env.t.db
    .selectFrom('property_media')
    .select(['id', 'is_default'])
    .where('property_id', '=', propertyId)
    .where('type', '=', 'Image')
    .orderBy('id')
    .execute();

/** The store holds exactly the files the rows name, placed; every listing with images has one default. */
async function storeAgrees() {
  const { rows } = await sql<{ name: string }>`
    SELECT unnest(ARRAY[file, thumbnail]) AS name FROM property_media
    UNION ALL SELECT unnest(ARRAY[profile_image, profile_thumbnail]) FROM users`.execute(env.t.db);
  const named = rows.map((r) => r.name).filter((n) => !!n);
  const files = (await mediaFiles(env.t.config)).filter((n) => STORED_NAME.test(n) || n.endsWith('.tmp'));
  expect(files).toEqual([...named].sort());
  const { rows: defaults } = await sql<{ property_id: number; n: number }>`
    SELECT property_id, count(*) FILTER (WHERE is_default)::int AS n FROM property_media
     WHERE type = 'Image' GROUP BY property_id HAVING count(*) FILTER (WHERE is_default) <> 1`.execute(
    env.t.db,
  );
  expect(defaults).toEqual([]);
}

async function newListing(name: string, token = env.admin.token) {
  const res = await env.post('saveproperty', propertyForm(p, name), token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

beforeAll(async () => {
  p = await place(env.t, 'Media races');
  await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(env.t.app.server.address() as AddressInfo).port}`;
});

describe('many writers on one listing at once', () => {
  it('ten uploads at once: ten images, one default, every file placed', async () => {
    const id = await newListing('Ten at once');
    const answers = await Promise.all(times(10, (i) => image(id, { isDefault: i % 2 })));
    noServerErrors(answers);
    expect(answers.map((a) => a.status)).toEqual(times(10, () => 200));
    expect(await imagesOf(id)).toHaveLength(10);
    await storeAgrees();
  });

  it('make-default of two images, many times at once: exactly one default', async () => {
    const id = await newListing('Two defaults');
    for (let i = 0; i < 3; i += 1) expect((await image(id)).status).toBe(200);
    const [, second, third] = await imagesOf(id);
    const answers = await Promise.all(
      times(10, (i) =>
        send('propertyimagesisDefault', json({ property_id: id, image_id: (i % 2 ? second : third)!.id })),
      ),
    );
    noServerErrors(answers);
    expect(answers.map((a) => a.status)).toEqual(times(10, () => 200));
    expect((await imagesOf(id)).filter((m) => m.is_default)).toHaveLength(1);
    await storeAgrees();
  });

  it('the same image deleted five times at once: one delete, the others 404, its files gone', async () => {
    const id = await newListing('Deleted twice');
    for (let i = 0; i < 2; i += 1) expect((await image(id)).status).toBe(200);
    const [, plain] = await imagesOf(id);
    const answers = await Promise.all(
      times(5, () => send('deletepropertyimages', json({ property_id: id, image_id: plain!.id }))),
    );
    noServerErrors(answers);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await imagesOf(id)).toHaveLength(1);
    await storeAgrees();
  });

  it('uploads racing the delete of the listing: no 5xx, and no file outlives its rows', async () => {
    const id = await newListing('Deleted while uploading');
    expect((await image(id)).status).toBe(200);
    await env.t.db
      .updateTable('properties')
      .set({ status: 'Suspended' })
      .where('property_id', '=', id)
      .execute();
    const holder = await lockHolder(env.t);
    let answers: Answer[];
    try {
      // Every request waits for the listing held here, then they go in the order the database picks.
      await holder.query('SELECT 1 FROM properties WHERE property_id = $1 FOR UPDATE', [id]);
      const racing = Promise.all([
        ...times(2, () => image(id)),
        send('deleteproperty', json({ property_id: id })),
        ...times(2, () => image(id)),
      ]);
      // Five: as many as the test app's pool has connections.
      await holder.untilWaiting('properties', 5);
      await holder.commit();
      answers = await racing;
    } finally {
      await holder.end();
    }
    noServerErrors(answers);
    expect(answers[2]!.status, answers[2]!.text).toBe(200);
    for (const a of answers) if (a.status !== 200) expectRefusal(a, [404], 'upload after the delete');
    expect(await imagesOf(id)).toEqual([]);
    await storeAgrees();
  });
});

describe('two profile pictures saved at once', () => {
  const profile = async (email: string, token: string) =>
    send(
      'UpdateProfile',
      multipart(
        { firstName: 'Rosa', lastName: 'Santos', email, phone1: '09998887777', verify_password: PASSWORD },
        { name: 'profile_image', bytes: await png(80, 60) },
      ),
      token,
    );

  it('Account Details: the picture kept is the last saved, and the other one’s files are gone', async () => {
    const me = await env.t.signedIn(ROLE.Operator);
    const holder = await lockHolder(env.t);
    let answers: Answer[];
    try {
      // Both saves are past their checks and wait for the user's row held here.
      await holder.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [me.userId]);
      const saving = Promise.all([profile(me.email, me.token), profile(me.email, me.token)]);
      await holder.untilWaiting('users', 2);
      await holder.commit();
      answers = await saving;
    } finally {
      await holder.end();
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await storeAgrees();
  });

  it('the user form: four saves of one user’s picture at once leave one picture', async () => {
    const email = `pictured${Date.now()}@example.ph`;
    const form = adminForm(p, 'Pia', 'Reyes', email);
    const created = await send('SaveUser', json(form));
    expect(created.status, created.text).toBe(200);
    const user_id = (created.body as { user_id: number }).user_id;
    const save = async () =>
      send(
        'UpdateUser',
        multipart({ ...form, user_id }, { name: 'profile_image', bytes: await png(90, 60) }),
      );
    const answers = await Promise.all(times(4, save));
    noServerErrors(answers);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    await storeAgrees();
  });
});

describe('a connection killed while a save waits', () => {
  it('an upload answers 503 plainly and leaves no row and no file', async () => {
    const id = await newListing('Killed upload');
    const holder = await lockHolder(env.t);
    let answer: Answer;
    try {
      await holder.query('SELECT 1 FROM properties WHERE property_id = $1 FOR UPDATE', [id]);
      const saving = image(id);
      await holder.untilWaiting('properties');
      await holder.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~* 'properties'`);
      answer = await saving;
    } finally {
      await holder.end();
    }
    expect([answer.status, answer.body]).toEqual([
      503,
      { message: 'The database is unavailable. Please try again shortly' },
    ]);
    expect(await imagesOf(id)).toEqual([]);
    await storeAgrees();
    expect((await image(id)).status).toBe(200);
    await storeAgrees();
  });
});

describe('hostile input', () => {
  let id: number;
  let agent: { token: string };
  beforeAll(async () => {
    id = await newListing('Hostile media');
    expect((await image(id)).status).toBe(200);
    const a = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, a.userId, null);
    agent = a;
  });

  const jpegNamed = (bytes: Buffer, type = 'image/jpeg') =>
    send(
      'saveimagesupload',
      multipart(
        { type: 'Image', property_id: id, description: 'x' },
        { name: 'images_video', filename: 'house.jpg', type, bytes },
      ),
    );

  it('refuses each with a plain 4xx, storing nothing', async () => {
    const before = await imagesOf(id);
    const cases: [string, Promise<Answer>][] = [
      ['an empty file', jpegNamed(Buffer.alloc(0))],
      ['text named .jpg', jpegNamed(Buffer.from('hello, not a picture'))],
      ['a GIF', jpegNamed(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif')],
      ['a PDF', jpegNamed(Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')],
      [
        'JPEG magic then rubbish',
        jpegNamed(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)])),
      ],
      [
        '1 MB and a byte',
        jpegNamed(Buffer.concat([await png(), Buffer.alloc(1_048_577 - (await png()).length)])),
      ],
      ['5 MB', jpegNamed(Buffer.alloc(5 * 1_048_576, 1))],
      ['no file', send('saveimagesupload', multipart({ type: 'Image', property_id: id, description: 'x' }))],
      [
        'plain text body',
        send('saveimagesupload', { payload: 'type=Image', headers: { 'content-type': 'text/plain' } }),
      ],
      [
        'a cut-off multipart body',
        send('saveimagesupload', {
          payload: '--xx\r\nContent-Disposition: form-data; name="type"\r\n\r\nImage',
          headers: { 'content-type': 'multipart/form-data; boundary=xx' },
        }),
      ],
      ['a word for the listing', image('abc')],
      [
        'no listing',
        send(
          'saveimagesupload',
          multipart({ type: 'Image', description: 'x' }, { name: 'images_video', bytes: await png() }),
        ),
      ],
      ['a listing beyond int4', image('99999999999')],
      ['an unknown listing', image(987_654)],
      ['a listing the caller may not see', image(id, {}, undefined, agent.token)],
      [
        'a video link that is no URL',
        send(
          'saveimagesupload',
          json({ type: 'Video', property_id: id, description: 'x', video_link: 'not a url' }),
        ),
      ],
      [
        'a javascript: link',
        send(
          'saveimagesupload',
          json({ type: 'Video', property_id: id, description: 'x', video_link: 'javascript:alert(1)' }),
        ),
      ],
      [
        'a link of 5,000 characters',
        send(
          'saveimagesupload',
          json({
            type: 'Video',
            property_id: id,
            description: 'x',
            video_link: `https://a.ph/${'a'.repeat(5000)}`,
          }),
        ),
      ],
      [
        'a video link as a number',
        send('saveimagesupload', json({ type: 'Video', property_id: id, description: 'x', video_link: 42 })),
      ],
      [
        'a type that is neither',
        send('saveimagesupload', json({ type: 'Audio', property_id: id, description: 'x' })),
      ],
      ['delete: ids as words', send('deletepropertyimages', json({ property_id: 'one', image_id: 'two' }))],
      ['delete: no ids', send('deletepropertyimages', json({}))],
      [
        'delete: an image of another listing',
        send('deletepropertyimages', json({ property_id: id, image_id: 987_654 })),
      ],
      ['default: ids as words', send('propertyimagesisDefault', json({ property_id: id, image_id: 'x' }))],
      [
        'default: an array for an id',
        send('propertyimagesisDefault', json({ property_id: [id], image_id: [1] })),
      ],
      [
        'default: a listing the caller may not see',
        send('propertyimagesisDefault', json({ property_id: id, image_id: before[0]!.id }), agent.token),
      ],
    ];
    for (const [what, answer] of cases) expectRefusal(await answer, [400, 404, 409, 413, 415], what);
    // Refused by the contract's list rules, whose messages name the field or the item ('image_ids.0').
    for (const image_ids of [['a'], 'x'])
      expect((await send('reorderPropertyImages', json({ property_id: id, image_ids }))).status).toBe(400);
    expect(await imagesOf(id)).toEqual(before);
    await storeAgrees();
  });

  it('refuses a profile picture that is not one, storing nothing', async () => {
    const me = await env.t.signedIn(ROLE.Operator);
    const fields = {
      firstName: 'Rosa',
      lastName: 'Santos',
      email: me.email,
      phone1: '0999',
      verify_password: PASSWORD,
    };
    for (const [what, bytes] of [
      ['empty', Buffer.alloc(0)],
      ['text', Buffer.from('<?php echo 1; ?>')],
      ['over 1 MB', Buffer.alloc(1_048_577, 1)],
    ] as const) {
      const answer = await send(
        'UpdateProfile',
        multipart(fields, { name: 'profile_image', filename: 'me.jpg', bytes }),
        me.token,
      );
      expectRefusal(answer, [400, 413], `profile picture: ${what}`);
    }
    await storeAgrees();
  });
});

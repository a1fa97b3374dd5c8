import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { place, setAgency, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';

const env = useTestApp();
let p: Place;
let propertyId: number;

/** A multipart body with text fields and one file, as browsers send it. */

const upload = (
  fields: Record<string, unknown>,
  file?: { bytes: Buffer; filename?: string },
  token = env.admin.token,
) =>
  env.t.call(token, {
    method: 'POST',
    url: '/api/saveimagesupload',
    ...multipart(
      fields,
      file && { name: 'images_video', type: 'image/jpeg', filename: 'house.jpg', ...file },
    ),
  });

const gallery = async (id = propertyId, token?: string) =>
  (await env.get(`/api/showallimagesvideo?property_id=${id}`, token)).json().resultdata as {
    id: number;
    type: string;
    images_video: string;
    thumbnail: string | null;
    description: string;
    isDefault: 0 | 1;
  }[];

const mediaFile = (url: string) => path.join(env.t.config.dataDir, 'media', url.replace('/media/', ''));

async function newProperty(name: string, token = env.admin.token) {
  const res = await env.post(
    'saveproperty',
    {
      property_name: name,
      property_headline: 'h',
      property_description: 'd',
      property_classification_id: 4,
      product_category_id: 3,
      property_type_id: 1,
      land_area: '100',
      sale_price: '100000',
      street_name: 'Street',
      province_id: p.province_id,
      town_id: p.town_id,
      barangay_id: p.barangay_id,
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (
    await env.t.db
      .selectFrom('properties')
      .select('property_id')
      .where('property_name', '=', name)
      .executeTakeFirstOrThrow()
  ).property_id;
}

beforeAll(async () => {
  p = await place(env.t, 'Media');
  propertyId = await newProperty('Media house');
});

describe('images', () => {
  it('stores the first image as default, re-encoded with a thumbnail', async () => {
    const res = await upload(
      { type: 'Image', property_id: propertyId, isDefault: 0, description: 'Front' },
      { bytes: await png(800, 600) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [first] = await gallery();
    expect(first).toMatchObject({ type: 'Image', description: 'Front', isDefault: 1 });
    expect(first!.images_video).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(mediaFile(first!.images_video))).toBe(true);
    const thumb = await env.t.app.inject({ method: 'GET', url: first!.thumbnail! });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('refuses a PHP file renamed .jpg, a file over 1 MB and a missing description', async () => {
    const php = await upload(
      { type: 'Image', property_id: propertyId, description: 'x' },
      { bytes: Buffer.from('<?php system($_GET["c"]); ?>'), filename: 'shell.php.jpg' },
    );
    expect(php.statusCode).toBe(400);
    expect(php.json().message).toBe('Only .jpg, .jpeg and .png images are accepted');
    const big = await upload(
      { type: 'Image', property_id: propertyId, description: 'x' },
      { bytes: Buffer.concat([await png(), Buffer.alloc(1_100_000)]) },
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Maximum upload limit is 1Mb');
    const noText = await upload(
      { type: 'Image', property_id: propertyId, description: '' },
      { bytes: await png() },
    );
    expect(noText.statusCode).toBe(400);
    expect(noText.json().errors).toEqual({ description: 'Field is required' });
    const noFile = await upload({ type: 'Image', property_id: propertyId, description: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(await gallery()).toHaveLength(1);
  });

  it('keeps exactly one default; the default cannot be deleted while others exist', async () => {
    expect(
      (
        await upload(
          { type: 'Image', property_id: propertyId, isDefault: 0, description: 'Back' },
          { bytes: await png() },
        )
      ).statusCode,
    ).toBe(200);
    let [first, second] = await gallery();
    expect([first!.isDefault, second!.isDefault]).toEqual([1, 0]);
    const made = await env.post('propertyimagesisDefault', {
      image_id: second!.id,
      property_id: propertyId,
      isDefault: 1,
    });
    expect(made.statusCode, made.body).toBe(200);
    [first, second] = await gallery();
    expect([first!.isDefault, second!.isDefault]).toEqual([0, 1]);

    const refused = await env.post('deletepropertyimages', { image_id: second!.id, property_id: propertyId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/default image cannot be deleted/);

    const file = mediaFile(first!.images_video);
    expect(
      (await env.post('deletepropertyimages', { image_id: first!.id, property_id: propertyId })).statusCode,
    ).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    // The last image, default or not, can go.
    const last = mediaFile(second!.images_video);
    expect(
      (await env.post('deletepropertyimages', { image_id: second!.id, property_id: propertyId })).statusCode,
    ).toBe(200);
    expect(fs.existsSync(last)).toBe(false);
    expect(await gallery()).toEqual([]);
  });
});

describe('videos', () => {
  it('takes an http(s) link with a description, never as default', async () => {
    const bad = await env.post('saveimagesupload', {
      type: 'Video',
      property_id: propertyId,
      description: 'Tour',
      video_link: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ video_link: 'Provide a valid video link (http:// or https://)' });
    const ok = await env.post('saveimagesupload', {
      type: 'Video',
      property_id: propertyId,
      isDefault: 1,
      description: 'Tour',
      video_link: 'https://www.youtube.com/watch?v=abc',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const video = (await gallery()).find((m) => m.type === 'Video')!;
    expect(video).toMatchObject({ images_video: 'https://www.youtube.com/watch?v=abc', isDefault: 0 });
    const res = await env.post('propertyimagesisDefault', {
      image_id: video.id,
      property_id: propertyId,
      isDefault: 1,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('scope', () => {
  it('answers 404 for a property outside the caller’s scope', async () => {
    const ind = await env.t.signedIn(ROLE.Individual);
    const agentB = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agentB.userId, null);
    expect((await env.get(`/api/showallimagesvideo?property_id=${propertyId}`, ind.token)).statusCode).toBe(
      404,
    );
    expect(
      (await env.post('savePropertyMappingAmenities', { propertyId, ammentiesId: '1' }, agentB.token))
        .statusCode,
    ).toBe(404);
    const own = await newProperty('Individual media', ind.token);
    expect((await env.get(`/api/showallimagesvideo?property_id=${own}`, ind.token)).statusCode).toBe(200);
  });
});

describe('amenities', () => {
  it('saves a set and reads it back', async () => {
    const ids = (await env.get('/api/GetMasterAmenitiesWithoutPagination'))
      .json()
      .resultData.map((a: { id: number }) => a.id);
    expect(ids.length).toBeGreaterThan(3);
    const save = (list: string) =>
      env.post('savePropertyMappingAmenities', { propertyId, ammentiesId: list, created_by: 99 });
    expect((await save(`${ids[2]},${ids[0]},${ids[0]}`)).statusCode).toBe(200);
    const read = async () =>
      (await env.get(`/api/getSelectedPropertyAmenities?propertyId=${propertyId}`))
        .json()
        .resultData.map((r: { amenities_id: number }) => r.amenities_id);
    expect(await read()).toEqual([ids[0], ids[2]].sort((a, b) => a - b));
    expect((await save(`${ids[1]}`)).statusCode).toBe(200);
    expect(await read()).toEqual([ids[1]]);
    const unknown = await save('99999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ ammentiesId: 'Unknown amenity' });
    expect((await save('')).statusCode).toBe(200);
    expect(await read()).toEqual([]);
  });
});

describe('deleting the property', () => {
  it('removes its media files', async () => {
    const id = await newProperty('Doomed');
    await upload({ type: 'Image', property_id: id, description: 'x' }, { bytes: await png() });
    const [image] = await gallery(id);
    const file = mediaFile(image!.images_video);
    expect(fs.existsSync(file)).toBe(true);
    const current = (await env.get(`/api/GetPropertyById?id=${id}`)).json().resultData[0];
    expect(
      (await env.post('updateproperty', { ...current, status: 'Suspended', suspendedReason: 'Spam' }))
        .statusCode,
    ).toBe(200);
    expect((await env.post('deleteproperty', { property_id: id })).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});

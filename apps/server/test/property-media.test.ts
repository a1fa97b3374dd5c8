import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE } from '@app/contract';
import { IMAGE_MESSAGES } from '../src/lib/media.ts';
import { place, propertyIdOf, setAgency, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, PASSWORD, png } from './helpers.ts';
import { hasMedia, mediaFiles as filesOf } from './media-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { checkAnswer, checkingAnswers } from './property-fixtures.ts';

// Every answer of a media call read here is checked against its declaration (decision 36).
const env = checkingAnswers(useTestApp());
let p: Place;
let propertyId: number;

/** A multipart body with text fields and one file, as browsers send it. */

const upload = (
  fields: Record<string, unknown>,
  file?: { bytes: Buffer; filename?: string },
  token = env.admin.token,
) =>
  env.t
    .call(token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        fields,
        file && { name: 'images_video', type: 'image/jpeg', filename: 'house.jpg', ...file },
      ),
    })
    .then((res) => checkAnswer('/api/saveimagesupload', res));

const gallery = async (id = propertyId, token?: string) =>
  (await env.get(`/api/showallimagesvideo?property_id=${id}`, token)).json().resultdata as {
    id: number;
    type: string;
    images_video: string;
    thumbnail: string | null;
    description: string;
    isDefault: 0 | 1;
  }[];

const mediaFile = (url: string) => url.replace('/media/', '');
const stored = (name: string) => hasMedia(env.t.config, name);

async function newProperty(name: string, token = env.admin.token) {
  const res = await env.post('saveproperty', propertyForm(p, name), token);
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
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
    expect(await stored(mediaFile(first!.images_video))).toBe(true);
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
    // The new default is served first (decision 47).
    [second, first] = await gallery();
    expect([first!.isDefault, second!.isDefault]).toEqual([0, 1]);

    const refused = await env.post('deletepropertyimages', { image_id: second!.id, property_id: propertyId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/default image cannot be deleted/);

    const file = mediaFile(first!.images_video);
    expect(
      (await env.post('deletepropertyimages', { image_id: first!.id, property_id: propertyId })).statusCode,
    ).toBe(200);
    expect(await stored(file)).toBe(false);
    // The last image, default or not, can go.
    const last = mediaFile(second!.images_video);
    expect(
      (await env.post('deletepropertyimages', { image_id: second!.id, property_id: propertyId })).statusCode,
    ).toBe(200);
    expect(await stored(last)).toBe(false);
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
    expect(await stored(file)).toBe(true);
    const current = (await env.get(`/api/GetPropertyById?id=${id}`)).json().resultData[0];
    expect(
      (await env.post('updateproperty', { ...current, status: 'Suspended', suspendedReason: 'Spam' }))
        .statusCode,
    ).toBe(200);
    expect((await env.post('deleteproperty', { property_id: id })).statusCode).toBe(200);
    expect(await stored(file)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// Upload attacks, against every call that takes a picture

/** A PNG chunk: length, type, data and CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
};

/** A 200-byte PNG that declares 50,000 × 50,000 pixels: a decompression bomb. */
function pngBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(50_001 * 2))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG with a text chunk inserted before its end (IEND is the last 12 bytes). */
const withTextChunk = (image: Buffer, text: string) =>
  Buffer.concat([
    image.subarray(0, -12),
    chunk('tEXt', Buffer.from(`Comment\0${text}`)),
    image.subarray(-12),
  ]);

/** A valid JPEG with a comment segment right after its start marker. */
const withJpegComment = (image: Buffer, text: string) => {
  const comment = Buffer.from(text);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, image.subarray(2)]);
};

const PHP = '<?php system($_GET["c"]); ?>';
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const ONLY_IMAGES = MESSAGES.imageType;

/** Each attack: the bytes, the file name, and the message the refusal carries. */
async function attacks() {
  const picture = await png();
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a62' } })
    .jpeg()
    .toBuffer();
  return [
    {
      name: 'a PHP file renamed .jpg',
      bytes: Buffer.from(PHP),
      filename: 'shell.php.jpg',
      message: ONLY_IMAGES,
    },
    {
      name: 'an HTML file renamed .jpg',
      bytes: Buffer.from(HTML),
      filename: 'page.jpg',
      message: ONLY_IMAGES,
    },
    {
      name: 'an SVG with a script renamed .png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      filename: 'logo.png',
      message: ONLY_IMAGES,
    },
    {
      name: 'a PNG with PHP appended',
      bytes: Buffer.concat([picture, Buffer.from(PHP)]),
      filename: 'house.png',
      message: IMAGE_MESSAGES.notOnlyAnImage,
    },
    {
      name: 'a JPEG with HTML appended',
      bytes: Buffer.concat([jpeg, Buffer.from(HTML)]),
      filename: 'house.jpg',
      message: IMAGE_MESSAGES.notOnlyAnImage,
    },
    {
      name: 'a PNG with a script hidden in a text chunk',
      bytes: withTextChunk(picture, HTML),
      filename: 'house.png',
      message: IMAGE_MESSAGES.notOnlyAnImage,
    },
    {
      name: 'a JPEG with PHP hidden in a comment',
      bytes: withJpegComment(jpeg, PHP),
      filename: 'house.jpg',
      message: IMAGE_MESSAGES.notOnlyAnImage,
    },
    {
      name: 'a PNG declaring 50,000 × 50,000 pixels',
      bytes: pngBomb(),
      filename: 'bomb.png',
      message: IMAGE_MESSAGES.tooManyPixels,
    },
    {
      name: 'a truncated JPEG',
      bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      filename: 'cut.jpg',
      message: IMAGE_MESSAGES.damaged,
    },
    {
      name: 'a PNG cut short',
      bytes: picture.subarray(0, picture.length - 20),
      filename: 'cut.png',
      message: IMAGE_MESSAGES.damaged,
    },
    { name: 'an empty file', bytes: Buffer.alloc(0), filename: 'empty.jpg', message: IMAGE_MESSAGES.empty },
    { name: 'a relative path', bytes: picture, filename: '../../x.jpg', message: PLAIN_NAME },
    { name: 'a Windows path', bytes: picture, filename: 'C:\\x.jpg', message: PLAIN_NAME },
    { name: 'an absolute path', bytes: picture, filename: '/var/www/html/x.png', message: PLAIN_NAME },
  ];
}
const PLAIN_NAME = 'The file name must be a plain name, without folders';

const mediaFiles = () => filesOf(env.t.config);

describe('upload attacks', () => {
  let operator: { userId: number; token: string; email: string };
  let uploadCalls: {
    call: string;
    field: string;
    token: () => string;
    fields: () => Record<string, unknown>;
    rows: () => Promise<unknown>;
  }[];

  beforeAll(async () => {
    operator = await env.t.signedIn(ROLE.Operator);
    let n = 0;
    uploadCalls = [
      {
        call: 'saveimagesupload',
        field: 'images_video',
        token: () => env.admin.token,
        fields: () => ({ type: 'Image', property_id: propertyId, description: 'Attack' }),
        rows: () => env.t.db.selectFrom('property_media').selectAll().orderBy('id').execute(),
      },
      {
        call: 'UpdateProfile',
        field: 'profile_image',
        token: () => operator.token,
        fields: () => ({
          first_name: 'Rosa',
          last_name: 'Santos',
          user_email: operator.email,
          phone_1: '09998887777',
          verify_password: PASSWORD,
        }),
        rows: () => env.t.db.selectFrom('users').selectAll().orderBy('user_id').execute(),
      },
      {
        call: 'SaveUser',
        field: 'profile_image',
        token: () => env.admin.token,
        fields: () => ({
          first_name: 'Nena',
          last_name: 'Reyes',
          role_id: ROLE.Operator,
          user_email: `nena${++n}@example.ph`,
          phone_1: '09171234567',
          house_number: '5',
          street_name: 'Mabini St',
          province_id: p.province_id,
          town_id: p.town_id,
          barangay_id: p.barangay_id,
          zip_code: '6000',
        }),
        rows: () => env.t.db.selectFrom('users').select('user_id').orderBy('user_id').execute(),
      },
    ];
  });

  const send = (target: (typeof uploadCalls)[number], file: { bytes: Buffer; filename: string }) =>
    env.t.call(target.token(), {
      method: 'POST',
      url: `/api/${target.call}`,
      ...multipart(target.fields(), {
        name: target.field,
        type: 'image/jpeg',
        bytes: file.bytes,
        filename: file.filename,
      }),
    });

  it('each call takes a real picture (so the refusals below are the pictures’ fault)', async () => {
    for (const target of uploadCalls) {
      const res = await send(target, { bytes: await png(), filename: 'fine.png' });
      expect(res.statusCode, `${target.call}: ${res.body}`).toBe(200);
    }
  });

  it('refuses every attack with 400 and a clear message, storing no row and no file', async () => {
    for (const target of uploadCalls) {
      for (const attack of await attacks()) {
        const [rows, files] = [await target.rows(), await mediaFiles()];
        const res = await send(target, attack);
        const what = `${target.call}, ${attack.name}: ${res.body}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({
          message: attack.message,
          errors: { [target.field]: attack.message },
        });
        expect(await target.rows(), what).toEqual(rows);
        expect(await mediaFiles(), what).toEqual(files);
      }
    }
  });

  it('still refuses a picture above 40 megapixels that is small on disk', async () => {
    const wide = await sharp({ create: { width: 10_000, height: 4_100, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(1_000_000);
    const res = await send(uploadCalls[0]!, { bytes: wide, filename: 'wide.png' });
    expect([res.statusCode, res.json().message]).toEqual([400, IMAGE_MESSAGES.tooManyPixels]);
  });
});

import { sql } from 'kysely';
import type { Db, Trx } from '../index.ts';
import { anyOf } from '../any-of.ts';

/** The media row of the property, if it has one of that id. */
export const findMedia = (db: Db, propertyId: number, imageId: number) =>
  db
    .selectFrom('property_media')
    .selectAll()
    .where('id', '=', imageId)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();

/** The property's images and videos as the media page shows them, in their order (the default image first). */
export const mediaOfProperty = (db: Db, propertyId: number) =>
  db
    .selectFrom('property_media')
    .select([
      'id',
      'property_id',
      'type',
      sql<string>`CASE WHEN type = 'Image' THEN '/media/' || file ELSE video_url END`.as('images_video'),
      sql<string | null>`'/media/' || thumbnail`.as('thumbnail'),
      'description',
      sql<0 | 1>`CASE WHEN is_default THEN 1 ELSE 0 END`.as('isDefault'),
    ])
    .where('property_id', '=', propertyId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

/** The ids of the property's images in their order (read under the property's lock by writers). */
export const imageIdsInOrder = async (trx: Trx, propertyId: number) =>
  (
    await trx
      .selectFrom('property_media')
      .select('id')
      .where('property_id', '=', propertyId)
      .where('type', '=', 'Image')
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

/** The media rows of these ids, of any property, with their property and type. */
export const mediaByIds = (trx: Trx, ids: readonly number[]) =>
  trx.selectFrom('property_media').select(['id', 'property_id', 'type']).where('id', 'in', ids).execute();

/** A place before every media row of the property, or after every one. */
const placeOf = (propertyId: number, where: 'first' | 'last') =>
  where === 'first'
    ? sql<number>`(SELECT coalesce(min(sort_order), 1) - 1 FROM property_media WHERE property_id = ${propertyId})`
    : sql<number>`(SELECT coalesce(max(sort_order), 0) + 1 FROM property_media WHERE property_id = ${propertyId})`;

/** The stored files of the property's media (for removal with the property). */
/** The files of one listing's media, or of several listings'. */
export const mediaFilesOf = (db: Db | Trx, propertyIds: number | readonly number[]) =>
  db
    .selectFrom('property_media')
    .select(['file', 'thumbnail'])
    .where(anyOf('property_id', propertyIds))
    .execute();

export interface NewVideo {
  propertyId: number;
  url: string | null;
  description: string;
  createdBy: number;
}

export const insertVideo = (trx: Trx, video: NewVideo) =>
  trx
    .insertInto('property_media')
    .values({
      property_id: video.propertyId,
      type: 'Video',
      video_url: video.url,
      description: video.description,
      sort_order: placeOf(video.propertyId, 'last'),
      created_by: video.createdBy,
    })
    .execute();

export interface NewImage {
  propertyId: number;
  file: string;
  thumbnail: string;
  description: string;
  isDefault: boolean;
  createdBy: number;
}

/** A new image goes last; a new default goes first (the default is the first image, decision 47). */
export const insertImage = (trx: Trx, image: NewImage) =>
  trx
    .insertInto('property_media')
    .values({
      property_id: image.propertyId,
      type: 'Image',
      file: image.file,
      thumbnail: image.thumbnail,
      description: image.description,
      is_default: image.isDefault,
      sort_order: placeOf(image.propertyId, image.isDefault ? 'first' : 'last'),
      created_by: image.createdBy,
    })
    .execute();

/** The property's default image, if it has one. */
export const defaultMediaOf = (trx: Trx, propertyId: number) =>
  trx
    .selectFrom('property_media')
    .select('id')
    .where('property_id', '=', propertyId)
    .where('is_default', '=', true)
    .executeTakeFirst();

/** Some image of the property other than `exceptId`, if there is one. */
export const otherImageOf = (trx: Trx, propertyId: number, exceptId: number) =>
  trx
    .selectFrom('property_media')
    .select('id')
    .where('property_id', '=', propertyId)
    .where('type', '=', 'Image')
    .where('id', '<>', exceptId)
    .executeTakeFirst();

/** The media row stops being the default. */
export const clearDefault = (trx: Trx, mediaId: number) =>
  trx.updateTable('property_media').set({ is_default: false }).where('id', '=', mediaId).execute();

/** Makes `mediaId` the property's one default image, and its first (decision 47). */
export async function makeDefault(trx: Trx, propertyId: number, mediaId: number) {
  const [first] = await imageIdsInOrder(trx, propertyId);
  if (first !== mediaId)
    await trx
      .updateTable('property_media')
      .set({ sort_order: placeOf(propertyId, 'first') })
      .where('id', '=', mediaId)
      .execute();
  await trx
    .updateTable('property_media')
    .set({ is_default: false })
    .where('property_id', '=', propertyId)
    .where('is_default', '=', true)
    .where('id', '<>', mediaId)
    .execute();
  await trx
    .updateTable('property_media')
    .set({ is_default: true })
    .where('id', '=', mediaId)
    .where('is_default', '=', false)
    .execute();
}

/**
 * Puts the property's images in the order of `ids` (each an image of the property, once), numbered from
 * 1; only rows whose place changes are written (and audited). The first becomes the default.
 */
export async function reorderImages(trx: Trx, propertyId: number, ids: readonly number[]) {
  await sql`
    UPDATE property_media m SET sort_order = o.n
      FROM unnest(${sql.val([...ids])}::int[]) WITH ORDINALITY AS o(id, n)
     WHERE m.id = o.id AND m.property_id = ${propertyId} AND m.sort_order <> o.n`.execute(trx);
  if (ids[0] !== undefined) await makeDefault(trx, propertyId, ids[0]);
}

export const deleteMedia = (trx: Trx, mediaId: number) =>
  trx.deleteFrom('property_media').where('id', '=', mediaId).execute();

/** The property's amenities by id, with their names. */
export const amenitiesOf = (db: Db, propertyId: number) =>
  db
    .selectFrom('property_amenities as pa')
    .select([
      'pa.amenities_id',
      sql<string>`(SELECT a.name FROM amenities a WHERE a.id = pa.amenities_id)`.as('name'),
    ])
    .where('pa.property_id', '=', propertyId)
    .orderBy('pa.amenities_id')
    .execute();

/** Makes the property's amenities exactly `ids` (known to exist): removes the others, adds the new. */
export async function replaceAmenities(trx: Trx, propertyId: number, ids: readonly number[]) {
  let stale = trx.deleteFrom('property_amenities').where('property_id', '=', propertyId);
  if (ids.length > 0) stale = stale.where('amenities_id', 'not in', ids);
  await stale.execute();
  if (ids.length > 0)
    await trx
      .insertInto('property_amenities')
      .values(ids.map((amenities_id) => ({ property_id: propertyId, amenities_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

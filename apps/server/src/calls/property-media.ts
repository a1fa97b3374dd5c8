import { sql } from 'kysely';
import { MESSAGES, PROPERTY_MESSAGES, propertyApi, type ApiCall } from '@app/contract';
import type { z } from 'zod';
import { defineCall, type AnyCall, type CallBehaviour, type CallContext, type Served } from './registry.ts';
import type { SessionUser } from '../lib/session.ts';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { assertExist, type AnyDb } from '../lib/links.ts';
import { placeMedia, removeMedia, storeImage } from '../lib/media.ts';
import { propertyInScope } from '../lib/property-scope.ts';

const TAG = 'Property media';
const ACCESS = 'Property Image' as const;

/** The media row of the property, or 404. */
async function mediaOf(db: Db, propertyId: number, imageId: number) {
  const media = await db
    .selectFrom('property_media')
    .selectAll()
    .where('id', '=', imageId)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  if (!media) throw notFound('Image');
  return media;
}

/** Holds the property's row until the transaction ends: its media and amenity saves queue behind it. */
const lockProperty = (trx: Trx, propertyId: number) =>
  sql`SELECT 1 FROM properties WHERE property_id = ${propertyId} FOR NO KEY UPDATE`.execute(trx);

/** A media or amenity call: 'Property Image', and the property must be in the caller's scope (404). */
const mediaCall = <S extends z.ZodType, R extends z.ZodType>(
  call: ApiCall<string, 'GET' | 'POST', S, R>,
  def: Pick<CallBehaviour<typeof ACCESS, S, R>, 'summary' | 'upload' | 'create'> & {
    property: (input: z.output<S>) => number;
    handle: (ctx: CallContext<z.output<S>, SessionUser>) => Promise<Served<z.output<R>>>;
  },
) =>
  defineCall(call, {
    ...def,
    access: ACCESS,
    tag: TAG,
    async handle(ctx) {
      await propertyInScope(ctx.db, ctx.user, def.property(ctx.input));
      return def.handle(ctx);
    },
  });

export const propertyMediaCalls: AnyCall[] = [
  mediaCall(propertyApi.showallimagesvideo, {
    summary: 'The images and videos of a property in your scope, under resultdata (lower-case d)',
    property: (input) => input.property_id,
    async handle({ db, input }) {
      const rows = await db
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
        .where('property_id', '=', input.property_id)
        .orderBy('id')
        .execute();
      return { resultdata: rows };
    },
  }),

  mediaCall(propertyApi.saveimagesupload, {
    create: true,
    summary:
      'Add an image (multipart: images_video, JPEG/PNG by content, 1 MB) or a video link (JSON: video_link); the first image becomes the default',
    property: (input) => input.property_id,
    upload: { files: ['images_video'], tooLarge: MESSAGES.uploadLimit },
    async handle({ db, config, input, user, files }) {
      if (input.type === 'Video') {
        await db
          .insertInto('property_media')
          .values({
            property_id: input.property_id,
            type: 'Video',
            video_url: input.video_link,
            description: input.description,
            created_by: user.user_id,
          })
          .execute();
        return { message: 'Video saved successfully' };
      }
      const bytes = files.images_video;
      if (!bytes) throw badRequest(`images_video: ${MESSAGES.required}`, { images_video: MESSAGES.required });
      const image = await storeImage(config.dataDir, bytes, {
        field: 'images_video',
        tooLarge: MESSAGES.uploadLimit,
        wrongType: MESSAGES.imageType,
      });
      try {
        await inTransaction(db, async (trx) => {
          // One upload at a time per property, so 'the first image' and 'one default' hold.
          await lockProperty(trx, input.property_id);
          const hasDefault = await trx
            .selectFrom('property_media')
            .select('id')
            .where('property_id', '=', input.property_id)
            .where('is_default', '=', true)
            .executeTakeFirst();
          const makeDefault = !hasDefault || input.isDefault;
          if (makeDefault && hasDefault)
            await trx
              .updateTable('property_media')
              .set({ is_default: false })
              .where('id', '=', hasDefault.id)
              .execute();
          await trx
            .insertInto('property_media')
            .values({
              property_id: input.property_id,
              type: 'Image',
              file: image.file,
              thumbnail: image.thumbnail,
              description: input.description,
              is_default: makeDefault,
              created_by: user.user_id,
            })
            .execute();
        });
      } catch (error) {
        await removeMedia(config.dataDir, image.file, image.thumbnail);
        throw error;
      }
      await placeMedia(config.dataDir, image);
      return { message: 'Image saved successfully' };
    },
  }),

  mediaCall(propertyApi.deletepropertyimages, {
    summary: 'Delete an image or video and its files; the default image only when it is the last image',
    property: (input) => input.property_id,
    async handle({ db, config, input }) {
      // Under the property's lock: an image made the default meanwhile is not deleted as a plain one.
      const media = await inTransaction(db, async (trx) => {
        await lockProperty(trx, input.property_id);
        const media = await mediaOf(trx, input.property_id, input.image_id);
        if (media.is_default) {
          const others = await trx
            .selectFrom('property_media')
            .select('id')
            .where('property_id', '=', input.property_id)
            .where('type', '=', 'Image')
            .where('id', '<>', media.id)
            .executeTakeFirst();
          if (others) throw conflict(PROPERTY_MESSAGES.defaultImageInUse);
        }
        await trx.deleteFrom('property_media').where('id', '=', media.id).execute();
        return media;
      });
      await removeMedia(config.dataDir, media.file, media.thumbnail);
      return { message: 'Deleted successfully' };
    },
  }),

  mediaCall(propertyApi.propertyimagesisDefault, {
    summary: 'Make an image the default of its property (exactly one default per property)',
    property: (input) => input.property_id,
    async handle({ db, input }) {
      await inTransaction(db, async (trx) => {
        // Read under the property's lock: an image deleted meanwhile is a 404, not a listing without a default.
        await lockProperty(trx, input.property_id);
        const media = await mediaOf(trx, input.property_id, input.image_id);
        if (media.type !== 'Image') throw conflict(PROPERTY_MESSAGES.onlyImagesDefault);
        await trx
          .updateTable('property_media')
          .set({ is_default: false })
          .where('property_id', '=', input.property_id)
          .where('is_default', '=', true)
          .where('id', '<>', media.id)
          .execute();
        await trx
          .updateTable('property_media')
          .set({ is_default: true })
          .where('id', '=', media.id)
          .execute();
      });
      return { message: 'Default image changed successfully' };
    },
  }),

  mediaCall(propertyApi.getSelectedPropertyAmenities, {
    summary: 'The amenities of a property in your scope: rows with amenities_id',
    property: (input) => input.propertyId,
    async handle({ db, input }) {
      return {
        resultData: await db
          .selectFrom('property_amenities as pa')
          .select([
            'pa.amenities_id',
            sql<string>`(SELECT a.name FROM amenities a WHERE a.id = pa.amenities_id)`.as('name'),
          ])
          .where('pa.property_id', '=', input.propertyId)
          .orderBy('pa.amenities_id')
          .execute(),
      };
    },
  }),

  mediaCall(propertyApi.savePropertyMappingAmenities, {
    summary: 'Make the amenities of a property exactly ammentiesId (comma list)',
    property: (input) => input.propertyId,
    async handle({ db, input }) {
      const ids = input.ammentiesId;
      await inTransaction(db, async (trx) => {
        // One save of a property's amenities at a time: two that delete and insert overlapping rows
        // would otherwise lock them in different orders and deadlock.
        await lockProperty(trx, input.propertyId);
        // The amenity master's key is `id`; the link row keeps the legacy name `amenities_id`.
        await assertExist(trx as unknown as AnyDb, 'amenities', 'id', ids, 'ammentiesId', 'amenity');
        let stale = trx.deleteFrom('property_amenities').where('property_id', '=', input.propertyId);
        if (ids.length > 0) stale = stale.where('amenities_id', 'not in', ids);
        await stale.execute();
        if (ids.length > 0)
          await trx
            .insertInto('property_amenities')
            .values(ids.map((amenities_id) => ({ property_id: input.propertyId, amenities_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
      });
      return { message: 'Amenities saved successfully' };
    },
  }),
];

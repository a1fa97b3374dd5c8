import { MESSAGES, PROPERTY_MESSAGES, propertyApi, type ApiCall } from '@app/contract';
import type { z } from 'zod';
import { defineCall, type AnyCall, type CallBehaviour, type Served } from './registry.ts';
import type { CallContext } from '../lib/call-context.ts';
import type { SessionUser } from '../lib/session.ts';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import { lockedPropertyRow } from '../db/repositories/property-history.ts';
import {
  amenitiesOf,
  clearDefault,
  defaultMediaOf,
  deleteMedia,
  findMedia,
  imageIdsInOrder,
  insertImage,
  insertVideo,
  makeDefault,
  mediaOfProperty,
  otherImageOf,
  reorderImages,
  replaceAmenities,
} from '../db/repositories/property-media.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { assertExist, type AnyDb } from '../lib/links.ts';
import { placeMedia, removeMedia, storeImage } from '../lib/media.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { propertyInScope, propertyScope } from '../lib/property-scope.ts';

const TAG = 'Property media';
const ACCESS = 'Property Image' as const;

/** The media row of the property, or 404. */
async function mediaOf(db: Db, propertyId: number, imageId: number) {
  const media = await findMedia(db, propertyId, imageId);
  if (!media) throw notFound('Image');
  return media;
}

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

/**
 * Locks the listing for a write of its media or amenities (they queue behind it): 404, not their rows'
 * 409, once it is deleted or given out of the user's scope while this waited.
 */
async function lockListing(trx: Trx, propertyId: number, user: SessionUser) {
  if (!(await lockedPropertyRow(trx, propertyId, propertyScope(user)))) throw notFound('Property');
}

export const propertyMediaCalls: AnyCall[] = [
  mediaCall(propertyApi.showallimagesvideo, {
    summary: 'The images and videos of a property in your scope, under resultdata (lower-case d)',
    property: (input) => input.property_id,
    async handle({ db, input }) {
      return { resultdata: await mediaOfProperty(db, input.property_id) };
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
        // Under the listing's lock, as every media write: videos added at once each go last.
        await inTransaction(db, async (trx) => {
          await lockListing(trx, input.property_id, user);
          await insertVideo(trx, {
            propertyId: input.property_id,
            url: input.video_link,
            description: input.description,
            createdBy: user.user_id,
          });
        });
        return { message: 'Video saved successfully' };
      }
      const bytes = files.images_video;
      if (!bytes) throw badRequest(`images_video: ${MESSAGES.required}`, { images_video: MESSAGES.required });
      const image = await storeImage(mediaStore(config), bytes, {
        field: 'images_video',
        tooLarge: MESSAGES.uploadLimit,
        wrongType: MESSAGES.imageType,
      });
      try {
        await inTransaction(db, async (trx) => {
          // One upload at a time per property, so 'the first image' and 'one default' hold.
          await lockListing(trx, input.property_id, user);
          const hasDefault = await defaultMediaOf(trx, input.property_id);
          const isDefault = !hasDefault || input.isDefault;
          if (isDefault && hasDefault) await clearDefault(trx, hasDefault.id);
          await insertImage(trx, {
            propertyId: input.property_id,
            file: image.file,
            thumbnail: image.thumbnail,
            description: input.description,
            isDefault,
            createdBy: user.user_id,
          });
        });
      } catch (error) {
        await removeMedia(mediaStore(config), image.file, image.thumbnail);
        throw error;
      }
      await placeMedia(db, mediaStore(config), image, { propertyId: input.property_id });
      return { message: 'Image saved successfully' };
    },
  }),

  mediaCall(propertyApi.deletepropertyimages, {
    summary: 'Delete an image or video and its files; the default image only when it is the last image',
    property: (input) => input.property_id,
    async handle({ db, config, input, user, req }) {
      // Under the property's lock: an image made the default meanwhile is not deleted as a plain one.
      const media = await inTransaction(db, async (trx) => {
        await lockListing(trx, input.property_id, user);
        const media = await mediaOf(trx, input.property_id, input.image_id);
        if (media.is_default) {
          const others = await otherImageOf(trx, input.property_id, media.id);
          if (others) throw conflict(PROPERTY_MESSAGES.defaultImageInUse);
        }
        await deleteMedia(trx, media.id);
        return media;
      });
      await removeUnnamedMedia(db, mediaStore(config), req.log, media.file, media.thumbnail);
      return { message: 'Deleted successfully' };
    },
  }),

  mediaCall(propertyApi.propertyimagesisDefault, {
    summary: 'Make an image the default of its property (exactly one default per property)',
    property: (input) => input.property_id,
    async handle({ db, input, user }) {
      await inTransaction(db, async (trx) => {
        // Read under the property's lock: an image deleted meanwhile is a 404, not a listing without a default.
        await lockListing(trx, input.property_id, user);
        const media = await mediaOf(trx, input.property_id, input.image_id);
        if (media.type !== 'Image') throw conflict(PROPERTY_MESSAGES.onlyImagesDefault);
        await makeDefault(trx, input.property_id, media.id);
      });
      return { message: 'Default image changed successfully' };
    },
  }),

  mediaCall(propertyApi.reorderPropertyImages, {
    summary:
      'Put the images of a property in your scope in a new order (image_ids, each once); the first becomes the default',
    property: (input) => input.property_id,
    async handle({ db, input, user }) {
      await inTransaction(db, async (trx) => {
        // Under the property's lock, as uploads, deletes and make-default: each sees the order the last left.
        await lockListing(trx, input.property_id, user);
        const current = await imageIdsInOrder(trx, input.property_id);
        const strangers = input.image_ids.filter((id) => !current.includes(id));
        if (strangers.length > 0) {
          const message = `${strangers.length === 1 ? 'This id is' : 'These ids are'} not an image of this listing: ${strangers.join(', ')}`;
          throw badRequest(message, { image_ids: message });
        }
        // Images added since the caller read the list keep their order, after the ones it names.
        const rest = current.filter((id) => !input.image_ids.includes(id));
        await reorderImages(trx, input.property_id, [...input.image_ids, ...rest]);
      });
      return { message: 'Image order saved successfully' };
    },
  }),

  mediaCall(propertyApi.getSelectedPropertyAmenities, {
    summary: 'The amenities of a property in your scope: rows with amenities_id',
    property: (input) => input.propertyId,
    async handle({ db, input }) {
      return { resultData: await amenitiesOf(db, input.propertyId) };
    },
  }),

  mediaCall(propertyApi.savePropertyMappingAmenities, {
    summary: 'Make the amenities of a property exactly ammentiesId (comma list)',
    property: (input) => input.propertyId,
    async handle({ db, input, user }) {
      const ids = input.ammentiesId;
      await inTransaction(db, async (trx) => {
        // One save of a property's amenities at a time: two that delete and insert overlapping rows
        // would otherwise lock them in different orders and deadlock.
        await lockListing(trx, input.propertyId, user);
        // The amenity master's key is `id`; the link row keeps the legacy name `amenities_id`.
        await assertExist(trx as unknown as AnyDb, 'amenities', 'id', ids, 'ammentiesId', 'amenity');
        await replaceAmenities(trx, input.propertyId, ids);
      });
      return { message: 'Amenities saved successfully' };
    },
  }),
];

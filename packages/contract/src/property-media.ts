import { z } from 'zod';
import { blankToNull, flag, id, idList, requiredText, storable } from './common.ts';
import { MESSAGES } from './constants.ts';
import { PROPERTY_MESSAGES } from './property-rules.ts';

/** A listing's images, video links and amenities (spec 1, section 5): the requests and the answers. */

export const MEDIA_TYPES = ['Image', 'Video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A web address starting with http:// or https://. */
export const videoLink = storable(
  z.string({ error: PROPERTY_MESSAGES.videoLink }).trim().max(1000, PROPERTY_MESSAGES.videoLink),
).refine((s) => {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}, PROPERTY_MESSAGES.videoLink);

/** `saveimagesupload`: an image (multipart, file `images_video`) or a video link (JSON). */
export const saveMediaRequest = z
  .looseObject({
    type: z.enum(MEDIA_TYPES, { error: 'Type must be Image or Video' }),
    property_id: id,
    isDefault: flag,
    description: requiredText(500),
    video_link: z.preprocess(blankToNull, videoLink.nullable()) as z.ZodType<string | null, unknown>,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Video' && !v.video_link)
      ctx.addIssue({ code: 'custom', path: ['video_link'], message: MESSAGES.required });
  });

export const mediaImageRequest = z.looseObject({ image_id: id, property_id: id });
export const mediaDefaultRequest = mediaImageRequest.extend({ isDefault: flag });

/** The most images one listing's order names (far more than a listing shows). */
export const MAX_ORDERED_IMAGES = 500;

/**
 * `reorderPropertyImages`: the listing's images in their new order, each once; the first becomes the
 * default. Images not named (added meanwhile) follow in their current order.
 */
export const mediaOrderRequest = z.looseObject({
  property_id: id,
  image_ids: z
    .array(id, { error: 'image_ids must be a list of image ids' })
    .min(1, 'Name at least one image')
    .max(MAX_ORDERED_IMAGES, `Name at most ${MAX_ORDERED_IMAGES} images`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each image once'),
});
export type MediaOrderRequest = z.output<typeof mediaOrderRequest>;

export const propertyAmenitiesRequest = z.looseObject({ propertyId: id });
export const savePropertyAmenitiesRequest = z.looseObject({ propertyId: id, ammentiesId: idList });

/** A row of `showallimagesvideo`: an image (its /media/ address and thumbnail's) or a video link. */
export const propertyMediaRow = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  type: z.enum(MEDIA_TYPES),
  images_video: z.string(),
  thumbnail: z.string().nullable(),
  description: z.string(),
  isDefault: z.literal([0, 1]),
});
export type PropertyMediaRow = z.output<typeof propertyMediaRow>;
/** `showallimagesvideo` answers under `resultdata`, lower-case d, as the old client reads it. */
export const propertyMediaAnswer = z.object({ resultdata: z.array(propertyMediaRow) });

/** An amenity of a property: the master's id (legacy name) and its name. */
export const propertyAmenityRow = z.object({ amenities_id: z.number().int(), name: z.string() });
export const propertyAmenitiesAnswer = z.object({ resultData: z.array(propertyAmenityRow) });

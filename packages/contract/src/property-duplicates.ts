import { z } from 'zod';
import { optionalId } from './common.ts';
import { declareCalls } from './calls.ts';
import { propertyFields } from './properties.ts';

/**
 * The duplicate-listing check (issue 22, item 7; decision 48): a listing is a likely duplicate of
 * another in the same barangay whose land area, and price asked when both have one, are within
 * `tolerance` of its own, and whose name and street are alike: the mean of their trigram similarities
 * (pg_trgm) reaches `similarity`.
 */
export const DUPLICATE_RULES = { tolerance: 0.05, similarity: 0.5, limit: 10 } as const;

/**
 * CheckDuplicateProperty's request: the form's fields as saveproperty/updateproperty take them (the
 * whole body may be sent; the others are ignored), and `id`, the listing being edited, left out.
 */
export const checkDuplicateRequest = propertyFields
  .pick({
    property_name: true,
    street_name: true,
    barangay_id: true,
    land_area: true,
    sale_price: true,
    rental_price_asked: true,
  })
  .extend({ id: optionalId });
export type CheckDuplicateRequest = z.output<typeof checkDuplicateRequest>;

/**
 * One likely duplicate. A listing in the caller's scope is shown whole (`in_scope`, its id to link
 * to); one outside it only as "a listing of this agent (agency)", with its similarity: the caller
 * learns whom to ask, not the listing (decision 48).
 */
export const likelyDuplicate = z.object({
  in_scope: z.boolean(),
  property_id: z.number().int().nullable(),
  property_name: z.string().nullable(),
  address: z.string().nullable(),
  land_area: z.number().nullable(),
  price: z.number().nullable(),
  status: z.string().nullable(),
  agent_name: z.string().nullable(),
  agency_name: z.string().nullable(),
  /** 0-1: the mean of the name's and the street's trigram similarity. */
  similarity: z.number(),
});
export type LikelyDuplicate = z.output<typeof likelyDuplicate>;

export const propertyDuplicateApi = declareCalls({
  /** The likely duplicates of a listing as the form holds it, most alike first (not in the old API). */
  CheckDuplicateProperty: {
    method: 'POST',
    input: checkDuplicateRequest,
    response: z.object({ resultData: z.array(likelyDuplicate) }),
  },
});

import { z } from 'zod';

/**
 * What calls answer, declared once: the server serializes every declared answer through its schema (a
 * field not declared never leaves it) and the web app reads the same types.
 */

/** What a change answers: a sentence for the person who made it. */
export const messageAnswer = z.object({ message: z.string() });

/** A moment on the wire: ISO 8601 in UTC ('2026-11-24T23:31:44.000Z'). */
export const timestamp = z.iso.datetime();

/** One page of a paged list, inside the list's envelope (`resultData`, or `roleData` for roles). */
export const listPage = <R extends z.ZodType>(row: R) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    /**
     * Set when `total` is an estimate: the planner's (more than 10,000 matches), or Suspected Duplicates'
     * from a sample of the listings of dates that hold many (decision 123).
     */
    total_is_estimate: z.boolean().optional(),
    /** Set when a search of more than 10,000 matches asked for newest first (`broadOrder=newest`) got it. */
    newest_first: z.boolean().optional(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
  });

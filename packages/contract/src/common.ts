import { z } from 'zod';
import { MESSAGES, PAGE_SIZES, SEARCH_TEXT_MAX, type Status } from './constants.ts';

export const requiredText = (max = 255) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `At most ${max} characters`);

export const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid));

export const password = z
  .string({ error: MESSAGES.required })
  .min(8, MESSAGES.passwordRule)
  .max(128, 'At most 128 characters')
  .regex(/[A-Za-z]/, MESSAGES.passwordRule)
  .regex(/\d/, MESSAGES.passwordRule);

/** A positive integer id, from JSON or a query string. */
export const id = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Too large');

/**
 * One honest status. The old clients send 'Active'/'InActive'/'Inactive', 1/0 or true/false
 * depending on the screen; all of them mean the same two states.
 */
export const status = z
  .union([z.string(), z.number(), z.boolean()], { error: 'Status must be Active or Inactive' })
  .transform((v, ctx): Status => {
    const s = String(v).trim().toLowerCase();
    if (s === 'active' || s === '1' || s === 'true') return 'Active';
    if (s === 'inactive' || s === '0' || s === 'false') return 'Inactive';
    ctx.addIssue({ code: 'custom', message: 'Status must be Active or Inactive' });
    return z.NEVER;
  });

/**
 * The list contract shared by every paged call. `sortColumns` is the list's whitelist: the first
 * entry is its default sort; anything else is a 400.
 */
export const listQuery = <const C extends readonly [string, ...string[]]>(sortColumns: C) =>
  z.object({
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(1_000_000).default(1),
    itemsPerPage: z.coerce
      .number({ error: 'itemsPerPage must be one of 7, 15, 25, 50' })
      .refine((n): n is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(n), {
        message: 'itemsPerPage must be one of 7, 15, 25, 50',
      })
      .default(7),
    sortColumn: z
      .enum(sortColumns, { error: `sortColumn must be one of ${sortColumns.join(', ')}` })
      .default(sortColumns[0] as C[number]),
    sortOrder: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }))
      .default('asc'),
    searchText: z.string().trim().max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters`).default(''),
  });
export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

export interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

export const messageResponse = z.object({ message: z.string() });

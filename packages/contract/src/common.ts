import { z } from 'zod';
import { MESSAGES, SEARCH_TEXT_MAX, type Status } from './constants.ts';

/**
 * A field's message for a value of the wrong kind: `missing` when there is none (undefined or null),
 * `error` for anything else (true, an array, a number where text is asked), decision 95.
 */
export const missingOr =
  (missing: string, error: string) =>
  ({ input }: { input?: unknown }) =>
    input === undefined || input === null ? missing : error;

/** What a NUL character in text says: PostgreSQL refuses it, and its refusal could not name the field. */
export const UNSTORABLE = 'Holds a character that cannot be stored';
/** Whether a value, if it is text, holds no NUL character (decisions 97 and 100). */
export const holdsNoNul = (v: unknown) => typeof v !== 'string' || !v.includes('\u0000');

/** Text the database can store (and a search can look for): no NUL character. */
export const storable = <T extends z.ZodString>(text: T) => text.refine(holdsNoNul, UNSTORABLE);

/** Text that is filled in (`missing` when blank, trimmed) and then follows `rule`: one message, not both. */
export const filledAnd = <T>(missing: string, rule: z.ZodType<T, string>) =>
  z.string().trim().min(1, missing).pipe(rule);

/**
 * Text, filled in, that then follows `rule`. Piped so that an array (which has a length) is refused
 * once as not text, not again by the checks (zod runs length checks on a value of the wrong type too).
 */
const filledText = <T>(missing: string, error: string, rule: z.ZodType<T, string>) =>
  z.string({ error: missingOr(missing, error) }).pipe(filledAnd(missing, rule));

export const MUST_BE_TEXT = 'Must be text';

export const requiredText = (max = 255) =>
  filledText(MESSAGES.required, MUST_BE_TEXT, storable(z.string().max(max, `At most ${max} characters`)));

export const email = filledText(
  MESSAGES.emailRequired,
  MESSAGES.emailInvalid,
  z.string().max(254, MESSAGES.emailInvalid).pipe(z.email(MESSAGES.emailInvalid)),
);

const PASSWORD_MAX = 128;
const passwordTooLong = `At most ${PASSWORD_MAX} characters`;

export const password = z.string({ error: missingOr(MESSAGES.required, MESSAGES.passwordRule) }).pipe(
  z
    .string()
    .min(8, MESSAGES.passwordRule)
    .max(PASSWORD_MAX, passwordTooLong)
    .regex(/[A-Za-z]/, MESSAGES.passwordRule)
    .regex(/\d/, MESSAGES.passwordRule),
);

/** A password typed as it is (not trimmed): missing or empty is required, not text is 'Must be text'. */
const typedPassword = (rule: z.ZodString) =>
  z.string({ error: missingOr(MESSAGES.required, MUST_BE_TEXT) }).pipe(rule.min(1, MESSAGES.required));

/** The current password, typed to confirm a change: required, and no longer than a password may be. */
export const currentPassword = typedPassword(z.string().max(PASSWORD_MAX, passwordTooLong));
/** The new password typed again: required; whether it matches is the form's rule. */
export const confirmPassword = typedPassword(z.string());

/**
 * A value typed into a field as text or sent as a number: `missing` when there is none, `error` (the
 * field's rule) for anything else, true or an array as much as a wrong word (missingOr). Each branch
 * carries the message too: a form's resolver shows a failed union's first branch message, so a bare
 * branch would leak zod's own text.
 */
export const textOrNumber = (error: string, missing = error) => {
  const message = missingOr(missing, error);
  return z.union([z.string({ error: message }), z.number({ error: message })], { error: message });
};

/** Blank (undefined, null or only spaces) is null; anything else as it is. */
export const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? null : v;

/** Optional free text: blank means null. */
export const optionalText = (max = 255) =>
  z.preprocess(
    blankToNull,
    storable(z.string().trim().max(max, `At most ${max} characters`)).nullable(),
  ) as z.ZodType<string | null, unknown>;

/** A mobile number: digits only, at most 12. */
export const phone = textOrNumber(MESSAGES.mobile, MESSAGES.required)
  .transform(String)
  .pipe(filledAnd(MESSAGES.required, z.string().regex(/^\d{1,12}$/, MESSAGES.mobile)));

export const optionalPhone = z.preprocess(
  blankToNull,
  textOrNumber(MESSAGES.mobile)
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,12}$/, MESSAGES.mobile))
    .nullable(),
) as z.ZodType<string | null, unknown>;

export const optionalEmail = z.preprocess(
  blankToNull,
  z.string().trim().max(254, MESSAGES.emailInvalid).pipe(z.email(MESSAGES.emailInvalid)).nullable(),
) as z.ZodType<string | null, unknown>;

/** A zip code of 1-6 digits (agency, association, seller). */
export const zip6 = (required: boolean) =>
  z.preprocess(
    blankToNull,
    required
      ? textOrNumber(MESSAGES.zip6, MESSAGES.required)
          .transform((v) => String(v).trim())
          .pipe(z.string().regex(/^\d{1,6}$/, MESSAGES.zip6))
      : textOrNumber(MESSAGES.zip6)
          .transform((v) => String(v).trim())
          .pipe(z.string().regex(/^\d{1,6}$/, MESSAGES.zip6))
          .nullable(),
  ) as z.ZodType<string | null, unknown>;

/** A Philippine postal code: exactly 4 digits. */
export const zip4 = (required: boolean) =>
  z.preprocess(
    blankToNull,
    required
      ? textOrNumber(MESSAGES.zip4, MESSAGES.zipRequired)
          .transform((v) => String(v).trim())
          .pipe(z.string().regex(/^\d{4}$/, MESSAGES.zip4))
      : textOrNumber(MESSAGES.zip4)
          .transform((v) => String(v).trim())
          .pipe(z.string().regex(/^\d{4}$/, MESSAGES.zip4))
          .nullable(),
  ) as z.ZodType<string | null, unknown>;

/** A web address, with or without http(s)://. */
export const optionalWebsite = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(300, MESSAGES.website)
    .regex(/^(https?:\/\/)?([a-z0-9](-*[a-z0-9])*\.)+[a-z]{2,}(:\d{1,5})?([/?#][^\s]*)?$/i, MESSAGES.website)
    .refine(holdsNoNul, UNSTORABLE)
    .nullable(),
) as z.ZodType<string | null, unknown>;

/**
 * A list filter that is on or absent: true, 'true', '1' or 1 turn it on; absent, blank, false, 'false'
 * or '0' leave it off (today's list); anything else is refused in plain words.
 */
export const onOrLeftOut = (name: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' || v === false || v === 'false' || v === '0' ? undefined : v,
    z
      .union([z.literal(true), z.literal('true'), z.literal('1'), z.literal(1)], {
        error: `${name} must be true or left out`,
      })
      .transform(() => true as const)
      .optional(),
  );

/** A yes/no flag from a checkbox, 1/0, 'Yes'/'No' or true/false. */
export const flag = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform(
    (v) =>
      v === true ||
      v === 1 ||
      (typeof v === 'string' && ['1', 'true', 'yes'].includes(v.trim().toLowerCase())),
  );

/**
 * What no number is sent as: true, false, an array or an object (a number or a text is one). Read as a
 * number, true was 1 and [5] was 5, so such a value named a record or an amount the client never sent
 * (decision 93); it is NaN instead, refused as not a number.
 */
export const notANumber = (v: unknown) =>
  typeof v === 'boolean' || (typeof v === 'object' && v !== null) ? Number.NaN : v;

/**
 * Every number the contract reads from a client, from JSON or a query string: a number or its text
 * (read as `z.coerce.number` reads them); true, false, arrays and objects answer `error`, the field's
 * message for any other non-number (decision 93). `rules` are the field's own checks.
 */
export const coercedNumber = <T extends z.ZodType = z.ZodCoercedNumber>(
  error: string | undefined,
  rules: (n: z.ZodCoercedNumber) => T = (n) => n as unknown as T,
) => z.preprocess(notANumber, rules(z.coerce.number(error === undefined ? undefined : { error })));

/** The largest id an integer column holds: beyond it, an id names no record. */
export const MAX_ID = 2_147_483_647;

/**
 * The largest id of a bigint column (notifications) a client can name: beyond it a number is no longer
 * exact, so it is 'Too large' there, while one beyond MAX_ID may yet be a record (decision 95).
 */
export const MAX_BIGINT_ID = Number.MAX_SAFE_INTEGER;

/** A positive integer id, from JSON or a query string. */
export const id = coercedNumber('Must be a number', (n) =>
  n.int('Must be a whole number').positive('Must be a positive number').max(MAX_ID, 'Too large'),
) as z.ZodType<number, unknown>;

/** An optional id: blank, 0 or null mean none. */
export const optionalId = z.preprocess(
  (v) => (blankToNull(v) === null || v === 0 || v === '0' ? null : v),
  id.nullable(),
) as z.ZodType<number | null, unknown>;

/** A list's optional parent filter (a seller's listings: `seller_id`); absent, blank or 0: none. */
export const parentId = optionalId.optional();

/**
 * A required id from a select: an empty select ('', null, 0, as old clients send none chosen) says
 * 'Field is required'; a value that names no choice (a word, true, -3, 1.5) 'Choose one from the
 * list' (decision 100).
 */
export const requiredId = z.preprocess(
  (v) => (blankToNull(v) === null || v === 0 || v === '0' ? undefined : v),
  z
    .unknown()
    .refine((v): boolean => v !== undefined, MESSAGES.required)
    .pipe(
      coercedNumber(MESSAGES.chooseFromList, (n) =>
        n.int(MESSAGES.chooseFromList).positive(MESSAGES.chooseFromList).max(MAX_ID, 'Too large'),
      ),
    ),
) as z.ZodType<number, unknown>;

/** Comma-separated ids on the wire ('4,7,9'), a list of distinct ids inside. Empty or null means none. */
export const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])), z.null()])
  .optional()
  .transform((v, ctx) => {
    const parts =
      v === null || v === undefined ? [] : Array.isArray(v) ? v.map(String) : String(v).split(',');
    const ids = parts.map((p) => p.trim()).filter(Boolean);
    if (ids.length > 1000 || ids.some((p) => !/^\d{1,9}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'Must be a comma-separated list of ids' });
      return z.NEVER;
    }
    return [...new Set(ids.map(Number))].filter((n) => n > 0);
  });

/** A list's or a lookup's search: a NUL character in it is refused on the field (decision 100). */
export const searchText = (max = SEARCH_TEXT_MAX) =>
  storable(z.string().trim().max(max, `At most ${max} characters`));

/**
 * A lookup that can grow large (sellers, agencies, agents): without parameters every row, as the old
 * clients ask; with `searchText` the first LOOKUP_MATCHES whose name holds it (an empty one: the first
 * by name); with `ids` those rows (the values a form has chosen).
 */
export const lookupQuery = z.looseObject({ searchText: searchText().optional(), ids: idList }).nullish();
export type LookupQuery = z.infer<typeof lookupQuery>;

/** An id list that must name at least one. */
export const requiredIdList = idList.refine((ids) => ids.length > 0, { message: MESSAGES.required });

/**
 * One honest status. The old clients send 'Active'/'InActive'/'Inactive', 1/0 or true/false
 * depending on the screen; all of them mean the same two states.
 */
const statusRule = 'Status must be Active or Inactive';
export const status = z
  .union(
    [z.string({ error: statusRule }), z.number({ error: statusRule }), z.boolean({ error: statusRule })],
    {
      error: statusRule,
    },
  )
  .transform((v, ctx): Status => {
    const s = String(v).trim().toLowerCase();
    if (s === 'active' || s === '1' || s === 'true') return 'Active';
    if (s === 'inactive' || s === '0' || s === 'false') return 'Inactive';
    ctx.addIssue({ code: 'custom', message: 'Status must be Active or Inactive' });
    return z.NEVER;
  });

/** Why a user's status changed: optional (the old list switch sends none); blank or null is none. */
export const statusReason = optionalText(500).optional();

/** For calls that take no parameters: whatever is sent (nothing, null, stray fields) is ignored. */
export const noInput = z.looseObject({}).nullish();

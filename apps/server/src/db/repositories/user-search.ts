import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fullNameOf } from './full-name.ts';

/** The fields of a user (`u`) that searches read. */
const USER_SEARCH_FIELDS = {
  name: fullNameOf('u'),
  user_email: sql`u.user_email`,
  phone_1: sql`u.phone_1`,
  phone_2: sql`u.phone_2`,
} as const;
export type UserSearchField = keyof typeof USER_SEARCH_FIELDS;

/** The fields the user's search text holds, lowered and apart (migration 0032): the Users list's. */
const IN_SEARCH_TEXT: readonly UserSearchField[] = ['name', 'user_email', 'phone_1'];

/**
 * The user (`u`) has `pattern` (an ILIKE pattern) in one of `fields`, as `field ILIKE pattern` on each
 * would say. A search of every field of the search text reads it instead (decision 60): one LIKE on
 * text already lowered, through one trigram index, where three ILIKEs lower each field of each row
 * they test. A pattern holding the fields' separator (chr(1)) could match across two: the ILIKEs then.
 */
export function userMatches(pattern: string, fields: readonly UserSearchField[]) {
  const whole = !pattern.includes('\u0001') && IN_SEARCH_TEXT.every((field) => fields.includes(field));
  const arms: RawBuilder<unknown>[] = whole ? [sql`u.search_text LIKE lower(${pattern})`] : [];
  for (const field of fields)
    if (!whole || !IN_SEARCH_TEXT.includes(field))
      arms.push(sql`${USER_SEARCH_FIELDS[field]} ILIKE ${pattern}`);
  return sql<SqlBool>`(${sql.join(arms, sql` OR `)})`;
}

import { sql } from 'kysely';

/**
 * A user's first and last name as one, as lists, reports and searches show, sort and search it: written
 * once, so that it stays the expression the name indexes hold (migrations 0003 and 0032). `alias` names
 * the users row; without it, the query's only users table. `T` is string | null under a left join.
 */
export const fullNameOf = <T extends string | null = string>(alias?: string) =>
  alias
    ? sql<T>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`
    : sql<T>`first_name || ' ' || last_name`;

/** The same, of a user already read. */
export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

import { sql, type SqlBool } from 'kysely';

/**
 * `column = ANY ($1::int[])`: one parameter for one id or ten thousand (a bulk action's), where
 * `IN ($1, …, $10000)` makes PostgreSQL parse and plan each.
 */
export const anyOf = (column: string, ids: number | readonly number[]) =>
  sql<SqlBool>`${sql.ref(column)} = ANY (${[ids].flat()}::int[])`;

import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { LOOKUP_MATCHES, type LookupQuery } from '@app/contract';
import { escapeLike } from './list/index.ts';

/**
 * A lookup's rows for its input (see lookupQuery): every row, the first LOOKUP_MATCHES whose `name`
 * holds the search (served by the name's trigram index; an empty search: the first by name), or the
 * rows with the given ids.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's select query
export function narrowLookup<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  input: LookupQuery,
  name: Expression<string>,
  idColumn: string,
): Q {
  if (input?.ids?.length) return query.where(sql.ref(idColumn), 'in', input.ids) as Q;
  if (input?.searchText !== undefined)
    return query.where(name, 'ilike', `%${escapeLike(input.searchText)}%`).limit(LOOKUP_MATCHES) as Q;
  return query;
}

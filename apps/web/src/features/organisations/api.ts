import type { ListCall } from '@app/contract';
import { listQuery } from '../../lib/queries.ts';

/** The list of an organisation (agencies, broker associations, brokers), by its definition's calls. */
export const organisationListQuery = <R extends object>(def: { api: { list: ListCall<R> } }) =>
  listQuery<R>(def.api.list);

import type { ListCall, RecordCall } from '@app/contract';
import { listQuery, recordQuery } from '../../lib/queries.ts';

/** The list of an organisation (agencies, broker associations, brokers), by its definition's calls. */
export const organisationListQuery = <R extends object>(def: { api: { list: ListCall<R> } }) =>
  listQuery<R>(def.api.list);

/** An organisation's record by id, as its form loads it, by its definition's by-id call and id column. */
export const organisationRecordQuery =
  <Rec>(def: { api: { byId: RecordCall<Rec>; def: { idColumn: string } } }) =>
  (id: number | null) =>
    recordQuery<Rec>(def.api.byId, def.api.def.idColumn, id);

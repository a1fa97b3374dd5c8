import { bulkApi, organisationBulkApi, sellerApi, type ListQuery, type Permission } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { listOf } from './list-call.ts';
import {
  AGENCY,
  BROKER,
  BROKER_ASSOCIATION,
  type OrganisationDefinition,
} from './organisation-definitions.ts';
import { organisationCalls } from './organisations.ts';
import { sellerCalls } from './sellers.ts';
import { runBulk, type BulkList, type Refusals } from '../lib/bulk.ts';
import type { Trx } from '../db/index.ts';
import {
  deleteRecords,
  lockRecords,
  setRecordsStatus,
  type RecordTable,
} from '../db/repositories/record-bulk.ts';

/**
 * Deletes the selected records nothing uses, as the single delete (deleteUnused) does; the others are
 * refused with what uses them ('in use: 2 sellers').
 */
async function deleteUnusedRecords(trx: Trx, table: RecordTable, keys: number[], refusals: Refusals) {
  const rows = refusals.stillThere(keys, await lockRecords(trx, table, keys));
  const free = await refusals.unused(trx, table.table, rows);
  if (free.length > 0)
    await deleteRecords(
      trx,
      table,
      free.map((r) => r.id),
    );
  return free.length;
}

/** An organisation's bulk delete and status change, with the permissions of its single ones. */
function organisationBulkCalls(def: OrganisationDefinition): AnyCall[] {
  const api = organisationBulkApi[def.entity];
  const list: BulkList<ListQuery> = {
    spec: listOf(organisationCalls, def.api.list),
    input: def.api.list.input,
  };
  const tag = def.entity === 'Agency' ? 'Agencies' : `${def.entity}s`;
  const plural = tag.toLowerCase();
  return [
    defineCall(api.delete, {
      access: `Delete ${def.entity}` satisfies Permission,
      tag,
      summary: `Delete the selected ${plural} (ids, or every one matching the list's search) in one transaction; those in use are refused, as the single delete refuses them`,
      handle: (ctx) =>
        runBulk(ctx, list, (trx, keys, refusals) => deleteUnusedRecords(trx, def, keys, refusals)),
    }),
    defineCall(api.status, {
      access: `Edit ${def.entity}` satisfies Permission,
      tag,
      summary: `Make the selected ${plural} (ids, or every one matching the list's search) Active or Inactive (with reason_for_inactive) in one transaction`,
      handle: (ctx) =>
        runBulk(ctx, list, async (trx, keys, refusals) => {
          const { status, reason_for_inactive: reason } = ctx.input;
          const rows = refusals.keep(refusals.stillThere(keys, await lockRecords(trx, def, keys)), (r) =>
            r.status === status ? `already ${status}` : null,
          );
          if (rows.length === 0) return 0;
          const ids = rows.map((r) => r.id);
          const change = { status, reason: status === 'Inactive' ? reason! : null, by: ctx.user.user_id };
          await setRecordsStatus(trx, def, ids, change);
          return rows.length;
        }),
    }),
  ];
}

const SELLERS: RecordTable = { table: 'sellers', idColumn: 'seller_id', nameColumn: 'seller_name' };

export const bulkRecordCalls: AnyCall[] = [
  ...[AGENCY, BROKER_ASSOCIATION, BROKER].flatMap(organisationBulkCalls),
  defineCall(bulkApi.bulkDeleteSellers, {
    access: 'Delete Seller',
    tag: 'Sellers',
    summary:
      "Delete the selected sellers in your scope (ids, or every seller matching the list's search and agency_id) in one transaction; those with properties are refused",
    handle: (ctx) =>
      runBulk(
        ctx,
        { spec: listOf(sellerCalls, sellerApi.GetSeller), input: sellerApi.GetSeller.input },
        (trx, keys, refusals) => deleteUnusedRecords(trx, SELLERS, keys, refusals),
      ),
  }),
];

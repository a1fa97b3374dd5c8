import {
  MASTER_LIST,
  masterCalls,
  outranks,
  ROLE,
  bulkApi,
  roleApi,
  type MasterDefinition,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { listOf } from './list-call.ts';
import { masterListCalls } from './masters.ts';
import { roleCalls } from './roles.ts';
import { runBulk } from '../lib/bulk.ts';
import { deleteMasters, lockMasters, setMastersStatus } from '../db/repositories/masters.ts';
import { deleteRoles, lockRoles, setRolesStatus } from '../db/repositories/roles.ts';

const already = (row: { status: string }, status: string) =>
  row.status === status ? `already ${status}` : null;

/** A master's two bulk actions, as its status switch and its delete check each row. */
function bulkCallsOf(def: MasterDefinition): AnyCall[] {
  const calls = masterCalls(def);
  const list = { spec: listOf(masterListCalls, calls.list), input: calls.list.input };
  const plural = `${def.entity.toLowerCase()} records`;
  return [
    defineCall(calls.bulkStatus, {
      access: 'Enable Master',
      tag: 'Masters',
      summary: `Activate or deactivate the selected ${plural} (ids, or every one matching the list's search) in one transaction`,
      handle: (ctx) =>
        runBulk(ctx, list, async (trx, keys, refusals) => {
          const { status } = ctx.input;
          const rows = refusals.keep(
            refusals.stillThere(keys, await lockMasters(trx, def, keys, false)),
            (r) => already(r, status),
          );
          if (rows.length > 0)
            await setMastersStatus(
              trx,
              def,
              rows.map((r) => r.id),
              status,
              ctx.user.user_id,
            );
          return rows.length;
        }),
    }),
    defineCall(calls.bulkDelete, {
      access: 'Delete Master',
      tag: 'Masters',
      summary: `Delete the selected ${plural} in one transaction; those in use are refused, naming what uses them`,
      handle: (ctx) =>
        runBulk(ctx, list, async (trx, keys, refusals) => {
          const locked = refusals.stillThere(keys, await lockMasters(trx, def, keys, true));
          const rows = await refusals.unused(trx, def.table, locked);
          if (rows.length > 0)
            await deleteMasters(
              trx,
              def,
              rows.map((r) => r.id),
            );
          return rows.length;
        }),
    }),
  ];
}

const roles = { spec: listOf(roleCalls, roleApi.webGetRoles), input: roleApi.webGetRoles.input };
/** As assertOutranks says it for one role. */
const rankRefusal = (rank: number, userRank: number, what: string) =>
  outranks(userRank, rank) ? null : `You cannot ${what} a role that ranks as high as yours`;

const bulkRoleCalls: AnyCall[] = [
  defineCall(bulkApi.bulkRoleStatus, {
    access: 'Edit Role',
    tag: 'Roles',
    summary:
      "Activate or deactivate the selected roles (ids, or every role matching the list's search) in one transaction; each as webUpdateRole checks it",
    handle: (ctx) =>
      runBulk(ctx, roles, async (trx, keys, refusals) => {
        const { status } = ctx.input;
        const rows = refusals.keep(
          refusals.stillThere(keys, await lockRoles(trx, keys, false)),
          (r) =>
            rankRefusal(r.rank, ctx.user.role_rank, 'change') ??
            (r.id === ROLE.SuperAdmin && status !== 'Active'
              ? 'The Super Admin role cannot be made inactive'
              : already(r, status)),
        );
        if (rows.length > 0)
          await setRolesStatus(
            trx,
            rows.map((r) => r.id),
            status,
            ctx.user.user_id,
          );
        return rows.length;
      }),
  }),
  defineCall(bulkApi.bulkDeleteRoles, {
    access: 'Delete Role',
    tag: 'Roles',
    summary:
      'Delete the selected roles in one transaction; built-in roles and roles users hold are refused, as webDeleteRoles refuses them',
    handle: (ctx) =>
      runBulk(ctx, roles, async (trx, keys, refusals) => {
        const allowed = refusals.keep(
          refusals.stillThere(keys, await lockRoles(trx, keys, true)),
          (r) =>
            rankRefusal(r.rank, ctx.user.role_rank, 'delete') ??
            (r.is_system ? 'A built-in role cannot be deleted' : null),
        );
        const rows = await refusals.unused(trx, 'roles', allowed);
        if (rows.length > 0)
          await deleteRoles(
            trx,
            rows.map((r) => r.id),
          );
        return rows.length;
      }),
  }),
];

/** Every master's bulk status change and delete, declared from its definition, and the role list's. */
export const bulkMasterCalls: AnyCall[] = [...MASTER_LIST.flatMap(bulkCallsOf), ...bulkRoleCalls];

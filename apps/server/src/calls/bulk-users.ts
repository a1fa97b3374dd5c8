import { bulkApi, ROLE, userApi, userListQuery } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { manageRefusal, STATUS_PERMISSIONS, userLists } from './users.ts';
import { runBulk, type BulkList } from '../lib/bulk.ts';
import { usesOf } from '../lib/references.ts';
import { revokeSessions } from '../lib/session.ts';
import { setUsersStatus } from '../lib/user-profile.ts';
import { deleteUserRow, lockManagedUsers, lockSuperAdmins } from '../db/repositories/users.ts';
import type { Trx } from '../db/index.ts';
import { fullName } from '../db/repositories/full-name.ts';

const listFor = (name: keyof typeof userLists): BulkList<typeof userListQuery._output> => ({
  spec: userLists[name].list!,
  input: userApi[name].input,
});

/** The selected users that are still there, locked, each named; the vanished ones refused. */
async function lockedUsers(trx: Trx, keys: number[], forDelete: boolean) {
  const rows = await lockManagedUsers(trx, keys, forDelete);
  return rows.map((u) => ({ ...u, id: u.user_id, label: fullName(u) }));
}

export const bulkUserCalls: AnyCall[] = [
  defineCall(bulkApi.bulkUserStatus, {
    access: STATUS_PERMISSIONS,
    tag: 'Users',
    summary:
      "Activate or deactivate the selected users (ids, or every user matching the list's search) in one transaction; each as changeUserStatus checks it",
    handle: (ctx) =>
      runBulk(ctx, listFor(ctx.input.list), async (trx, keys, refusals) => {
        const { status, reason } = ctx.input;
        const users = refusals.keep(
          await lockedUsers(trx, keys, false),
          (u) =>
            manageRefusal(ctx.user, u, 'change the status of')?.message ??
            (u.user_status === status ? `already ${status}` : null),
        );
        await setUsersStatus(trx, users, status, reason ?? null, ctx.user.user_id);
        return users.length;
      }),
  }),

  defineCall(bulkApi.bulkDeleteUsers, {
    access: 'Delete User',
    tag: 'Users',
    summary:
      "Delete the selected users (ids, or every user matching the list's search) in one transaction; each as deleteUser checks it, those in use are refused",
    handle: (ctx) =>
      runBulk(ctx, listFor(ctx.input.list), async (trx, keys, refusals) => {
        // Before the users chosen, as deleteUser locks them: deletes of Super Admins take turns.
        const superAdminIds = await lockSuperAdmins(trx);
        const allowed = refusals.keep(
          await lockedUsers(trx, keys, true),
          (u) => manageRefusal(ctx.user, u, 'delete')?.message,
        );
        const uses = await usesOf(
          trx,
          'users',
          allowed.map((u) => u.id),
        );
        let users = refusals.keep(allowed, (u) =>
          uses.has(u.id) ? `in use: ${uses.get(u.id)!.join(', ')}` : null,
        );
        // Some Super Admin always stays (deleteUser refuses the last one).
        const superAdmins = users.filter((u) => u.role_id === ROLE.SuperAdmin);
        const deleting = new Set(superAdmins.map((u) => u.id));
        if (superAdmins.length > 0 && superAdminIds.every((id) => deleting.has(id))) {
          const kept = superAdmins[0]!;
          refusals.add(kept, 'The last Super Admin cannot be deleted');
          users = users.filter((u) => u !== kept);
        }
        const ids = users.map((u) => u.id);
        if (ids.length === 0) return 0;
        await revokeSessions(trx, ids);
        await deleteUserRow(trx, ids);
        return ids.length;
      }),
  }),
];

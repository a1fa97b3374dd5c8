import { bulkApi, newUserListQuery, ROLE, userApi } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { LAST_SUPER_ADMIN, manageRefusal, STATUS_PERMISSIONS, userLists } from './users.ts';
import { runBulk, type BulkList, type BulkRow, type Refusals } from '../lib/bulk.ts';
import { revokeSessions } from '../lib/session.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { setUsersStatus } from '../lib/user-profile.ts';
import {
  activeSuperAdminStays,
  deleteUserRow,
  lockManagedUsers,
  lockSuperAdmins,
} from '../db/repositories/users.ts';
import type { Trx } from '../db/index.ts';
import { fullName } from '../db/repositories/full-name.ts';

const listFor = (name: keyof typeof userLists): BulkList<typeof newUserListQuery._output> => ({
  spec: userLists[name].list!,
  input: userApi[name].input,
});

/** The selected users that are still there, locked, each named; those deleted meanwhile are refused. */
async function lockedUsers(trx: Trx, keys: number[], forDelete: boolean, refusals: Refusals) {
  const rows = await lockManagedUsers(trx, keys, forDelete);
  return refusals.stillThere(
    keys,
    rows.map((u) => ({ ...u, id: u.user_id, label: fullName(u) })),
  );
}

/** The users less one Super Admin, refused with `why`, where changing them all would leave none active. */
function keepAnActiveSuperAdmin<U extends BulkRow & { role_id: number }>(
  users: U[],
  superAdmins: Awaited<ReturnType<typeof lockSuperAdmins>>,
  refusals: Refusals,
  why: string,
) {
  const leaving = users.filter((u) => u.role_id === ROLE.SuperAdmin);
  const leavingIds = leaving.map((u) => u.id);
  if (leaving.length === 0 || activeSuperAdminStays(superAdmins, leavingIds)) return users;
  refusals.add(leaving[0]!, why);
  return users.filter((u) => u !== leaving[0]);
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
        // Before the users chosen, as deleteUser locks them: deactivations of Super Admins take turns.
        const superAdmins = status === 'Active' ? undefined : await lockSuperAdmins(trx);
        let users = refusals.keep(
          await lockedUsers(trx, keys, false, refusals),
          (u) =>
            manageRefusal(ctx.user, u, 'change the status of')?.message ??
            (u.user_status === status ? `already ${status}` : null),
        );
        if (superAdmins)
          users = keepAnActiveSuperAdmin(users, superAdmins, refusals, LAST_SUPER_ADMIN.deactivated);
        await setUsersStatus(trx, users, status, reason ?? null, ctx.user.user_id);
        return users.length;
      }),
  }),

  defineCall(bulkApi.bulkDeleteUsers, {
    access: 'Delete User',
    tag: 'Users',
    summary:
      "Delete the selected users (ids, or every user matching the list's search) in one transaction; each as deleteUser checks it, those in use are refused",
    async handle(ctx) {
      const pictures: (string | null)[] = [];
      const answer = await runBulk(ctx, listFor(ctx.input.list), async (trx, keys, refusals) => {
        // Before the users chosen, as deleteUser locks them: deletes of Super Admins take turns.
        const superAdmins = await lockSuperAdmins(trx);
        const allowed = refusals.keep(
          await lockedUsers(trx, keys, true, refusals),
          (u) => manageRefusal(ctx.user, u, 'delete')?.message,
        );
        let users = await refusals.unused(trx, 'users', allowed);
        users = keepAnActiveSuperAdmin(users, superAdmins, refusals, LAST_SUPER_ADMIN.deleted);
        const ids = users.map((u) => u.id);
        if (ids.length === 0) return 0;
        await revokeSessions(trx, ids);
        pictures.push(...(await deleteUserRow(trx, ids)));
        return ids.length;
      });
      // After the commit, as deleteUser: a rolled-back delete keeps the pictures.
      await removeUnnamedMedia(ctx.db, mediaStore(ctx.config), ctx.req.log, ...pictures);
      return answer;
    },
  }),
];

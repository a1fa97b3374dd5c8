import { useState } from 'react';
import { ROLE, statusPermissionFor, type userApi } from '@app/contract';
import type { BulkAction } from '../../components/server-table/BulkBar.tsx';
import type { BulkSelection } from '../../components/server-table/use-row-selection.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { useBulkDeleteUsers, useBulkUserStatus } from './api.ts';
import { ReasonField } from '../../components/ReasonField.tsx';

/** The bulk actions of a user list the signed-in user may take: activate, deactivate (with a reason), delete. */
export function useUserBulkActions(list: typeof userApi.GetUser | typeof userApi.GetNewUser): BulkAction[] {
  const { has } = usePermissions();
  const changeStatus = useBulkUserStatus();
  const remove = useBulkDeleteUsers();
  const [reason, setReason] = useState('');
  const mayChangeStatus = Object.values(ROLE).some((role) => has(statusPermissionFor(role)));
  const from = { list: list.name };
  const actions: BulkAction[] = [];
  if (mayChangeStatus) {
    actions.push(
      {
        label: 'Activate',
        title: 'Activate Users',
        text: (n) => `Activate ${n} selected user${n === 1 ? '' : 's'}?`,
        run: (selection: BulkSelection) =>
          changeStatus.mutateAsync({ ...from, ...selection, status: 'Active' }),
      },
      {
        label: 'Deactivate',
        title: 'Deactivate Users',
        text: (n) => `Deactivate ${n} selected user${n === 1 ? '' : 's'}? Their sessions end.`,
        onOpen: () => setReason(''),
        ready: !!reason.trim(),
        inputs: () => <ReasonField value={reason} onChange={setReason} />,
        run: (selection) =>
          changeStatus.mutateAsync({ ...from, ...selection, status: 'Inactive', reason: reason.trim() }),
      },
    );
  }
  if (has('Delete User'))
    actions.push({
      label: 'Delete',
      title: 'Delete Users',
      text: (n) => `Delete ${n} selected user${n === 1 ? '' : 's'}? Users still in use are kept.`,
      run: (selection) => remove.mutateAsync({ ...from, ...selection }),
    });
  return actions;
}

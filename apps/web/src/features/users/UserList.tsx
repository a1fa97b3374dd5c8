import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { MESSAGES, ROLE, statusPermissionFor } from '@app/contract';
import { RowActions } from '../../components/RowActions.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { STATUS_SWITCH_WIDTH, StatusSwitch } from '../../components/StatusSwitch.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { useSession } from '../../lib/auth.ts';
import { VerifyOtpDialog } from './VerifyOtpDialog.tsx';
import type { ListQuery } from '../../lib/queries.ts';
import type { QueryParams } from '../../lib/api.ts';
import { useChangeUserStatus, useDeleteUser, type UserRow } from './api.ts';
import { useUserBulkActions } from './use-user-bulk-actions.tsx';
import { ReasonField } from '../../components/ReasonField.tsx';

const DEFAULT_SORT = { field: 'full_name', order: 'asc' } as const;
const DELETE_TEXT = 'Are you sure to Delete the User';

/** The status a confirmed toggle asks for: an Active user goes Inactive, a New or Inactive one Active. */
const targetOf = (row: UserRow): 'Active' | 'Inactive' =>
  row.user_status === 'Active' ? 'Inactive' : 'Active';

interface UserListProps {
  /** Users (userListQuery) or the users to approve (newUserListQuery). */
  list: ListQuery<UserRow>;
  label: string;
  /** Edit icon per row (Users list). */
  onEdit?: (row: UserRow) => void;
  /** Delete icon per row, and the OTP check of new Super Admins for a Super Admin (Approve Users). */
  withDelete?: boolean;
  /** The list's filters (Approve Users: approvable), sent with its page, export and bulk selection. */
  extraParams?: QueryParams;
}

/** The Users and Approve Users tables: status switch with confirmation, edit or delete actions. */
export function UserList({ list, label, onEdit, withDelete = false, extraParams }: UserListProps): ReactNode {
  const { has } = usePermissions();
  const isSuperAdmin = useSession().data?.userRoleId === ROLE.SuperAdmin;
  const canEdit = !!onEdit && has('Edit User');
  const canDelete = withDelete && has('Delete User');

  const bulkActions = useUserBulkActions(list.call as Parameters<typeof useUserBulkActions>[0]);
  const changeStatus = useChangeUserStatus();
  const deleteUser = useDeleteUser();

  // Confirmations keep their row after closing, so the title stays during the closing animation.
  const [statusAsk, setStatusAsk] = useState<{ row: UserRow; open: boolean } | null>(null);
  const [deleteAsk, setDeleteAsk] = useState<{ row: UserRow; open: boolean } | null>(null);
  const [otpUser, setOtpUser] = useState<UserRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const statusTarget = statusAsk?.open ? statusAsk.row : null;
  const closeStatus = () => setStatusAsk((a) => a && { ...a, open: false });
  const closeDelete = () => setDeleteAsk((a) => a && { ...a, open: false });

  const columns = useMemo<ColumnDef<UserRow>[]>(
    () => [
      { field: 'full_name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'role_name', headerName: 'Role', width: 140 },
      { field: 'phone_1', headerName: 'Phone', width: 140 },
      { field: 'user_email', headerName: 'Email', flex: 1, minWidth: 200 },
      {
        field: 'user_status',
        headerName: 'Status',
        width: STATUS_SWITCH_WIDTH,
        renderCell: ({ row }) => {
          // A new Super Admin is approved with a one-time code, and only by a Super Admin.
          if (withDelete && isSuperAdmin && row.role_id === ROLE.SuperAdmin && row.user_status !== 'Active') {
            return (
              <Tooltip title="Verify OTP">
                <IconButton aria-label={`Verify OTP for ${row.full_name}`} onClick={() => setOtpUser(row)}>
                  <VerifiedUserIcon color="primary" />
                </IconButton>
              </Tooltip>
            );
          }
          // Only users who may change this row's status (by its role) get the switch; the server checks too.
          // The others see why not, on hover, focus or a long press, and in the chip's name (decision 85).
          const needed = statusPermissionFor(row.role_id);
          if (!has(needed)) {
            const why = `${withDelete ? 'Approving' : 'Changing the status of'} a user of this role needs the permission '${needed}'`;
            return (
              <Tooltip title={why}>
                <Chip
                  size="small"
                  label={row.user_status}
                  icon={row.user_status === 'New' ? <NewReleasesIcon color="info" /> : undefined}
                  color={row.user_status === 'Active' ? 'success' : 'default'}
                  variant="outlined"
                  tabIndex={0}
                  aria-label={`${row.user_status}. ${why}`}
                />
              </Tooltip>
            );
          }
          // While the confirmation is open the switch shows the requested state; Cancel reverts it.
          const shown = statusTarget?.user_id === row.user_id ? targetOf(row) : row.user_status;
          return (
            <StatusSwitch
              status={shown}
              name={row.full_name}
              onToggle={() => {
                setReason('');
                setReasonError(null);
                setStatusAsk({ row, open: true });
              }}
            />
          );
        },
      },
    ],
    [has, statusTarget, withDelete, isSuperAdmin],
  );

  const renderActions = useCallback(
    (row: UserRow) => (
      <RowActions
        name={row.full_name}
        onEdit={canEdit && !!onEdit && (() => onEdit(row))}
        onDelete={canDelete && (() => setDeleteAsk({ row, open: true }))}
      />
    ),
    [canEdit, canDelete, onEdit],
  );

  const confirmStatus = async () => {
    if (!statusTarget) return;
    const status = targetOf(statusTarget);
    if (status === 'Inactive' && !reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    try {
      await changeStatus.mutateAsync({
        user_id: statusTarget.user_id,
        status,
        ...(status === 'Inactive' && { reason: reason.trim() }),
      });
    } catch {
      // alerted by the api client (409: own status, ...); the switch reverts
    }
    closeStatus();
  };

  const confirmDelete = async () => {
    if (!deleteAsk) return;
    try {
      await deleteUser.mutateAsync({ user_id: deleteAsk.row.user_id });
    } catch {
      // alerted by the api client (409 messages)
    }
    closeDelete();
  };

  return (
    <>
      <ServerTable<UserRow>
        list={list}
        label={label}
        columns={columns}
        defaultSort={DEFAULT_SORT}
        getRowId={(row) => row.user_id}
        extraParams={extraParams}
        renderActions={canEdit || canDelete ? renderActions : undefined}
        bulk={
          bulkActions.length > 0
            ? { actions: bulkActions, labelOf: (row) => row.full_name, noun: 'users' }
            : undefined
        }
      />
      <ConfirmDialog
        open={!!statusAsk?.open}
        title={`Change User : ${statusAsk?.row.full_name ?? ''} Status`}
        text={MESSAGES.confirmStatus}
        onCancel={closeStatus}
        onConfirm={() => void confirmStatus()}
        busy={changeStatus.isPending}
      >
        {statusTarget && targetOf(statusTarget) === 'Inactive' && (
          <ReasonField
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            error={reasonError}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!deleteAsk?.open}
        title={`Delete User : ${deleteAsk?.row.full_name ?? ''}`}
        text={DELETE_TEXT}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleteUser.isPending}
      />
      <VerifyOtpDialog user={otpUser} onClose={() => setOtpUser(null)} />
    </>
  );
}

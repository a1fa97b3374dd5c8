import { lazy, useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGES, saveRoleRequest, type RoleRow, type Status } from '@app/contract';
import { RowActions } from '../../components/RowActions.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { EntityFormDialog as EntityFormDialogComponent } from '../../components/EntityFormDialog.tsx';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { STATUS_SWITCH_WIDTH, StatusSwitch } from '../../components/StatusSwitch.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { whenOnline } from '../../lib/online.ts';
import { roleListQuery, useDeleteRole, useRoleBulkActions, useSaveRole, useUpdateRole } from './api.ts';

// Typed as the component itself: lazy() would drop its generic props.
const EntityFormDialog = lazy(async () => ({
  default: (await import('../../components/EntityFormDialog.tsx')).EntityFormDialog,
})) as unknown as typeof EntityFormDialogComponent;

const ENTITY = 'Role';
const FIELDS = [{ name: 'roleName', label: 'Name' }] as const;
const DEFAULT_SORT = { field: 'name', order: 'asc' } as const;

const flip = (s: Status): Status => (s === 'Active' ? 'Inactive' : 'Active');

/** Role master: the model of every generic master screen (list, status switch, edit, delete, dialog). */
export default function RoleMasterPage() {
  const { has } = usePermissions();
  const canAdd = has('Add Role');
  const canEdit = has('Edit Role');
  const canDelete = has('Delete Role');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));

  const saveRole = useSaveRole();
  const updateRole = useUpdateRole();
  const deleteRole = useDeleteRole();
  const bulkActions = useRoleBulkActions(canEdit, canDelete);

  // Dialog state: `editing` survives the closing animation so the title does not flicker.
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<RoleRow | null>(null);
  // Confirmations keep their row after closing, so the title stays during the closing animation.
  const [statusAsk, setStatusAsk] = useState<{ row: RoleRow; open: boolean } | null>(null);
  const [deleteAsk, setDeleteAsk] = useState<{ row: RoleRow; open: boolean } | null>(null);
  const statusTarget = statusAsk?.open ? statusAsk.row : null;
  const closeStatus = () => setStatusAsk((a) => a && { ...a, open: false });
  const closeDelete = () => setDeleteAsk((a) => a && { ...a, open: false });

  const openAdd = whenOnline(() => {
    setEditing(null);
    setDialogOpen(true);
  });
  const openEdit = useCallback((row: RoleRow) => {
    setEditing(row);
    setDialogOpen(true);
  }, []);

  const columns = useMemo<ColumnDef<RoleRow>[]>(() => {
    const list: ColumnDef<RoleRow>[] = [{ field: 'name', headerName: 'Name', flex: 1, minWidth: 160 }];
    if (canEdit) {
      list.push({
        field: 'is_role_active',
        headerName: 'Status',
        width: STATUS_SWITCH_WIDTH,
        renderCell: ({ row }) => {
          // A role ranking as high as yours is not yours to switch (decision 25).
          if (!row.manageable) return row.is_role_active;
          // While the confirmation is open the switch shows the requested state; Cancel reverts it.
          const shown = statusTarget?.id === row.id ? flip(row.is_role_active) : row.is_role_active;
          return (
            <StatusSwitch status={shown} name={row.name} onToggle={() => setStatusAsk({ row, open: true })} />
          );
        },
      });
    } else {
      list.push({ field: 'is_role_active', headerName: 'Status', width: 120 });
    }
    return list;
  }, [canEdit, statusTarget]);

  const renderActions = useCallback(
    (row: RoleRow) => (
      <RowActions
        name={row.name}
        onEdit={canEdit && row.manageable && (() => openEdit(row))}
        onDelete={canDelete && row.manageable && (() => setDeleteAsk({ row, open: true }))}
        deleteRefused={row.built_in && 'A built-in role cannot be deleted'}
      />
    ),
    [canEdit, canDelete, openEdit],
  );

  const confirmStatus = async () => {
    if (!statusTarget) return;
    try {
      await updateRole.mutateAsync({
        roleId: statusTarget.id,
        roleName: statusTarget.name,
        isRoleActive: flip(statusTarget.is_role_active),
      });
    } catch {
      // alerted by the api client; the switch reverts
    }
    closeStatus();
  };

  const confirmDelete = async () => {
    if (!deleteAsk) return;
    try {
      await deleteRole.mutateAsync({ roleId: deleteAsk.row.id });
    } catch {
      // alerted by the api client (409: role in use / system role)
    }
    closeDelete();
  };

  const addButton =
    canAdd &&
    (small ? (
      <IconButton aria-label={`Add ${ENTITY}`} onClick={openAdd} color="primary">
        <AddIcon />
      </IconButton>
    ) : (
      <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
        Add
      </Button>
    ));

  return (
    <>
      <PageHeader section="Master" title={ENTITY} actions={addButton} />
      <ServerTable<RoleRow>
        list={roleListQuery}
        label="Roles"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        renderActions={canEdit || canDelete ? renderActions : undefined}
        bulk={
          bulkActions.length > 0
            ? { actions: bulkActions, labelOf: (row) => row.name, noun: 'roles' }
            : undefined
        }
      />
      <OnceOpened open={dialogOpen}>
        <EntityFormDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          entity={ENTITY}
          editingName={editing?.name ?? null}
          schema={saveRoleRequest}
          defaultValues={{ roleName: editing?.name ?? '' }}
          fields={FIELDS}
          onSubmit={({ roleName }) =>
            editing
              ? updateRole.mutateAsync({ roleId: editing.id, roleName, isRoleActive: editing.is_role_active })
              : saveRole.mutateAsync({ roleName })
          }
        />
      </OnceOpened>
      <ConfirmDialog
        open={!!statusAsk?.open}
        title={`Change ${ENTITY} : ${statusAsk?.row.name ?? ''} Status`}
        text={MESSAGES.confirmStatus}
        onCancel={closeStatus}
        onConfirm={() => void confirmStatus()}
        busy={updateRole.isPending}
      />
      <ConfirmDialog
        open={!!deleteAsk?.open}
        title={`Delete ${ENTITY} : ${deleteAsk?.row.name ?? ''}`}
        text={MESSAGES.confirmDelete}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleteRole.isPending}
      />
    </>
  );
}

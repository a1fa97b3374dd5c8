import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import type { RoleRow } from '@app/contract';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { assignRolePermissionPath } from '../../lib/paths.ts';
import { rolePermissionListQuery } from './api.ts';

const DEFAULT_SORT = { field: 'name', order: 'asc' } as const;

/** Settings > Role Permissions: the roles, each with a button to its permission assignment. */
export default function RolePermissionListPage() {
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<RoleRow>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'is_role_active', headerName: 'Status', width: 120 },
    ],
    [],
  );
  const renderActions = useCallback(
    (row: RoleRow) => (
      <Button
        size="small"
        variant="outlined"
        aria-label={`Assign Permission to ${row.name}`}
        // A role ranking as high as yours keeps the grants it has (decision 25).
        disabled={!row.manageable}
        onClick={() => void navigate(assignRolePermissionPath(row.id, row.name))}
      >
        Assign Permission
      </Button>
    ),
    [navigate],
  );
  return (
    <>
      <PageHeader section="Settings" title="Role Permissions" />
      <ServerTable<RoleRow>
        list={rolePermissionListQuery}
        label="Role permissions"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        renderActions={renderActions}
        actionsWidth={200}
      />
    </>
  );
}

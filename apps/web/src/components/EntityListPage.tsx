import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import type { CallRef, Permission, PostCall } from '@app/contract';
import { useApiMutation } from '../lib/mutations.ts';
import type { ListQuery } from '../lib/queries.ts';
import { isNoValue } from '../lib/format.ts';
import { whenOnline } from '../lib/online.ts';
import { usePermissions } from '../lib/permissions.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PageHeader } from './PageHeader.tsx';
import { RowActions } from './RowActions.tsx';
import { ServerTable, type ColumnDef, type SortOrder } from './ServerTable.tsx';
import type { BulkAction } from './server-table/BulkBar.tsx';

/** An Active/Inactive value as a coloured chip. */
export function StatusChip({ status }: { status: unknown }) {
  const active = status === 'Active';
  return (
    <Chip
      size="small"
      label={String(status ?? '')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

/** A list column showing its Active/Inactive value as a chip. */
export const statusColumn = <R extends object>(field: string): ColumnDef<R> => ({
  field,
  headerName: 'Status',
  width: 120,
  renderCell: ({ value }) => (isNoValue(value) ? null : <StatusChip status={value} />),
});

export interface EntityListPageProps<R extends object> {
  section: string;
  /** The page title and the table's name ('Agency'). */
  title: string;
  /** The record kind in 'Delete {entity} : {name}'. */
  entity: string;
  /** The list's query (the feature's api.ts). */
  list: ListQuery<R>;
  columns: ColumnDef<R>[];
  defaultSort: { field: string; order: SortOrder };
  idOf: (row: R) => number;
  nameOf: (row: R) => string;
  permissions: { add: Permission; edit: Permission; delete: Permission };
  remove: { call: PostCall; param: string; text: string };
  /** Lists and lookups to reload after a delete (the list is always reloaded). */
  reloads?: readonly CallRef[];
  /** The add/edit page of a record (0 adds). */
  formPath: (id: number) => string;
  /** Row checkboxes and these bulk actions (none: no checkboxes), with the rows in plural. */
  bulk?: { actions: readonly BulkAction[]; noun: string };
}

/**
 * A server-paged list whose Add and Edit lead to a form page and whose Delete asks first; the
 * buttons follow their permissions. A refusal (409: still in use) is the server's message as the alert.
 */
export function EntityListPage<R extends object>({
  section,
  title,
  entity,
  list,
  columns,
  defaultSort,
  idOf,
  nameOf,
  permissions,
  remove,
  reloads = [],
  formPath,
  bulk,
}: EntityListPageProps<R>) {
  const { has } = usePermissions();
  const canAdd = has(permissions.add);
  const canEdit = has(permissions.edit);
  const canDelete = has(permissions.delete);
  const navigate = useNavigate();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const deleteRecord = useApiMutation(remove.call, [list.call, ...reloads]);

  // The confirmation keeps its row after closing, so the title stays during the closing animation.
  const [deleteAsk, setDeleteAsk] = useState<{ row: R; open: boolean } | null>(null);
  const closeDelete = () => setDeleteAsk((a) => a && { ...a, open: false });
  const confirmDelete = async () => {
    if (!deleteAsk) return;
    try {
      await deleteRecord.mutateAsync({ [remove.param]: idOf(deleteAsk.row) });
    } catch {
      // alerted by the api client (409: in use)
    }
    closeDelete();
  };

  const openForm = useCallback((id: number) => void navigate(formPath(id)), [navigate, formPath]);
  const openAdd = whenOnline(() => openForm(0));
  const renderActions = useCallback(
    (row: R) => (
      <RowActions
        name={nameOf(row)}
        onEdit={canEdit && (() => openForm(idOf(row)))}
        onDelete={canDelete && (() => setDeleteAsk({ row, open: true }))}
      />
    ),
    [canEdit, canDelete, openForm, idOf, nameOf],
  );

  const addButton =
    canAdd &&
    (small ? (
      <IconButton aria-label={`Add ${entity}`} onClick={openAdd} color="primary">
        <AddIcon />
      </IconButton>
    ) : (
      <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
        Add
      </Button>
    ));

  return (
    <>
      <PageHeader section={section} title={title} actions={addButton} />
      <ServerTable<R>
        list={list}
        label={title}
        columns={columns}
        defaultSort={defaultSort}
        getRowId={idOf}
        renderActions={canEdit || canDelete ? renderActions : undefined}
        bulk={bulk && bulk.actions.length > 0 ? { ...bulk, labelOf: nameOf } : undefined}
      />
      <ConfirmDialog
        open={!!deleteAsk?.open}
        title={`Delete ${entity} : ${deleteAsk ? nameOf(deleteAsk.row) : ''}`}
        text={remove.text}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleteRecord.isPending}
      />
    </>
  );
}

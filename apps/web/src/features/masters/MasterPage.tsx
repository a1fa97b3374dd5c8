import { lazy, useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGES, type MasterDefinition } from '@app/contract';
import { RowActions } from '../../components/RowActions.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { STATUS_SWITCH_WIDTH, StatusSwitch } from '../../components/StatusSwitch.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { whenOnline } from '../../lib/online.ts';
import {
  flipStatus,
  rowName,
  statusRequest,
  valuesToRequest,
  type MasterRow,
  type MasterValues,
} from './form.ts';
import { masterListQuery, useMasterBulkActions, useMasterMutations } from './api.ts';

const MasterDialog = lazy(async () => ({ default: (await import('./MasterDialog.tsx')).MasterDialog }));

interface Ask {
  row: MasterRow;
  open: boolean;
}

/** The one master screen (list, status switch, edit, delete, add/edit dialog), driven by a definition. */
export function MasterPage({ def }: { def: MasterDefinition }) {
  const { has } = usePermissions();
  const canAdd = has('Add Master');
  const canEdit = has('Edit Master');
  const canEnable = has('Enable Master');
  const canDelete = has('Delete Master');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));

  const list = useMemo(() => masterListQuery(def), [def]);
  const { save, update, remove } = useMasterMutations(def);
  const bulkActions = useMasterBulkActions(def, canEnable, canDelete);

  // `editing` survives the closing animation so the title does not flicker.
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<MasterRow | null>(null);
  // Confirmations keep their row after closing, so the title stays during the closing animation.
  const [statusAsk, setStatusAsk] = useState<Ask | null>(null);
  const [deleteAsk, setDeleteAsk] = useState<Ask | null>(null);
  const statusTarget = statusAsk?.open ? statusAsk.row : null;
  const closeStatus = () => setStatusAsk((a) => a && { ...a, open: false });
  const closeDelete = () => setDeleteAsk((a) => a && { ...a, open: false });

  const idOf = useCallback((row: MasterRow) => row[def.idColumn] as number, [def]);

  const openAdd = whenOnline(() => {
    setEditing(null);
    setDialogOpen(true);
  });
  const openEdit = useCallback((row: MasterRow) => {
    setEditing(row);
    setDialogOpen(true);
  }, []);

  const columns = useMemo<ColumnDef<MasterRow>[]>(
    () =>
      def.columns.map((c, i): ColumnDef<MasterRow> => {
        const column: ColumnDef<MasterRow> = {
          field: c.field,
          headerName: c.header,
          sortable: c.sortable !== false,
          flex: i === 0 ? 1.5 : 1,
          minWidth: i === 0 ? 160 : 110,
        };
        if (c.field !== def.statusColumn || !canEnable) return column;
        return {
          ...column,
          flex: undefined,
          width: STATUS_SWITCH_WIDTH,
          minWidth: STATUS_SWITCH_WIDTH,
          renderCell: ({ row }) => {
            // While the confirmation is open the switch shows the requested state; Cancel reverts it.
            const current = row[def.statusColumn];
            const shown = statusTarget && idOf(statusTarget) === idOf(row) ? flipStatus(current) : current;
            return (
              <StatusSwitch
                status={String(shown)}
                name={rowName(def, row)}
                onToggle={() => setStatusAsk({ row, open: true })}
              />
            );
          },
        };
      }),
    [def, canEnable, statusTarget, idOf],
  );

  const renderActions = useCallback(
    (row: MasterRow) => (
      <RowActions
        name={rowName(def, row)}
        onEdit={canEdit && (() => openEdit(row))}
        onDelete={canDelete && (() => setDeleteAsk({ row, open: true }))}
      />
    ),
    [def, canEdit, canDelete, openEdit],
  );

  const confirmStatus = async () => {
    if (!statusTarget) return;
    try {
      await update.mutateAsync(statusRequest(def, statusTarget, flipStatus(statusTarget[def.statusColumn])));
    } catch {
      // alerted by the api client; the switch reverts
    }
    closeStatus();
  };

  const confirmDelete = async () => {
    if (!deleteAsk) return;
    try {
      await remove.mutateAsync({ [def.params.deleteId]: idOf(deleteAsk.row) });
    } catch {
      // alerted by the api client (409: in use)
    }
    closeDelete();
  };

  const onSubmit = (values: MasterValues) => {
    const body = valuesToRequest(def, values);
    return editing ? update.mutateAsync(body) : save.mutateAsync(body);
  };

  const addButton =
    canAdd &&
    (small ? (
      <IconButton aria-label={`Add ${def.entity}`} onClick={openAdd} color="primary">
        <AddIcon />
      </IconButton>
    ) : (
      <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
        Add
      </Button>
    ));

  return (
    <>
      <PageHeader section="Master" title={def.entity} actions={addButton} />
      <ServerTable<MasterRow>
        list={list}
        label={def.entity}
        columns={columns}
        defaultSort={{ field: def.sortColumns[0], order: 'asc' }}
        getRowId={idOf}
        renderActions={canEdit || canDelete ? renderActions : undefined}
        bulk={
          bulkActions.length > 0
            ? {
                actions: bulkActions,
                labelOf: (row) => rowName(def, row),
                noun: `${def.entity.toLowerCase()} records`,
              }
            : undefined
        }
      />
      <OnceOpened open={dialogOpen}>
        <MasterDialog
          def={def}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          editing={editing}
          onSubmit={onSubmit}
        />
      </OnceOpened>
      <ConfirmDialog
        open={!!statusAsk?.open}
        title={`Change ${def.entity} : ${rowName(def, statusAsk?.row)} Status`}
        text={MESSAGES.confirmStatus}
        onCancel={closeStatus}
        onConfirm={() => void confirmStatus()}
        busy={update.isPending}
      />
      <ConfirmDialog
        open={!!deleteAsk?.open}
        title={`Delete ${def.entity} : ${rowName(def, deleteAsk?.row)}`}
        text={MESSAGES.confirmDelete}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </>
  );
}

export default MasterPage;

import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { BulkAnswer, CallRef, Permission, PostCall } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import { usePermissions } from '../../lib/permissions.ts';
import type { BulkAction } from './BulkBar.tsx';
import type { BulkSelection } from './use-row-selection.ts';

export interface RecordBulkOptions {
  /** The bulk calls: delete, and the status change of those with an Active/Inactive status. */
  calls: { delete: PostCall; status?: PostCall };
  /** The single actions' permissions, which the bulk ones take too. */
  permissions: { edit: Permission; delete: Permission };
  /** The rows in plural ('sellers'), and the lists and lookups to reload afterwards. */
  noun: string;
  reloads: readonly CallRef[];
}

/**
 * The bulk actions on a list of records (sellers, agencies, broker associations, brokers) the
 * signed-in user may take: activate and deactivate (with a reason) where the record has a status, delete.
 */
export function useRecordBulkActions({ calls, permissions, noun, reloads }: RecordBulkOptions): BulkAction[] {
  const { has } = usePermissions();
  const remove = useApiMutation(calls.delete, reloads);
  const changeStatus = useApiMutation(calls.status ?? calls.delete, reloads);
  const [reason, setReason] = useState('');
  const selected = (n: number) =>
    `${n} selected ${n === 1 ? noun.replace(/ies$/, 'y').replace(/s$/, '') : noun}`;
  const run = (call: typeof remove, body: object) => call.mutateAsync(body as never) as Promise<BulkAnswer>;
  const heading = noun.replace(/\b\w/g, (c) => c.toUpperCase());
  const actions: BulkAction[] = [];
  if (calls.status && has(permissions.edit))
    actions.push(
      {
        label: 'Activate',
        title: `Activate ${heading}`,
        text: (n) => `Make ${selected(n)} Active?`,
        run: (selection: BulkSelection) => run(changeStatus, { ...selection, status: 'Active' }),
      },
      {
        label: 'Deactivate',
        title: `Deactivate ${heading}`,
        text: (n) => `Make ${selected(n)} Inactive?`,
        onOpen: () => setReason(''),
        ready: !!reason.trim(),
        inputs: () => (
          <TextField
            label="Reason for Inactive"
            required
            fullWidth
            multiline
            sx={{ mt: 2 }}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        ),
        run: (selection) =>
          run(changeStatus, { ...selection, status: 'Inactive', reason_for_inactive: reason.trim() }),
      },
    );
  if (has(permissions.delete))
    actions.push({
      label: 'Delete',
      title: `Delete ${heading}`,
      text: (n) => `Delete ${selected(n)}? Those still in use are kept.`,
      run: (selection) => run(remove, selection),
    });
  return actions;
}

import type { ApiCall, bulkAnswer, CallRef } from '@app/contract';
import type { z } from 'zod';
import { useApiMutation } from '../../lib/mutations.ts';
import type { BulkAction } from './BulkBar.tsx';

/** A bulk call of a list of records with a status (a master's, the roles'): it answers the bulk result. */
type BulkCall = ApiCall<string, 'POST', z.ZodType, typeof bulkAnswer>;

interface StatusBulkOptions {
  status: BulkCall;
  remove: BulkCall;
  /** Whether the user may switch the status (Activate, Deactivate) and delete. */
  mayChangeStatus: boolean;
  mayDelete: boolean;
  /** The lists and lookups the actions change. */
  reloads: readonly CallRef[];
  /** How the rows are named: 'Roles' in a title, 'role' / 'roles' in a question. */
  title: string;
  one: string;
  many: string;
}

/**
 * The bulk actions of a list of records with a status that the user may take: Activate, Deactivate and
 * Delete. Each is one call; the server checks each row as the single switch or delete does.
 */
export function useStatusBulkActions(options: StatusBulkOptions): BulkAction[] {
  const { reloads, title, one, many } = options;
  const changeStatus = useApiMutation(options.status, reloads);
  const deleteRows = useApiMutation(options.remove, reloads);
  const rows = (n: number) => `${n} selected ${n === 1 ? one : many}`;
  const actions: BulkAction[] = [];
  if (options.mayChangeStatus) {
    for (const [label, value] of [
      ['Activate', 'Active'],
      ['Deactivate', 'Inactive'],
    ] as const) {
      actions.push({
        label,
        title: `${label} ${title}`,
        text: (n) => `${label} ${rows(n)}?`,
        run: (selection) => changeStatus.mutateAsync({ ...selection, status: value }),
      });
    }
  }
  if (options.mayDelete) {
    actions.push({
      label: 'Delete',
      title: `Delete ${title}`,
      text: (n) => `Delete ${rows(n)}? Those still in use are kept.`,
      run: (selection) => deleteRows.mutateAsync(selection),
    });
  }
  return actions;
}

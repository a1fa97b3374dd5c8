import { useState } from 'react';
import type { BulkAnswer, CallRef, PostCall } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import type { BulkAction } from './BulkBar.tsx';
import { ReasonField } from '../ReasonField.tsx';

export interface RecordBulkOptions {
  /** The bulk calls: delete, and the status change of records with an Active/Inactive status. */
  calls: { delete: PostCall; status?: PostCall };
  /** What the user may do: the single switch's and the single delete's permissions. */
  may: { status: boolean; delete: boolean };
  /** Deactivate asks why, as the single update of an organisation does (masters and roles keep none). */
  askReason?: boolean;
  /** The rows named in a title ('Amenity Records') and in a question ('amenity record', '… records'). */
  title: string;
  one: string;
  many: string;
  /** The lists and lookups the actions change. */
  reloads: readonly CallRef[];
}

/**
 * The bulk actions on a list of records (sellers, organisations, masters, roles) that the signed-in user
 * may take: Activate and Deactivate where the record has a status, and Delete. Each is one call; the
 * server checks each row as the single switch or delete does.
 */
export function useRecordBulkActions(options: RecordBulkOptions): BulkAction[] {
  const { calls, may, askReason, title, one, many, reloads } = options;
  const remove = useApiMutation(calls.delete, reloads);
  const changeStatus = useApiMutation(calls.status ?? calls.delete, reloads);
  const [reason, setReason] = useState('');
  const rows = (n: number) => `${n} selected ${n === 1 ? one : many}`;
  const run = (call: typeof remove, body: object) => call.mutateAsync(body as never) as Promise<BulkAnswer>;
  const actions: BulkAction[] = [];
  if (calls.status && may.status) {
    actions.push({
      label: 'Activate',
      title: `Activate ${title}`,
      text: (n) => `Activate ${rows(n)}?`,
      run: (selection) => run(changeStatus, { ...selection, status: 'Active' }),
    });
    actions.push({
      label: 'Deactivate',
      title: `Deactivate ${title}`,
      text: (n) => `Deactivate ${rows(n)}?`,
      ...(askReason && {
        onOpen: () => setReason(''),
        ready: !!reason.trim(),
        inputs: () => <ReasonField value={reason} onChange={setReason} />,
      }),
      run: (selection) =>
        run(changeStatus, {
          ...selection,
          status: 'Inactive',
          ...(askReason && { reason_for_inactive: reason.trim() }),
        }),
    });
  }
  if (may.delete)
    actions.push({
      label: 'Delete',
      title: `Delete ${title}`,
      text: (n) => `Delete ${rows(n)}? Those still in use are kept.`,
      run: (selection) => run(remove, selection),
    });
  return actions;
}

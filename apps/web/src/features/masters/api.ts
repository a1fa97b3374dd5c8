import { GEOGRAPHY_LOOKUPS, masterCalls, type MasterDefinition } from '@app/contract';
import { useRecordBulkActions } from '../../components/server-table/use-record-bulk-actions.tsx';
import { useApiMutation } from '../../lib/mutations.ts';
import { listQuery } from '../../lib/queries.ts';
import type { MasterRow } from './form.ts';

/** A master's list (Master > Province, Town, ...). */
export const masterListQuery = (def: MasterDefinition) => listQuery<MasterRow>(masterCalls(def).list);

const reloadsOf = (def: MasterDefinition) => [
  masterCalls(def).list,
  masterCalls(def).lookup,
  ...GEOGRAPHY_LOOKUPS,
];

/**
 * A master's save, update and delete. Each reloads the master's list and lookup and the geography
 * lookups (a renamed province is renamed in every chooser).
 */
export function useMasterMutations(def: MasterDefinition) {
  // Built once per master in the contract: the same objects on every render.
  const calls = masterCalls(def);
  const reloads = reloadsOf(def);
  return {
    save: useApiMutation(calls.save, reloads),
    update: useApiMutation(calls.update, reloads),
    remove: useApiMutation(calls.delete, reloads),
  };
}

/** A master list's bulk actions that the user may take (Activate, Deactivate, Delete). */
export function useMasterBulkActions(def: MasterDefinition, mayChangeStatus: boolean, mayDelete: boolean) {
  const calls = masterCalls(def);
  const records = `${def.entity.toLowerCase()} record`;
  return useRecordBulkActions({
    calls: { status: calls.bulkStatus, delete: calls.bulkDelete },
    may: { status: mayChangeStatus, delete: mayDelete },
    reloads: reloadsOf(def),
    title: `${def.entity} Records`,
    one: records,
    many: `${records}s`,
  });
}

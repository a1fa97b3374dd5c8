import { GEOGRAPHY_LOOKUPS, masterCalls, type MasterDefinition } from '@app/contract';
import { useApiMutation } from '../../lib/mutations.ts';
import { listQuery } from '../../lib/queries.ts';
import type { MasterRow } from './form.ts';

/** A master's list (Master > Province, Town, ...). */
export const masterListQuery = (def: MasterDefinition) => listQuery<MasterRow>(masterCalls(def).list);

/**
 * A master's save, update and delete. Each reloads the master's list and lookup and the geography
 * lookups (a renamed province is renamed in every chooser).
 */
export function useMasterMutations(def: MasterDefinition) {
  // Built once per master in the contract: the same objects on every render.
  const calls = masterCalls(def);
  const reloads = [calls.list, calls.lookup, ...GEOGRAPHY_LOOKUPS];
  return {
    save: useApiMutation(calls.save, reloads),
    update: useApiMutation(calls.update, reloads),
    remove: useApiMutation(calls.delete, reloads),
  };
}

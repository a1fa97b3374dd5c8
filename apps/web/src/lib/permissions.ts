import type { Permission } from '@app/contract';
import { useSession } from './auth.ts';

/** Permission check for the signed-in user; Super Admin receives every name from the server. */
export function usePermissions() {
  const { data } = useSession();
  const granted = new Set<string>(data?.userPermission ?? []);
  return {
    has: (permission: Permission | undefined) => permission === undefined || granted.has(permission),
    hasAny: (permissions: readonly Permission[]) => permissions.some((p) => granted.has(p)),
  };
}

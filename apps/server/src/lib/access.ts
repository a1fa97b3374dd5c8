import type { Permission } from '@app/contract';
import type { SessionUser } from './session.ts';

/**
 * Who may make a call: anyone, any signed-in user, a user holding the named permission, or a user
 * holding any one of a list of permissions.
 */
export type Access = 'public' | 'signed-in' | Permission | readonly Permission[];

export const describeAccess = (access: Access): string =>
  typeof access === 'string' ? access : access.join(' or ');

export function allows(access: Access, user: SessionUser | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'signed-in') return true;
  return typeof access === 'string'
    ? user.permissions.has(access)
    : access.some((p) => user.permissions.has(p));
}

/** Fixed destinations the spec names. */
export const HOME = '/home';
export const LOGIN_PATH = '/login';
export const ROLE_MASTER_PATH = `${HOME}/master/role/role-master`;
export const AFTER_LOGIN_PATH = `${HOME}/notification/notification-list`;
export const USERS_PATH = `${HOME}/users/AgentOperator/agent-operator`;
export const ADD_USER_PATH = `${HOME}/users/AgentOperator/add-agent-operator`;
export const assignRolePermissionPath = (roleId: number, name: string) =>
  `${HOME}/permission/assign-role-permission-list/${roleId}?name=${encodeURIComponent(name)}`;
export const APPROVE_USER_PATH = `${HOME}/users/ApproveUser/approve-user`;
/** The URL parameter of the Approve User list's filter "Only those I can approve" (GetNewUser's approvable). */
export const APPROVABLE_PARAM = 'approvable';
/** The Approve User list with only the users the caller may approve: Home's users figure links to it. */
export const APPROVABLE_USERS_PATH = `${APPROVE_USER_PATH}?${APPROVABLE_PARAM}=1`;
export const PROPERTY_LIST_PATH = `${HOME}/Property/property-list`;

/** The Property List's filters a link may carry in its URL (they are the allproperty call's own). */
export interface PropertyListFilter {
  status?: string;
  rental_expires_within?: number;
  own_open?: true;
}

/** The Property List, filtered (the home page's figures link to it). */
export function propertyListPath(filter: PropertyListFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.rental_expires_within) params.set('rental_expires_within', String(filter.rental_expires_within));
  if (filter.own_open) params.set('own_open', '1');
  const query = params.toString();
  return query ? `${PROPERTY_LIST_PATH}?${query}` : PROPERTY_LIST_PATH;
}

export const NOTIFICATION_LIST_PATH = `${HOME}/notification/notification-list`;

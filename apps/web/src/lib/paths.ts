/** Fixed destinations the spec names. */
export const HOME = '/home';
export const LOGIN_PATH = '/login';
export const ROLE_MASTER_PATH = `${HOME}/master/role/role-master`;
export const AFTER_LOGIN_PATH = `${HOME}/notification/notification-list`;
export const USERS_PATH = `${HOME}/users/AgentOperator/agent-operator`;
export const ADD_USER_PATH = `${HOME}/users/AgentOperator/add-agent-operator`;
export const assignRolePermissionPath = (roleId: number, name: string) =>
  `${HOME}/permission/assign-role-permission-list/${roleId}?name=${encodeURIComponent(name)}`;

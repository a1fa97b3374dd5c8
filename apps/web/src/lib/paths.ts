/** Fixed destinations the spec names. */
export const HOME = '/home';
export const LOGIN_PATH = '/login';
export const ROLE_MASTER_PATH = `${HOME}/master/role/role-master`;
export const AFTER_LOGIN_PATH = `${HOME}/notification/notification-list`;

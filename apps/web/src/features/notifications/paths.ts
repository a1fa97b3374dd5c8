/** The notification paths live in lib/paths.ts: the home page links to notifications too. */
export { NOTIFICATION_LIST_PATH, notificationPath } from '../../lib/paths.ts';

/** The notification paths live in lib/: the home page links to notifications too. */
export { NOTIFICATION_LIST_PATH } from '../../lib/paths.ts';
export { useNotificationPath } from '../../lib/record-pages.ts';

import { roleApi } from './roles.ts';
import { overviewApi, reportApi } from './reports.ts';
import { notificationApi } from './notifications.ts';
import { auditApi } from './audit.ts';

/**
 * Every call of the API by its name on the wire: the server registers exactly these, and a test
 * (apps/server/test/answers.test.ts) holds it to that.
 */
export const api = {
  ...roleApi,
  ...reportApi,
  ...overviewApi,
  ...notificationApi,
  ...auditApi,
};

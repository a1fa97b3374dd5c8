import { roleApi } from './roles.ts';
import { masterApi } from './master-api.ts';
import { entityApi } from './entity-api.ts';
import { propertyApi } from './property-api.ts';
import { propertyDuplicateApi } from './property-duplicates.ts';
import { overviewApi, reportApi } from './reports.ts';
import { notificationApi } from './notifications.ts';
import { auditApi } from './audit.ts';
import { accountApi, otpApi, userApi } from './user-answers.ts';
import { authApi } from './auth.ts';
import { permissionApi } from './permissions.ts';
import { homeApi } from './home.ts';
import { searchApi } from './search.ts';
import { savedViewApi } from './saved-views.ts';
import { bulkApi } from './bulk.ts';

/**
 * Every call of the API by its name on the wire: the server registers exactly these, and a test
 * (apps/server/test/answers.test.ts) holds it to that.
 */
export const api = {
  ...roleApi,
  ...masterApi,
  ...entityApi,
  ...propertyApi,
  ...propertyDuplicateApi,
  ...reportApi,
  ...overviewApi,
  ...notificationApi,
  ...auditApi,
  ...userApi,
  ...accountApi,
  ...otpApi,
  ...authApi,
  ...permissionApi,
  ...homeApi,
  ...searchApi,
  ...savedViewApi,
  ...bulkApi,
};

import type { AnyCall } from './registry.ts';
import { authCalls } from './auth.ts';
import { roleCalls } from './roles.ts';
import { masterListCalls } from './masters.ts';
import { permissionCalls } from './permissions.ts';
import { userCalls } from './users.ts';
import { userFormCalls } from './user-form.ts';
import { accountCalls } from './account.ts';
import { otpCalls } from './otp.ts';
import { organisationCalls } from './organisations.ts';
import { sellerCalls } from './sellers.ts';
import { propertyCalls } from './properties.ts';
import { propertyMediaCalls } from './property-media.ts';
import { propertyDuplicateCalls } from './property-duplicates.ts';
import { reportCalls } from './reports/index.ts';
import { notificationCalls } from './notifications.ts';
import { auditCalls } from './audit.ts';
import { homeCalls } from './home.ts';
import { searchCalls } from './search.ts';
import { savedViewCalls } from './saved-views.ts';
import { bulkUserCalls } from './bulk-users.ts';
import { bulkPropertyCalls } from './bulk-properties.ts';
import { bulkRecordCalls } from './bulk-records.ts';
import { bulkMasterCalls } from './bulk-masters.ts';

/** Every call the API serves. The router, the OpenAPI document and the authorisation test read this. */
export const calls: readonly AnyCall[] = [
  ...authCalls,
  ...roleCalls,
  ...masterListCalls,
  ...permissionCalls,
  ...userCalls,
  ...userFormCalls,
  ...accountCalls,
  ...otpCalls,
  ...organisationCalls,
  ...sellerCalls,
  ...propertyCalls,
  ...propertyMediaCalls,
  ...propertyDuplicateCalls,
  ...reportCalls,
  ...notificationCalls,
  ...auditCalls,
  ...homeCalls,
  ...searchCalls,
  ...savedViewCalls,
  ...bulkUserCalls,
  ...bulkPropertyCalls,
  ...bulkRecordCalls,
  ...bulkMasterCalls,
];

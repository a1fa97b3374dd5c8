import { z } from 'zod';
import { noInput, onOrLeftOut, parentId } from './common.ts';
import { listQuery } from './list-query.ts';
import { USER_STATUSES } from './constants.ts';
import { listPage, messageAnswer, timestamp } from './answers.ts';
import { outcomeAnswer, successAnswer } from './auth.ts';
import { declareCalls } from './calls.ts';
import {
  saveUserRequest,
  updateUserRequest,
  updateProfileRequest,
  userIdRequest,
  changeUserStatusRequest,
  verifyOtpRequest,
} from './users.ts';

/*
 * What the user, account and OTP calls answer (decision 36), and their declarations. The requests are
 * in users.ts.
 */

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

/**
 * One user as the forms read it (the server's USER_RECORD, in its order): the legacy field names, id
 * lists as comma strings ('' for none), the picture's /media/ address. The rows of GetUser and
 * GetNewUser carry it too.
 */
export const userRecord = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  nick_name: nullableText,
  role_id: z.number().int(),
  role_name: z.string(),
  phone_1: nullableText,
  phone_2: nullableText,
  user_email: z.string(),
  user_status: z.enum(USER_STATUSES),
  reason: nullableText,
  associated_agency_id: nullableId,
  associated_broker_id: z.string(),
  is_address_same_as_agency: z.boolean(),
  unit_number: nullableText,
  street_name: nullableText,
  town_id: nullableId,
  barangay_id: nullableId,
  subdivision_id: nullableId,
  house_number: nullableText,
  building_name: nullableText,
  floor: nullableText,
  zip_code: nullableText,
  province_id: nullableId,
  birth_day: nullableId,
  birth_month: nullableId,
  birth_year: nullableId,
  re_license: nullableText,
  website: nullableText,
  user_skills: z.string(),
  user_skills_id: z.string(),
  profile_statement: nullableText,
  self_broker: z.boolean(),
  open_property_limit: z.number().int(),
  profileImage: nullableText,
  agent_photo: nullableText,
  profileThumbnail: nullableText,
});
export type UserRecord = z.output<typeof userRecord>;

/**
 * A row of GetUser and GetNewUser: the list's own columns first, then the rest of the record (the old
 * client fills its Edit User form from the row).
 */
const USER_LIST_COLUMNS = {
  user_id: true,
  full_name: true,
  role_name: true,
  phone_1: true,
  user_email: true,
  user_status: true,
} as const;
export const userListRow = userRecord
  .pick(USER_LIST_COLUMNS)
  .extend(userRecord.omit(USER_LIST_COLUMNS).shape);
export const userPageAnswer = z.object({ resultData: listPage(userListRow) });

/** The user lists' sort columns (GetUser, GetNewUser). */
export const userSortColumns = [
  'full_name',
  'user_email',
  'role_name',
  'phone_1',
  'user_status',
  'user_id',
] as const;
/** The user lists' query; `associated_agency_id` keeps an agency's users (its page's agents: decision 49). */
export const userListQuery = listQuery(userSortColumns).extend({ associated_agency_id: parentId });
/**
 * The Approve User list's query (decision 98): `approvable` keeps only the waiting users whose status
 * the caller may change, as Home's users figure counts them; absent, the list is as it always was.
 */
export const newUserListQuery = userListQuery.extend({ approvable: onOrLeftOut('approvable') });

/** A change of a user's status, newest first in the record's status_history. */
export const userStatusChange = z.object({
  old_status: z.string(),
  new_status: z.enum(USER_STATUSES),
  reason: nullableText,
  changed_at: timestamp,
  changed_by_name: nullableText,
});

/** GetUserById and webGetAccountDetails: an array with the one record (the old client reads [0]). */
export const userByIdAnswer = z.object({
  resultData: z.array(userRecord.extend({ status_history: z.array(userStatusChange) })),
});

/** SaveUser: the message and the new user's id. */
export const saveUserAnswer = messageAnswer.extend({ user_id: z.number().int() });

/** UpdateProfile: the message and the picture's address (both names, as the old client reads either). */
export const updateProfileAnswer = messageAnswer.extend({
  coverImage: nullableText,
  profileImage: nullableText,
});

export const userApi = declareCalls({
  GetUser: { method: 'GET', input: userListQuery, response: userPageAnswer },
  /** New and Inactive users waiting for approval. */
  GetNewUser: { method: 'GET', input: newUserListQuery, response: userPageAnswer },
  changeUserStatus: { method: 'POST', input: changeUserStatusRequest, response: messageAnswer },
  deleteUser: { method: 'POST', input: userIdRequest, response: messageAnswer },
  GetUserById: { method: 'GET', input: userIdRequest, response: userByIdAnswer },
  SaveUser: { method: 'POST', input: saveUserRequest, response: saveUserAnswer },
  UpdateUser: { method: 'POST', input: updateUserRequest, response: messageAnswer },
});

/** The signed-in user's own profile. */
export const accountApi = declareCalls({
  webGetAccountDetails: { method: 'GET', input: noInput, response: userByIdAnswer },
  UpdateProfile: { method: 'POST', input: updateProfileRequest, response: updateProfileAnswer },
});

/** The one-time codes that approve a waiting Super Admin. */
export const otpApi = declareCalls({
  sendVerifyOTP: { method: 'POST', input: userIdRequest, response: successAnswer },
  /** A wrong or expired code is a 200 too (result 'error'). */
  WebVerifyOTP: { method: 'POST', input: verifyOtpRequest, response: outcomeAnswer },
});

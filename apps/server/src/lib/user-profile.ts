import { expressionBuilder, sql } from 'kysely';
import { type UserFields, type UserRecord, type UserStatus } from '@app/contract';
import type { Database } from '../db/schema.ts';
import type { Db, Trx } from '../db/index.ts';
import {
  agencyWithId,
  emailTakenQuery,
  insertStatusChange,
  updateUserStatus,
  userStatusHistory,
  userWithRole,
} from '../db/repositories/users.ts';
import {
  addressReads,
  addressSaveError,
  addressValues,
  assertAddress,
  PLAIN_ADDRESS,
  selectAddress,
} from './address.ts';
import { conflict, HttpError, notFound } from './errors.ts';
import {
  assertLinksKnown,
  linkIds,
  linkReads,
  replaceLinks,
  unknown,
  type Link,
  type LinkLists,
} from './links.ts';
import { readAtOnce, rowRead } from '../db/at-once.ts';
import { mayAssignFound, roleWithRank } from './scope.ts';
import { revokeSessions, type SessionUser } from './session.ts';
import { isUniqueViolation } from './references.ts';

/** The user's id lists, each a link table. */
const USER_LINKS = {
  skills: {
    field: 'user_skills',
    table: 'user_skill_links',
    owner: 'user_id',
    target: 'user_skills_id',
    targetTable: 'user_skills',
    label: 'skill',
  },
  brokers: {
    field: 'associated_broker_id',
    table: 'user_brokers',
    owner: 'user_id',
    target: 'broker_id',
    targetTable: 'brokers',
    label: 'broker',
  },
} as const satisfies Record<string, Link>;

/** The users row `u` and its role `r`, as USER_RECORD reads them. */
const user = expressionBuilder<{ u: Database['users']; r: Database['roles'] }, 'u' | 'r'>();
const picture = (column: 'profile_image' | 'profile_thumbnail') =>
  sql<string | null>`'/media/' || nullif(${user.ref(`u.${column}`)}, '')`;
const skills = linkIds(USER_LINKS.skills, 'u.user_id');

/**
 * One user as the forms read it, from the users row `u` and its role `r`: the legacy field names, id
 * lists as comma strings, the picture's address. GetUserById and webGetAccountDetails answer it, and so
 * do the rows of GetUser and GetNewUser, which the old client fills its Edit User form from.
 */
export const USER_RECORD = [
  user.ref('u.user_id').as('user_id'),
  user.ref('u.first_name').as('first_name'),
  user.ref('u.last_name').as('last_name'),
  sql<string>`${user.ref('u.first_name')} || ' ' || ${user.ref('u.last_name')}`.as('full_name'),
  user.ref('u.nick_name').as('nick_name'),
  user.ref('u.role_id').as('role_id'),
  user.ref('r.name').as('role_name'),
  user.ref('u.phone_1').as('phone_1'),
  user.ref('u.phone_2').as('phone_2'),
  user.ref('u.user_email').as('user_email'),
  user.ref('u.user_status').as('user_status'),
  user.ref('u.status_reason').as('reason'),
  user.ref('u.associated_agency_id').as('associated_agency_id'),
  linkIds(USER_LINKS.brokers, 'u.user_id'),
  user.ref('u.is_address_same_as_agency').as('is_address_same_as_agency'),
  ...selectAddress(PLAIN_ADDRESS, 'u'),
  user.ref('u.birth_day').as('birth_day'),
  user.ref('u.birth_month').as('birth_month'),
  user.ref('u.birth_year').as('birth_year'),
  user.ref('u.re_license').as('re_license'),
  user.ref('u.website').as('website'),
  skills,
  // The old list rows named the skills twice.
  skills.rawBuilder.as('user_skills_id'),
  user.ref('u.profile_statement').as('profile_statement'),
  user.ref('u.self_broker').as('self_broker'),
  user.ref('u.open_property_limit').as('open_property_limit'),
  picture('profile_image').as('profileImage'),
  // The old rows' name for the picture (there a file name; here its address, as profileImage).
  picture('profile_image').as('agent_photo'),
  picture('profile_thumbnail').as('profileThumbnail'),
];

/**
 * The record as the contract declares it (UserRecord), from a row read with USER_RECORD. Kysely cannot
 * type that row (USER_RECORD names some columns at run time: the address, the id lists), so this names
 * each field: the same fields in the contract's order, without a parse on every request.
 */
export function readUserRecord(row: Record<string, unknown>): UserRecord {
  const field = <K extends keyof UserRecord>(key: K) => row[key] as UserRecord[K];
  return {
    user_id: field('user_id'),
    first_name: field('first_name'),
    last_name: field('last_name'),
    full_name: field('full_name'),
    nick_name: field('nick_name'),
    role_id: field('role_id'),
    role_name: field('role_name'),
    phone_1: field('phone_1'),
    phone_2: field('phone_2'),
    user_email: field('user_email'),
    user_status: field('user_status'),
    reason: field('reason'),
    associated_agency_id: field('associated_agency_id'),
    associated_broker_id: field('associated_broker_id'),
    is_address_same_as_agency: field('is_address_same_as_agency'),
    unit_number: field('unit_number'),
    street_name: field('street_name'),
    town_id: field('town_id'),
    barangay_id: field('barangay_id'),
    subdivision_id: field('subdivision_id'),
    house_number: field('house_number'),
    building_name: field('building_name'),
    floor: field('floor'),
    zip_code: field('zip_code'),
    province_id: field('province_id'),
    birth_day: field('birth_day'),
    birth_month: field('birth_month'),
    birth_year: field('birth_year'),
    re_license: field('re_license'),
    website: field('website'),
    user_skills: field('user_skills'),
    user_skills_id: field('user_skills_id'),
    profile_statement: field('profile_statement'),
    self_broker: field('self_broker'),
    open_property_limit: field('open_property_limit'),
    profileImage: field('profileImage'),
    agent_photo: field('agent_photo'),
    profileThumbnail: field('profileThumbnail'),
  };
}

/** One user's record (USER_RECORD) with their status history, or 404. */
export async function findUserRecord(db: Db, userId: number) {
  const row = await userWithRole(db, userId).select(USER_RECORD).executeTakeFirst();
  if (!row) throw notFound('User');
  return { ...readUserRecord(row), status_history: await userStatusHistory(db, userId) };
}

/** 403: the caller may not create, read or edit users of this type. */
const mayNotManage = () => new HttpError(403, 'You may not manage users of this type');

const emailTaken = () => {
  const message = 'A user with this e-mail address already exists';
  return conflict(message, { user_email: message });
};

/** Refuses an e-mail address another user already has (the unique index would say it less clearly). */
export async function assertEmailFree(db: Db, email: string, exceptUserId?: number) {
  if (await emailTakenQuery(db, email, exceptUserId).executeTakeFirst()) throw emailTaken();
}

/**
 * For a save's `.catch`: an e-mail address that another save took at the same moment, after
 * assertEmailFree looked, is refused by the unique index and answered as assertEmailFree answers.
 */
export const refuseTakenEmail = (error: unknown): never => {
  throw isUniqueViolation(error, 'users_email_unique') ? emailTaken() : error;
};

/**
 * For the user form's save (add or edit): what refuseTakenEmail refuses, and a place or other record
 * the form chose deleted meanwhile, as addressSaveError answers it ('barangay_id: Unknown barangay').
 */
export const refuseUserFormSave = (error: unknown): never =>
  refuseTakenEmail(addressSaveError(PLAIN_ADDRESS, 'users', error));

/**
 * What a user's save checks before it writes, read in one statement (readAtOnce) and refused in this
 * order: a type the caller may not manage (403; an unknown type is the form's 400, below); an e-mail
 * address another user has; an unknown type or agency; places that are unknown or apart; unknown skills
 * or brokers. Answers the address to store: the agency's own when 'same as agency' is ticked, else the
 * form's.
 */
export async function checkUserForm(db: Db, caller: SessionUser, input: UserFields, exceptUserId?: number) {
  const agencyId = input.associated_agency_id;
  const formAddress = addressValues(PLAIN_ADDRESS, input);
  const found = await readAtOnce(db, {
    role: rowRead(roleWithRank(db, input.role_id)),
    emailTaken: emailTakenQuery(db, input.user_email, exceptUserId),
    agency: agencyId ? rowRead(agencyWithId(db, agencyId).select(selectAddress(PLAIN_ADDRESS, 'a'))) : null,
    ...(input.is_address_same_as_agency ? {} : addressReads(formAddress)),
    ...linkReads(userLinks(input)),
  });
  const role = found.role as { id: number; rank: number } | null;
  if (!mayAssignFound(caller, role)) throw mayNotManage();
  if (found.emailTaken !== null) throw emailTaken();
  if (!role) throw unknown('role_id', 'user type');
  const agency = found.agency as Record<string, unknown> | null;
  if ((agencyId || input.is_address_same_as_agency) && !agency)
    throw unknown('associated_agency_id', 'agency');
  if (!input.is_address_same_as_agency) assertAddress(PLAIN_ADDRESS, formAddress, found);
  assertLinksKnown(userLinks(input), found);
  return input.is_address_same_as_agency ? agency! : formAddress;
}

/** The user's link lists as the form chose them: skills and brokers. */
export const userLinks = (input: Pick<UserFields, 'user_skills' | 'associated_broker_id'>): LinkLists => [
  { link: USER_LINKS.skills, ids: input.user_skills },
  { link: USER_LINKS.brokers, ids: input.associated_broker_id },
];

/**
 * Makes a user's skills and brokers exactly the given lists (unknown ids: 400 on their field); answers
 * which of the two sets changed.
 */
export async function replaceUserLinks(trx: Trx, userId: number, skills: number[], brokers: number[]) {
  const [skillsChanged, brokersChanged] = await replaceLinks(
    trx,
    userId,
    userLinks({ user_skills: skills, associated_broker_id: brokers }),
  );
  return { skills: skillsChanged!, brokers: brokersChanged! };
}

/**
 * Sets a user's status and records the change in their history (the reason is kept on the user only
 * while Inactive); a deactivated user's sessions end.
 */
export async function setUserStatus(
  trx: Trx,
  target: { user_id: number; user_status: UserStatus },
  status: UserStatus,
  reason: string | null,
  changedBy: number,
) {
  await setUsersStatus(trx, [target], status, reason, changedBy);
}

/** setUserStatus for many users at once (a bulk action): the same writes, one statement each. */
export async function setUsersStatus(
  trx: Trx,
  targets: readonly { user_id: number; user_status: UserStatus }[],
  status: UserStatus,
  reason: string | null,
  changedBy: number,
) {
  if (targets.length === 0) return;
  const ids = targets.map((t) => t.user_id);
  await updateUserStatus(trx, ids, status, status === 'Inactive' ? reason : null, changedBy);
  await insertStatusChange(
    trx,
    targets.map((t) => ({
      user_id: t.user_id,
      old_status: t.user_status,
      new_status: status,
      reason,
      changed_by: changedBy,
    })),
  );
  if (status === 'Inactive') await revokeSessions(trx, ids);
}

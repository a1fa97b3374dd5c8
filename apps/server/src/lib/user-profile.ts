import { expressionBuilder, sql, type Transaction } from 'kysely';
import type { UserFields, UserStatus } from '@app/contract';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import { addressValues, checkAddress, PLAIN_ADDRESS, selectAddress } from './address.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { assertExist, linkIds, replaceLinks, type Link } from './links.ts';
import { revokeSessions } from './session.ts';

type Trx = Transaction<Database>;

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

/** One user's record (USER_RECORD) with their status history, or 404. */
export async function readUserRecord(db: Db, userId: number) {
  const record = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(USER_RECORD)
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  if (!record) throw notFound('User');
  const history = await db
    .selectFrom('user_status_history as h')
    .leftJoin('users as by', 'by.user_id', 'h.changed_by')
    .select([
      'h.old_status',
      'h.new_status',
      'h.reason',
      'h.changed_at',
      sql<string | null>`by.first_name || ' ' || by.last_name`.as('changed_by_name'),
    ])
    .where('h.user_id', '=', userId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(100)
    .execute();
  return { ...record, status_history: history };
}

/** Refuses an e-mail address another user already has (the unique index would say it less clearly). */
export async function assertEmailFree(db: Db | Trx, email: string, exceptUserId?: number) {
  const other = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql`lower(user_email)`, '=', email.toLowerCase())
    .$if(exceptUserId !== undefined, (q) => q.where('user_id', '!=', exceptUserId!))
    .executeTakeFirst();
  if (other) throw conflict('A user with this e-mail address already exists');
}

/**
 * The address to store: the agency's own when 'same as agency' is ticked, else the form's, whose
 * places must exist and lie in each other.
 */
export async function addressFor(db: Db | Trx, input: UserFields) {
  if (!input.is_address_same_as_agency) {
    const address = addressValues(PLAIN_ADDRESS, input);
    await checkAddress(db, PLAIN_ADDRESS, address);
    return address;
  }
  const agency = await db
    .selectFrom('agencies as a')
    .select(selectAddress(PLAIN_ADDRESS, 'a'))
    .where('a.agency_id', '=', input.associated_agency_id ?? 0)
    .executeTakeFirst();
  if (!agency)
    throw badRequest('associated_agency_id: Unknown agency', { associated_agency_id: 'Unknown agency' });
  return agency as Record<string, unknown>;
}

/** The chosen type and agency must exist (skills and brokers are checked as they are linked). */
export async function assertReferencesExist(db: Db | Trx, input: UserFields) {
  await assertExist(db, 'roles', 'id', [input.role_id], 'role_id', 'user type');
  if (input.associated_agency_id) {
    await assertExist(
      db,
      'agencies',
      'agency_id',
      [input.associated_agency_id],
      'associated_agency_id',
      'agency',
    );
  }
}

/**
 * Makes a user's skills and brokers exactly the given lists (unknown ids: 400 on their field); answers
 * which of the two sets changed.
 */
export async function replaceUserLinks(trx: Trx, userId: number, skills: number[], brokers: number[]) {
  return {
    skills: await replaceLinks(trx, USER_LINKS.skills, userId, skills),
    brokers: await replaceLinks(trx, USER_LINKS.brokers, userId, brokers),
  };
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
  await trx
    .updateTable('users')
    .set({
      user_status: status,
      status_reason: status === 'Inactive' ? reason : null,
      updated_at: sql`now()`,
      updated_by: changedBy,
    })
    .where('user_id', '=', target.user_id)
    .execute();
  await trx
    .insertInto('user_status_history')
    .values({
      user_id: target.user_id,
      old_status: target.user_status,
      new_status: status,
      reason,
      changed_by: changedBy,
    })
    .execute();
  if (status === 'Inactive') await revokeSessions(trx, target.user_id);
}

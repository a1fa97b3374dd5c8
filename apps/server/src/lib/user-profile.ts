import { sql, type Transaction } from 'kysely';
import type { UserFields, UserStatus } from '@app/contract';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import { addressValues, checkAddress, PLAIN_ADDRESS, selectAddress } from './address.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { assertExist, linkIds, replaceLinks, type Link } from './links.ts';
import { revokeSessions } from './session.ts';
import { mediaUrl } from './media.ts';

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

/**
 * One user as the forms read it (GetUserById, webGetAccountDetails): the legacy field names, id
 * lists as comma strings, the picture's addresses and the status history.
 */
export async function readUserRecord(db: Db, userId: number) {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.user_id',
      'u.first_name',
      'u.last_name',
      sql<string>`u.first_name || ' ' || u.last_name`.as('full_name'),
      'u.nick_name',
      'u.role_id',
      'r.name as role_name',
      'u.phone_1',
      'u.phone_2',
      'u.user_email',
      'u.user_status',
      'u.status_reason as reason',
      'u.associated_agency_id',
      linkIds(USER_LINKS.brokers, 'u.user_id'),
      'u.is_address_same_as_agency',
      ...selectAddress(PLAIN_ADDRESS, 'u'),
      'u.birth_day',
      'u.birth_month',
      'u.birth_year',
      'u.re_license',
      'u.website',
      linkIds(USER_LINKS.skills, 'u.user_id'),
      'u.profile_statement',
      'u.self_broker',
      'u.open_property_limit',
      'u.profile_image',
      'u.profile_thumbnail',
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('User');
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
  const { profile_image, profile_thumbnail, ...rest } = user;
  return {
    ...rest,
    profileImage: mediaUrl(profile_image),
    profileThumbnail: mediaUrl(profile_thumbnail),
    status_history: history,
  };
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

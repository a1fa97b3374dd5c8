import { sql, type Transaction } from 'kysely';
import { MESSAGES, type UserFields } from '@app/contract';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { mediaUrl } from './media.ts';

type Trx = Transaction<Database>;

/** The address columns a user shares with an agency (copied when 'same as agency' is ticked). */
const ADDRESS_COLUMNS = [
  'unit_number',
  'house_number',
  'street_name',
  'building_name',
  'floor',
  'province_id',
  'town_id',
  'barangay_id',
  'subdivision_id',
  'zip_code',
] as const;

const commaList = (query: ReturnType<typeof sql<string | null>>) => sql<string>`coalesce((${query}), '')`;

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
      commaList(
        sql`SELECT string_agg(broker_id::text, ',' ORDER BY broker_id) FROM user_brokers WHERE user_id = u.user_id`,
      ).as('associated_broker_id'),
      'u.is_address_same_as_agency',
      ...ADDRESS_COLUMNS.map((c) => `u.${c}` as const),
      'u.birth_day',
      'u.birth_month',
      'u.birth_year',
      'u.re_license',
      'u.website',
      commaList(
        sql`SELECT string_agg(user_skills_id::text, ',' ORDER BY user_skills_id) FROM user_skill_links WHERE user_id = u.user_id`,
      ).as('user_skills'),
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

/** The address to store: the agency's own when 'same as agency' is ticked, else the form's. */
export async function addressFor(db: Db | Trx, input: UserFields) {
  if (!input.is_address_same_as_agency) {
    return Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, input[c]])) as Pick<
      UserFields,
      (typeof ADDRESS_COLUMNS)[number]
    >;
  }
  const agency = await db
    .selectFrom(sql<Record<string, unknown>>`agencies`.as('a'))
    .select(ADDRESS_COLUMNS.map((c) => sql.ref(`a.${c}`).as(c)))
    .where(sql.ref('a.agency_id'), '=', input.associated_agency_id)
    .executeTakeFirst();
  if (!agency) throw badRequest('Associated agency not found', { associated_agency_id: 'Choose an agency' });
  return agency as Pick<UserFields, (typeof ADDRESS_COLUMNS)[number]>;
}

/** Checks that every referenced record exists, naming the field that is wrong. */
export async function assertReferencesExist(db: Db | Trx, input: UserFields) {
  const checks: [keyof UserFields, string, string, number[]][] = [
    [
      'associated_agency_id',
      'agencies',
      'agency_id',
      input.associated_agency_id ? [input.associated_agency_id] : [],
    ],
    ['associated_broker_id', 'brokers', 'broker_id', input.associated_broker_id],
    ['user_skills', 'user_skills', 'user_skills_id', input.user_skills],
    ['role_id', 'roles', 'id', [input.role_id]],
  ];
  for (const [field, table, key, ids] of checks) {
    if (ids.length === 0) continue;
    const found = await db
      .selectFrom(sql<Record<string, unknown>>`${sql.table(table)}`.as('t'))
      .select(sql<string>`count(*)`.as('n'))
      .where(sql.ref(`t.${key}`), 'in', ids)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== ids.length) {
      throw badRequest(`${field}: ${MESSAGES.required}`, { [field]: 'Choose from the list' });
    }
  }
}

/** Replaces a user's skills and brokers with the given lists. */
export async function replaceUserLinks(trx: Trx, userId: number, skills: number[], brokers: number[]) {
  await trx.deleteFrom('user_skill_links').where('user_id', '=', userId).execute();
  if (skills.length) {
    await trx
      .insertInto('user_skill_links')
      .values(skills.map((user_skills_id) => ({ user_id: userId, user_skills_id })))
      .execute();
  }
  await trx.deleteFrom('user_brokers').where('user_id', '=', userId).execute();
  if (brokers.length) {
    await trx
      .insertInto('user_brokers')
      .values(brokers.map((broker_id) => ({ user_id: userId, broker_id })))
      .execute();
  }
}

/**
 * The first Super Admin, made sure of at each start of the server (main.ts), after the reference data
 * and before any demo data. With ADMIN_EMAIL and ADMIN_PASSWORD set, that account is created or reset
 * (password, Super Admin role, Active); without them, a database with no Super Admin gets one with a
 * generated password, which main.ts prints once. A database that already has one is left alone.
 */
import { sql } from 'kysely';
import { defaultOpenPropertyLimit, openPropertyLimitAfterRoleChange, ROLE } from '@app/contract';
import type { Db } from '../index.ts';
import type { Config } from '../../config.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';

export type AdminAccount =
  | { kind: 'set-from-env'; email: string }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'existing' };

/** A new Active Super Admin, 'Super Admin' by name, made by nobody (the server itself). */
const insertSuperAdmin = (db: Db, user_email: string, password_hash: string) =>
  db
    .insertInto('users')
    .values({
      first_name: 'Super',
      last_name: 'Admin',
      user_email,
      password_hash,
      role_id: ROLE.SuperAdmin,
      open_property_limit: defaultOpenPropertyLimit(ROLE.SuperAdmin),
      user_status: 'Active',
      created_by: null,
      updated_by: null,
      profile_image: null,
    })
    .execute();

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD create or reset that Super Admin. Without them, a database that
 * has no Super Admin gets one with a generated password, returned so it can be printed once.
 */
export async function ensureSuperAdmin(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>) {
  const { adminEmail, adminPassword } = config;
  if (adminEmail && adminPassword) {
    const password_hash = await hashPassword(adminPassword);
    const existing = await db
      .selectFrom('users')
      .select(['user_id', 'role_id', 'open_property_limit'])
      .where(sql`lower(user_email)`, '=', adminEmail.toLowerCase())
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('users')
        .set({
          password_hash,
          role_id: ROLE.SuperAdmin,
          open_property_limit: openPropertyLimitAfterRoleChange(
            existing.open_property_limit,
            existing.role_id,
            ROLE.SuperAdmin,
          ),
          user_status: 'Active',
          updated_at: sql`now()`,
        })
        .where('user_id', '=', existing.user_id)
        .execute();
    } else {
      await insertSuperAdmin(db, adminEmail, password_hash);
    }
    return { kind: 'set-from-env', email: adminEmail } satisfies AdminAccount;
  }
  const any = await db
    .selectFrom('users')
    .select('user_id')
    .where('role_id', '=', ROLE.SuperAdmin)
    .executeTakeFirst();
  if (any) return { kind: 'existing' } satisfies AdminAccount;
  const email = 'admin@pinoyproperty.ph';
  const password = generatePassword();
  await insertSuperAdmin(db, email, await hashPassword(password));
  return { kind: 'generated', email, password } satisfies AdminAccount;
}

import { sql } from 'kysely';
import { DEFAULT_GRANTS, PERMISSION_MODULES, ROLE, SYSTEM_ROLES, type RoleId } from '@app/contract';
import type { Db } from './index.ts';
import type { Config } from '../config.ts';
import { generatePassword, hashPassword } from '../lib/crypto.ts';

/**
 * Reference data. Idempotent: roles and permissions that exist are left alone, and default grants
 * are given only for a role or permission added now, so changes made on the Role Permissions
 * screen survive restarts.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(4242)`.execute(trx);
    const newRoles = await trx
      .insertInto('roles')
      .values(
        SYSTEM_ROLES.map((r) => ({ id: r.id, name: r.name, status: 'Active' as const, is_system: true })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    const newPermissions = await trx
      .insertInto('permissions')
      .values(
        Object.entries(PERMISSION_MODULES).flatMap(([module, names]) =>
          names.map((name) => ({ name, module })),
        ),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .returning(['id', 'name'])
      .execute();
    const newRoleIds = new Set(newRoles.map((r) => r.id));
    const newPermissionNames = new Set(newPermissions.map((p) => p.name));
    const grants = SYSTEM_ROLES.flatMap((role) =>
      DEFAULT_GRANTS[role.id as RoleId]
        .filter((name) => newRoleIds.has(role.id) || newPermissionNames.has(name))
        .map((name) => ({ role: role.id, name })),
    );
    if (grants.length === 0) return;
    const ids = new Map(
      (await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
    );
    await trx
      .insertInto('role_permissions')
      .values(grants.map((g) => ({ role_id: g.role, permission_id: ids.get(g.name)! })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

export type AdminAccount =
  | { kind: 'set-from-env'; email: string }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'existing' };

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
      .select('user_id')
      .where(sql`lower(user_email)`, '=', adminEmail.toLowerCase())
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('users')
        .set({ password_hash, role_id: ROLE.SuperAdmin, user_status: 'Active', updated_at: sql`now()` })
        .where('user_id', '=', existing.user_id)
        .execute();
    } else {
      await db
        .insertInto('users')
        .values({
          first_name: 'Super',
          last_name: 'Admin',
          user_email: adminEmail,
          password_hash,
          role_id: ROLE.SuperAdmin,
          user_status: 'Active',
          created_by: null,
          updated_by: null,
          profile_image: null,
        })
        .execute();
    }
    return { kind: 'set-from-env', email: adminEmail } satisfies AdminAccount;
  }
  const any = await db
    .selectFrom('users')
    .select('user_id')
    .where('role_id', '=', ROLE.SuperAdmin)
    .executeTakeFirst();
  if (any) return { kind: 'existing' } satisfies AdminAccount;
  const email = 'admin@pinoyproperty.local';
  const password = generatePassword();
  await db
    .insertInto('users')
    .values({
      first_name: 'Super',
      last_name: 'Admin',
      user_email: email,
      password_hash: await hashPassword(password),
      role_id: ROLE.SuperAdmin,
      user_status: 'Active',
      created_by: null,
      updated_by: null,
      profile_image: null,
    })
    .execute();
  return { kind: 'generated', email, password } satisfies AdminAccount;
}

export const DEMO_DOMAIN = 'demo.pinoyproperty.local';

/** One demo account per role below Super Admin, e.g. agent@demo.pinoyproperty.local. */
export async function seedDemoUsers(db: Db, password: string): Promise<string[]> {
  const password_hash = await hashPassword(password);
  const people = SYSTEM_ROLES.filter((r) => r.id !== ROLE.SuperAdmin).map((role) => ({
    first_name: role.name.split('-')[0]!.replace(' ', ''),
    last_name: 'Demo',
    user_email: `${role.name.toLowerCase().replace(/\s+/g, '-')}@${DEMO_DOMAIN}`,
    password_hash,
    role_id: role.id,
    user_status: 'Active' as const,
    created_by: null,
    updated_by: null,
    profile_image: null,
  }));
  const rows = await db
    .insertInto('users')
    .values(people)
    .onConflict((oc) => oc.expression(sql`lower(user_email)`).doNothing())
    .returning('user_email')
    .execute();
  return rows.map((r) => r.user_email);
}

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
  const people = SYSTEM_ROLES.filter((r) => r.id !== ROLE.SuperAdmin).map((role, i) => ({
    first_name: role.name.split('-')[0]!.replace(' ', ''),
    last_name: 'Demo',
    user_email: `${role.name.toLowerCase().replace(/\s+/g, '-')}@${DEMO_DOMAIN}`,
    password_hash,
    role_id: role.id,
    phone_1: `091700000${i}${i}`,
    user_status: 'Active' as const,
    created_by: null,
    updated_by: null,
    profile_image: null,
  }));
  // Two accounts waiting on the Approve Users screen.
  const waiting = [
    {
      first_name: 'Pending',
      last_name: 'Agent',
      email: 'pending.agent',
      role_id: ROLE.Agent,
      user_status: 'New' as const,
    },
    {
      first_name: 'Inactive',
      last_name: 'Operator',
      email: 'inactive.operator',
      role_id: ROLE.Operator,
      user_status: 'Inactive' as const,
    },
  ].map(({ email, ...w }) => ({ ...people[0]!, ...w, user_email: `${email}@${DEMO_DOMAIN}` }));
  const rows = await db
    .insertInto('users')
    .values([...people, ...waiting])
    .onConflict((oc) => oc.expression(sql`lower(user_email)`).doNothing())
    .returning('user_email')
    .execute();
  return rows.map((r) => r.user_email);
}

/**
 * The reference values the clients depend on (legacy ids kept where the form branches on them),
 * plus a few sensible starting values for the lists the reference page leaves open. Only into empty
 * tables: afterwards the master screens own them.
 */
const REFERENCE_MASTERS: { table: string; idColumn: string; rows: Record<string, unknown>[] }[] = [
  {
    table: 'product_categories',
    idColumn: 'product_category_id',
    rows: [
      { product_category_id: 1, product_category_name: 'For Rent' },
      { product_category_id: 3, product_category_name: 'For Sale' },
    ],
  },
  {
    table: 'property_classifications',
    idColumn: 'property_classification_id',
    rows: [
      { property_classification_id: 1, property_classification: 'Commercial' },
      { property_classification_id: 3, property_classification: 'Agricultural' },
      { property_classification_id: 4, property_classification: 'Residential' },
    ],
  },
  {
    table: 'property_types',
    idColumn: 'property_type_id',
    rows: [
      ['Land', 'No'],
      ['House', 'Yes'],
      ['Apartment', 'Yes'],
      ['Townhouse', 'Yes'],
      ['Condominium', 'Yes'],
      ['Commercial Lot', 'No'],
    ].map(([property_type, dwelling_type]) => ({ property_type, dwelling_type })),
  },
  {
    table: 'product_modes',
    idColumn: 'product_mode_id',
    rows: ['Newly Built', 'Renovated', 'For Resale'].map((product_mode) => ({ product_mode })),
  },
  {
    table: 'amenities',
    idColumn: 'id',
    rows: [
      'Swimming Pool',
      'Air Conditioning',
      'Window Covering',
      'Free WiFi',
      'Central Heating',
      'Car Parking',
      'Gym',
      'Laundry Room',
      'Internet',
      'Alarm',
      'Pets Allowed',
    ].map((name) => ({ name })),
  },
  {
    table: 'capabilities',
    idColumn: 'capability_id',
    rows: ['Drone Video', 'Helicopter Tripping', 'Assessor'].map((capability_name) => ({ capability_name })),
  },
  {
    table: 'user_skills',
    idColumn: 'user_skills_id',
    rows: ['Creator', 'Stager', 'Assessor'].map((user_skills) => ({ user_skills })),
  },
  {
    table: 'agri_types',
    idColumn: 'agri_type_id',
    rows: ['Rice Land', 'Corn Land', 'Coconut Plantation', 'Sugarcane Land', 'Orchard', 'Fishpond'].map(
      (agri_type_name) => ({ agri_type_name }),
    ),
  },
  {
    table: 'zoning_codes',
    idColumn: 'zonning_code_id',
    rows: ['R-1', 'R-2', 'R-3', 'C-1', 'C-2', 'I-1', 'A-1'].map((zonning_code) => ({ zonning_code })),
  },
  {
    table: 'specializations',
    idColumn: 'specialization_id',
    rows: ['Residential Sales', 'Residential Leasing', 'Commercial', 'Agricultural Land', 'Pre-selling'].map(
      (specialization) => ({ specialization }),
    ),
  },
];

export async function seedReferenceMasters(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(4243)`.execute(trx);
    for (const { table, idColumn, rows } of REFERENCE_MASTERS) {
      const any = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(trx);
      if (any.rows.length > 0) continue;
      const columns = Object.keys(rows[0]!);
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        VALUES ${sql.join(rows.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`))}`.execute(trx);
      // Rows inserted with explicit ids leave the identity behind; move it past them.
      await sql`SELECT setval(pg_get_serial_sequence(${table}, ${idColumn}),
        (SELECT max(${sql.ref(idColumn)}) FROM ${sql.table(table)}))`.execute(trx);
    }
  });
}

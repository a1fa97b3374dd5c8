/**
 * Reference data every database needs, seeded at each start of the server (main.ts, while one process
 * prepares the database: after the migrations) and by the tests' database helpers. seedReferenceData
 * gives the system roles, the permissions and their default grants; then the Philippine geography is
 * loaded (db/geography.ts, not here); then seedReferenceMasters fills the empty master tables (product
 * categories, property types, amenities and the like). Both are idempotent and take an advisory lock,
 * so several processes starting on one database at once do the work once.
 */
import { sql } from 'kysely';
import { DEFAULT_GRANTS, PERMISSION_MODULES, SYSTEM_ROLES, type RoleId } from '@app/contract';
import { inTransaction, type Db } from '../index.ts';

/**
 * Reference data. Idempotent: roles and permissions that exist are left alone, and default grants
 * are given only for a role or permission added now, so changes made on the Role Permissions
 * screen survive restarts.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(4242)`.execute(trx);
    const newRoles = await trx
      .insertInto('roles')
      .values(
        SYSTEM_ROLES.map((r) => ({
          id: r.id,
          name: r.name,
          status: 'Active' as const,
          is_system: true,
          rank: r.rank,
        })),
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
  await inTransaction(db, async (trx) => {
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

/**
 * Demo data for trying the application: one account per role below Super Admin (plus accounts waiting
 * for approval), demo agencies, broker associations, brokers and sellers on real places of the seeded
 * geography, and a few notifications. main.ts runs seedDemoUsers once, on a brand-new database (no users
 * before the first Super Admin was made), unless DEMO_DATA=false (for production); some tests call it too.
 */
import { sql, type RawBuilder } from 'kysely';
import { defaultOpenPropertyLimit, NOTIFICATION_TYPES, ROLE, SYSTEM_ROLES } from '@app/contract';
import { inTransaction, type Db } from '../index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { audience, notify } from '../../lib/notifications.ts';

/** A 2- or 3-letter top-level domain: the old admin client's e-mail rule refuses others (migration 0017). */
export const DEMO_DOMAIN = 'demo.pinoyproperty.ph';

/** One demo account per role below Super Admin, e.g. agent@demo.pinoyproperty.ph. */
export async function seedDemoUsers(db: Db, password: string): Promise<string[]> {
  const password_hash = await hashPassword(password);
  const people = SYSTEM_ROLES.filter((r) => r.id !== ROLE.SuperAdmin).map((role, i) => ({
    first_name: role.name.split('-')[0]!.replace(' ', ''),
    last_name: 'Demo',
    user_email: `${role.name.toLowerCase().replace(/\s+/g, '-')}@${DEMO_DOMAIN}`,
    password_hash,
    role_id: role.id,
    open_property_limit: defaultOpenPropertyLimit(role.id),
    phone_1: `091700000${i}${i}`,
    user_status: 'Active' as const,
    created_by: null,
    updated_by: null,
    profile_image: null,
  }));
  // Accounts waiting on the Approve Users screen.
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
    // A new Super Admin: a Super Admin approves it with a one-time code.
    {
      first_name: 'Pending',
      last_name: 'Chief',
      email: 'pending.chief',
      role_id: ROLE.SuperAdmin,
      user_status: 'New' as const,
    },
  ].map(({ email, ...w }) => ({
    ...people[0]!,
    ...w,
    open_property_limit: defaultOpenPropertyLimit(w.role_id),
    user_email: `${email}@${DEMO_DOMAIN}`,
  }));
  const rows = await db
    .insertInto('users')
    .values([...people, ...waiting])
    .onConflict((oc) => oc.expression(sql`lower(user_email)`).doNothing())
    .returning('user_email')
    .execute();
  await seedDemoEntities(db);
  await seedDemoNotifications(db);
  return rows.map((r) => r.user_email);
}

/**
 * A few notifications, so the bell shows something: events of the demo data, told to those the product
 * tells (the audiences of lib/notifications.ts), as if Admin Demo had made them hours and days ago.
 */
async function seedDemoNotifications(db: Db): Promise<void> {
  const idOf = async (query: RawBuilder<{ id: number }>) => (await query.execute(db)).rows[0]?.id;
  const userId = (email: string) =>
    idOf(sql`SELECT user_id AS id FROM users WHERE user_email = ${`${email}@${DEMO_DOMAIN}`}`);
  const [actor, pending, agent, broker] = await Promise.all([
    userId('admin'),
    userId('pending.agent'),
    userId('agent'),
    idOf(sql`SELECT broker_id AS id FROM brokers WHERE broker_name = 'Jose Santos'`),
  ]);
  const ago = async (interval: string) =>
    (await sql<{ at: string }>`SELECT (now() - ${interval}::interval)::text AS at`.execute(db)).rows[0]!.at;
  if (!actor || !pending || !agent) return;
  const told = { entity: 'user', actor } as const;
  await notify(db, {
    ...told,
    kind: 'userCreated',
    subject: 'Pending Agent (Agent) was created by Admin Demo',
    entityId: pending,
    recipients: [audience.statusChangersOf(pending)],
    exclude: [pending],
    at: await ago('2 hours'),
  });
  await notify(db, {
    ...told,
    kind: 'agentBrokerChanged',
    subject: 'The brokers of Agent Demo were changed by Admin Demo',
    entityId: agent,
    recipients: [audience.admins, audience.user(agent), audience.agencyOwnerAgents(agent)],
    at: await ago('1 day'),
  });
  // The broker is there when the geography is (seedDemoEntities).
  if (broker === undefined) return;
  await notify(db, {
    ...told,
    kind: 'brokerAssociationChanged',
    entity: 'broker',
    subject: 'The broker associations of Jose Santos were changed by Admin Demo',
    entityId: broker,
    recipients: [audience.admins, audience.brokerAgents(broker)],
    at: await ago('3 days'),
  });
  // The oldest read, so the list shows both kinds.
  await sql`UPDATE notifications SET notification_status = 'Inactive', read_at = created_at
    WHERE notification_type = ${NOTIFICATION_TYPES.brokerAssociationChanged.type}`.execute(db);
}

/** A real place of the seeded geography, by names. */
async function demoPlace(db: Db, province: string, town: string, barangay: string) {
  const { rows } = await sql<{ province_id: number; town_id: number; barangay_id: number; zip_code: string }>`
    SELECT p.province_id, t.town_id, b.barangay_id, coalesce(b.zip_code, t.zip_code, '1000') AS zip_code
    FROM barangays b JOIN towns t ON t.town_id = b.town_id JOIN provinces p ON p.province_id = t.province_id
    WHERE p.province_name = ${province} AND t.town_name = ${town} AND b.barangay_name = ${barangay}`.execute(
    db,
  );
  return rows[0];
}

/** Ids of master rows by name (the reference values seeded by seedReferenceMasters, reference.ts). */
async function demoIds(db: Db, table: string, idColumn: string, nameColumn: string, names: string[]) {
  const { rows } = await sql<{ id: number }>`SELECT ${sql.ref(idColumn)} AS id FROM ${sql.table(table)}
    WHERE ${sql.ref(nameColumn)} IN (${sql.join(names)}) ORDER BY 1`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Demo agencies, broker associations, brokers and sellers on real places, once (into an empty agencies
 * table); the demo Agent and Owner-Agent work for the first agency and with the first broker.
 */
export async function seedDemoEntities(db: Db): Promise<void> {
  if (await db.selectFrom('agencies').select('agency_id').limit(1).executeTakeFirst()) return;
  const places = {
    makati: await demoPlace(db, 'Metro Manila', 'Makati City', 'Bel-Air'),
    quezon: await demoPlace(db, 'Metro Manila', 'Quezon City', 'Amihan'),
    cebu: await demoPlace(db, 'Cebu', 'Cebu City', 'Apas'),
    tagbilaran: await demoPlace(db, 'Bohol', 'Tagbilaran City', 'Cogon'),
    davao: await demoPlace(db, 'Davao del Sur', 'Davao City', 'Agdao'),
    angeles: await demoPlace(db, 'Pampanga', 'Angeles City', 'Balibago'),
  };
  if (Object.values(places).some((p) => !p)) return; // no geography loaded: nothing to place them on
  const at = (place: keyof typeof places, house_number: string, street_name: string) => {
    const { province_id, town_id, barangay_id, zip_code } = places[place]!;
    return { house_number, street_name, province_id, town_id, barangay_id, zip_code };
  };
  const province = (place: keyof typeof places) => places[place]!.province_id;
  /** Phone, e-mail and address of an organisation. */
  const reach = (phone_1: string, email_address: string, ...address: Parameters<typeof at>) => ({
    phone_1,
    email_address,
    ...at(...address),
  });
  const specializations = await demoIds(db, 'specializations', 'specialization_id', 'specialization', [
    'Residential Sales',
    'Commercial',
    'Pre-selling',
  ]);
  const capabilities = await demoIds(db, 'capabilities', 'capability_id', 'capability_name', [
    'Drone Video',
    'Assessor',
  ]);
  await inTransaction(db, async (trx) => {
    const associations = await trx
      .insertInto('broker_associations')
      .values([
        {
          broker_association_name: 'Metro Manila Realty Brokers Association',
          contact_person: 'Ramon Villanueva',
          ...reach('09171230001', 'info@mmrba.example.ph', 'makati', '12', 'Paseo de Roxas'),
        },
        {
          broker_association_name: 'Cebu Real Estate Brokers Association',
          contact_person: 'Liza Fernandez',
          ...reach('09171230002', 'hello@cereba.example.ph', 'cebu', '8', 'Salinas Drive'),
        },
      ])
      .returning('broker_association_id')
      .execute();
    const [manilaAssociation, cebuAssociation] = associations.map((a) => a.broker_association_id);
    await trx
      .insertInto('broker_association_provinces')
      .values([
        { broker_association_id: manilaAssociation!, province_id: province('makati') },
        { broker_association_id: manilaAssociation!, province_id: province('angeles') },
        { broker_association_id: cebuAssociation!, province_id: province('cebu') },
        { broker_association_id: cebuAssociation!, province_id: province('tagbilaran') },
      ])
      .execute();

    const brokers = await trx
      .insertInto('brokers')
      .values([
        {
          broker_name: 'Jose Santos',
          broker_license_number: 'REB-0012345',
          notes_about_broker: 'Condominiums and house-and-lot sales in Makati and Taguig.',
          ...reach('09181110001', 'jose.santos@example.ph', 'makati', '45', 'Jupiter Street'),
        },
        {
          broker_name: 'Maria Reyes',
          broker_license_number: 'REB-0023456',
          ...reach('09181110002', 'maria.reyes@example.ph', 'quezon', '7', 'Commonwealth Avenue'),
        },
        {
          broker_name: 'Andres Cruz',
          broker_license_number: 'REB-0034567',
          ...reach('09181110003', 'andres.cruz@example.ph', 'cebu', '21', 'Gorordo Avenue'),
        },
      ])
      .returning('broker_id')
      .execute();
    const [jose, maria, andres] = brokers.map((b) => b.broker_id);
    await trx
      .insertInto('broker_broker_associations')
      .values([
        { broker_id: jose!, broker_association_id: manilaAssociation! },
        { broker_id: maria!, broker_association_id: manilaAssociation! },
        { broker_id: maria!, broker_association_id: cebuAssociation! },
        { broker_id: andres!, broker_association_id: cebuAssociation! },
      ])
      .execute();
    await trx
      .insertInto('broker_provinces')
      .values([
        { broker_id: jose!, province_id: province('makati') },
        { broker_id: maria!, province_id: province('quezon') },
        { broker_id: andres!, province_id: province('cebu') },
      ])
      .execute();

    const agencies = await trx
      .insertInto('agencies')
      .values([
        {
          agency_name: 'Makati Prime Realty',
          owner_name: 'Eduardo Lim',
          contact_person: 'Grace Tan',
          ...reach('09171112222', 'contact@makatiprime.example.ph', 'makati', '88', 'Ayala Avenue'),
        },
        {
          agency_name: 'Visayas Homes Realty',
          owner_name: 'Carmela Go',
          contact_person: 'Paolo Uy',
          ...reach('09173334444', 'sales@visayashomes.example.ph', 'cebu', '3', 'Banilad Road'),
        },
      ])
      .returning('agency_id')
      .execute();
    const [makatiPrime, visayasHomes] = agencies.map((a) => a.agency_id);
    await trx
      .insertInto('agency_provinces')
      .values([
        { agency_id: makatiPrime!, province_id: province('makati') },
        { agency_id: makatiPrime!, province_id: province('angeles') },
        ...(['cebu', 'tagbilaran', 'davao'] as const).map((p) => ({
          agency_id: visayasHomes!,
          province_id: province(p),
        })),
      ])
      .execute();
    if (specializations.length > 0) {
      await trx
        .insertInto('agency_specializations')
        .values(specializations.map((specialization_id) => ({ agency_id: makatiPrime!, specialization_id })))
        .execute();
    }
    if (capabilities.length > 0) {
      await trx
        .insertInto('agency_capabilities')
        .values(capabilities.map((capability_id) => ({ agency_id: visayasHomes!, capability_id })))
        .execute();
    }

    const seller = (
      seller_name: string,
      agency_id: number | null,
      place: keyof typeof places,
      house: string,
      street: string,
      phone_1: string,
    ) => ({ seller_name, property_owner_name: seller_name, agency_id, phone_1, ...at(place, house, street) });
    // Each of an agency (decision 89): an Admin's save of a seller without one is refused (decision 10).
    await trx
      .insertInto('sellers')
      .values([
        seller('Antonio Dela Cruz', makatiPrime!, 'makati', '15', 'Amorsolo Street', '09190000001'),
        seller('Rosario Mendoza', makatiPrime!, 'quezon', '102', 'Mindanao Avenue', '09190000002'),
        seller('Benjamin Aquino', makatiPrime!, 'angeles', '9', 'Fields Avenue', '09190000003'),
        seller('Teresita Ramos', visayasHomes!, 'tagbilaran', '27', 'Carlos P. Garcia Avenue', '09190000004'),
        seller('Felipe Navarro', visayasHomes!, 'davao', '5', 'J.P. Laurel Avenue', '09190000005'),
      ])
      .execute();

    // Demo users are complete, so that their forms save as they are: agents live at their agency's
    // address with a licence; the others have a Quezon City address.
    const agents = await trx
      .updateTable('users')
      .set({
        associated_agency_id: makatiPrime!,
        is_address_same_as_agency: true,
        re_license: 'PRC-REB-0001',
        ...at('makati', '88', 'Ayala Avenue'),
      })
      .where('user_email', 'in', [`agent@${DEMO_DOMAIN}`, `owner-agent@${DEMO_DOMAIN}`])
      .returning('user_id')
      .execute();
    await trx
      .updateTable('users')
      .set(at('quezon', '12', 'Maginhawa Street'))
      .where('user_email', 'like', `%@${DEMO_DOMAIN}`)
      .where('associated_agency_id', 'is', null)
      .execute();
    if (agents.length > 0) {
      await trx
        .insertInto('user_brokers')
        .values(agents.map((a) => ({ user_id: a.user_id, broker_id: jose! })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

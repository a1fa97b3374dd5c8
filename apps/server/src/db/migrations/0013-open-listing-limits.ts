import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Open property limits that the wrong default left (docs/decisions/0029-open-listing-limit.md). Until
    // now every user who was not given a limit got 5: the first-start Super Admin, the demo accounts, users
    // created without one, an Admin's form (which started at 5 for every type), and a change of type
    // (which kept the old limit). The spec gives 5 to Agents and Owner-Agents and 999 to everyone else
    // (Admins and Super Admins are not limited at all; 999 is what their form shows).
    //
    // So a user who is neither an Agent nor an Owner-Agent and holds exactly 5 gets 999, unless an Admin
    // set that 5 deliberately: the audit log (migration 0008) keeps, for every update made through the
    // API, the columns it changed, so an update that changed open_property_limit is an Admin's choice and
    // stays. A 5 chosen when the user was created cannot be told from the form's old default and is
    // raised; an Admin can set it again. Nobody's limit is lowered: an Agent holding 999 keeps it.
    await sql`
      UPDATE users u SET open_property_limit = 999
      WHERE u.open_property_limit = 5
        AND u.role_id NOT IN (26, 27)
        AND NOT EXISTS (
          SELECT 1 FROM audit_log a
          WHERE a.entity = 'users' AND a.entity_id = u.user_id::text AND a.action = 'update'
            AND a.after ? 'open_property_limit')
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A listing's status or details changing is told after its commit too (decision 119): a bulk action
 * queues one event per listing, sharing a batch, written out together as one digest per person.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      ALTER TABLE notification_fan_outs ADD COLUMN batch uuid, ADD COLUMN digest text;
      CREATE INDEX notification_fan_outs_batch ON notification_fan_outs (batch) WHERE batch IS NOT NULL;
    `.execute(db);
  },
};

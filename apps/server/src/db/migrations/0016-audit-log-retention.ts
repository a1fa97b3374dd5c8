import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The audit log stays append-only for every statement but one: audit_log_purge(), the retention
    // purge (lib/audit-retention.ts), which deletes one batch of entries older than the cutoff it is
    // given. It marks its own transaction with pp.audit_purge, which the guard lets through; any other
    // UPDATE, DELETE or TRUNCATE is refused as before. A batch is found through audit_log_at (at, id),
    // oldest first. docs/decisions/0032-audit-retention.md.
    await sql`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('pp.audit_purge', true) = 'on' THEN RETURN NULL; END IF;
        RAISE EXCEPTION 'The audit log is append-only: % is not allowed', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$;

      CREATE FUNCTION audit_log_purge(cutoff timestamptz, batch integer) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        purged integer;
      BEGIN
        PERFORM set_config('pp.audit_purge', 'on', true);
        DELETE FROM audit_log WHERE id IN
          (SELECT id FROM audit_log WHERE at < cutoff ORDER BY at, id LIMIT batch);
        GET DIAGNOSTICS purged = ROW_COUNT;
        PERFORM set_config('pp.audit_purge', 'off', true);
        RETURN purged;
      END $$;
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A create under an Idempotency-Key marks its key as carried out in its own transaction
 * (docs/decisions/0084-idempotency-key-marked-by-the-create.md). The request's claim reaches
 * PostgreSQL as the session setting pp.idempotency_claim (db/audit-context.ts); a statement trigger on
 * every audited table marks the key, or refuses the write when a retry took the key over meanwhile.
 * The mark's row lock makes a retry that would take the key over wait for the create's commit, then
 * find it carried out.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      ALTER TABLE idempotency_keys ADD COLUMN carried_out boolean NOT NULL DEFAULT false;
      CREATE UNIQUE INDEX idempotency_keys_claim ON idempotency_keys (claim);

      CREATE FUNCTION idempotency_carried_out() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        claimed uuid := nullif(current_setting('pp.idempotency_claim', true), '')::uuid;
      BEGIN
        IF claimed IS NULL THEN RETURN NULL; END IF;
        UPDATE idempotency_keys SET carried_out = true, heartbeat_at = now() WHERE claim = claimed AND NOT carried_out;
        IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM idempotency_keys WHERE claim = claimed) THEN
          RAISE EXCEPTION 'This request''s Idempotency-Key was taken over by a retry' USING ERRCODE = 'UIK01';
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION idempotency_attach(target regclass) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format('CREATE TRIGGER idempotency_carried_out AFTER INSERT OR UPDATE OR DELETE ON %s
          FOR EACH STATEMENT EXECUTE FUNCTION idempotency_carried_out()', target);
      END $$;
    `.execute(db);
    // Every table a call writes with its audit trail, so whatever a create writes first marks its key.
    await sql`
      SELECT idempotency_attach(t.tgrelid) FROM pg_trigger t WHERE t.tgname = 'audit' ORDER BY t.tgrelid;
    `.execute(db);
    await sql`
      CREATE OR REPLACE FUNCTION audit_attach(target regclass) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        key_column text;
      BEGIN
        SELECT a.attname INTO key_column FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = target AND i.indisprimary;
        IF key_column IS NULL THEN RAISE EXCEPTION 'Table % has no primary key to audit by', target; END IF;
        EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %s
          FOR EACH ROW EXECUTE FUNCTION audit_row(%L)', target, key_column);
        PERFORM idempotency_attach(target);
      END $$;
    `.execute(db);
  },
};

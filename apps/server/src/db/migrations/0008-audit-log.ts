import { sql, type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The tables left out, as UNAUDITED_TABLES in lib/audit.ts lists them (with why) at this migration.
    const unaudited = [
      'sessions',
      'login_attempts',
      'password_resets',
      'user_otps',
      'notifications',
      'user_status_history',
      'property_history',
      'audit_log',
      'kysely_migration',
      'kysely_migration_lock',
    ];
    await sql`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        -- No foreign key: a deleted user's history stays, with their name and e-mail at the time.
        actor_id integer,
        actor_name text,
        actor_email text,
        ip text,
        call text,
        action text NOT NULL CHECK (action IN
          ('create', 'update', 'status change', 'delete', 'login', 'login failed', 'logout', 'export')),
        entity text,
        entity_id text,
        before jsonb,
        after jsonb,
        details jsonb
      );
      -- Newest first, overall and within each filter; the search's one expression, by trigrams.
      CREATE INDEX audit_log_at ON audit_log (at, id);
      CREATE INDEX audit_log_actor ON audit_log (actor_id, at, id);
      CREATE INDEX audit_log_entity ON audit_log (entity, at, id);
      CREATE INDEX audit_log_record ON audit_log (entity, entity_id);
      CREATE INDEX audit_log_action ON audit_log (action, at, id);
      CREATE INDEX audit_log_search ON audit_log USING gin ((
        coalesce(actor_name, '') || ' ' || coalesce(actor_email, '') || ' ' || coalesce(ip, '') || ' ' ||
        coalesce(call, '') || ' ' || coalesce(entity_id, '') || ' ' || coalesce(details ->> 'email', '')
      ) gin_trgm_ops);

      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The audit log is append-only: % is not allowed', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

      -- A row's values for the log: secrets (set or changed) show as '[hidden]'.
      CREATE FUNCTION audit_masked(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
        SELECT data || coalesce((SELECT jsonb_object_agg(key, '"[hidden]"'::jsonb) FROM jsonb_each(data)
          WHERE key IN ('password_hash', 'token_hash', 'code_hash') AND value <> 'null'::jsonb), '{}')
      $$;

      /*
       * The audit trigger of every audited table. It writes only inside an API call (the server sets
       * pp.call, pp.actor_id and pp.ip on the connection: db/audit-context.ts), so seeding, migrations,
       * data generators and background jobs are not logged. TG_ARGV[0] names the key column. An update
       * keeps only the changed columns, and none when only the bookkeeping columns changed; one that
       * changes a status (with its reason and dates) is a 'status change'.
       */
      CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        call_name text := current_setting('pp.call', true);
        actor integer;
        old_row jsonb;
        new_row jsonb;
        before_row jsonb;
        after_row jsonb;
        changed text[];
        kind text := lower(TG_OP);
        extra jsonb;
      BEGIN
        IF coalesce(call_name, '') = '' THEN RETURN NULL; END IF;
        actor := nullif(current_setting('pp.actor_id', true), '')::integer;
        IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
        IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
        IF TG_OP = 'INSERT' THEN
          kind := 'create';
          after_row := audit_masked(new_row);
        ELSIF TG_OP = 'DELETE' THEN
          before_row := audit_masked(old_row);
        ELSE
          SELECT array_agg(n.key ORDER BY n.key) INTO changed FROM jsonb_each(new_row) n
            WHERE n.value IS DISTINCT FROM old_row -> n.key
              AND n.key NOT IN ('updated_at', 'updated_by', 'date_last_modified');
          IF changed IS NULL THEN RETURN NULL; END IF;
          SELECT jsonb_object_agg(k, old_row -> k), jsonb_object_agg(k, new_row -> k)
            INTO before_row, after_row FROM unnest(changed) k;
          before_row := audit_masked(before_row);
          after_row := audit_masked(after_row);
          IF changed && ARRAY['status', 'user_status', 'notification_status'] AND changed <@ ARRAY[
              'status', 'user_status', 'notification_status', 'status_reason', 'reason_for_inactive',
              'suspended_reason', 'date_last_status_change', 'date_sold', 'date_suspended',
              'date_modified_operator', 'operator_id'] THEN
            kind := 'status change';
          END IF;
        END IF;
        -- A permission link names its permission, which ids alone would not tell a reader.
        IF coalesce(new_row, old_row) ? 'permission_id' THEN
          SELECT jsonb_build_object('permission', p.name) INTO extra FROM permissions p
            WHERE p.id = (coalesce(new_row, old_row) ->> 'permission_id')::integer;
        END IF;
        INSERT INTO audit_log
          (actor_id, actor_name, actor_email, ip, call, action, entity, entity_id, before, after, details)
        SELECT actor, u.first_name || ' ' || u.last_name, u.user_email,
          nullif(current_setting('pp.ip', true), ''), call_name, kind, TG_TABLE_NAME,
          coalesce(new_row, old_row) ->> TG_ARGV[0], before_row, after_row, extra
        FROM (SELECT 1) AS one LEFT JOIN users u ON u.user_id = actor;
        RETURN NULL;
      END $$;

      -- Puts the audit trigger on a table, keyed by the first column of its primary key (a link
      -- table's owner). Later migrations call it for each new audited table.
      CREATE FUNCTION audit_attach(target regclass) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        key_column text;
      BEGIN
        SELECT a.attname INTO key_column FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = target AND i.indisprimary;
        IF key_column IS NULL THEN RAISE EXCEPTION 'Table % has no primary key to audit by', target; END IF;
        EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %s
          FOR EACH ROW EXECUTE FUNCTION audit_row(%L)', target, key_column);
      END $$;
    `.execute(db);
    await sql`
      SELECT audit_attach(c.oid) FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
          AND c.relname <> ALL (${unaudited}::text[])
        ORDER BY c.relname;
    `.execute(db);
  },
};

import pg from 'pg';
import type { TestApp } from './helpers.ts';

/** A committed write: the table and the kind of change. */
export interface Write {
  table: string;
  op: string;
}

/**
 * Sees every row the server commits to the test's database, so a test can prove that a refused
 * request changed nothing.
 *
 * How: each table gets a row trigger that notes its transaction id (`pg_current_xact_id()`) in
 * `test_writes`; a mark is the next transaction id not yet handed out (`pg_snapshot_xmax`, read from a
 * connection of our own, which uses no transaction id since it only reads). Every transaction that
 * starts writing after the mark gets an id at or above it, and its notes become visible exactly when it
 * commits: a rolled-back write leaves none. The notes, not the id range alone, decide, because
 * transaction ids are shared by every database on the server and other test files run beside this one.
 * Requests must run one at a time between a mark and its check. The listing tallies and housekeeping runs
 * are not watched: the tallies follow the listings (whose writes are seen), and the hourly housekeeping
 * claims its jobs and compacts the tallies whenever its first round, a minute after start, falls inside
 * a window.
 */
export async function watchWrites(t: TestApp) {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query(`
    CREATE TABLE test_writes (tbl text NOT NULL, op text NOT NULL, xid xid8 NOT NULL DEFAULT pg_current_xact_id());
    CREATE INDEX ON test_writes (xid);
    CREATE FUNCTION test_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$;
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('test_writes', 'listing_tallies', 'housekeeping_runs') LOOP
        EXECUTE format('CREATE TRIGGER zz_test_note_write AFTER INSERT OR UPDATE OR DELETE ON %I
          FOR EACH ROW EXECUTE FUNCTION test_note_write()', t);
        EXECUTE format('CREATE TRIGGER zz_test_note_truncate AFTER TRUNCATE ON %I
          FOR EACH STATEMENT EXECUTE FUNCTION test_note_write()', t);
      END LOOP;
    END $$;
  `);
  const next = async () =>
    (await client.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0]!
      .x;
  let mark = await next();

  return {
    /** Starts a window: writes committed from now on are reported by `writes()`. */
    async mark() {
      mark = await next();
    },
    /** What was committed since the mark (one entry per table and kind); starts the next window. */
    async writes(): Promise<Write[]> {
      const { rows } = await client.query<{ next: string; writes: Write[] | null }>(
        `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next,
          (SELECT json_agg(DISTINCT jsonb_build_object('table', tbl, 'op', op))
             FROM test_writes WHERE xid >= $1::xid8) AS writes`,
        [mark],
      );
      mark = rows[0]!.next;
      return rows[0]!.writes ?? [];
    },
    close: () => client.end(),
  };
}
export type WriteWatch = Awaited<ReturnType<typeof watchWrites>>;

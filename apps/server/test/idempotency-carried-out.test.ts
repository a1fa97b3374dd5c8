import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { IDEMPOTENCY_MESSAGES } from '../src/lib/idempotency.ts';
import {
  adminForm,
  agencyPayload,
  idOf,
  place,
  sellerPayload,
  sellersNamed,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { holds, lockHolder, waitFor } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * A create under an Idempotency-Key marks its key carried out in its own transaction (decision 84), so
 * a retry never runs a create that committed: not after its server stopped before storing the answer,
 * and not after a retry took the key over while the first request still ran (a paused process).
 */
const env = useTestApp({ IDEMPOTENCY_ABANDONED_MS: '1000' });
let where: Place;
let agencyId: number;
beforeAll(async () => {
  where = await place(env.t, 'carried');
  expect((await env.post('saveagency', agencyPayload(where, 'Carried Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Carried Realty');
});

const keyed = (call: string, payload: object, key: string) =>
  env.t.call(env.admin.token, {
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'idempotency-key': key },
  });
const saveSeller = (name: string, key: string) =>
  keyed('saveSeller', sellerPayload(where, name, agencyId), key);
const keyRow = (key: string) =>
  env.t.db
    .selectFrom('idempotency_keys')
    .select(['carried_out', 'answer_status'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

describe('a create under an Idempotency-Key', () => {
  it('marks its key carried out, whether its call writes in one statement or in a transaction', async () => {
    for (const [call, payload] of [
      ['saveSeller', sellerPayload(where, 'Marked Mendoza', agencyId)],
      ['saveproperty', propertyForm(where, 'Marked lot')],
      ['SaveUser', adminForm(where, 'Marked', 'Admin', 'marked.admin@example.ph')],
      ['saveagency', agencyPayload(where, 'Marked Realty')],
    ] as const) {
      const key = randomUUID();
      const res = await keyed(call, payload, key);
      expect(res.statusCode, res.body).toBe(200);
      expect(await keyRow(key), call).toEqual({ carried_out: true, answer_status: 200 });
    }
  });

  it('that committed, when its server stopped before storing the answer, is not run again by a retry', async () => {
    const key = randomUUID();
    expect((await saveSeller('Kept Kalaw', key)).statusCode).toBe(200);
    // As the stopped server leaves it: no answer, and no word from the request for over a second.
    await sql`UPDATE idempotency_keys SET answer_status = NULL, answer_body = NULL,
      heartbeat_at = now() - interval '2 seconds' WHERE idempotency_key = ${key}`.execute(env.t.db);
    const retry = await saveSeller('Kept Kalaw', key);
    expect([retry.statusCode, retry.json().message]).toEqual([409, IDEMPOTENCY_MESSAGES.answerLost]);
    expect(await sellersNamed(env.t, 'Kept Kalaw')).toBe(1);
  });

  it('whose key a retry took over while it waited is undone when it writes', async () => {
    const key = randomUUID();
    const holder = await lockHolder(env.t);
    try {
      await holder.query('LOCK TABLE sellers IN SHARE MODE');
      const first = saveSeller('Late Lualhati', key);
      await holder.untilWaiting('insert into "sellers"');
      // As a retry's claim leaves the key once the first request went quiet (a process paused that long).
      await sql`UPDATE idempotency_keys SET claim = gen_random_uuid(), heartbeat_at = now()
        WHERE idempotency_key = ${key}`.execute(env.t.db);
      await holder.commit();
      const res = await first;
      expect([res.statusCode, res.json().message]).toEqual([409, IDEMPOTENCY_MESSAGES.busy]);
    } finally {
      await holder.end();
    }
    expect(await sellersNamed(env.t, 'Late Lualhati')).toBe(0);
  });

  it('reused after its 24 hours starts afresh: a failure that wrote nothing frees it again', async () => {
    const key = randomUUID();
    const town = (townName: string) => ({ townName, isTownCity: 'City', provinceId: where.province_id });
    expect((await keyed('SaveTown', town('Carried Town'), key)).statusCode).toBe(200);
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'
      WHERE idempotency_key = ${key}`.execute(env.t.db);
    for (let i = 0; i < 2; i++) {
      const again = await keyed('SaveTown', town('Carried Town'), key);
      expect([again.statusCode, again.json().message]).toEqual([409, 'Town Already Exist']);
      expect(await keyRow(key)).toBeUndefined();
    }
  });

  it('makes a retry wait for its transaction only so long: 409 busy, not a request held until it commits', async () => {
    const key = randomUUID();
    const payload = { townName: 'Paused Town', isTownCity: 'City', provinceId: where.province_id };
    expect((await keyed('SaveTown', payload, key)).statusCode).toBe(200);
    // As a request that claimed the key leaves it once paused (a stalled VM) after its first write.
    const claim = randomUUID();
    await sql`UPDATE idempotency_keys SET claim = ${claim}, answer_status = NULL, answer_body = NULL,
      carried_out = false, heartbeat_at = now() - interval '10 seconds'
      WHERE idempotency_key = ${key}`.execute(env.t.db);
    const holder = await lockHolder(env.t);
    try {
      await holder.query(`SELECT set_config('pp.idempotency_claim', $1, true)`, [claim]);
      await holder.query(`UPDATE towns SET zip_code = zip_code WHERE town_name = 'Paused Town'`);
      const retry = await keyed('SaveTown', payload, key);
      expect([retry.statusCode, retry.json().message]).toEqual([409, IDEMPOTENCY_MESSAGES.busy]);
    } finally {
      await holder.commit();
      await holder.end();
    }
  }, 40_000);

  it('whose transaction outlasts the abandonment time after its first write: one heartbeat waits, and a retry gets its answer', async () => {
    const key = randomUUID();
    const payload = {
      townName: 'Slow Town',
      isTownCity: 'City',
      provinceId: where.province_id,
      adjacentTown: String(where.town_id),
    };
    const holder = await lockHolder(env.t);
    let first, retry;
    try {
      // The town is written (marking the key, holding its row), then its adjacency waits.
      await holder.query('LOCK TABLE town_adjacency IN SHARE MODE');
      first = keyed('SaveTown', payload, key);
      await holder.untilWaiting('town_adjacency');
      await waitFor('six heartbeats to fall due', () =>
        holds(
          env.t,
          sql`(SELECT heartbeat_at < now() - interval '1.5 seconds' FROM idempotency_keys
          WHERE idempotency_key = ${key})`,
        ),
      );
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
          AND query LIKE 'update "idempotency_keys"%'`);
      expect(rows[0].n, 'heartbeats waiting for the key').toBe(1);
      retry = keyed('SaveTown', payload, key);
      await holder.untilWaiting('insert into "idempotency_keys"');
    } finally {
      await holder.commit();
      await holder.end();
    }
    const [a, b] = await Promise.all([first, retry]);
    expect(a.statusCode, a.body).toBe(200);
    expect([b?.statusCode, b?.headers['idempotent-replayed'], b?.body]).toEqual([200, 'true', a.body]);
  });

  it('is marked by every table a call writes with its audit trail', async () => {
    const { rows } = await sql<{ table: string }>`SELECT c.relname AS table FROM pg_class c
      WHERE EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'audit')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid
          AND t.tgname = 'idempotency_carried_out')`.execute(env.t.db);
    expect(rows).toEqual([]);
  });
});

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
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { lockHolder } from './helpers.ts';
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
const sellers = async (name: string) =>
  (await env.t.db.selectFrom('sellers').select('seller_id').where('seller_name', '=', name).execute()).length;
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
    expect(await sellers('Kept Kalaw')).toBe(1);
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
    expect(await sellers('Late Lualhati')).toBe(0);
  });

  it('is marked by every table a call writes with its audit trail', async () => {
    const { rows } = await sql<{ table: string }>`SELECT c.relname AS table FROM pg_class c
      WHERE EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'audit')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid
          AND t.tgname = 'idempotency_carried_out')`.execute(env.t.db);
    expect(rows).toEqual([]);
  });
});

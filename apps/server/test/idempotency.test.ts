import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import { purgeIdempotencyKeys } from '../src/lib/idempotency.ts';
import {
  agencyPayload,
  idOf,
  place,
  sellerPayload as sellerFields,
  sellersNamed,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { holds, lockHolder, multipart, png, waitFor } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

const env = useTestApp();

let p: Place;
let agencyId: number;
beforeAll(async () => {
  p = await place(env.t, 'idempotency');
  expect((await env.post('saveagency', agencyPayload(p, 'Once Realty'))).statusCode).toBe(200);
  agencyId = await idOf(env, AGENCY, 'Once Realty');
});

const sellerPayload = (name: string) => sellerFields(p, name, agencyId);

const saveSeller = (payload: object, key?: string, token = env.admin.token) =>
  env.t.call(token, {
    method: 'POST',
    url: '/api/saveSeller',
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key on create calls', () => {
  it('20 concurrent identical saves with one key make one seller, and every caller gets its answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => saveSeller(sellerPayload('Concurrent Cruz'), key)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Seller saved successfully' });
    }
    expect(await sellersNamed(env.t, 'Concurrent Cruz')).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
  });

  it('replays the first answer after it completed, without a second row', async () => {
    const key = randomUUID();
    const first = await saveSeller(sellerPayload('Replay Reyes'), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await saveSeller(sellerPayload('Replay Reyes'), key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await sellersNamed(env.t, 'Replay Reyes')).toBe(1);
  });

  it('answers 409 in a plain sentence when the key comes back with another body', async () => {
    const key = randomUUID();
    expect((await saveSeller(sellerPayload('Body Bautista'), key)).statusCode).toBe(200);
    const other = await saveSeller(sellerPayload('Other Ocampo'), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different request. Send a new key for a new request',
    );
    expect(await sellersNamed(env.t, 'Other Ocampo')).toBe(0);
  });

  it('keeps the keys of different users apart', async () => {
    const key = randomUUID();
    const operator = await env.t.signedIn(ROLE.Operator);
    const mine = await saveSeller(sellerPayload('Shared Santos'), key);
    const theirs = await saveSeller(sellerPayload('Shared Santos'), key, operator.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await sellersNamed(env.t, 'Shared Santos')).toBe(2);
  });

  it('without a key behaves as before: two saves, two sellers', async () => {
    for (let i = 0; i < 2; i++)
      expect((await saveSeller(sellerPayload('Twice Torres'))).statusCode).toBe(200);
    expect(await sellersNamed(env.t, 'Twice Torres')).toBe(2);
  });

  it('lets a failed first attempt be retried with the same key', async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    const key = randomUUID();
    const failed = await saveSeller(sellerPayload('Retry Ramos'), key, agent.token);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe('You are not associated with an agency');
    await setAgency(env, agent.userId, agencyId);
    const retried = await saveSeller(sellerPayload('Retry Ramos'), key, agent.token);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await sellersNamed(env.t, 'Retry Ramos')).toBe(1);
  });

  it('refuses a malformed key with 400 in a plain sentence, before saving anything', async () => {
    const message =
      'The Idempotency-Key header must be 1 to 255 visible characters (letters, digits, punctuation)';
    for (const key of ['', 'x'.repeat(256), 'two words']) {
      const res = await saveSeller(sellerPayload('Malformed Mendoza'), key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await sellersNamed(env.t, 'Malformed Mendoza')).toBe(0);
    // The draft's structured-field form, a quoted string, is the same key as the bare one.
    const key = randomUUID();
    expect((await saveSeller(sellerPayload('Quoted Quinto'), `"${key}"`)).statusCode).toBe(200);
    expect((await saveSeller(sellerPayload('Quoted Quinto'), key)).headers['idempotent-replayed']).toBe(
      'true',
    );
    expect(await sellersNamed(env.t, 'Quoted Quinto')).toBe(1);
  });

  it('forgets keys after 24 hours: the hourly purge deletes them and the key makes a new request', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    expect((await saveSeller(sellerPayload('Expired Estrada'), old)).statusCode).toBe(200);
    expect((await saveSeller(sellerPayload('Fresh Flores'), fresh)).statusCode).toBe(200);
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'
      WHERE idempotency_key = ${old}`.execute(env.t.db);

    expect(await purgeIdempotencyKeys(env.t.db)).toBe(1);
    const left = await env.t.db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('idempotency_key', 'in', [old, fresh])
      .execute();
    expect(left.map((r) => r.idempotency_key)).toEqual([fresh]);

    const again = await saveSeller(sellerPayload('Expired Estrada'), old);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await sellersNamed(env.t, 'Expired Estrada')).toBe(2);
  });

  it('an upload sent twice with one key stores one image: multipart bodies compare by fields and file bytes', async () => {
    expect((await env.post('saveproperty', propertyForm(p, 'Keyed house'))).statusCode).toBe(200);
    const { property_id } = await env.t.db
      .selectFrom('properties')
      .select('property_id')
      .where('property_name', '=', 'Keyed house')
      .executeTakeFirstOrThrow();
    const key = randomUUID();
    const upload = async (width: number) => {
      // Each body gets a boundary of its own, as a browser's resend would.
      const body = multipart(
        { type: 'Image', property_id, description: 'Front' },
        { name: 'images_video', type: 'image/png', filename: 'a.png', bytes: await png(width, 300) },
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
      return env.t.call(env.admin.token, {
        method: 'POST',
        url: '/api/saveimagesupload',
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const first = await upload(400);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(400);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await upload(401)).statusCode).toBe(409);
    const rows = await env.t.db
      .selectFrom('property_media')
      .select('id')
      .where('property_id', '=', property_id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('marks every create call, and only create calls, as taking the key', async () => {
    const { calls } = await import('../src/calls/index.ts');
    const creates = calls.filter((c) => c.create).map((c) => c.name);
    expect(creates).toEqual(
      expect.arrayContaining(['saveSeller', 'saveproperty', 'saveimagesupload', 'SaveUser', 'webSaveRole']),
    );
    expect(creates).toEqual(expect.arrayContaining(['saveagency']));
    for (const call of calls.filter((c) => c.create)) {
      expect(call.method, call.name).toBe('POST');
      expect(call.access, call.name).not.toBe('public');
    }
    const docs = (await env.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.paths['/api/saveSeller'].post.description).toContain('Idempotency-Key');
    expect(docs.paths['/api/updateSeller'].post.description).not.toContain('Idempotency-Key');
  });
});

describe('a create that runs longer than the time after which its claim counts as abandoned', () => {
  // A claim is taken for lost a second after its request last said it still runs (every quarter second).
  const slow = useTestApp({ IDEMPOTENCY_ABANDONED_MS: '1000' });
  let place2: Place;
  let agency2: number;
  beforeAll(async () => {
    place2 = await place(slow.t, 'heartbeat');
    expect((await slow.post('saveagency', agencyPayload(place2, 'Slow Realty'))).statusCode).toBe(200);
    agency2 = await idOf(slow, AGENCY, 'Slow Realty');
  });
  const save = (name: string, key: string) =>
    slow.t.call(slow.admin.token, {
      method: 'POST',
      url: '/api/saveSeller',
      payload: sellerFields(place2, name, agency2),
      headers: { 'idempotency-key': key },
    });

  it('keeps its key while it runs: a retry waits for its answer instead of saving a second seller', async () => {
    const key = randomUUID();
    const holder = await lockHolder(slow.t);
    await holder.query('LOCK TABLE sellers IN SHARE MODE');
    const first = save('Patient Pascual', key);
    await holder.untilWaiting('insert into "sellers"');
    await waitFor('the claim to outlive the abandonment time', () =>
      holds(
        slow.t,
        sql`(SELECT created_at < now() - interval '1.5 seconds' FROM idempotency_keys
        WHERE idempotency_key = ${key})`,
      ),
    );
    const { rows } = await sql<{ sent: Date }>`SELECT clock_timestamp() AS sent`.execute(slow.t.db);
    const retry = save('Patient Pascual', key);
    // The retry has decided: it reads the first one's row while it waits, or (taking over) it is
    // waiting to insert a second seller too.
    await waitFor('the retry to wait, or to take over', () =>
      holder.sees(
        `EXISTS (SELECT FROM pg_stat_activity WHERE datname = current_database()
          AND query_start > $1 AND query LIKE 'select "request_hash"%')
        OR (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
          AND wait_event_type = 'Lock' AND query LIKE 'insert into "sellers"%') > 1`,
        [rows[0]!.sent],
      ),
    );
    await holder.commit();
    await holder.end();
    const [a, b] = await Promise.all([first, retry]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toBe(a.body);
    expect(await sellersNamed(slow.t, 'Patient Pascual')).toBe(1);
  });

  it('is taken over by a retry once its request stopped saying it runs, as when its server stopped', async () => {
    const key = randomUUID();
    expect((await save('Lost Lopez', key)).statusCode).toBe(200);
    // As a server leaves it that stopped after claiming the key, before its transaction committed.
    await slow.t.db.deleteFrom('sellers').where('seller_name', '=', 'Lost Lopez').execute();
    await sql`UPDATE idempotency_keys SET claim = gen_random_uuid(), answer_status = NULL,
      answer_body = NULL, heartbeat_at = now(), carried_out = false
      WHERE idempotency_key = ${key}`.execute(slow.t.db);
    const retry = await save('Lost Lopez', key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await sellersNamed(slow.t, 'Lost Lopez')).toBe(1);
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readWithin, type Db } from '../db/index.ts';
import { currentAuditContext, withAuditContext } from '../db/audit-context.ts';
import { HttpError, badRequest, conflict } from './errors.ts';

/**
 * The Idempotency-Key header of create calls (docs/decisions/0027-idempotency-keys.md): the first
 * successful answer under a user's key is stored and replayed to every later request with the same key
 * and body for 24 hours; a request arriving while the first still runs waits for its answer.
 */

const KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT = sql`interval '24 hours'`;
/** How long a request waits for the first one under its key before answering 409. */
const WAIT_MS = 15_000;
/** How long a create must look committed and stopped, without its answer, before it counts as lost. */
const LOST_AFTER_MS = 1_000;

/** What the API documentation says on every create call. */
export const IDEMPOTENCY_DOC =
  'Takes an Idempotency-Key header (1 to 255 visible characters, one per submission): for 24 hours a ' +
  'repeat with the same key and body gets the first successful answer (Idempotent-Replayed: true) ' +
  'instead of a second record; the same key with another body answers 409.';

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'The Idempotency-Key header must be 1 to 255 visible characters (letters, digits, punctuation)',
  otherRequest:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request',
  busy: 'A request with this Idempotency-Key is already being processed. Please try again shortly',
  answerLost:
    'This request was already carried out, but its answer was lost. Look for the record it created ' +
    'instead of sending it again',
} as const;

/** The SQLSTATE of a write refused because a retry took its request's key over (migration 0040). */
const TAKEN_OVER = 'UIK01';

/** The request's key, or null when it sent none; 400 for a malformed one. A quoted key is the same key. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(', ') : header;
  const key = /^"(.*)"$/.exec(value)?.[1] ?? value;
  if (!KEY.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.malformed);
  return key;
}

/** Object keys in one order, so the same body hashes the same whatever order its fields came in. */
const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The fingerprint of a request: the call, its validated input and the bytes of its uploaded files. */
export const requestHash = (call: string, input: unknown, files: Record<string, Buffer>) =>
  sha256(
    JSON.stringify(
      {
        call,
        input: input ?? null,
        files: Object.fromEntries(Object.entries(files).map(([f, b]) => [f, sha256(b)])),
      },
      sortedKeys,
    ),
  );

interface Request {
  userId: number;
  key: string;
  hash: string;
}

/**
 * Where keys are kept, and how long a claim may go without its request saying it still runs before it
 * counts as lost with its server and a retry with the same body takes it over.
 */
export interface KeyStore {
  db: Db;
  abandonedMs: number;
}

/** How long a claim may wait for the key's row, which a create holds from its first write to its commit. */
const CLAIM_WAIT_MS = 500;

/**
 * Claims the key: a new one, an expired one, or one whose first request was abandoned before its create
 * committed. A create marks its key carried out in its own transaction, holding the key's row until it
 * commits, so a claim cannot take over a create that is committing; it waits for that row only so long,
 * and then counts as not claimed (answerOnce waits and asks again, up to its own limit).
 */
async function claim({ db, abandonedMs }: KeyStore, { userId, key, hash }: Request): Promise<string | null> {
  const row = await readWithin(db, CLAIM_WAIT_MS, (trx) =>
    trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, idempotency_key: key, request_hash: hash, claim: randomUUID() })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'idempotency_key'])
          .doUpdateSet({
            request_hash: (eb) => eb.ref('excluded.request_hash'),
            claim: (eb) => eb.ref('excluded.claim'),
            answer_status: null,
            answer_body: null,
            created_at: sql`now()`,
            heartbeat_at: sql`now()`,
            carried_out: false,
          })
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<', sql<Date>`now() - ${KEPT}`),
              eb.and([
                eb('idempotency_keys.answer_status', 'is', null),
                eb('idempotency_keys.carried_out', '=', false),
                eb('idempotency_keys.request_hash', '=', hash),
                eb(
                  'idempotency_keys.heartbeat_at',
                  '<',
                  sql<Date>`now() - make_interval(secs => ${abandonedMs / 1000})`,
                ),
              ]),
            ]),
          ),
      )
      .returning('claim')
      .executeTakeFirst(),
  );
  return row?.claim ?? null;
}

const claimOf = (db: Db, { userId, key }: Request, claimed: string) => ({
  /** Frees the key for a retry, unless the request's create committed (a retry must not run it again). */
  free: () =>
    db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .where('claim', '=', claimed)
      .where('carried_out', '=', false),
  update: () =>
    db
      .updateTable('idempotency_keys')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .where('claim', '=', claimed),
});

/**
 * Answers a create call under an Idempotency-Key: runs `handle` for the first request with the key, and
 * replays its stored answer (2xx only) to the others. A failed first request frees the key.
 */
export async function answerOnce(
  keys: KeyStore,
  request: Request,
  reply: FastifyReply,
  handle: () => Promise<unknown>,
): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  let lostSince: number | undefined;
  for (let pause = 20; ; pause = Math.min(pause * 2, 400)) {
    const claimed = await claim(keys, request);
    if (claimed) return runClaimed(keys, request, claimed, reply, handle);
    const first = await keys.db
      .selectFrom('idempotency_keys')
      .select([
        'request_hash',
        'answer_status',
        'answer_body',
        'carried_out',
        sql<boolean>`heartbeat_at < now() - make_interval(secs => ${keys.abandonedMs / 1000})`.as('stopped'),
      ])
      .where('user_id', '=', request.userId)
      .where('idempotency_key', '=', request.key)
      .where('created_at', '>=', sql<Date>`now() - ${KEPT}`)
      .executeTakeFirst();
    // Freed meanwhile (the first request failed) or just expired: claim it again.
    if (!first) continue;
    if (first.request_hash !== request.hash) throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
    if (first.answer_status !== null) {
      reply.status(first.answer_status).type(JSON_TYPE).header('Idempotent-Replayed', 'true');
      return first.answer_body ?? 'null';
    }
    // Its create committed, and its request stopped before it stored the answer (its server stopped):
    // so seen for LOST_AFTER_MS, for a heartbeat held back by the create's own transaction lands at its
    // commit, and the answer just after.
    lostSince = first.carried_out && first.stopped ? (lostSince ?? Date.now()) : undefined;
    if (lostSince !== undefined && Date.now() - lostSince >= LOST_AFTER_MS)
      throw conflict(IDEMPOTENCY_MESSAGES.answerLost);
    if (Date.now() >= deadline) {
      reply.header('Retry-After', '5');
      throw new HttpError(409, IDEMPOTENCY_MESSAGES.busy);
    }
    await delay(pause);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function runClaimed(
  { db, abandonedMs }: KeyStore,
  request: Request,
  claimed: string,
  reply: FastifyReply,
  handle: () => Promise<unknown>,
): Promise<string> {
  const ours = claimOf(db, request, claimed);
  // Said four times per abandonment time, so a create that runs long (waiting for locks, say) is not
  // taken for lost and run a second time by a retry; only a stopped server stops saying it. One at a
  // time: while the create's transaction holds the key's row, a heartbeat waits for its commit.
  let beating: Promise<unknown> | null = null;
  const heartbeat = setInterval(() => {
    beating ??= ours
      .update()
      .set({ heartbeat_at: sql`now()` })
      .execute()
      .catch(() => {})
      .finally(() => (beating = null));
  }, abandonedMs / 4).unref();
  // A request that ends without an answer to store: its key is free again, or, if its create
  // committed, says that its answer is lost (it no longer says it runs).
  const giveUp = async () => {
    await ours.free().execute();
    await ours
      .update()
      .set({ heartbeat_at: sql`'-infinity'` })
      .execute();
  };
  let answer: unknown;
  try {
    // Its writes name the claim, so that the transaction that commits them marks the key carried out.
    const context = currentAuditContext()!;
    answer = await withAuditContext({ ...context, idempotencyClaim: claimed }, handle);
  } catch (error) {
    await giveUp().catch(() => {});
    if ((error as { code?: string }).code === TAKEN_OVER) throw new HttpError(409, IDEMPOTENCY_MESSAGES.busy);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
  const status = reply.statusCode;
  // The text sent is the text stored, so a replay is the same answer byte for byte.
  const body = String(reply.serialize(answer ?? null));
  reply.type(JSON_TYPE);
  if (status < 200 || status > 299) {
    await giveUp();
    return body;
  }
  await ours.update().set({ answer_status: status, answer_body: body }).execute();
  return body;
}

/** Deletes keys older than 24 hours (hourly housekeeping); returns how many. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - ${KEPT}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

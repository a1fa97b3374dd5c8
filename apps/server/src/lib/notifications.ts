import { randomUUID } from 'node:crypto';
import { sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import {
  AGENT_ROLES,
  NOTIFICATION_TYPES,
  ROLE,
  type NotificationEntity,
  type NotificationKind,
} from '@app/contract';
import { writingNoAuditedTable } from '../db/audit-context.ts';
import type { Db } from '../db/index.ts';
import type { NotificationFanOutTable } from '../db/schema.ts';
import type { AnyDb } from './links.ts';
import { stepParts, type Step } from '../db/at-once.ts';
import { runPrepared } from '../db/prepared.ts';
import { statusChangersOf } from './scope.ts';

/** The channel every server process LISTENs on (lib/notification-hub.ts). */
export const CHANNEL = 'notifications';

/**
 * What travels on the channel. A NOTIFY payload holds at most 8000 bytes, so it names ids, never rows:
 * new notifications as [user_id, notification_id] pairs, the users whose unread count changed, or that
 * an event waits to be written out to its audience (afterCommitStep).
 */
export type ChannelMessage = { n: [number, number][] } | { c: number[] } | { f: 1 };
/** Pairs per message: about 20 bytes each, well under the limit. */
const PAIRS_PER_MESSAGE = 250;

/** A record's id: a number, or a reference to the record of each row (notifyEach's `e.entity_id`). */
type Id = number | RawBuilder<number>;

/** Who hears about an event: `user_id` queries united by `notify`; roles as literals (decision 71). */
export const audience = {
  admins: sql`SELECT user_id FROM users WHERE role_id IN (${sql.lit(ROLE.SuperAdmin)}, ${sql.lit(ROLE.Admin)})`,
  /** Those who may change the status of (approve) the user: the rule of changeUserStatus (decision 85). */
  statusChangersOf: (userId: Id) => statusChangersOf(userId),
  user: (userId: Id) => sql`SELECT ${userId}::int AS user_id`,
  /** The listing's owner and agents 1-3. */
  listingPeople: (propertyId: Id) => sql`SELECT unnest(ARRAY[user_id, agent_id, secondary_agent_id,
    third_agent_id]) AS user_id FROM properties WHERE property_id = ${propertyId}`,
  /** The Agents and Owner-Agents of the listing's agency. */
  listingAgency: (propertyId: Id) => sql`SELECT u.user_id FROM users u
    JOIN properties p ON p.agency_id = u.associated_agency_id
    WHERE p.property_id = ${propertyId} AND u.role_id IN (${sql.join(AGENT_ROLES.map((role) => sql.lit(role)))})`,
  /** The Owner-Agents of the user's agency. */
  agencyOwnerAgents: (userId: Id) => sql`SELECT o.user_id FROM users o
    JOIN users a ON a.associated_agency_id = o.associated_agency_id
    WHERE a.user_id = ${userId} AND o.role_id = ${sql.lit(ROLE.OwnerAgent)}`,
  /** The agents linked to the broker. */
  brokerAgents: (brokerId: Id) => sql`SELECT user_id FROM user_brokers WHERE broker_id = ${brokerId}`,
};

export interface NotifyEvent {
  kind: NotificationKind;
  subject: string;
  entity: NotificationEntity;
  entityId: number;
  /** Who caused it: never notified, and recorded as created_by. */
  actor: number;
  recipients: readonly RawBuilder<unknown>[];
  /** Others left out (a newly created user does not hear of their own creation). */
  exclude?: readonly number[];
  /**
   * When it happened, if not now (an event written out after its commit): PostgreSQL's text of a
   * timestamptz, whose microseconds a Date would lose.
   */
  at?: string;
}

/**
 * Writes one notification per recipient (Active users only, each once, never the actor) with one
 * INSERT ... SELECT, and announces them on the channel. Run it in the transaction of the change: the
 * rows and the NOTIFY are committed with it, or not at all. Answers how many were written.
 */
export const notify = (trx: AnyDb, event: NotifyEvent): Promise<number> =>
  notifyEach(trx, {
    ...event,
    items: [{ entityId: event.entityId, subject: event.subject }],
    recipients: () => event.recipients,
  });

/** Who hears of a listing's news: the admins, its people and its agency's agents. */
const listing = (propertyId: Id) => [
  audience.admins,
  audience.listingPeople(propertyId),
  audience.listingAgency(propertyId),
];

/**
 * The audiences of events told after their commit, not in it: a whole staff (decision 58), as queries
 * of the record's id. Those who may approve a new user (decision 85) can be thousands (every Operator,
 * where Operators may approve Agents), and so can a large brokerage's agents, who hear of each new
 * listing of their agency (decision 118): writing to them need not hold up the save.
 */
const AFTER_COMMIT = {
  userCreated: (id: RawBuilder<number>) => [audience.statusChangersOf(id)],
  propertyListed: listing,
  // A listing's changes too (decision 119): an edit or a bulk action in a large brokerage no longer
  // grows with it.
  propertyStatusChanged: listing,
  propertyDetailsChanged: listing,
  // An agent's brokers or a broker's associations changing (decision 121): a broker may be linked to
  // thousands of agents.
  agentBrokerChanged: (id: RawBuilder<number>) => [
    audience.admins,
    audience.user(id),
    audience.agencyOwnerAgents(id),
  ],
  brokerAssociationChanged: (id: RawBuilder<number>) => [audience.admins, audience.brokerAgents(id)],
} satisfies Partial<Record<NotificationKind, (id: RawBuilder<number>) => readonly RawBuilder<unknown>[]>>;
export type AfterCommitKind = keyof typeof AFTER_COMMIT;

/** Wakes the processes to write out what was queued (on commit; once per transaction, as NOTIFY is). */
const wakeFanOut = sql`pg_notify(${CHANNEL}, ${JSON.stringify({ f: 1 } satisfies ChannelMessage)})`;

/**
 * A step of the statement that creates a record (the row of `from`, whose id is `idColumn`): saves the
 * event, and wakes the processes (lib/notification-hub.ts) to write it out once that commits
 * (fanOutNotifications). It is written if and only if the record is; a new user is not told of their
 * own creation. `subject` is an expression of the row (`o`).
 */
export function afterCommitStep(
  event: { kind: AfterCommitKind; entity: NotificationEntity; actor: number; subject: RawBuilder<string> },
  from: string,
  idColumn: string,
): Step {
  const id = sql.ref(`o.${idColumn}`);
  return {
    name: 'queued',
    step: sql`INSERT INTO notification_fan_outs (kind, subject, entity, entity_id, actor, exclude)
      SELECT ${event.kind}::text, left(${event.subject}, 500), ${event.entity}::text, ${id}, ${event.actor}::int,
        ${event.entity === 'user' ? sql`ARRAY[${id}]` : sql`'{}'::int[]`}
      FROM ${sql.table(from)} o
      RETURNING ${wakeFanOut}`,
  };
}

/** An event told after its commit (queueAfterCommit): for a bulk action with the `digest` of its batch. */
export interface QueuedKind {
  kind: AfterCommitKind;
  entity: NotificationEntity;
  actor: number;
  digest?: string;
}
export interface QueuedItem {
  entityId: number;
  subject: string;
}

/**
 * Queues events told after their commit in the transaction of their change: one per item, and for a
 * bulk action (a `digest`) in one batch, written out together. Wakes the processes as afterCommitStep.
 */
export async function queueAfterCommit(trx: AnyDb, event: QueuedKind, items: readonly QueuedItem[]) {
  if (items.length > 0) await queueStatement(event, items).execute(trx);
}

/** queueAfterCommit's statement, to run as a step of another (a save's) when `when` holds. */
export function queueStatement(
  event: QueuedKind,
  items: readonly QueuedItem[],
  when: Expression<SqlBool> = sql`true`,
) {
  const batch = event.digest === undefined ? null : randomUUID();
  return sql`INSERT INTO notification_fan_outs (kind, subject, entity, entity_id, actor, batch, digest)
    SELECT ${event.kind}::text, left(i.subject, 500), ${event.entity}::text, i.entity_id, ${event.actor}::int,
      ${batch}::uuid, left(${event.digest ?? null}::text, 500)
    FROM unnest(${items.map((i) => i.entityId)}::int[], ${items.map((i) => i.subject)}::text[])
      AS i(entity_id, subject)
    WHERE ${when}
    RETURNING ${wakeFanOut}`;
}

/** What a queued event (a row of notification_fan_outs) holds for its writing out, and when it happened. */
const QUEUED = [
  'fan_out_id',
  'kind',
  'subject',
  'entity',
  'entity_id',
  'actor',
  'exclude',
  'batch',
  'digest',
] as const;
type QueuedEvent = Pick<Selectable<NotificationFanOutTable>, (typeof QUEUED)[number]> & { at: string | null };
/** How many queued events fanOutNotifications reads at a time. */
const QUEUED_AT_ONCE = 50;

/**
 * Writes out the events waiting for it, oldest first, each with one statement that takes it off the
 * queue and writes its notifications: at once or not at all, so a crash leaves it queued for the next
 * try. Of processes trying at once, the one whose statement removes the event writes it; another's finds
 * it gone (its DELETE waits for the first's commit) and writes nothing. Answers how many it wrote.
 */
export const fanOutNotifications = (db: Db): Promise<number> => writingNoAuditedTable(() => fanOut(db));

/** The tables the fan-out writes (unread_tallies by trigger): none may be audited (writingNoAuditedTable). */
export const FAN_OUT_TABLES = ['notifications', 'notification_fan_outs', 'unread_tallies'] as const;

async function fanOut(db: Db): Promise<number> {
  let written = 0;
  for (;;) {
    // Only the kinds this version can write: another version's stay queued for it.
    const queued = await db
      .selectFrom('notification_fan_outs')
      .select(QUEUED)
      .select(sql<string>`created_at::text`.as('at'))
      .where('kind', 'in', Object.keys(AFTER_COMMIT))
      .orderBy('fan_out_id')
      .limit(QUEUED_AT_ONCE)
      .execute();
    const batches = new Set<string>();
    for (const e of queued) {
      // A batch's events are written out together, by the first of them read.
      if (e.batch !== null && batches.has(e.batch)) continue;
      if (e.batch !== null) batches.add(e.batch);
      written += await notifyEach(db, fanOutEvent(e));
    }
    // Fewer than asked for: none was left then, and each event queued since wakes another run.
    if (queued.length < QUEUED_AT_ONCE) return written;
  }
}

export type NotifyEachEvent = Omit<NotifyEvent, 'subject' | 'entityId' | 'recipients'> & {
  /** The items, or the rows of one of the `steps` (`from`), with their `id` and `subject` columns. */
  items: readonly { entityId: number; subject: string }[] | { from: string; id: string; subject: string };
  steps?: readonly Step[];
  recipients: (entityId: RawBuilder<number>) => readonly RawBuilder<unknown>[];
  /**
   * One notification per recipient instead of one per item: this subject ('{n}' stands for how many
   * of the items reach them) for a recipient of several, naming the first item; the item's own for one.
   */
  digest?: string;
};

/**
 * What notifyEach writes for an event queued by afterCommitStep or queueAfterCommit (a row of
 * notification_fan_outs), in the statement that removes it from the queue: its items are the rows
 * removed (the event's, or its batch's), none if they were gone.
 */
export function fanOutEvent(e: QueuedEvent): NotifyEachEvent {
  const kind = e.kind as AfterCommitKind;
  const taken = e.batch === null ? sql`fan_out_id = ${e.fan_out_id}` : sql`batch = ${e.batch}::uuid`;
  return {
    kind,
    steps: [
      {
        name: 'taken',
        step: sql`DELETE FROM notification_fan_outs WHERE ${taken} RETURNING entity_id, subject`,
      },
    ],
    items: { from: 'taken', id: 'entity_id', subject: 'subject' },
    ...(e.digest !== null && { digest: e.digest }),
    entity: e.entity,
    actor: e.actor,
    exclude: e.exclude,
    at: e.at ?? undefined,
    recipients: AFTER_COMMIT[kind],
  };
}

/**
 * notify for many records at once (a bulk action), in the same one statement: each item's recipients
 * are queries of its id (`audience.listingPeople(id)`), given as a reference to the item's row. The
 * items may be the rows a step of the statement's own `steps` writes (`from`: the queued event a
 * fan-out takes, fanOutEvent), each with its `id` column and `subject`, so that one statement does both.
 */
export async function notifyEach(trx: AnyDb, event: NotifyEachEvent): Promise<number> {
  const statement = notifyStatement(trx, event);
  return statement ? (await runPrepared(trx, statement)).reduce((total, r) => total + r.written, 0) : 0;
}

/** The one statement of notifyEach (none for no items). */
export function notifyStatement(trx: AnyDb, event: NotifyEachEvent) {
  const { items, steps = [] } = event;
  if ('length' in items && items.length === 0) return null;
  const excluded = [event.actor, ...(event.exclude ?? [])];
  const source =
    'from' in items
      ? sql`SELECT ${sql.ref(items.id)}, ${sql.ref(items.subject)} FROM ${sql.table(items.from)}`
      : sql`SELECT * FROM unnest(${items.map((i) => i.entityId)}::int[],
          ${items.map((i) => i.subject.slice(0, 500))}::text[])`;
  const statement = sql<{ written: number }>`
    WITH ${sql.join([
      ...(steps.length > 0 ? [stepParts(steps)] : []),
      sql`reached AS (
      SELECT u.user_id, e.entity_id, e.subject
      FROM (${source}) AS e(entity_id, subject)
      CROSS JOIN LATERAL (${sql.join(event.recipients(sql<number>`e.entity_id`), sql` UNION `)}) AS r
      -- Each recipient looked up by key (OFFSET 0 keeps this apart from the join): an audience of roles
      -- is estimated as a third of all users, and a hash join then read every Active user (decision 108).
      CROSS JOIN LATERAL (SELECT u.user_id FROM users u WHERE u.user_id = r.user_id
        AND u.user_status = 'Active' AND u.user_id NOT IN (${sql.join(excluded)}) OFFSET 0) AS u
    )`,
    ])}, told AS (${
      event.digest === undefined
        ? sql`SELECT user_id, entity_id, subject FROM reached`
        : sql`SELECT user_id, min(entity_id) AS entity_id, CASE WHEN count(*) = 1 THEN min(subject)
            ELSE left(replace(${event.digest}, '{n}', count(*)::text), 500) END AS subject
          FROM reached GROUP BY user_id`
    }), written AS (
      INSERT INTO notifications (user_id, notification_type, notification_subject, entity, entity_id, created_by,
        created_at)
      SELECT t.user_id, ${NOTIFICATION_TYPES[event.kind].type}, t.subject, ${event.entity}, t.entity_id,
        ${event.actor}, COALESCE(${event.at ?? null}::timestamptz, now())
      FROM told t
      RETURNING user_id, notification_id
    ), parts AS (
      SELECT user_id, notification_id,
        (row_number() OVER (ORDER BY notification_id) - 1) / ${PAIRS_PER_MESSAGE} AS part
      FROM written
    )
    SELECT count(*)::int AS written, pg_notify(${CHANNEL},
      json_build_object('n', json_agg(json_build_array(user_id, notification_id)))::text)
    FROM parts GROUP BY part`;
  return statement.compile(trx);
}

import type { ServerResponse } from 'node:http';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { NotificationEvent } from '@app/contract';
import { writingNoAuditedTable } from '../db/audit-context.ts';
import { databaseUrlOf, type Db } from '../db/index.ts';
import { HttpError } from './errors.ts';
import { CHANNEL, fanOutNotifications, type ChannelMessage } from './notifications.ts';
import { selectNotifications, unreadCounts } from './notification-reads.ts';
import type { SessionUser } from './session.ts';
import type { Access } from './access.ts';

/** Names the LISTEN connection in pg_stat_activity. */
export const LISTENER_NAME = 'pp-notification-listener';
const HEARTBEAT_MS = 25_000;
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 30_000;

interface Stream {
  res: ServerResponse;
  sessionId: string;
}

/**
 * The open event streams of this process, by user, fed from the database: one dedicated connection
 * LISTENs on the channel that `notify` and `announceCount` write to (on commit, from any process), so
 * every process delivers to the streams it holds. The connection comes back by itself after a loss.
 * It also writes out the events told after their commit (afterCommitStep) when woken, and on every
 * (re)connection for those it was not there to hear of.
 */
export async function startNotificationHub(db: Db, log: FastifyBaseLogger) {
  const url = databaseUrlOf(db);
  if (!url) throw new Error('The notification hub needs a database made by createDb');
  const streams = new Map<number, Set<Stream>>();
  const dead = new WeakSet<pg.Client>();
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;
  let queue = Promise.resolve();

  const send = (s: Stream, text: string) => {
    if (!s.res.writableEnded && !s.res.destroyed) s.res.write(text);
  };
  const write = (userId: number, event: NotificationEvent) => {
    for (const s of streams.get(userId) ?? []) send(s, `data: ${JSON.stringify(event)}\n\n`);
  };

  let fanning: Promise<void> | undefined;
  let wokenAgain = false;
  /** One run at a time in this process; a wake-up during a run makes another run after it. */
  function fanOut() {
    if (fanning) return void (wokenAgain = true);
    fanning = fanOutNotifications(db)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, 'notification fan-out failed'),
      )
      .finally(() => {
        fanning = undefined;
        if (wokenAgain && !stopped) {
          wokenAgain = false;
          fanOut();
        }
      });
  }

  async function sendCounts(userIds: readonly number[]) {
    for (const [userId, count] of await unreadCounts(db, userIds)) write(userId, { kind: 'count', count });
  }

  /** Loads what a message names for the users with a stream here, and sends it. */
  async function deliver(message: Exclude<ChannelMessage, { f: 1 }>) {
    if ('c' in message) return sendCounts(message.c.filter((id) => streams.has(id)));
    const pairs = message.n.filter(([userId]) => streams.has(userId));
    if (pairs.length === 0) return;
    const [rows, counts] = await Promise.all([
      selectNotifications(db)
        .select('n.user_id')
        .where(
          'n.notification_id',
          'in',
          pairs.map(([, id]) => String(id)),
        )
        .orderBy('n.notification_id')
        .execute(),
      unreadCounts(db, [...new Set(pairs.map(([userId]) => userId))]),
    ]);
    for (const { user_id, created_at, ...rest } of rows) {
      const notification = { ...rest, created_at: created_at.toISOString() };
      write(user_id, { kind: 'notification', notification, count: counts.get(user_id) ?? 0 });
    }
  }

  // One message at a time, so events reach a stream in commit order.
  const enqueue = (task: () => Promise<unknown>) => {
    queue = queue.then(task).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'notification delivery failed'),
    );
  };

  function lost(client: pg.Client, err?: unknown) {
    if (dead.has(client)) return;
    dead.add(client);
    if (current === client) current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err }, `notification listener lost; reconnecting in ${delay} ms`);
    retry = setTimeout(() => void listen(true), delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }

  async function listen(again: boolean) {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME, keepAlive: true });
    client.on('notification', ({ payload }) => {
      if (!payload) return;
      const message = JSON.parse(payload) as ChannelMessage;
      if ('f' in message) fanOut();
      else enqueue(() => writingNoAuditedTable(() => deliver(message)));
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      return lost(client, err);
    }
    if (stopped || dead.has(client)) return void client.end().catch(() => undefined);
    current = client;
    delay = RETRY_MIN_MS;
    fanOut();
    // Whatever happened while it was away, the badges are right again.
    if (again) {
      log.info('notification listener reconnected');
      enqueue(() => sendCounts([...streams.keys()]));
    }
  }

  /** Comments keep proxies from closing quiet streams; streams of ended sessions are closed. */
  const heartbeat = setInterval(() => {
    const all = [...streams.values()].flatMap((set) => [...set]);
    for (const s of all) send(s, ': keep-alive\n\n');
    if (all.length === 0) return;
    enqueue(async () => {
      const alive = await db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.user_id', 's.user_id')
        .select('s.id')
        .where(
          's.id',
          'in',
          all.map((s) => s.sessionId),
        )
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', sql<Date>`now()`)
        .where('u.user_status', '=', 'Active')
        .execute();
      const ids = new Set(alive.map((a) => String(a.id)));
      for (const s of all) if (!ids.has(s.sessionId)) s.res.end();
    });
  }, HEARTBEAT_MS).unref();

  await listen(false);

  return {
    /** Turns the hijacked reply into this user's event stream, starting with their unread count. */
    open(user: SessionUser, res: ServerResponse) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no', // nginx: pass events on at once
      });
      res.write('retry: 5000\n\n');
      const stream = { res, sessionId: user.sessionId };
      const set = streams.get(user.user_id) ?? new Set();
      streams.set(user.user_id, set.add(stream));
      res.on('close', () => {
        const mine = streams.get(user.user_id);
        mine?.delete(stream);
        if (mine?.size === 0) streams.delete(user.user_id);
      });
      enqueue(() => sendCounts([user.user_id]));
    },
    /** Ends every open stream (before the server closes: it waits for open connections). */
    endStreams() {
      for (const set of streams.values()) for (const s of set) s.res.end();
      streams.clear();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      this.endStreams();
      const client = current;
      current = null;
      if (client) {
        dead.add(client);
        await client.end().catch(() => undefined);
      }
      await Promise.all([queue, fanning]);
    },
  };
}

/** The stream's route and who may open it: read by the authorisation test beside the call registry. */
export const notificationRoutes = [
  { method: 'GET', url: '/api/notifications/stream', access: 'signed-in' },
] as const satisfies readonly { method: 'GET' | 'POST'; url: string; access: Access }[];

/**
 * GET /api/notifications/stream and the hub behind it, both stopped when the app closes (the retention
 * purge is housekeeping: app.ts). `identify` is the app's session resolution (cookie or bearer).
 */
export async function registerNotifications(
  app: FastifyInstance,
  { db }: { db: Db },
  identify: (req: FastifyRequest) => Promise<SessionUser | null>,
) {
  const hub = await startNotificationHub(db, app.log);
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.stop());

  app.get(
    notificationRoutes[0].url,
    {
      schema: {
        tags: ['Notifications'],
        summary: 'Your notifications as they happen (text/event-stream)',
        description:
          'Requires: a session. Each event is `data: <NotificationEvent JSON>`: first your unread count, ' +
          "then {kind:'notification', notification, count} for each new one and {kind:'count', count} " +
          'when one is read, unread or deleted. A comment every 25 s keeps it open.',
        security: [{ bearer: [] }, { cookie: [] }],
      },
    },
    async (req, reply) => {
      const user = await identify(req);
      if (!user) throw new HttpError(401, 'You are not signed in or your session has ended');
      req.user = user;
      reply.hijack();
      hub.open(user, reply.raw);
    },
  );
  return hub;
}

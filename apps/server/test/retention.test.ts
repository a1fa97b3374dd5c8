import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, ROLE, type TestApp } from './helpers.ts';
import { loadConfig, RETENTION_BATCH_SIZE } from '../src/config.ts';

// Both retention purges as the hourly housekeeping runs them, seen through the API: what the
// notification list and the audit log still show. docs/decisions/0055-retention-by-batched-purges.md.

let t: TestApp | undefined;
afterEach(() => vi.useRealTimers());
afterAll(() => t?.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('retention settings', () => {
  it('purges in batches of RETENTION_BATCH_SIZE rows, 5,000 unless set to a positive whole number', () => {
    expect(RETENTION_BATCH_SIZE).toBe(5_000);
    expect(loadConfig({}).retentionBatchSize).toBe(5_000);
    expect(loadConfig({ RETENTION_BATCH_SIZE: '500' }).retentionBatchSize).toBe(500);
    for (const wrong of ['0', '-5', 'many', '2.5'])
      expect(loadConfig({ RETENTION_BATCH_SIZE: wrong }).retentionBatchSize).toBe(5_000);
  });
});

describe('the hourly purges, through the API', () => {
  it('drop old read notifications and old audit entries, batch by batch; unread and recent ones stay', async () => {
    // Only the timers are simulated, so that the housekeeping's first run (a minute after start) comes now.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const app = await createTestApp({
      env: { NOTIFICATION_RETENTION_DAYS: '180', AUDIT_RETENTION_DAYS: '90', RETENTION_BATCH_SIZE: '2' },
    });
    t = app;
    const reader = await app.signedIn(ROLE.SuperAdmin);
    const actor = await app.createUser(ROLE.Operator);
    const notifications = [
      ['old read 1', 'Inactive', 200, 300],
      ['old read 2', 'Inactive', 181, 190],
      ['old read 3', 'Inactive', 400, 400],
      ['old read, no read time', 'Inactive', null, 200],
      ['recently read', 'Inactive', 10, 300],
      ['old unread', 'Active', null, 400],
      ['new read', 'Inactive', 1, 2],
      ['new unread', 'Active', null, 0],
    ] as const;
    await app.db
      .insertInto('notifications')
      .values(
        notifications.map(([subject, status, read, created]) => ({
          user_id: reader.userId,
          notification_type: 'Property Enquiry',
          notification_subject: subject,
          notification_status: status,
          entity: null,
          entity_id: null,
          created_by: null,
          created_at: ago(created),
          read_at: read === null ? null : ago(read),
        })),
      )
      .execute();
    const ages = [800, 400, 200, 91, 89, 30, 0];
    await app.db
      .insertInto('audit_log')
      .values(
        ages.map((days) => ({
          at: ago(days),
          actor_id: actor,
          action: 'update' as const,
          entity_id: `${days}`,
        })),
      )
      .execute();

    const get = async (url: string) => {
      const res = await app.call(reader.token, { method: 'GET', url: `/api/${url}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().resultData as { data: Record<string, unknown>[] };
    };
    const subjects = async () =>
      (await get('getNotification?itemsPerPage=50')).data.map((r) => r.notification_subject).sort();
    const auditAges = async () =>
      (await get(`getAuditLog?user_id=${actor}&itemsPerPage=50`)).data.map((r) => Number(r.entity_id));
    expect(await subjects()).toHaveLength(notifications.length);
    expect(await auditAges()).toEqual([...ages].reverse());

    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    // The runs are under way; wait (bounded) until both have reached what they should leave.
    const end = Date.now() + 15_000;
    while (((await subjects()).length > 4 || (await auditAges()).length > 3) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));

    expect(await subjects()).toEqual(['new read', 'new unread', 'old unread', 'recently read']);
    expect(await auditAges()).toEqual([0, 30, 89]);
    const bell = await app.call(reader.token, { method: 'GET', url: '/api/unreadNotifications' });
    expect(bell.json().count).toBe(2);
  });
});

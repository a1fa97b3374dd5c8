import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { loadConfig } from '../src/config.ts';
import { purgeAuditLog } from '../src/lib/audit-retention.ts';

const apps: TestApp[] = [];
afterEach(() => vi.useRealTimers());
afterAll(() => Promise.all(apps.map((t) => t.close())));

const DAY = 86_400_000;

/** Audit entries written `ages` days ago, marked with `mark` in their details. */
async function entriesAged(t: TestApp, mark: string, ages: number[]) {
  await t.db
    .insertInto('audit_log')
    .values(
      ages.map((days) => ({
        at: new Date(Date.now() - days * DAY),
        action: 'login' as const,
        details: JSON.stringify({ mark, days }),
      })),
    )
    .execute();
}
const agesLeft = async (t: TestApp, mark: string) =>
  (
    await sql<{ days: number }>`SELECT (details ->> 'days')::int AS days FROM audit_log
      WHERE details ->> 'mark' = ${mark} ORDER BY at`.execute(t.db)
  ).rows.map((r) => r.days);

describe('audit log retention', () => {
  it('keeps entries two years by default, AUDIT_RETENTION_DAYS otherwise, 0 for ever', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '400' }).auditRetentionDays).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: 'a year' }).auditRetentionDays).toBe(730);
  });

  it('the hourly housekeeping deletes entries older than the setting and keeps the younger ones', async () => {
    // Only the timers are simulated, so that the housekeeping's first run (a minute after start) comes now.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const t = await createTestApp({ env: { AUDIT_RETENTION_DAYS: '90' } });
    apps.push(t);
    await entriesAged(t, 'job', [800, 400, 91, 89, 30, 0]);
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    const end = Date.now() + 10_000;
    while ((await agesLeft(t, 'job')).length > 3 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    expect(await agesLeft(t, 'job')).toEqual([89, 30, 0]);
  });

  it('deletes in batches, and nothing when set to 0; the log stays append-only for everything else', async () => {
    const t = await createTestApp();
    apps.push(t);
    await entriesAged(t, 'batches', [1000, 900, 800, 700, 10]);
    expect(await purgeAuditLog(t.db, 0)).toBe(0);
    expect(await purgeAuditLog(t.db, 750, 2)).toBe(3);
    expect(await agesLeft(t, 'batches')).toEqual([700, 10]);
    expect(await purgeAuditLog(t.db, 750, 2)).toBe(0);
    for (const statement of [
      sql`DELETE FROM audit_log WHERE at < now() - interval '1 day'`,
      sql`UPDATE audit_log SET action = 'update'`,
      sql`TRUNCATE audit_log`,
    ]) {
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    }
    expect(await agesLeft(t, 'batches')).toEqual([700, 10]);
  });
});

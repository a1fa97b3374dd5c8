import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E, apiHeaders, expectAccessible, expectDate, openFromMenu, signIn, typeDate } from './support.ts';

/**
 * The Audit Log as a Super Admin meets it: a role they add shows in the log, found with the filters,
 * its detail lists the values saved; the log exports; an Operator has no menu entry for it. The role
 * is deleted again afterwards, so other specs find the roles they expect.
 */
const ROLE_NAME = `Audit Probe ${`${Date.now()}`.slice(-7)}`;

const dataRows = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('Audit Log', () => {
  test.afterAll(async ({ request }) => {
    const headers = await apiHeaders(request);
    const roles = await request.get('/api/webGetRoles', { headers, params: { searchText: ROLE_NAME } });
    for (const role of (await roles.json()).roleData.data as { id: number }[])
      await request.post('/api/webDeleteRoles', { headers, data: { roleId: role.id } });
  });

  test('a Super Admin adds a role, then finds it in the log, reads its detail and exports', async ({
    page,
  }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home/master/role/role-master');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add New Role' });
    await add.getByLabel('Name').fill(ROLE_NAME);
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Role saved successfully')).toBeVisible();

    await openFromMenu(page, 'Settings', 'Audit Log');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Settings');
    await choose(page, 'Entity', 'Role');
    await choose(page, 'Action', 'Created');
    await page.getByRole('combobox', { name: 'User' }).fill(E2E.adminEmail);
    await page
      .getByRole('option', { name: /Super Admin/ })
      .first()
      .click();
    await expect(page).toHaveURL(/entity=roles/);
    await expect(page).toHaveURL(/action=create/);
    await expect(page).toHaveURL(/user_id=\d+/);

    const newest = dataRows(page).first();
    await expect(newest).toContainText('Created');
    await expect(newest).toContainText('Role');
    await expect(newest).toContainText('Super Admin');
    await expect(newest).toContainText('webSaveRole');
    await expectAccessible(page);

    await newest.getByRole('button', { name: /^Details of entry/ }).click();
    const detail = page.getByRole('dialog', { name: /^Audit entry #\d+/ });
    await expect(detail).toContainText('webSaveRole');
    const nameRow = detail
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
    await expect(nameRow).toContainText(ROLE_NAME);
    await expectAccessible(page);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^AuditLog_\d{2}-\d{2}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual([
      'ID',
      'When',
      'User',
      'E-mail',
      'IP',
      'Action',
      'Entity',
      'Record',
      'Call',
      'Before',
      'After',
      'Details',
    ]);
    const first = cells(2);
    expect(first.slice(5, 7)).toEqual(['Created', 'Role']);
    expect(JSON.parse(String(first[10])).name).toBe(ROLE_NAME);

    // The export is itself in the log.
    await choose(page, 'Action', 'Exported');
    await choose(page, 'Entity', 'All');
    await expect(dataRows(page).first()).toContainText('getAuditLog/export');
  });

  for (const width of [1440, 390]) {
    test(`a date typed as 03/12/2026 filters by 3 December 2026 (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/audit/audit-log');
      await expect(dataRows(page).first()).toBeVisible();

      // Decision 87: day first, whatever the browser's locale (a native date input took 12 March).
      const filtered = page.waitForRequest(
        (r) => r.url().includes('/api/getAuditLog?') && /from_date/.test(r.url()),
      );
      await typeDate(page, 'From', '03/12/2026');
      const sent = new URL((await filtered).url()).searchParams;
      expect(sent.get('from_date')).toBe('2026-12-03');
      await expect(page).toHaveURL(/from_date=2026-12-03/);
      await typeDate(page, 'To', '03/12/2026');
      await expect(page).toHaveURL(/from_date=2026-12-03&to_date=2026-12-03/);
      await expectDate(page, 'From', '03/12/2026');
      await expectDate(page, 'To', '03/12/2026');

      // An end before the start is said under the field; the calendar opens on the typed day.
      await typeDate(page, 'To', '02/12/2026');
      const filters = page.getByRole('region', { name: 'Filters' });
      await expect(filters.getByText('The end date must not be before the start date')).toBeVisible();
      await page
        .getByRole('button', { name: /Choose date/ })
        .first()
        .click();
      const calendar = page.getByRole('dialog');
      await expect(calendar).toContainText('December 2026');
      await expect(calendar.getByRole('gridcell', { name: '3', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectAccessible(page);
      await page.screenshot({ path: `e2e/.artifacts/screens/audit-dates-${width}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await expect(calendar).toBeHidden();
    });
  }

  test('an Operator has no Audit Log in the menu', async ({ page }) => {
    await signIn(page, 'operator@demo.pinoyproperty.ph', E2E.demoPassword);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Notification', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  });
});

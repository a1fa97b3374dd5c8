import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  AGENT_EMAIL,
  E2E,
  apiHeaders,
  createListing,
  expectAccessible,
  saveDespiteDuplicates,
  signIn,
} from './support.ts';

/**
 * Notifications as an Agent meets them: the bell rises while they work when an admin changes their
 * listing (no reload), the popup opens the listing and the bell falls; the list searches, marks read
 * and unread, deletes for good, marks all read and exports. The listing is the Agent's own, saved
 * through the API; the admin changes it through the property form in a browser of their own.
 */
const s = `${Date.now()}`.slice(-7);
const LOT = `E2E Bell Lot ${s}`;
const LIST = '/home/notification/notification-list';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** The bell shows this many unread (no badge for none). */
const expectUnread = (page: Page, n: number) =>
  expect(bell(page)).toHaveAccessibleName(n ? `Notifications, ${n} unread` : 'Notifications');

/** The Agent's unread count as the server has it. */
async function unreadCount(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/unreadNotifications', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).count as number;
}

/** Types into the search box and waits for it to land in the URL (after the debounce). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
}

const dataRows = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const row = (page: Page, text: string) => dataRows(page).filter({ hasText: text });

test.describe.configure({ mode: 'serial' });

test.describe('Notifications', () => {
  let listing: Awaited<ReturnType<typeof createListing>>;
  let agentHeaders: Record<string, string>;

  test.beforeAll(async ({ request }) => {
    agentHeaders = await apiHeaders(request, AGENT_EMAIL, E2E.demoPassword);
    listing = await createListing(request, agentHeaders, LOT);
  });

  test("an Agent's bell rises while an admin changes their listing; the popup opens it", async ({
    page,
    browser,
    request,
  }) => {
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    const before = await unreadCount(request, agentHeaders);
    await expectUnread(page, before);
    // Gone if the page were reloaded: the badge must rise by itself.
    await page.evaluate(() => Object.assign(globalThis, { e2eMark: 'still here' }));

    // The admin, in another browser, changes the listing's status on the property form.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await saveDespiteDuplicates(admin);
    await signIn(admin, E2E.adminEmail, E2E.adminPassword);
    await admin.goto(`/home/Property/add-property?id=${listing.id}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Edit Property : ${LOT}` })).toBeVisible();
    await admin.getByRole('combobox', { name: 'Status', exact: true }).click();
    await admin.getByRole('option', { name: 'Pending', exact: true }).click();
    await admin.getByRole('button', { name: 'Update Property' }).click();
    await expect(admin.getByText('Property updated successfully')).toBeVisible();
    await adminContext.close();

    await expectUnread(page, before + 1);
    expect(await page.evaluate(() => (globalThis as { e2eMark?: string }).e2eMark)).toBe('still here');

    // The popup lists it, newest first; opening it shows the listing and the bell falls.
    await bell(page).click();
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popup).toContainText(`${before + 1} unread`);
    const item = popup.getByRole('button', { name: new RegExp(`^${LOT}: status Open → Pending`) });
    await expect(item).toContainText('Property Status Is Modified');
    await expect(item).toContainText(/just now|minute ago/);
    await expect(popup.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Show All' })).toBeVisible();
    await expectAccessible(page);
    await item.click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/home/Property/add-property\\?id=${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Edit Property : ${LOT}` })).toBeVisible();
    await expectUnread(page, before);
    expect(await unreadCount(request, agentHeaders)).toBe(before);
  });

  test('the list: search, read and unread, delete for good, mark all as read, export', async ({
    page,
    request,
  }) => {
    // Two more changes by the admin, through the API: two more notifications for the Agent.
    const adminHeaders = await apiHeaders(request);
    const before = await unreadCount(request, agentHeaders);
    for (const status of ['Occupied', 'Open']) {
      const res = await request.post('/api/updateproperty', {
        headers: adminHeaders,
        data: { ...listing.body, id: listing.id, status },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    // Written just after each change commits (decision 119).
    const unread = before + 2;
    await expect.poll(() => unreadCount(request, agentHeaders)).toBe(unread);

    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Settings');
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expectUnread(page, unread);
    await expectAccessible(page);

    // Search: the listing's three, newest first; the two new ones unread.
    await search(page, LOT);
    await expect(page.getByText('3 Records Found')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(3);
    await expect(dataRows(page).first()).toContainText('Occupied → Open');
    const read = row(page, 'Open → Pending');
    const occupied = row(page, 'Pending → Occupied');
    await expect(read).not.toContainText('Unread');
    await expect(occupied).toContainText('Unread');
    await expect(occupied).toContainText('Property Status Is Modified');
    await expect(occupied).toContainText(/just now|minute/);
    await expect(occupied.getByRole('img', { name: 'Property Status Is Modified' })).toBeVisible();

    // Mark as read, then unread again: the bell follows.
    await occupied.getByRole('button', { name: 'Mark as read', exact: true }).click();
    await expectUnread(page, unread - 1);
    await expect(occupied).not.toContainText('Unread');
    await occupied.getByRole('button', { name: 'Mark as unread', exact: true }).click();
    await expectUnread(page, unread);
    await expect(occupied).toContainText('Unread');

    // Delete asks first; Yes removes it for good.
    await read.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Notification' });
    await expect(dialog).toContainText('Are you sure to delete');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 Records Found')).toBeVisible();
    await expect(read).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('2 Records Found')).toBeVisible();
    await expect(row(page, 'Open → Pending')).toHaveCount(0);

    // Export: the searched rows in a workbook.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^Notifications_\d{2}-\d{2}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const text = (r: number) => (sheet.getRow(r).values as unknown[]).map(String).join(' | ');
    expect(text(1)).toMatch(/ID.*Type.*Subject.*Status.*Date/);
    expect(sheet.actualRowCount).toBe(3);
    expect(`${text(2)}\n${text(3)}`).toContain('Pending → Occupied');

    // Mark all as read empties the bell; the popup says so.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectUnread(page, 0);
    await expect(row(page, 'Unread')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await bell(page).click();
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popup).toContainText('No unread notifications');
    await expectAccessible(page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup).toBeHidden();

    // Nothing found says so.
    await search(page, `nothing like this ${s}`);
    await expect(page.getByText('0 Records Found')).toBeVisible();
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('Show All leads from the popup to the list', async ({ page }) => {
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    await page.goto('/home/Property/property-list');
    await bell(page).click();
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    await popup.getByRole('button', { name: 'Show All' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Notification' })).toBeVisible();
  });

  test('a notification of a record the Agent may not open marks it read and stays on the list', async ({
    page,
  }) => {
    // The demo's: the brokers of the Agent were changed. Its record is their user form, which an
    // Agent may not open.
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    await page.goto(LIST);
    await search(page, 'The brokers of Agent Demo');
    const brokers = row(page, 'The brokers of Agent Demo were changed');
    await expect(brokers).toHaveCount(1);
    const markUnread = brokers.getByRole('button', { name: 'Mark as unread', exact: true });
    if (await markUnread.isVisible()) {
      await markUnread.click();
      await expect(brokers).toContainText('Unread');
    }
    await brokers.getByRole('button', { name: /^The brokers of Agent Demo/ }).click();
    // Read, and still shown: the list was not left for a page saying 'no permission'.
    await expect(brokers).not.toContainText('Unread');
    await expect(page).toHaveURL(new RegExp(`${LIST}\\?`));
    await expect(page.getByText('You do not have permission to open this page.')).toHaveCount(0);
  });
});

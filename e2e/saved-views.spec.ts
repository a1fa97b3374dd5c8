import { expect, test, type Page } from '@playwright/test';
import { E2E, apiHeaders, expectAccessible, newOperator, signIn } from './support.ts';
import { expectFits, settle } from './fits.ts';

/**
 * Saved views and the column chooser on every table (issue 22 item 5): a user hides a column (kept
 * on the server, so a reload keeps it), saves the search and sort as a named view, applies, renames
 * and deletes it; a report's view keeps its filters. Each user of their own, so nothing leaks into
 * other tests' screens.
 */
const LIST = '/home/notification/notification-list';
const s = `${Date.now()}`.slice(-7);

/** A column's header (a sorted one's name also says its order). */
const header = (page: Page, name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name}`) });

async function openColumns(page: Page) {
  await page.getByRole('button', { name: 'Columns' }).click();
  return page.getByRole('menu', { name: 'Columns shown' });
}
async function openViews(page: Page) {
  await page.getByRole('button', { name: 'Views' }).click();
  return page.getByRole('menu', { name: 'Saved views' });
}

test.describe.configure({ mode: 'serial' });

test('a user hides columns and saves, applies, renames and deletes a view (1440 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000); // five scans, each slow on a busy machine
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await newOperator(request, 'Vera');
  await signIn(page, user.email, user.password);
  await settle(page);
  await expect(header(page, 'Type')).toBeVisible();

  // Hide 'Type': its header goes, and the choice outlives a reload.
  const columns = await openColumns(page);
  await expect(columns.getByRole('menuitemcheckbox', { name: 'Type' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectAccessible(page);
  await columns.getByRole('menuitemcheckbox', { name: 'Type' }).click();
  await expect(columns.getByRole('menuitemcheckbox', { name: 'Type' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(header(page, 'Type')).toHaveCount(0);
  await expect(header(page, 'Notification')).toBeVisible();
  await page.reload();
  await settle(page);
  await expect(header(page, 'Notification')).toBeVisible();
  await expect(header(page, 'Type')).toHaveCount(0);

  // The last column shown cannot be hidden. (An open menu hides the page from the accessibility tree,
  // so headers are looked at with it closed.)
  let again = await openColumns(page);
  await again.getByRole('menuitemcheckbox', { name: 'Notification' }).click();
  const created = again.getByRole('menuitemcheckbox', { name: 'Created' });
  await expect(created).toHaveAttribute('aria-disabled', 'true');
  await created.click({ force: true });
  await expect(created).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(header(page, 'Notification')).toHaveCount(0);
  await expect(header(page, 'Created')).toBeVisible();
  again = await openColumns(page);
  await again.getByRole('menuitemcheckbox', { name: 'Notification' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Notification')).toBeVisible();

  // Save the search and the hidden column as a view.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('quiet');
  await expect(page).toHaveURL(/[?&]q=quiet/);
  await (await openViews(page)).getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Current View' });
  await dialog.getByLabel('View name').fill(`Quiet ${s}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The same name again (another case) asks to replace that view; Cancel goes back to the name.
  await (await openViews(page)).getByRole('menuitem', { name: 'Save current view as…' }).click();
  await dialog.getByLabel('View name').fill(`QUIET ${s}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const replace = page.getByRole('dialog', { name: `Replace View : Quiet ${s}` });
  await expect(replace).toContainText(`You already have a view named “Quiet ${s}” on this list.`);
  await replace.getByRole('button', { name: 'Cancel' }).click();
  await expect(replace).toBeHidden();
  await expect(dialog.getByLabel('View name')).toHaveValue(`QUIET ${s}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Back to everything: no search, every column; then the view brings both back.
  await page.goto(LIST);
  await settle(page);
  await (await openColumns(page)).getByRole('menuitemcheckbox', { name: 'Type' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Type')).toBeVisible();
  const views = await openViews(page);
  await expectAccessible(page);
  await views.getByRole('menuitem', { name: `Quiet ${s}` }).click();
  await expect(page).toHaveURL(/[?&]q=quiet/);
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('quiet');
  await expect(header(page, 'Type')).toHaveCount(0);

  // Rename it, then delete it.
  await (await openViews(page)).getByRole('menuitem', { name: 'Rename or delete views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Saved Views' });
  await expect(manage.getByText(`Quiet ${s}`)).toBeVisible();
  await expectAccessible(page);
  await manage.getByRole('button', { name: `Rename Quiet ${s}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename View : Quiet ${s}` });
  await rename.getByLabel('View name').fill(`Calm ${s}`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText(`Calm ${s}`)).toBeVisible();
  await manage.getByRole('button', { name: `Delete Calm ${s}` }).click();
  await page
    .getByRole('dialog', { name: `Delete View : Calm ${s}` })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(manage.getByText('No saved views yet')).toBeVisible();
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect((await openViews(page)).getByRole('menuitem', { name: 'No saved views yet' })).toBeVisible();
});

test('the Columns and Views menus fit a phone (390 px)', async ({ page, request }) => {
  test.setTimeout(180_000); // three scans
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await newOperator(request, 'Pia');
  await signIn(page, user.email, user.password);
  await settle(page);
  for (const name of ['Columns', 'Views']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await expectFits(page, true);
  await page.screenshot({ path: 'e2e/.artifacts/saved-views-390.png', fullPage: true });

  const columns = await openColumns(page);
  await columns.getByRole('menuitemcheckbox', { name: 'Created' }).click();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(header(page, 'Created')).toHaveCount(0);

  await (await openViews(page)).getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Current View' });
  await dialog.getByLabel('View name').fill('Phone');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const views = await openViews(page);
  await expect(views.getByRole('menuitem', { name: 'Phone' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expectFits(page, true);
});

test("a report's view keeps its filters", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = `Pending ${s}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/home/reports/property-based-broker?status=Pending');
  await settle(page);
  await (await openViews(page)).getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Current View' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: 'e2e/.artifacts/saved-views-1440.png' });

  await page.goto('/home/reports/property-based-broker');
  await settle(page);
  await expect(page).not.toHaveURL(/status=/);
  await (await openViews(page)).getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/[?&]status=Pending/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Pending');
  await expectAccessible(page);

  // Leave the shared admin as it was.
  const headers = await apiHeaders(request);
  const list = await request.get('/api/savedViews?list_key=getPropertyBrokerReport', { headers });
  for (const view of (await list.json()).views as { id: number; name: string }[]) {
    if (view.name === name) await request.post('/api/deleteView', { headers, data: { id: view.id } });
  }
});

test('the Property List saves its search, category and filters as a view, and a view is replaced by name', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `Pending sale ${s}`;
  const views = () => page.getByRole('main').getByRole('button', { name: 'Views' });
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/home/Property/property-list?status=Pending&category=3&q=Lot');
    await expect(page.getByRole('button', { name: 'Remove filter: Status: Pending' })).toBeVisible();
    await expect(views()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Columns' })).toHaveCount(0); // cards have no columns
    await expectFits(page, true);
  }

  await views().click();
  await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Current View' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const applied = async () => {
    await page.goto('/home/Property/property-list');
    await expect(page.getByText(/Records Found/)).toBeVisible();
    await views().click();
    await page.getByRole('menu', { name: 'Saved views' }).getByRole('menuitem', { name }).click();
    await expect(page.getByRole('button', { name: 'Remove filter: Status: Pending' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Product Category' })).toHaveText('For Sale');
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('Lot');
  };
  await applied();
  await expect(page).not.toHaveURL(/[?&]sort=/);

  // Sorted by name now, saved under the same name (another case): it replaces the view.
  await page.getByRole('combobox', { name: 'Sort By' }).click();
  await page.getByRole('option', { name: 'Name (A-Z)' }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await views().click();
  await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
  await dialog.getByLabel('View name').fill(name.toUpperCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  const replace = page.getByRole('dialog', { name: `Replace View : ${name}` });
  await expectAccessible(page);
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();

  await applied();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await views().click();
  await expect(page.getByRole('menu', { name: 'Saved views' }).getByRole('menuitem', { name })).toHaveCount(
    1,
  );
  await expectAccessible(page);

  // Leave the shared admin as it was.
  const headers = await apiHeaders(request);
  const list = await request.get('/api/savedViews?list_key=allproperty', { headers });
  for (const view of (await list.json()).views as { id: number; name: string }[]) {
    if (view.name === name) await request.post('/api/deleteView', { headers, data: { id: view.id } });
  }
});

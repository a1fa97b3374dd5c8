import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AGENT_EMAIL, apiHeaders, E2E, expectAccessible, signIn, signOut } from './support.ts';

test.describe('Login', () => {
  test('validates, toggles the password, reports bad credentials and offers a reset', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);

    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await expect(login).toBeDisabled();

    await page.getByLabel('Email').fill(E2E.adminEmail);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Wrong-password-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await password.press('Enter');
    await expect(page.getByText('Invalid Login Details')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page
      .getByRole('button', { name: 'Forgot Password' })
      .or(page.getByRole('link', { name: 'Forgot Password' }))
      .click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel('Email').fill('someone@example.com');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/If an account exists for this address/)).toBeVisible();
  });

  test('keeps signed-out visitors out of /home', async ({ page }) => {
    await page.goto('/home/master/role/role-master');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Shell and menu', () => {
  test('a Super Admin sees every menu group, the account menu and an accessible shell', async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const group of ['Entity', 'Approvals', 'Master', 'Property', 'Reports', 'Settings']) {
      await expect(menu.getByText(group, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('banner')).toContainText('Super Admin');
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expectAccessible(page);

    // Opening /login while signed in goes to the home page (decision 45).
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await signOut(page);
  });

  test('an Agent sees a reduced menu without Master, Users or role permissions', async ({ page }) => {
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByText('Property', { exact: true })).toBeVisible();
    await expect(menu.getByText('Master', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('Users', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('Role Permissions', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Agent');
    await expectAccessible(page);
    await signOut(page);
  });
});

test.describe('Role master', () => {
  test('create, page, sort, search, export, then sign out', async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home/master/role/role-master');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Role');
    await expect(page.getByText('6 Records Found')).toBeVisible();
    await expectAccessible(page);

    // Create two roles through the dialog.
    for (const name of ['Appraiser', 'Photographer']) {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Role' });
      const add = dialog.getByRole('button', { name: 'Add', exact: true });
      await expect(add).toBeDisabled();
      await dialog.getByLabel('Name').fill(name);
      await add.click();
      await expect(page.getByText('Role saved successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByText('8 Records Found')).toBeVisible();

    // A duplicate is refused with the server's message, at the name (issue 21 item 13).
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const addRole = page.getByRole('dialog', { name: 'Add New Role' });
    await addRole.getByLabel('Name').fill('appraiser');
    await addRole.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(addRole.getByLabel('Name')).toHaveAccessibleDescription('Role Already Exist');
    await addRole.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(addRole).toBeHidden();

    // Paging: 7 rows on the first page, the rest on the second.
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row')).toHaveCount(8); // header + 7
    await page.getByRole('button', { name: /next page/i }).click();
    await expect(grid.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(grid.getByRole('row')).toHaveCount(8);

    // Sorting by Name: ascending is the default, one click turns it round.
    const nameHeader = grid.getByRole('columnheader', { name: 'Name' });
    await expect(grid.getByRole('row').nth(1)).toContainText('Admin');
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(grid.getByRole('row').nth(1)).toContainText('Super Admin');
    await expect(page).toHaveURL(/order=desc/);

    // Search narrows the rows and the count.
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('grapher');
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expect(grid.getByRole('row').nth(1)).toContainText('Photographer');

    // Export downloads a real workbook with the filtered rows.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^Role_\d{2}-\d{2}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const names = book.worksheets[0]!.getColumn(2).values.filter(Boolean);
    expect(names).toEqual(['Name', 'Photographer']);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await expect(page.getByText('8 Records Found')).toBeVisible();
    await signOut(page);
    await page.goto('/home/master/role/role-master');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a built-in role offers no delete, saying why; a role made here does (issue 21 item 14)', async ({
    page,
    request,
  }) => {
    const made = await request.post('/api/webSaveRole', {
      headers: await apiHeaders(request),
      data: { roleName: 'Surveyor' },
    });
    expect(made.status(), await made.text()).toBe(200);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home/master/role/role-master');
    const grid = page.getByRole('grid');
    const admin = grid.getByRole('row').filter({ hasText: 'Admin' }).first();
    const refused = admin.getByRole('button', { name: 'Delete Admin: A built-in role cannot be deleted' });
    await expect(refused).toBeDisabled();
    await refused.locator('..').hover();
    await expect(page.getByRole('tooltip', { name: 'A built-in role cannot be deleted' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Surveyor');
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expect(grid.getByRole('button', { name: 'Delete Surveyor', exact: true })).toBeEnabled();
    await expectAccessible(page);
  });
});

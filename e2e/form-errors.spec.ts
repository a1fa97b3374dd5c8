import { expect, test, type Page } from '@playwright/test';
import { E2E, expectAccessible, signIn } from './support.ts';

/**
 * Issue 21 item 13: a refusal that names a field shows at that field, a wrong password keeps the
 * Account save dialog open, and changed forms ask before their changes are discarded.
 */
const USERS = '/home/users/AgentOperator/agent-operator';
const CAPABILITIES = '/home/master/capability/capability-master';
const TAKEN = 'A user with this e-mail address already exists';
const DEMO_ADMIN = 'admin@demo.pinoyproperty.ph';

const WIDTHS = [1440, 390] as const;

/** The list's Add: a button at 1440 px, an icon ('Add Capability') at 390 px. */
const ADD = /^Add( Capability)?$/;

const discardPrompt = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

/** Opens the edit form of a demo user through the list's Edit button. */
async function editUser(page: Page, email: string, name: string) {
  await page.goto(USERS);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(email);
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit User : ${name}` })).toBeVisible();
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a taken e-mail shows at Email, with the cursor there', async ({ page }) => {
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await editUser(page, 'operator@demo.pinoyproperty.ph', 'Operator Demo');
      const email = page.getByRole('region', { name: 'Basic Information' }).getByLabel('Email');
      await email.fill(DEMO_ADMIN);
      await page.getByRole('button', { name: 'Update User' }).click();
      await expect(email).toHaveAccessibleDescription(TAKEN);
      await expect(email).toBeFocused();
      await expect(page).toHaveURL(/add-agent-operator\?userId=\d+$/);
      await expectAccessible(page);
    });

    test('a taken master name shows at its field', async ({ page }) => {
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      const name = `E2E Taken ${width} ${Date.now()}`;
      const saved = await page.request.post('/api/SaveCapability', {
        data: { Name: name },
        headers: { 'X-Requested-With': 'web' },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.goto(CAPABILITIES);
      await page.getByRole('button', { name: ADD }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Capability' });
      await dialog.getByLabel('Name').fill(name.toUpperCase());
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Capability Already Exist');
      await expect(dialog.getByLabel('Name')).toBeFocused();
      await expectAccessible(page);
    });

    test('a wrong password keeps the Account save dialog open, at the password, to be typed again', async ({
      page,
    }) => {
      await signIn(page, DEMO_ADMIN, E2E.demoPassword);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Account Details' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
      const password = dialog.getByLabel('Current Password');
      await password.fill('Wrong12345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(password).toHaveAccessibleDescription('Current password is incorrect');
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await password.fill(E2E.demoPassword);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
    });

    test('Cancel on a changed page form asks; Keep editing keeps the text, Discard leaves', async ({
      page,
    }) => {
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await editUser(page, 'operator@demo.pinoyproperty.ph', 'Operator Demo');
      const first = page.getByRole('region', { name: 'Basic Information' }).getByLabel('First Name');
      await first.fill('Changed');
      await page.getByRole('button', { name: 'Cancel' }).click();
      const prompt = discardPrompt(page);
      await expect(prompt).toBeVisible();
      await expectAccessible(page);
      await prompt.getByRole('button', { name: 'Keep editing' }).click();
      await expect(prompt).toBeHidden();
      await expect(first).toHaveValue('Changed');

      // A link of the side menu asks too.
      if (width < 600) await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const entity = menu.getByRole('button', { name: 'Entity', exact: true });
      if ((await entity.getAttribute('aria-expanded')) !== 'true') await entity.click();
      await expect(menu.locator('.MuiCollapse-entered:has(#menu-group-Entity)')).toBeAttached();
      await menu.getByRole('link', { name: 'Agency', exact: true }).click();
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Keep editing' }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/add-agent-operator\?userId=\d+$/);
      if (width < 600) await page.keyboard.press('Escape');
      await expect(first).toHaveValue('Changed');

      await page.getByRole('button', { name: 'Cancel' }).click();
      await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
      await expect(page).toHaveURL(new RegExp(`${USERS}$`));
    });

    test('a changed dialog form asks on Escape and Close; an unchanged one closes at once', async ({
      page,
    }) => {
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto(CAPABILITIES);
      const add = page.getByRole('button', { name: ADD });
      const dialog = page.getByRole('dialog', { name: 'Add New Capability' });
      await add.click();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      await add.click();
      await dialog.getByLabel('Name').fill('Half typed');
      await page.keyboard.press('Escape');
      const prompt = discardPrompt(page);
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Keep editing' }).click();
      await expect(prompt).toBeHidden();
      await expect(dialog.getByLabel('Name')).toHaveValue('Half typed');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await prompt.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

test('an unchanged page form leaves on Cancel without asking', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await editUser(page, 'operator@demo.pinoyproperty.ph', 'Operator Demo');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${USERS}$`));

  const pages = [
    ['/home/Property/add-property', 'Add Property', /\/home\/Property\//],
    ['/home/Broker/add-seller/0', 'Add Seller', /\/home\/Seller\/seller$/],
    ['/home/account-details', 'Account Details', /\/home\/notification\/notification-list$/],
    [`${USERS.replace('agent-operator', 'add-agent-operator')}`, 'Add User', new RegExp(`${USERS}$`)],
  ] as const;
  for (const [path, heading, back] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page, heading).toHaveURL(back);
  }
});

test("the browser's Back and Forward on a changed form ask; Keep editing stays, Discard goes", async ({
  page,
}) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await editUser(page, 'operator@demo.pinoyproperty.ph', 'Operator Demo');
  const editUrl = page.url();
  const first = page.getByRole('region', { name: 'Basic Information' }).getByLabel('First Name');
  await first.fill('Changed');
  const prompt = discardPrompt(page);

  await page.goBack();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(editUrl);
  await expect(first).toHaveValue('Changed');

  await page.goBack();
  await prompt.getByRole('button', { name: 'Discard' }).click();
  // Back on the list (with its search, when that reached the URL before the form opened).
  await expect(page).toHaveURL(new RegExp(`${USERS}(\\?q=[^&]*)?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User : Operator Demo' })).toBeHidden();

  // Forward onto the form, change it again, and Forward is asked about in the same way.
  await page.goForward();
  await expect(page).toHaveURL(editUrl);
  await first.fill('Changed again');
  await page.goBack();
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(first).toHaveValue('Changed again');
});

test('a chosen picture alone is a change: Cancel asks', async ({ page }) => {
  await signIn(page, DEMO_ADMIN, E2E.demoPassword);
  await page.goto('/home/account-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
  const onePixelPng = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByLabel('Profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardPrompt(page)).toBeVisible();
  await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
});

test('closing the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await editUser(page, 'operator@demo.pinoyproperty.ph', 'Operator Demo');
  const first = page.getByRole('region', { name: 'Basic Information' }).getByLabel('First Name');
  await first.click();
  await first.fill('Changed');
  // The form holds the page once the change has rendered (a person's close comes later than this one):
  // a page closed before that is not asked, as it has nothing to lose yet.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          !(globalThis as unknown as EventTarget).dispatchEvent(
            new Event('beforeunload', { cancelable: true }),
          ),
      ),
    )
    .toBe(true);
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(asked).toEqual(['beforeunload']);
});

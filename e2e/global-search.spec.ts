import { expect, test, type Page } from '@playwright/test';
import { AGENT_EMAIL, E2E, expectAccessible, signIn } from './support.ts';

/**
 * Issue 22 item 2: the global search (decision 44). The top bar's box (an icon button on a phone) or
 * Ctrl-K opens it; the records and screens found are grouped by kind, arrow keys and Enter open one,
 * Escape closes; a role finds only what its lists and menu show it.
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const box = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search records and screens' });
const group = (page: Page, name: string) => dialog(page).getByRole('group', { name });

async function openWithKeys(page: Page) {
  // The shell (and the shortcut with it) is there once its top bar is.
  await expect(page.getByRole('button', { name: 'Search Ctrl K' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px the top bar opens the search; a record is found, chosen by keys and opened`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    const opener =
      size.width < 600
        ? page.getByRole('button', { name: 'Search everything', exact: true })
        : page.getByRole('button', { name: 'Search Ctrl K' });
    await opener.click();
    await expect(box(page)).toBeFocused();
    await expect(dialog(page).getByRole('status')).toHaveText(
      'Type a name, e-mail, phone, address or screen.',
    );

    await box(page).fill('makati');
    const agency = group(page, 'Agencies').getByRole('option', { name: /Makati Prime Realty/ });
    await expect(agency).toBeVisible();
    await expect(agency).toContainText('Eduardo Lim'); // its owner, beside its name
    await expectAccessible(page);
    await page.screenshot({ path: `e2e/.artifacts/global-search-${size.width}.png` });
    // Closed by its button (a phone has no Escape key) and opened again, it starts empty.
    await dialog(page).getByRole('button', { name: 'Close search' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await opener.click();
    await expect(box(page)).toHaveValue('');
    await box(page).fill('makati');

    // The first option is chosen; arrow keys move the choice (wrapping), Enter opens it.
    const options = dialog(page).getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const count = await options.count();
    await box(page).press('ArrowUp');
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await box(page).press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const index = (await options.allTextContents()).findIndex((t) => t.startsWith('Makati Prime Realty'));
    for (let i = 0; i < index; i++) await box(page).press('ArrowDown');
    await expect(agency).toHaveAttribute('aria-selected', 'true');
    await box(page).press('Enter');
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/home\/Agency\/add-agency\/\d+$/);
    await expect(page.getByRole('textbox', { name: /Agency Name/ })).toHaveValue('Makati Prime Realty');
  });
}

test('Ctrl-K finds screens and every kind of record for a Super Admin; Escape closes; no match and a failure are said', async ({
  page,
}) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await openWithKeys(page);
  await box(page).fill('approve');
  await expect(group(page, 'Screens').getByRole('option', { name: /Approve User/ })).toBeVisible();

  await box(page).fill('ramos');
  await expect(group(page, 'Sellers').getByRole('option', { name: /Teresita Ramos/ })).toBeVisible();
  await box(page).fill('jose santos');
  await expect(group(page, 'Brokers').getByRole('option', { name: /Jose Santos/ })).toBeVisible();

  await box(page).fill('zzqxv');
  await expect(dialog(page).getByRole('status')).toHaveText('No matches');
  await expect(dialog(page).getByRole('option')).toHaveCount(0);
  await box(page).fill('zq');
  await expect(dialog(page).getByRole('status')).toHaveText(
    'Type at least 3 letters or digits in a row to search records.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  await page.route('**/api/globalSearch**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await openWithKeys(page);
  await box(page).fill('makati');
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'Could not search records. The server ran into a problem. Please try again in a moment.',
  );
  await expectAccessible(page);
});

test('an Agent finds only the sellers of its agency and the screens of its menu', async ({ page }) => {
  await signIn(page, AGENT_EMAIL, E2E.demoPassword);
  await openWithKeys(page);
  await box(page).fill('mendoza');
  await expect(group(page, 'Sellers').getByRole('option', { name: /Rosario Mendoza/ })).toBeVisible();
  // Teresita Ramos sells for another agency; users and agencies are not the Agent's lists.
  await box(page).fill('ramos');
  await expect(dialog(page).getByRole('status')).toHaveText('No matches');
  await box(page).fill('makati prime');
  await expect(dialog(page).getByRole('status')).toHaveText('No matches');
  await box(page).fill('users');
  await expect(dialog(page).getByRole('status')).toHaveText('No matches');
  await box(page).fill('property');
  await group(page, 'Screens')
    .getByRole('option', { name: /Property List/ })
    .click();
  await expect(page).toHaveURL(/\/home\/Property\/property-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Property List' })).toBeVisible();
});

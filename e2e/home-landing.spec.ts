import { expect, test } from '@playwright/test';
import { AGENT_EMAIL, E2E, signIn } from './support.ts';

/** Issue 21 item 3: /home opened directly, or reached by Back, is a real page, never a blank one. */

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`/home at ${size.width} px goes on to the role master page, and Back does not loop`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home\/master\/role\/role-master$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Role' })).toBeVisible();

    // /home was replaced: Back from the next page lands on the role master page, Back again before it.
    await page.goto('/home/Seller/seller');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home\/master\/role\/role-master$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Role' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification' })).toBeVisible();
  });
}

test('/home for a role that may not open the role master page goes to the first page of its menu', async ({
  page,
}) => {
  await signIn(page, AGENT_EMAIL, E2E.demoPassword);
  await page.goto('/home');
  await expect(page).not.toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('You do not have permission to open this page.')).toHaveCount(0);
  // It is the first entry of the Agent's menu: the first group, open, and its first link.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  const firstLink = (await menu.getByRole('link').first().textContent())!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstLink);
});

test('/login while signed in goes on to the role master page', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home\/master\/role\/role-master$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Role' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { E2E, signIn } from './support.ts';

/**
 * Issue 21 item 3, then issue 22 item 3 (decision 45): /home opened directly, or reached by Back, is the
 * home page itself, never a blank one nor a redirect; the logo and the menu's Home lead to it.
 */

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`/home at ${size.width} px is the home page, and Back returns to it`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    await page.goto('/home/Seller/seller');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification' })).toBeVisible();
  });
}

test('the logo and the menu lead to /home; an unknown page under /home goes there', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.getByRole('link', { name: 'Pinoy Property' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await page.goto('/home/Seller/seller');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goto('/home/no-such-page');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('/login while signed in goes on to the home page', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

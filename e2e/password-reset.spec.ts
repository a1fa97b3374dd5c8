import { expect, test } from '@playwright/test';
import { E2E, expectAccessible, mailTo, signIn, signOut } from './support.ts';

/** The newest reset link mailed to `to`. */
const resetLinkFor = async (to: string) =>
  /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(await mailTo(to, '/reset-password?token='))![0];

test('a forgotten password is reset through the mailed link, which then stops working', async ({ page }) => {
  const email = 'individual@demo.pinoyproperty.ph';
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Forgot Password' })
    .or(page.getByRole('link', { name: 'Forgot Password' }))
    .click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/If an account exists for this address/)).toBeVisible();

  const link = new URL(await resetLinkFor(email));
  await page.goto(`${link.pathname}${link.search}`);
  await expectAccessible(page);
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await page.getByLabel('New Password', { exact: true }).fill('Fresh12345');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh1234');
  await expect(reset).toBeDisabled();
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh12345');
  await reset.click();
  await expect(page.getByText('Your password has been changed. You can sign in now').first()).toBeVisible();

  await signIn(page, email, 'Fresh12345');
  await signOut(page);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('Again12345');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Again12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired').first()).toBeVisible();
  expect(E2E.demoPassword).not.toBe('Fresh12345');
});

import { expect, test } from '@playwright/test';
import { E2E, expectAccessible, signIn, signOut } from './support.ts';

test('a user changes their own password and signs in with the new one', async ({ page }) => {
  const email = 'owner-agent@demo.pinoyproperty.ph';
  await signIn(page, email, E2E.demoPassword);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expectAccessible(page);
  await dialog.getByLabel('Current Password', { exact: true }).fill(E2E.demoPassword);
  await dialog.getByLabel('New Password', { exact: true }).fill('Changed123');
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Changed124');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Changed123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await signOut(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E.demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid Login Details')).toBeVisible();
  await signIn(page, email, 'Changed123');
  await signOut(page);
});

test('a permission revoked from Agent leaves the menu of a signed-in Agent, without signing in again', async ({
  browser,
}) => {
  const agent = await browser.newPage();
  await signIn(agent, 'agent@demo.pinoyproperty.ph', E2E.demoPassword);
  const agentMenu = agent.getByRole('navigation', { name: 'Main menu' });
  await agentMenu.getByText('Property', { exact: true }).click();
  await expect(agentMenu.getByText('Property List', { exact: true })).toBeVisible();

  const admin = await browser.newPage();
  await signIn(admin, E2E.adminEmail, E2E.adminPassword);
  await admin.goto('/home/permission/role-permission-list');
  await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill('Agent');
  await admin.getByRole('button', { name: 'Assign Permission to Agent', exact: true }).click();
  const propertyList = admin.getByLabel('Property List', { exact: true });
  await expect(propertyList).toBeChecked();
  await propertyList.click();
  await expect(admin.getByText('Record Saved')).toBeVisible();

  // Property List is the Agent's only entry of the Property group, so the whole group goes.
  await agent.reload();
  const menuAfter = agent.getByRole('navigation', { name: 'Main menu' });
  await expect(menuAfter.getByText('Reports', { exact: true })).toBeVisible();
  await expect(menuAfter.getByText('Property', { exact: true })).toHaveCount(0);

  // Put it back for the other tests.
  await propertyList.click();
  await expect(propertyList).toBeChecked();
  await agent.reload();
  const restored = agent.getByRole('navigation', { name: 'Main menu' });
  await restored.getByText('Property', { exact: true }).click();
  await expect(restored.getByText('Property List', { exact: true })).toBeVisible();
  await agent.close();
  await admin.close();
});

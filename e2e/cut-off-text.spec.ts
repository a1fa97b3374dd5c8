import { expect, test } from '@playwright/test';
import { E2E, apiHeaders, signIn } from './support.ts';

/**
 * Issue 21 item 9: text cut off with an ellipsis can still be read, and Property Tracking's columns fit
 * the table at 1440 px.
 */

test('a long e-mail cut off in the Users list shows whole in a tooltip, on hover and on focus', async ({
  page,
  request,
}) => {
  const email = `a.rather.long.mailbox.for.the.tooltip.${Date.now()}@visayas-homes-realty.example.ph`;
  const headers = await apiHeaders(request);
  const agencies = await request.get('/api/GetAgencyWithoutPagination', { headers });
  const saved = await request.post('/api/SaveUser', {
    headers,
    data: {
      first_name: 'Tooltip',
      last_name: 'Tester',
      role_id: 4,
      user_email: email,
      phone_1: '09170002222',
      associated_agency_id: (await agencies.json()).resultData[0].agency_id as number,
      is_address_same_as_agency: 1,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto(`/home/users/AgentOperator/agent-operator?q=${encodeURIComponent(email)}`);
  const cell = page.getByRole('grid', { name: 'Users' }).getByRole('gridcell', { name: email });
  await expect(cell).toBeVisible();
  // The e-mail is cut off on screen: wider than its cell.
  expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  const tooltip = page.getByRole('tooltip');
  await cell.hover();
  await expect(tooltip).toHaveText(email);
  await page.getByRole('heading', { level: 1, name: 'Users' }).hover();
  await expect(tooltip).toBeHidden();

  // The keyboard: the cell's focus shows it, Escape hides it.
  await cell.focus();
  await expect(tooltip).toHaveText(email);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
});

test("Property Tracking's last column is inside the table at 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/home/reports/property-tracking-report');
  const grid = page.getByRole('grid');
  const last = grid.getByRole('columnheader', { name: 'Operator Name' });
  await expect(last).toBeVisible();
  // The grid's scroll box is what shows of it: the last header ends inside that box.
  const shown = (await grid.locator('..').boundingBox())!;
  const header = (await last.boundingBox())!;
  expect(header.x + header.width).toBeLessThanOrEqual(shown.x + shown.width);
});

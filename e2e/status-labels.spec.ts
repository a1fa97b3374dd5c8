import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E, apiHeaders, expectAccessible, signIn } from './support.ts';

/**
 * Issue 21 item 12: a status switch says which status it shows, in words beside it and in its name,
 * so a New user no longer looks like an Inactive one.
 */

// Names take letters only: the run's time, its digits as letters, keeps them apart from other runs'.
const STAMP = [...String(Date.now())].map((d) => 'abcdefghij'[Number(d)]).join('');
const NEW_USER = { first: 'Newly', last: `Joined${STAMP}` };
const INACTIVE_USER = { first: 'Gone', last: `Away${STAMP}` };

/** An Operator of the demo agency with this status, saved through the API as an administrator would. */
async function saveOperator(
  request: APIRequestContext,
  who: { first: string; last: string },
  status: 'New' | 'Inactive',
) {
  const headers = await apiHeaders(request);
  const agencies = await request.get('/api/GetAgencyWithoutPagination', { headers });
  const agencyId = (await agencies.json()).resultData[0].agency_id as number;
  const saved = await request.post('/api/SaveUser', {
    headers,
    data: {
      first_name: who.first,
      last_name: who.last,
      role_id: 4,
      user_email: `${who.first.toLowerCase()}.${who.last.toLowerCase()}@staff.example.ph`,
      phone_1: '09170002222',
      associated_agency_id: agencyId,
      is_address_same_as_agency: 1,
      user_status: status,
      ...(status === 'Inactive' && { reason: 'Left the agency' }),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The row of `name` in the grid: its switch by its whole name, and the status written beside it. */
async function expectStatus(page: Page, name: string, status: 'New' | 'Active' | 'Inactive') {
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: name });
  const toggle = row.getByLabel(`Status of ${name}: ${status}`, { exact: true });
  await expect(toggle).toBeVisible();
  if (status === 'Active') await expect(toggle).toBeChecked();
  else await expect(toggle).not.toBeChecked();
  const cell = row.getByRole('gridcell').filter({
    has: page.getByLabel(`Status of ${name}: ${status}`, { exact: true }),
  });
  await expect(cell).toHaveText(status);
  return row;
}

test.beforeAll(async ({ request }) => {
  await saveOperator(request, NEW_USER, 'New');
  await saveOperator(request, INACTIVE_USER, 'Inactive');
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px the user lists say New, Active and Inactive beside each switch`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);

    await page.goto(`/home/users/ApproveUser/approve-user?q=${STAMP}`);
    const newRow = await expectStatus(page, `${NEW_USER.first} ${NEW_USER.last}`, 'New');
    const inactiveRow = await expectStatus(page, `${INACTIVE_USER.first} ${INACTIVE_USER.last}`, 'Inactive');
    // New is marked apart from Inactive, not only by its word: an icon beside it (a switch has none).
    await expect(newRow.getByRole('gridcell').filter({ hasText: /^New$/ }).locator('svg')).toHaveCount(1);
    await expect(
      inactiveRow
        .getByRole('gridcell')
        .filter({ hasText: /^Inactive$/ })
        .locator('svg'),
    ).toHaveCount(0);
    if (size.width === 1440) {
      test.setTimeout(120_000); // the scan is slow on a busy machine
      await expectAccessible(page);
    }

    // The confirmation's Cancel leaves the words as they were.
    await newRow.getByLabel(/^Status of /).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectStatus(page, `${NEW_USER.first} ${NEW_USER.last}`, 'New');

    await page.goto('/home/users/AgentOperator/agent-operator?q=operator%40demo');
    await expectStatus(page, 'Operator Demo', 'Active');
  });
}

test('the master and role lists say Active or Inactive beside each switch', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/home/master/role/role-master?q=Operator');
  await expectStatus(page, 'Operator', 'Active');
  await page.goto('/home/master/province/province-master?q=Cebu');
  await expectStatus(page, 'Cebu', 'Active');
});

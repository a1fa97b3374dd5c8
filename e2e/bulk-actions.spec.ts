import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS } from './fits.ts';
import { apiHeaders, createListing, E2E, expectAccessible, signIn } from './support.ts';

/** Two Operators named `<last> …`, saved through the API (an agency's address as theirs). */
async function twoOperators(request: APIRequestContext, last: string) {
  const headers = await apiHeaders(request);
  const agencies = await request.get('/api/GetAgencyWithoutPagination', { headers });
  const agencyId = (await agencies.json()).resultData[0].agency_id as number;
  for (const first of ['Ana', 'Ben']) {
    const saved = await request.post('/api/SaveUser', {
      headers,
      data: {
        first_name: first,
        last_name: last,
        role_id: 4,
        user_email: `${first}.${last}.${Date.now()}@staff.example.ph`.toLowerCase(),
        phone_1: '09170001111',
        associated_agency_id: agencyId,
        is_address_same_as_agency: 1,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

/** Confirms the open bulk action and reads its result (`scan`: with an accessibility scan of it). */
async function confirmAndReadResult(page: Page, title: string, summary: string, scan = false) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const result = page.getByRole('dialog', { name: 'Result' });
  await expect(result).toContainText(summary);
  if (scan) {
    await expect(dialog).toBeHidden(); // scanned alone, not under the confirmation's fading backdrop
    await expectAccessible(page);
  }
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toBeHidden();
}

test.describe('Bulk actions', () => {
  for (const size of WIDTHS) {
    test(`users: select a page, deactivate with a reason, read the result (${size.width} px)`, async ({
      page,
      request,
    }) => {
      // Letters only (a name's rule): the time in base 26.
      const tag = [...(Date.now() % 1e7).toString(26)]
        .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
        .join('');
      const last = `Bulk${size.width === 390 ? 'phone' : 'desk'}${tag}`;
      await twoOperators(request, last);
      await page.setViewportSize(size);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/users/AgentOperator/agent-operator');
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(last);
      await expect(page.getByRole('gridcell', { name: `Ana ${last}`, exact: true })).toBeVisible();
      await expect(page.getByText('2 Records Found')).toBeVisible();

      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      const bar = page.getByRole('region', { name: 'Selected rows' });
      await expect(bar).toContainText('2 selected');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/bulk-users-${size.width}.png`, fullPage: true });

      await bar.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Users' });
      await expect(dialog).toContainText('Deactivate 2 selected users?');
      // Yes waits for the reason.
      await expect(dialog.getByRole('button', { name: 'Yes' })).toBeDisabled();
      await dialog.getByLabel('Reason for Inactive').fill('Season over');
      await expectAccessible(page);
      await confirmAndReadResult(page, 'Deactivate Users', '2 changed');
      await expect(page.getByLabel(`Status of Ana ${last}`)).not.toBeChecked();
      await expect(page.getByLabel(`Status of Ben ${last}`)).not.toBeChecked();
      await expect(bar).toBeHidden();

      // One row chosen: deactivating it again is refused, and the result says why.
      await page.getByRole('checkbox', { name: `Select Ana ${last}` }).check();
      await bar.getByRole('button', { name: 'Deactivate' }).click();
      await page
        .getByRole('dialog', { name: 'Deactivate Users' })
        .getByLabel('Reason for Inactive')
        .fill('Again');
      // At 390 px Close opens under the pointer that clicked Yes: the scan sees it hovered too.
      await confirmAndReadResult(page, 'Deactivate Users', '0 changed, 1 refused: already Inactive', true);
    });
  }

  for (const size of WIDTHS) {
    // One test per width, each with its own listings: the two widths in one test, each with its scan,
    // outran the test's time on a loaded CI machine.
    test(`Property List: cards chosen, status changed (${size.width} px)`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const headers = await apiHeaders(request);
      const name = `Bulk Card Lot ${size.width} ${Date.now() % 100000}`;
      await createListing(request, headers, `${name} A`);
      await createListing(request, headers, `${name} B`);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.setViewportSize(size);
      await page.goto(`/home/Property/property-list?q=${encodeURIComponent(name)}`);
      await expect(page.getByText('2 Records Found')).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading data' })).toHaveCount(0);
      await page.getByRole('checkbox', { name: `Select ${name} A` }).check();
      await page.getByRole('checkbox', { name: `Select ${name} B` }).check();
      const bar = page.getByRole('region', { name: 'Selected rows' });
      await expect(bar).toContainText('2 selected');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/bulk-cards-${size.width}.png`, fullPage: true });

      const status = size.width === 390 ? 'Sold' : 'Pending';
      await bar.getByRole('button', { name: 'Change status' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Status of Listings' });
      await dialog.getByLabel('New status').click();
      await page.getByRole('option', { name: status }).click();
      await confirmAndReadResult(page, 'Change Status of Listings', '2 changed');
      await expect(page.getByRole('article').filter({ hasText: `${name} A` })).toContainText(status);
    });
  }

  test("Property List: 'Select all N matching' under a status filter acts on the filtered listings only", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request);
    const name = `Bulk Filter Lot ${Date.now() % 100000}`;
    const ids: number[] = [];
    for (let i = 1; i <= 9; i++) ids.push((await createListing(request, headers, `${name} ${i}`)).id);
    // Eight Pending (more than the page of 7), the ninth Sold: outside the filter.
    for (const [status, chosen] of [
      ['Pending', ids.slice(0, 8)],
      ['Sold', ids.slice(8)],
    ] as const) {
      const set = await request.post('/api/bulkPropertyStatus', { headers, data: { ids: chosen, status } });
      expect(set.status(), await set.text()).toBe(200);
    }
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.setViewportSize(WIDTHS[1]);
    await page.goto(`/home/Property/property-list?q=${encodeURIComponent(name)}&status=Pending&size=7`);
    await expect(page.getByRole('button', { name: 'Remove filter: Status: Pending' })).toBeVisible();
    await expect(page.getByText('8 Records Found')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await expect(bar).toContainText('7 selected');
    await bar.getByRole('button', { name: 'Select all 8 matching' }).click();
    await expect(bar).toContainText('All 8 matching listings selected');
    await expectAccessible(page);
    await bar.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Status of Listings' });
    await expect(dialog).toContainText('Change the status of 8 selected listings?');
    await dialog.getByLabel('New status').click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await confirmAndReadResult(page, 'Change Status of Listings', '8 changed');
    await expect(page.getByText('No Data Found')).toBeVisible(); // none is Pending now

    await page.getByRole('button', { name: 'Remove filter: Status: Pending' }).click();
    await expect(page.getByText('9 Records Found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Properties per page' }).click();
    await page.getByRole('option', { name: '15' }).click();
    const card = (n: number) => page.getByRole('article').filter({ hasText: `${name} ${n}` });
    await expect(card(9)).toContainText('Sold');
    await expect(card(1)).toContainText('Archived');
  });
});

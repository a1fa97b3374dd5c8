import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS } from './fits.ts';
import { apiHeaders, createListing, E2E, expectAccessible, signIn } from './support.ts';

/** Letters only, unique per run: the time in base 26 (names are searched for). */
const tagOf = (prefix: string) =>
  prefix +
  [...(Date.now() % 1e7).toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');

/**
 * Records saved through the API as copies of the demo's first one (`list`, `byId`, `save` calls), each
 * under a new name.
 */
async function copies(
  request: APIRequestContext,
  calls: { list: string; byId: string; save: string },
  keys: { id: string; name: string },
  names: string[],
) {
  const headers = await apiHeaders(request);
  const list = await request.get(`/api/${calls.list}`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  const first = (await list.json()).resultData.data[0] as Record<string, unknown>;
  const byId = await request.get(`/api/${calls.byId}`, {
    headers,
    params: { [keys.id]: first[keys.id] as number },
  });
  const record = (await byId.json()).resultData[0] as Record<string, unknown>;
  for (const name of names) {
    const data = { ...record, [keys.id]: undefined, [keys.name]: name, status: 'Active' };
    const saved = await request.post(`/api/${calls.save}`, { headers, data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

/** Searches the list for `tag` and waits for its `n` rows. */
async function search(page: Page, tag: string, n: number) {
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(tag);
  // The search is in the address once it applies (a selection made before would start afresh).
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.split(' ')[0]}`));
  await expect(page.getByText(`${n} Records Found`)).toBeVisible();
}

/** Opens the bulk action, confirms it, reads the result and closes it. */
async function act(page: Page, button: string, title: string, summary: string, fill?: [string, string]) {
  await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  if (fill) {
    await expect(dialog.getByRole('button', { name: 'Yes' })).toBeDisabled();
    await dialog.getByLabel(fill[0]).fill(fill[1]);
  }
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const result = page.getByRole('dialog', { name: 'Result' });
  await expect(result).toContainText(summary);
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toBeHidden();
}

test.describe('Bulk actions on organisations, sellers and listings', () => {
  for (const size of WIDTHS) {
    test(`agencies: deactivate with a reason, then delete (${size.width} px)`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const tag = tagOf(size.width === 390 ? 'Bulkagphone' : 'Bulkagdesk');
      await copies(
        request,
        { list: 'getagency', byId: 'GetAgencyById', save: 'saveagency' },
        { id: 'agency_id', name: 'agency_name' },
        [`${tag} One`, `${tag} Two`],
      );
      await page.setViewportSize(size);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/Agency/agency');
      await search(page, tag, 2);
      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      const bar = page.getByRole('region', { name: 'Selected rows' });
      await expect(bar).toContainText('2 selected');
      await expect(bar.getByRole('button', { name: 'Export selection' })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/bulk-agencies-${size.width}.png`, fullPage: true });

      await act(page, 'Deactivate', 'Deactivate Agencies', '2 changed', ['Reason for Inactive', 'Closed']);
      await expect(page.getByRole('row', { name: new RegExp(`${tag} One`) })).toContainText('Inactive');
      await page.getByRole('checkbox', { name: `Select ${tag} Two` }).check();
      await act(page, 'Delete', 'Delete Agencies', '1 changed');
      await expect(page.getByText('1 Records Found')).toBeVisible();
      await expect(page.getByRole('gridcell', { name: `${tag} Two`, exact: true })).toHaveCount(0);
    });
  }

  test('sellers: chosen rows deleted, at 1440 and 390 px', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    for (const size of WIDTHS) {
      const tag = tagOf(`Bulksel${size.width}`);
      await copies(
        request,
        { list: 'GetSeller', byId: 'getSellerById', save: 'saveSeller' },
        { id: 'seller_id', name: 'seller_name' },
        [`${tag} One`, `${tag} Two`],
      );
      await page.setViewportSize(size);
      await page.goto('/home/Seller/seller');
      await search(page, tag, 2);
      await page.getByRole('checkbox', { name: `Select ${tag} One` }).check();
      await page.getByRole('checkbox', { name: `Select ${tag} Two` }).check();
      await expect(page.getByRole('region', { name: 'Selected rows' })).toContainText('2 selected');
      await expectAccessible(page);
      await act(page, 'Delete', 'Delete Sellers', '2 changed');
      await expect(page.getByText('No Data Found')).toBeVisible();
    }
  });

  test('Property List: Delete removes the Suspended listing and says why the other stays', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const headers = await apiHeaders(request);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    for (const size of WIDTHS) {
      const name = `Bulk Delete Lot ${size.width} ${Date.now() % 100000}`;
      const doomed = await createListing(request, headers, `${name} A`);
      await createListing(request, headers, `${name} B`);
      const suspended = await request.post('/api/bulkPropertyStatus', {
        headers,
        data: { ids: [doomed.id], status: 'Suspended', suspendedReason: 'Duplicate' },
      });
      expect(suspended.status(), await suspended.text()).toBe(200);
      await page.setViewportSize(size);
      await page.goto('/home/Property/property-list');
      await search(page, name, 2);
      await page.getByRole('checkbox', { name: `Select ${name} A` }).check();
      await page.getByRole('checkbox', { name: `Select ${name} B` }).check();
      await expectAccessible(page);
      await act(
        page,
        'Delete',
        'Delete Listings',
        '1 changed, 1 refused: Only a Suspended property can be deleted',
      );
      await expect(page.getByText('1 Records Found')).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: `${name} B` })).toBeVisible();
    }
  });
});

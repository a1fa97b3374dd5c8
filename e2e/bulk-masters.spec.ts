import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS } from './fits.ts';
import { apiHeaders, E2E, expectAccessible, newOperator, signIn } from './support.ts';

/** Letters only (a name's rule): the time in base 26, with the width, so each run names its own rows. */
const tagFor = (width: number) =>
  `${width === 390 ? 'phone' : 'desk'}${[...(Date.now() % 1e7).toString(26)]
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('')}`;

/** Saves records through the API as an admin would: `call` with each of `bodies`. */
async function saveAll(request: APIRequestContext, call: string, bodies: object[]) {
  const headers = await apiHeaders(request);
  for (const data of bodies) {
    const saved = await request.post(`/api/${call}`, { headers, data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

async function search(page: Page, text: string, found: number) {
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(text);
  await expect(page.getByText(`${found} Records Found`)).toBeVisible();
}

/** Opens a bulk action from the bar, confirms it and waits for its result. */
async function runAction(page: Page, action: string, title: string, question: string, summary: string) {
  await page
    .getByRole('region', { name: 'Selected rows' })
    .getByRole('button', { name: action, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const result = page.getByRole('dialog', { name: 'Result' });
  await expect(result).toContainText(summary);
  return result;
}

async function closeResult(page: Page) {
  const result = page.getByRole('dialog', { name: 'Result' });
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toBeHidden();
}

test.describe('Bulk actions on masters and roles', () => {
  for (const size of WIDTHS) {
    test(`Amenity: select a page, deactivate, delete one (${size.width} px)`, async ({ page, request }) => {
      test.setTimeout(180_000); // accessibility scans on a busy machine
      const name = `Bulkamenity ${tagFor(size.width)}`;
      await saveAll(request, 'SaveMasterAmenity', [{ name: `${name} A` }, { name: `${name} B` }]);
      await page.setViewportSize(size);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/master/amenity/amenity-master');
      await search(page, name, 2);

      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      const bar = page.getByRole('region', { name: 'Selected rows' });
      await expect(bar).toContainText('2 selected');
      for (const action of ['Activate', 'Deactivate', 'Delete', 'Export selection'])
        await expect(bar.getByRole('button', { name: action, exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/bulk-amenity-${size.width}.png`, fullPage: true });

      await runAction(
        page,
        'Deactivate',
        'Deactivate Amenity Records',
        'Deactivate 2 selected amenity records?',
        '2 changed',
      );
      if (size.width === 1440) await expectAccessible(page);
      await closeResult(page);
      await expect(page.getByLabel(`Status of ${name} A`)).not.toBeChecked();
      await expect(page.getByLabel(`Status of ${name} B`)).not.toBeChecked();
      await expect(bar).toBeHidden();

      // Deactivating one again is refused, and the result says why.
      await page.getByRole('checkbox', { name: `Select ${name} A` }).check();
      await runAction(
        page,
        'Deactivate',
        'Deactivate Amenity Records',
        'Deactivate 1 selected amenity record?',
        '0 changed, 1 refused: already Inactive',
      );
      await closeResult(page);

      await page.getByRole('checkbox', { name: `Select ${name} B` }).check();
      await runAction(
        page,
        'Delete',
        'Delete Amenity Records',
        'Delete 1 selected amenity record?',
        '1 changed',
      );
      await closeResult(page);
      await expect(page.getByText('1 Records Found')).toBeVisible();
      await expect(page.getByRole('gridcell', { name: `${name} B`, exact: true })).toHaveCount(0);
    });

    test(`Roles: select all matching across pages, deactivate, delete (${size.width} px)`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const name = `Bulkrole ${tagFor(size.width)}`;
      // One more than a page (7 rows): 'Select all 8 matching' reaches the rows of page two.
      const names = Array.from({ length: 8 }, (_, i) => `${name} ${String.fromCharCode(97 + i)}`);
      await saveAll(
        request,
        'webSaveRole',
        names.map((roleName) => ({ roleName })),
      );
      await page.setViewportSize(size);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/master/role/role-master');
      await search(page, name, 8);

      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      const bar = page.getByRole('region', { name: 'Selected rows' });
      await expect(bar).toContainText('7 selected');
      await bar.getByRole('button', { name: 'Select all 8 matching' }).click();
      await expect(bar).toContainText('All 8 matching roles selected');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/bulk-roles-${size.width}.png`, fullPage: true });

      await runAction(page, 'Deactivate', 'Deactivate Roles', 'Deactivate 8 selected roles?', '8 changed');
      await closeResult(page);
      await expect(page.getByLabel(`Status of ${names[0]}`)).not.toBeChecked();

      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      await bar.getByRole('button', { name: 'Select all 8 matching' }).click();
      await runAction(page, 'Delete', 'Delete Roles', 'Delete 8 selected roles?', '8 changed');
      await closeResult(page);
      await expect(page.getByText('0 Records Found')).toBeVisible();
    });
  }

  test('no row checkboxes for a user who may not switch or delete', async ({ page, request }) => {
    // An Operator reads the masters and roles (menu permissions) but holds no Enable/Delete Master.
    const operator = await newOperator(request, 'Bulkviewer');
    await signIn(page, operator.email, operator.password);
    await page.goto('/home/master/amenity/amenity-master');
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expect(page.getByRole('gridcell').first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select this page' })).toHaveCount(0);
  });
});

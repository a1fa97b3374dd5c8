import { expect, test } from '@playwright/test';
import { E2E, apiHeaders, expectAccessible, signIn } from './support.ts';
import { WIDTHS, misfits, settle } from './fits.ts';

// Runs last (the files run in name order): the 10,001 sellers it adds would change what earlier lists
// count.
const WORD = 'Malawak';
const LAST = `${WORD} Huli`;
const OLDER = 'Alon';
const SELLERS = '/home/Seller/seller';

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  const headers = await apiHeaders(request);
  const lookup = async (call: string, params: Record<string, number> = {}) => {
    const res = await request.get(`/api/${call}`, { headers, params });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).resultData as Record<string, number>[];
  };
  const province_id = (await lookup('GetProvinceWithoutPagination'))[0]!.province_id!;
  const town_id = (await lookup('GetTownWithoutPagination', { provinceId: province_id }))[0]!.town_id!;
  const barangay_id = (await lookup('GetBarangayWithoutPagination', { townId: town_id }))[0]!.barangay_id!;
  const agency_id = (await lookup('GetAgencyWithoutPagination'))[0]!.agency_id!;
  const save = async (name: string, n: number) => {
    const res = await request.post('/api/saveSeller', {
      headers,
      data: {
        seller_name: name,
        property_owner_name: 'Lorna Dizon',
        phone_1: `0918${String(n).padStart(7, '0')}`,
        house_no: '7',
        street_name: 'Mabini Street',
        zipcode: '6000',
        province_id,
        town_id,
        barangay_id,
        agency_id,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const saveAll = async (names: string[], first: number) => {
    for (let i = 0; i < names.length; i += 20)
      await Promise.all(names.slice(i, i + 20).map((name, j) => save(name, first + i + j)));
  };
  // Older sellers first in name order, none a match: a walk of the name order meets no match in its
  // first 500 rows, so the page is not sorted at once (where it would be, it is sorted).
  await saveAll(
    Array.from({ length: 600 }, (_, i) => `${OLDER} ${i + 1}`),
    20_001,
  );
  // More matches than a search counts exactly (10,000), the last of them saved last: the newest.
  await saveAll(
    Array.from({ length: 10_000 }, (_, i) => `${WORD} ${i + 1}`),
    1,
  );
  await save(LAST, 10_001);
});

for (const size of WIDTHS) {
  test(`a search of more than 10,000 sellers shows the newest first, and sorts on request (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(SELLERS);
    await settle(page);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(WORD.toLowerCase());

    const note = page.getByRole('alert').filter({ hasText: 'More than 10,000 matches' });
    await expect(note).toContainText('the newest are shown first');
    const grid = page.getByRole('grid');
    const firstRow = grid.getByRole('row').nth(1);
    await expect(firstRow.getByRole('gridcell', { name: LAST, exact: true })).toBeVisible();
    await expect(page.getByText(/^About \d+ Records Found$/)).toBeVisible();
    // No header claims an order the rows are not in.
    await expect(grid.locator('[aria-sort="ascending"], [aria-sort="descending"]')).toHaveCount(0);
    expect(await misfits(page, true)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/wide-search-${size.width}.png`, fullPage: true });

    await note.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(note).toBeHidden();
    await expect(firstRow.getByRole('gridcell', { name: `${WORD} 1`, exact: true })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page).toHaveURL(/sort=seller_name/);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { E2E, expectAccessible, openFromMenu, signIn } from './support.ts';

const stamp = () => `${Date.now()}`.slice(-9);
const HEADERS = { 'X-Requested-With': 'web' };

/** Setup through the API, with the browser's session (the screens under test are used through the UI). */
async function post(page: Page, call: string, data: Record<string, unknown>) {
  const res = await page.request.post(`/api/${call}`, { data, headers: HEADERS });
  expect(res.status(), `${call}: ${await res.text()}`).toBe(200);
}
async function lookupId(
  page: Page,
  call: string,
  params: string,
  idKey: string,
  nameKey: string,
  name: string,
) {
  const res = await page.request.get(`/api/${call}${params}`, { headers: HEADERS });
  const rows = ((await res.json()) as { resultData: Record<string, unknown>[] }).resultData;
  const row = rows.find((r) => r[nameKey] === name);
  expect(row, `${name} in ${call}`).toBeTruthy();
  return Number(row![idKey]);
}
async function createProvince(page: Page, name: string) {
  await post(page, 'SaveProvince', { provinceName: name });
  return lookupId(page, 'GetProvinceWithoutPagination', '', 'province_id', 'province_name', name);
}
async function createTown(page: Page, provinceId: number, name: string) {
  await post(page, 'SaveTown', { townName: name, isTownCity: 'Town', provinceId, adjacentTown: '' });
  return lookupId(
    page,
    'GetTownWithoutPagination',
    `?provinceId=${provinceId}`,
    'town_id',
    'town_name',
    name,
  );
}
async function createBarangay(page: Page, provinceId: number, townId: number, name: string, zip: string) {
  await post(page, 'SaveBarangay', {
    barangay_name: name,
    province_id: provinceId,
    town_id: townId,
    zip_code: zip,
    adjacent_barangay_id: '',
  });
}

async function openMaster(page: Page, path: string, entity: string) {
  await page.goto(`/home/master/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: entity })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(`Home>Master>${entity}`);
  await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
}

/** Narrows the list to one record by searching its (unique) name. */
async function searchFor(page: Page, name: string, count = 1) {
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
  await expect(page.getByText(`${count} Records Found`)).toBeVisible();
}

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Masters', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
  });

  test('Province: add, duplicate warning, edit, status, export, delete and in-use refusal', async ({
    page,
  }) => {
    const name = `E2E Province ${stamp()}`;
    // Reached from the side menu.
    await openFromMenu(page, 'Master', 'Province');
    await expect(page).toHaveURL(/\/home\/master\/province\/province-master/);
    await openMaster(page, 'province/province-master', 'Province');

    // Add
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Province' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeDisabled();
    await dialog.getByLabel('Name').fill(name);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText('Province saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await searchFor(page, name);

    // Typing an existing name warns, live; accessible with the dialog open.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Province' });
    await dialog.getByLabel('Name').fill(name.toUpperCase());
    await expect(dialog.getByText('Province Already Exist')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Name').fill(`${name} unused`);
    await expect(dialog.getByText('Province Already Exist')).toBeHidden();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // What was typed is not lost without asking (issue 21 item 13).
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(dialog).toBeHidden();

    // Edit: the record's own name is not flagged: the check's debounce runs out (the page's clock is
    // run past it, no sleep) without asking the server about it, and no warning shows.
    const renamed = `${name} Edited`;
    const ownNameChecks: string[] = [];
    page.on('request', (r) => {
      const asked = r.url().includes('/api/provinceExist') ? r.postDataJSON() : null;
      if (String(asked?.provinceName).toLowerCase() === name.toLowerCase()) ownNameChecks.push(r.url());
    });
    await page.clock.install();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit Province : ${name}` });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await page.clock.runFor(1000);
    await expect(dialog.getByText('Province Already Exist')).toBeHidden();
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Province updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The update's answer came after any check the dialog could have asked for its own name.
    expect(ownNameChecks).toEqual([]);
    await searchFor(page, renamed);
    // The status change below says the same sentence: the edit's own toast is gone first.
    await expect(page.getByText('Province updated successfully')).toBeHidden({ timeout: 20_000 });

    // Status: Cancel reverts, Yes changes.
    const status = page
      .getByRole('switch', { name: `Status of ${renamed}` })
      .or(page.getByRole('checkbox', { name: `Status of ${renamed}` }));
    await expect(status).toBeChecked();
    await status.click();
    let confirm = page.getByRole('dialog', { name: `Change Province : ${renamed} Status` });
    await expect(confirm).toContainText('Are you sure to change the status');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(status).toBeChecked();
    await status.click();
    confirm = page.getByRole('dialog', { name: `Change Province : ${renamed} Status` });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Province updated successfully')).toBeVisible();
    await expect(status).not.toBeChecked();

    // Export
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^Province_\d{2}-\d{2}-\d{4}\.xlsx$/);

    // Delete
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    confirm = page.getByRole('dialog', { name: `Delete Province : ${renamed}` });
    await expect(confirm).toContainText('Are you sure to delete');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Province deleted successfully')).toBeVisible();
    await expect(page.getByText('0 Records Found')).toBeVisible();

    // A province that a town uses cannot be deleted: the server's message is shown.
    const used = `E2E Used Province ${stamp()}`;
    const usedId = await createProvince(page, used);
    await createTown(page, usedId, `E2E Town of ${used}`);
    await searchFor(page, used);
    await page.getByRole('button', { name: `Delete ${used}` }).click();
    await page
      .getByRole('dialog', { name: `Delete Province : ${used}` })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByText(`Province : ${used} is used by 1 town and cannot be deleted`)).toBeVisible();
    await expect(page.getByText('1 Records Found')).toBeVisible();
  });

  test('Town: add with City/Town, province and two adjacent towns', async ({ page }) => {
    const s = stamp();
    const province = `E2E Town Province ${s}`;
    const provinceId = await createProvince(page, province);
    const east = `E2E East ${s}`;
    const west = `E2E West ${s}`;
    await createTown(page, provinceId, east);
    await createTown(page, provinceId, west);

    await openMaster(page, 'town/town-master', 'Town');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Town' });
    const name = `E2E Middle ${s}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('combobox', { name: 'City/Town' }).click();
    await page.getByRole('option', { name: 'City', exact: true }).click();
    const adjacent = dialog.getByRole('combobox', { name: 'Adjacent Town' });
    await expect(adjacent).toBeDisabled();
    await pick(page, dialog, 'Province', province);
    await pick(page, dialog, 'Adjacent Town', east);
    await pick(page, dialog, 'Adjacent Town', west);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Town saved successfully')).toBeVisible();

    await searchFor(page, name);
    const row = page.getByRole('grid').getByRole('row').nth(1);
    await expect(row).toContainText('City');
    await expect(row).toContainText(province);
    await expect(row).toContainText(`${east}, ${west}`);

    // Editing shows the chosen adjacent towns; the town itself is not offered.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Town : ${name}` });
    await expect(edit.getByRole('button', { name: east })).toBeVisible();
    await expect(edit.getByRole('button', { name: west })).toBeVisible();
    await edit.getByRole('combobox', { name: 'Adjacent Town' }).fill('E2E Middle');
    await expect(page.getByRole('option', { name })).toHaveCount(0);
    await page.keyboard.press('Escape'); // closes the options list
    await edit.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(edit).toBeHidden();
  });

  test('Barangay: add with the province → town cascade and a zip code', async ({ page }) => {
    const s = stamp();
    const province = `E2E Brgy Province ${s}`;
    const provinceId = await createProvince(page, province);
    const town = `E2E Brgy Town ${s}`;
    await createTown(page, provinceId, town);

    await openMaster(page, 'barangay/barangay-master', 'Barangay');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Barangay' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    const name = `E2E Barangay ${s}`;
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByRole('combobox', { name: 'Town' })).toBeDisabled();
    await pick(page, dialog, 'Province', province);
    await pick(page, dialog, 'Town', town);
    // Digits only, at most 6.
    await dialog.getByLabel('Zip Code').fill('60a00123');
    await expect(dialog.getByLabel('Zip Code')).toHaveValue('600012');
    await expect(add).toBeEnabled();
    // Changing the province clears the town.
    await dialog.getByRole('combobox', { name: 'Province' }).clear();
    await expect(dialog.getByRole('combobox', { name: 'Town' })).toHaveValue('');
    await expect(add).toBeDisabled();
    await pick(page, dialog, 'Province', province);
    await pick(page, dialog, 'Town', town);
    // The zip went with the place it was typed for (issue 21 item 7): it is typed again.
    await expect(dialog.getByLabel('Zip Code')).toHaveValue('');
    await dialog.getByLabel('Zip Code').fill('600012');
    await add.click();
    await expect(page.getByText('Barangay saved successfully')).toBeVisible();

    await searchFor(page, name);
    const row = page.getByRole('grid').getByRole('row').nth(1);
    await expect(row).toContainText(town);
    await expect(row).toContainText(province);
    await expect(row).toContainText('600012');
  });

  test('Property Type: add with Dwelling Yes, change it to No', async ({ page }) => {
    const name = `E2E Property Type ${stamp()}`;
    await openMaster(page, 'propertyType/propertyType-master', 'Property Type');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Property Type' });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Select Dwelling' }).click();
    await page.getByRole('option', { name: 'Yes', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Property Type saved successfully')).toBeVisible();
    await searchFor(page, name);
    const row = page.getByRole('grid').getByRole('row').nth(1);
    await expect(row).toContainText('Yes');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit Property Type : ${name}` });
    await dialog.getByRole('combobox', { name: 'Select Dwelling' }).click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Property Type updated successfully')).toBeVisible();
    await expect(row).toContainText('No');
  });

  test('Subdivision: province → town → barangay cascade, zip from the barangay, accessible dialog', async ({
    page,
  }) => {
    const s = stamp();
    const province = `E2E Subd Province ${s}`;
    const provinceId = await createProvince(page, province);
    const town = `E2E Subd Town ${s}`;
    const townId = await createTown(page, provinceId, town);
    const barangay = `E2E Subd Barangay ${s}`;
    await createBarangay(page, provinceId, townId, barangay, '6014');
    const neighbour = `E2E Neighbour Subd ${s}`;
    await post(page, 'SaveSubdivision', {
      subdivision_name: neighbour,
      province_id: provinceId,
      town_id: townId,
      barangay_id: null,
      zip_code: '',
      adjacent_subdivision: '',
    });

    await openMaster(page, 'subdivision/subdivision-master', 'Subdivision');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Subdivision' });
    const name = `E2E Subdivision ${s}`;
    await dialog.getByLabel('Name').fill(name);
    await pick(page, dialog, 'Province', province);
    await pick(page, dialog, 'Town', town);
    await pick(page, dialog, 'Barangay', barangay);
    await expect(dialog.getByLabel('Zip Code')).toHaveValue('6014');
    await pick(page, dialog, 'Adjacent Subdivisions', neighbour);
    await expectAccessible(page);

    // The dialog moves when its title is dragged.
    const title = dialog.getByRole('heading', { name: 'Add New Subdivision' });
    const before = (await dialog.boundingBox())!;
    const box = (await title.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    const after = (await dialog.boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(60);

    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Subdivision saved successfully')).toBeVisible();
    await searchFor(page, name);
    const row = page.getByRole('grid').getByRole('row').nth(1);
    for (const text of [barangay, town, province, '6014']) await expect(row).toContainText(text);

    // The status switch sends the full row back (barangay, zip and adjacency included).
    await page
      .getByRole('switch', { name: `Status of ${name}` })
      .or(page.getByRole('checkbox', { name: `Status of ${name}` }))
      .click();
    await page
      .getByRole('dialog', { name: `Change Subdivision : ${name} Status` })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByText('Subdivision updated successfully')).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Subdivision : ${name}` });
    await expect(edit.getByRole('combobox', { name: 'Barangay' })).toHaveValue(barangay);
    await expect(edit.getByRole('button', { name: neighbour })).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  for (const width of [1440, 390])
    test(`Barangay at ${width} px: an Inactive neighbour keeps its name in the edit form and can be removed`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const s = stamp();
      const provinceId = await createProvince(page, `E2E Adj Province ${s}`);
      const townId = await createTown(page, provinceId, `E2E Adj Town ${s}`);
      // Real barangay names hold commas, which the row's comma-joined names cannot tell apart.
      const [name, apaya, quiet] = [`E2E Adj Barangay ${s}`, `Bgy. No. 42, Apaya ${s}`, `E2E Quiet ${s}`];
      for (const [i, n] of [apaya, quiet].entries())
        await createBarangay(page, provinceId, townId, n, `700${i}`);
      const idOf = (n: string) =>
        lookupId(
          page,
          'GetBarangayWithoutPagination',
          `?townId=${townId}`,
          'barangay_id',
          'barangay_name',
          n,
        );
      const [apayaId, quietId] = [await idOf(apaya), await idOf(quiet)];
      await post(page, 'SaveBarangay', {
        barangay_name: name,
        province_id: provinceId,
        town_id: townId,
        zip_code: '7009',
        adjacent_barangay_id: `${apayaId},${quietId}`,
      });
      await post(page, 'UpdateBarangay', {
        barangay_id: quietId,
        barangay_name: quiet,
        province_id: provinceId,
        town_id: townId,
        zip_code: '7001',
        barangay_status: 'Inactive',
      });

      await openMaster(page, 'barangay/barangay-master', 'Barangay');
      await searchFor(page, name);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit Barangay : ${name}` });
      const field = edit.getByRole('combobox', { name: 'Adjacent Barangays' });
      await expect(edit.getByRole('button', { name: apaya, exact: true })).toBeVisible();
      const inactive = edit.getByRole('button', { name: `${quiet} (Inactive)` });
      await expect(inactive).toBeVisible();
      await expectAccessible(page);
      // Removed, it is not offered again: only Active barangays of the town are.
      await inactive.locator('.MuiChip-deleteIcon').click();
      await expect(inactive).toHaveCount(0);
      await field.fill(quiet);
      await expect(page.getByText('No options')).toBeVisible();
      await page.keyboard.press('Escape');
      await edit.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Barangay updated successfully')).toBeVisible();
      const row = page.getByRole('grid').getByRole('row').nth(1);
      await expect(row).toContainText(apaya);
      await expect(row).not.toContainText(quiet);
    });

  test('Amenity at a 390 px phone width: the list and its Add dialog are accessible', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openMaster(page, 'amenity/amenity-master', 'Amenity');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Amenity' }).click();
    await expect(page.getByRole('dialog', { name: 'Add New Amenity' })).toBeVisible();
    await expectAccessible(page);
  });

  test('every master route opens its screen (no Coming Soon), including Amenities', async ({ page }) => {
    const routes: [string, string][] = [
      ['capability/capability-master', 'Capability'],
      ['category/category-master', 'Product Category'],
      ['productMode/productMode-master', 'Product Mode'],
      ['agriType/agriType-master', 'Agri Type'],
      ['propertyClassification/propertyClassification-master', 'Property Classification'],
      ['zonningCode/zonningCode-master', 'Zoning Code'],
      ['specialization/specialization-master', 'Specialization'],
      ['userSkills/userSkills-master', 'User Skills'],
      ['amenity/amenity-master', 'Amenity'],
    ];
    for (const [path, entity] of routes) await openMaster(page, path, entity);
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Amenities' }),
    ).toBeAttached();

    // A simple master end to end: add then find it.
    const name = `E2E Skill ${stamp()}`;
    await openMaster(page, 'userSkills/userSkills-master', 'User Skills');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User Skills' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('User Skills saved successfully')).toBeVisible();
    await searchFor(page, name);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E, apiHeaders, createListing, expectAccessible, saveListing, signIn } from './support.ts';

/**
 * Issue 21 items 7, 8 and 11: the listing form's numbers (letters refused as typed, thousands
 * separators read and shown, plain messages, plain numbers on the wire) and its zip code following the
 * chosen place; multi-selects open for several picks, Escape closing only their list; a visible focus
 * ring on a row's icon buttons and switches.
 */
const ADMIN_EMAIL = 'admin@demo.pinoyproperty.ph';
const ADD_PROPERTY = '/home/Property/add-property';

const select = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('combobox', { name: label, exact: true });
const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('textbox', { name: label, exact: true });

async function pick(page: Page, label: string, option: string) {
  const box = select(page, label);
  await expect(box).toBeEnabled();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/.artifacts/screens/form-inputs-${name}.png`, fullPage: true });
}

/** The focus ring the theme draws on keyboard focus, as computed on `element`. */
async function expectRing(element: Locator) {
  await expect(element).toHaveCSS('outline-style', 'solid');
  await expect(element).toHaveCSS('outline-width', '2px');
}

/** Presses Tab until the focused element is `what` (at most `limit` times); answers it. */
async function tabTo(page: Page, what: 'edit' | 'switch', limit = 60): Promise<Locator> {
  const focused = page.locator('*:focus');
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const found =
      what === 'edit'
        ? ((await focused.getAttribute('aria-label')) ?? '').startsWith('Edit ')
        : (await focused.getAttribute('role')) === 'switch';
    if (found) return focused;
  }
  throw new Error(`no ${what} within ${limit} tabs`);
}

test.describe('Form inputs', () => {
  test('the listing form: numbers refuse letters and read separators; a new province clears the zip', async ({
    page,
  }) => {
    test.slow(); // the real geography's cascade, twice, and a save
    await signIn(page, ADMIN_EMAIL, E2E.demoPassword);
    await page.goto(ADD_PROPERTY);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Property' })).toBeVisible();
    await field(page, 'Property Name').fill('E2E Grouped Price Lot');
    await field(page, 'Property Headline').fill('A level lot near the IT Park');
    await field(page, 'Property Description').fill('Titled lot on a paved road, ready for building.');
    await pick(page, 'Property Classification', 'Commercial');
    await pick(page, 'Product Category', 'For Sale');
    await pick(page, 'Property Type', 'Commercial Lot');

    // Letters never appear, typed or pasted.
    const land = field(page, 'Land Area (SqM)');
    await land.pressSequentially('abc250');
    await expect(land).toHaveValue('250');
    const price = field(page, 'Sale Price Asked');
    await price.pressSequentially('₱12500000abc');
    await expect(price).toHaveValue('12500000');
    // Leaving the field shows the separators; the price per SqM reads them.
    await price.blur();
    await expect(price).toHaveValue('12,500,000');
    const perSqM = page.getByRole('textbox', { name: 'Price per SqM' });
    await expect(perSqM).toHaveValue('₱50,000');
    await price.fill('25,000,000');
    await expect(perSqM).toHaveValue('₱100,000');
    await price.fill('12,500,000');
    await expect(perSqM).toHaveValue('₱50,000');

    // What is wrong is said in plain words (the spec's own message for decimals).
    await land.fill('-250');
    await page.getByRole('button', { name: 'Save Property' }).click();
    await expect(page.getByText('Enter a number of 0 or more')).toBeVisible();
    await land.fill('250.125');
    await expect(page.getByText('Please provide Value upto 2 Decimal')).toBeVisible();
    await land.fill('250');
    await expect(page.getByText('Please provide Value upto 2 Decimal')).toBeHidden();

    // The zip follows the chosen barangay: a new province clears the town, the barangay and the zip.
    const zip = field(page, 'Zip Code');
    await pick(page, 'Province', 'Cebu');
    await pick(page, 'Town', 'Cebu City');
    await pick(page, 'Barangay', 'Apas');
    await expect(zip).toHaveValue(/^\d{4}$/);
    await pick(page, 'Province', 'Bohol');
    await expect(select(page, 'Town')).toHaveValue('');
    await expect(select(page, 'Barangay')).toHaveValue('');
    await expect(zip).toHaveValue('');
    // So does another town.
    await pick(page, 'Province', 'Cebu');
    await pick(page, 'Town', 'Cebu City');
    await pick(page, 'Barangay', 'Apas');
    await expect(zip).toHaveValue(/^\d{4}$/);
    await select(page, 'Town').click();
    await page.getByRole('option').filter({ hasNotText: 'Cebu City' }).first().click();
    await expect(select(page, 'Barangay')).toHaveValue('');
    await expect(zip).toHaveValue('');
    await pick(page, 'Town', 'Cebu City');
    await pick(page, 'Barangay', 'Apas');
    await expect(zip).toHaveValue(/^\d{4}$/);
    await field(page, 'Street Name').fill('Archbishop Reyes Avenue');
    await screenshot(page, 'listing-1440');
    await expectAccessible(page);

    // The wire carries plain numbers.
    const body = (await saveListing(page)).request().postDataJSON() as Record<string, unknown>;
    expect(body.sale_price).toBe(12_500_000);
    expect(body.land_area).toBe(250);
  });

  test('a phone refuses letters at a phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN_EMAIL, E2E.demoPassword);
    await page.goto('/home/Broker/add-broker');
    const phone = field(page, 'Primary Phone');
    await phone.pressSequentially('abc123456789');
    await expect(phone).toHaveValue('123456789');
    await phone.fill('0917-123-4567');
    await expect(phone).toHaveValue('09171234567');
  });

  test("a saved listing's amounts show their thousands separators when its form opens", async ({
    page,
    request,
  }) => {
    const headers = await apiHeaders(request);
    const { id } = await createListing(request, headers, 'E2E Separators Lot');
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(`${ADD_PROPERTY}?id=${id}`);
    await expect(field(page, 'Sale Price Asked')).toHaveValue('3,600,000.00');
    // Shown so, not changed: Cancel leaves without asking about unsaved changes.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/home\/Property\/property-list/);
  });

  test('amenities: three picked without reopening the list', async ({ page, request }) => {
    const headers = await apiHeaders(request);
    const { id } = await createListing(request, headers, 'E2E Amenities Lot');
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(`/home/Property/add-property-image?propertyId=${id}`);
    await select(page, 'Amenities').click();
    const list = page.getByRole('listbox');
    for (const amenity of ['Gym', 'Car Parking', 'Free WiFi']) {
      await list.getByRole('option', { name: amenity, exact: true }).click();
      await expect(list).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await page.getByRole('button', { name: 'Save Amenities' }).click();
    await expect(page.getByText('Amenities saved successfully')).toBeVisible();
    await page.reload();
    const chosen = page.locator('.MuiAutocomplete-root').filter({ has: select(page, 'Amenities') });
    for (const amenity of ['Gym', 'Car Parking', 'Free WiFi'])
      await expect(chosen.getByText(amenity, { exact: true })).toBeVisible();
  });

  test('Escape in an open multi-select closes its list, not the dialog and what was typed', async ({
    page,
  }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home/master/town/town-master');
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Town' });
    await dialog.getByLabel('Name').fill('E2E Typed Town');
    const province = select(dialog, 'Province');
    await province.fill('Cebu');
    await page.getByRole('option', { name: 'Cebu', exact: true }).click();
    const adjacent = select(dialog, 'Adjacent Town');
    await adjacent.click();
    const list = page.getByRole('listbox');
    await list.getByRole('option').first().click();
    await list.getByRole('option').first().click();
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('E2E Typed Town');
    await expect(province).toHaveValue('Cebu');
    await expect(dialog.locator('.MuiChip-root')).toHaveCount(2);
    await screenshot(page, 'town-dialog');
  });

  for (const width of [1440, 390]) {
    test(`a row's icon button and switch show a focus ring when tabbed to (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto('/home/master/amenity/amenity-master');
      await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('searchbox', { name: 'Search', exact: true }).focus();
      const edit = await tabTo(page, 'edit');
      await expect(edit).toHaveClass(/Mui-focusVisible/);
      await expectRing(edit);
      await screenshot(page, `focus-edit-${width}`);
      await page.getByRole('searchbox', { name: 'Search', exact: true }).focus();
      const toggle = await tabTo(page, 'switch');
      const thumb = toggle.locator('xpath=..').locator('.MuiSwitch-thumb');
      await expectRing(thumb);
      await screenshot(page, `focus-switch-${width}`);
    });
  }
});

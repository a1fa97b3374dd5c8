import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT_EMAIL, E2E, expectAccessible, openFromMenu, signIn } from './support.ts';

/**
 * Agencies, broker associations, brokers and sellers, as an Admin uses them: create an association, a
 * broker in it, an agency and a seller of that agency on real places (PSGC), then edit and deactivate
 * each; an in-use agency cannot be deleted; an Agent works only with their agency's sellers.
 */
const ADMIN_EMAIL = 'admin@demo.pinoyproperty.ph';
/** The demo Agent works for this seeded agency (and its sellers). */
const AGENT_AGENCY = 'Makati Prime Realty';

const s = `${Date.now()}`.slice(-7);
const ASSOCIATION = `E2E Cebu Brokers Association ${s}`;
const BROKER = `E2E Broker Reyes ${s}`;
const AGENCY = `E2E Visayan Realty ${s}`;
const SELLER = `E2E Seller Bautista ${s}`;

const LIST = {
  association: '/home/Broker/broker-association',
  broker: '/home/Broker/broker',
  agency: '/home/Agency/agency',
  seller: '/home/Seller/seller',
};

/** From the side menu to the list, then Add: both pages pass the accessibility scan. */
async function openAddForm(page: Page, label: string, formPath: string, heading: string) {
  await openFromMenu(page, 'Entity', label);
  await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${formPath}/0$`));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page);
}

/** Narrows a list to one record by searching its (unique) name; returns its row. */
async function findRow(page: Page, name: string) {
  // On the list itself: a record page just left may still show, with its related tables' search boxes.
  await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
  await expect(page.getByText('1 Records Found')).toBeVisible();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** The list row of a record shows each of these texts. */
async function expectRow(page: Page, name: string, texts: readonly string[]) {
  const row = await findRow(page, name);
  for (const text of texts) await expect(row).toContainText(text);
}

/** A select (combobox) by its label. */
const select = (page: Page, label: string): Locator =>
  page.getByRole('combobox', { name: label, exact: true });

/** Types into a select and picks the option of that exact name. */
async function pick(page: Page, label: string, option: string) {
  const box = select(page, label);
  await expect(box).toBeEnabled();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A text input by its label (the required mark is not part of its name). */
const field = (page: Page, label: string): Locator => page.getByRole('textbox', { name: label, exact: true });

/** Province → town → barangay through the cascading selects; the barangay fills the zip code. */
async function fillAddress(page: Page, place: { town: string; barangay: string; street: string }) {
  const zip = field(page, 'Zip Code');
  await expect(select(page, 'Town')).toBeDisabled();
  await pick(page, 'Province', 'Cebu');
  await pick(page, 'Town', place.town);
  await pick(page, 'Barangay', place.barangay);
  await expect(zip).toHaveValue(/^6\d{3}$/);
  await field(page, 'Street Name').fill(place.street);
  const house = field(page, 'House/Lot Number');
  await house.fill('27');
}

async function save(page: Page, button: string, message: string, list: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
}

/** Opens a record's form from its list row (after a search); the form passes the accessibility scan. */
async function openEdit(page: Page, list: string, name: string, entity: string) {
  await page.goto(list);
  await findRow(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${entity} : ${name}` })).toBeVisible();
  await expectAccessible(page);
}

/** Deletes a record from its list row, answering Yes to the confirmation. */
async function deleteRecord(page: Page, list: string, name: string, entity: string, text: string) {
  await page.goto(list);
  await findRow(page, name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${entity} : ${name}` });
  await expect(confirm).toContainText(text);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm).toBeHidden();
}

/** The message under a select (its helper text). */
const messageOf = (page: Page, label: string) =>
  page
    .locator('.MuiFormControl-root')
    .filter({ has: select(page, label) })
    .locator('.MuiFormHelperText-root');

/** The edit-mode switch makes the record Inactive; the reason is then required. */
async function deactivate(page: Page, switchLabel: string, saveButton: string) {
  const reason = field(page, 'Reason for Inactive');
  await expect(reason).toBeHidden();
  await page
    .getByRole('switch', { name: switchLabel })
    .or(page.getByRole('checkbox', { name: switchLabel }))
    .check();
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: saveButton, exact: true }).click();
  await expect(page.getByText('Reason for Inactive is required')).toBeVisible();
  await reason.fill('Closed its Cebu office');
}

test.describe.configure({ mode: 'serial' });

test.describe('Agencies, brokers, broker associations and sellers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, E2E.demoPassword);
  });

  test('a broker association: an invalid form sends nothing; a valid one is saved', async ({ page }) => {
    await openAddForm(
      page,
      'Broker Association',
      '/home/Broker/add-broker-association',
      'Add Broker Association',
    );
    const panel = (title: string) => page.getByRole('button', { name: title });
    await expect(panel('Basic Information')).toHaveAttribute('aria-expanded', 'true');
    await expect(panel('Address Details')).toHaveAttribute('aria-expanded', 'true');
    // A new record has no status switch.
    await expect(page.getByText('Inactive Broker Association')).toBeHidden();

    // Nothing is sent while invalid: the contract's messages show (a closed panel reopens), the page stays.
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/savebrokerassociation')) sent = true;
    });
    await panel('Address Details').click();
    await expect(panel('Address Details')).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Save Broker Association', exact: true }).click();
    await expect(panel('Address Details')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Field is required').first()).toBeVisible();
    // A phone refuses letters as typed (issue 21 item 8).
    await field(page, 'Primary Phone').fill('0917-ABC');
    await expect(field(page, 'Primary Phone')).toHaveValue('0917');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Contact Person').click();
    await expect(page.getByText('Please provide a valid email')).toBeVisible();
    await expectAccessible(page);
    expect(sent).toBe(false);
    await expect(page).toHaveURL(/add-broker-association\/0$/);

    await field(page, 'Broker Association Name').fill(ASSOCIATION);
    await field(page, 'Contact Person').fill('Maria Santos');
    await field(page, 'Email').fill(`assoc${s}@example.ph`);
    await field(page, 'Primary Phone').fill('09171234567');
    await pick(page, 'Specialization', 'Residential Sales');
    await pick(page, 'Capabilities', 'Drone Video');
    await pick(page, 'Provinces of Operations', 'Cebu');
    await pick(page, 'Provinces of Operations', 'Bohol');
    await fillAddress(page, { town: 'Cebu City', barangay: 'Lahug', street: 'Gorordo Avenue' });
    await save(page, 'Save Broker Association', 'Broker Association saved successfully', LIST.association);
    await expectRow(page, ASSOCIATION, ['Maria Santos', '09171234567', 'Active']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^BrokerAssociation_\d{2}-\d{2}-\d{4}\.xlsx$/);
  });

  test('a broker in that association', async ({ page }) => {
    await openAddForm(page, 'Broker', '/home/Broker/add-broker', 'Add Broker');
    await field(page, 'Broker Name').fill(BROKER);
    await field(page, 'Broker License Number').fill(`REB-${s}`);
    await field(page, 'Email').fill(`broker${s}@example.ph`);
    await field(page, 'Primary Phone').fill('09181234567');
    // At least one association is required.
    await page.getByRole('button', { name: 'Save Broker', exact: true }).click();
    await expect(messageOf(page, 'Broker Associations')).toHaveText('Field is required');
    await pick(page, 'Broker Associations', ASSOCIATION);
    await pick(page, 'Provinces of Operations', 'Cebu');
    await field(page, 'Notes About Broker').fill('Condominiums and lots in Metro Cebu.');
    await fillAddress(page, { town: 'Mandaue City', barangay: 'Banilad', street: 'A.S. Fortuna Street' });
    await save(page, 'Save Broker', 'Broker saved successfully', LIST.broker);
    await expectRow(page, BROKER, [`REB-${s}`, `broker${s}@example.ph`, 'Active']);
  });

  test('an agency', async ({ page }) => {
    await openAddForm(page, 'Agency', '/home/Agency/add-agency', 'Add Agency');
    await field(page, 'Agency Name').fill(AGENCY);
    await field(page, 'Owner Name').fill('Ricardo Lim');
    await field(page, 'Contact Person').fill('Ana Cruz');
    await field(page, 'Primary Phone').fill('09201234567');
    await field(page, 'Email').fill(`agency${s}@example.ph`);
    await field(page, 'Secondary Email').fill(`sales${s}@example.ph`);
    await pick(page, 'Provinces of Operations', 'Cebu');
    await pick(page, 'Specialization', 'Commercial');
    await fillAddress(page, { town: 'Cebu City', barangay: 'Apas', street: 'Salinas Drive' });
    await select(page, 'Floor').click();
    await page.getByRole('option', { name: 'Ground', exact: true }).click();
    await save(page, 'Save', 'Agency saved successfully', LIST.agency);
    await expectRow(page, AGENCY, ['Ricardo Lim', 'Ana Cruz', 'Active']);
  });

  test('a seller of that agency', async ({ page }) => {
    await openAddForm(page, 'Seller', '/home/Broker/add-seller', 'Add Seller');
    await field(page, 'Seller Name').fill(SELLER);
    await field(page, 'Primary Phone').fill('09351234567');
    // An Admin chooses the agency, and must.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(messageOf(page, 'Agency')).toHaveText('Field is required');
    await pick(page, 'Agency', AGENCY);
    await field(page, 'Email').fill(`seller${s}@example.ph`);
    await fillAddress(page, { town: 'Mandaue City', barangay: 'Bakilid', street: 'M.C. Briones Street' });
    // The submission carries an Idempotency-Key: a repeat of it cannot make a second seller.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/saveSeller'));
    await save(page, 'Save', 'Seller saved successfully', LIST.seller);
    expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await expectRow(page, SELLER, [AGENCY, '09351234567']);
  });

  test('the association is edited and deactivated; its form opens with every address level', async ({
    page,
  }) => {
    await openEdit(page, LIST.association, ASSOCIATION, 'Broker Association');
    await expect(select(page, 'Province')).toHaveValue('Cebu');
    await expect(select(page, 'Town')).toHaveValue('Cebu City');
    await expect(select(page, 'Barangay')).toHaveValue('Lahug');
    await expect(page.getByRole('button', { name: 'Bohol' })).toBeVisible();
    await field(page, 'Contact Person').fill('Jose Rizal Santos');
    await deactivate(page, 'Inactive Broker Association', 'Save Broker Association');
    await save(page, 'Save Broker Association', 'Broker Association updated successfully', LIST.association);
    await expectRow(page, ASSOCIATION, ['Jose Rizal Santos', 'Inactive']);
  });

  test('the broker is edited and deactivated', async ({ page }) => {
    await openEdit(page, LIST.broker, BROKER, 'Broker');
    await expect(select(page, 'Barangay')).toHaveValue('Banilad');
    await field(page, 'Secondary Phone').fill('09189998888');
    await deactivate(page, 'Inactive Broker', 'Save Broker');
    await save(page, 'Save Broker', 'Broker updated successfully', LIST.broker);
    await expectRow(page, BROKER, ['Inactive']);
  });

  test('the agency is edited and deactivated', async ({ page }) => {
    await openEdit(page, LIST.agency, AGENCY, 'Agency');
    await expect(field(page, 'Secondary Email')).toHaveValue(`sales${s}@example.ph`);
    await expect(select(page, 'Barangay')).toHaveValue('Apas');
    await field(page, 'Owner Name').fill('Ricardo Lim Jr');
    await deactivate(page, 'Inactive Agency', 'Save');
    await save(page, 'Save', 'Agency updated successfully', LIST.agency);
    await expectRow(page, AGENCY, ['Ricardo Lim Jr', 'Inactive']);
  });

  test('the seller is edited: another barangay, and it keeps its (now inactive) agency', async ({ page }) => {
    await openEdit(page, LIST.seller, SELLER, 'Seller');
    await expect(select(page, 'Agency')).toHaveValue(AGENCY);
    await expect(select(page, 'Barangay')).toHaveValue('Bakilid');
    await field(page, 'Property Owner Name').fill('Lourdes Bautista');
    await pick(page, 'Barangay', 'Tipolo');
    await save(page, 'Save', 'Seller updated successfully', LIST.seller);
    await expectRow(page, SELLER, ['Lourdes Bautista', AGENCY]);
  });

  test('an agency with a seller cannot be deleted: the server says why', async ({ page }) => {
    await deleteRecord(page, LIST.agency, AGENCY, 'Agency', 'Are you sure to delete');
    await expect(
      page.getByText(`Agency : ${AGENCY} is used by 1 seller and cannot be deleted`),
    ).toBeVisible();
    await expect(page.getByText('1 Records Found')).toBeVisible();

    // The seller itself can go (with its own confirmation text), and then the agency too.
    await deleteRecord(page, LIST.seller, SELLER, 'Seller', 'Are you sure to Delete the Seller');
    await expect(page.getByText('Seller deleted successfully')).toBeVisible();
    await expect(page.getByText('0 Records Found')).toBeVisible();
    await deleteRecord(page, LIST.agency, AGENCY, 'Agency', 'Are you sure to delete');
    await expect(page.getByText('Agency deleted successfully')).toBeVisible();
    await expect(page.getByText('0 Records Found')).toBeVisible();
  });
});

test.describe('Form routes', () => {
  test('an unknown id says so; the broker form also opens without an id', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, E2E.demoPassword);
    await page.goto('/home/Agency/add-agency/999999');
    await expect(page.getByText('This agency does not exist.')).toBeVisible();
    await page.goto('/home/Broker/add-broker');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Broker' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Broker' })).toBeVisible();
  });
});

test.describe('An Agent and sellers', () => {
  test("sees only their agency's sellers and no agency selector", async ({ page }) => {
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    await openFromMenu(page, 'Entity', 'Seller');
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expectAccessible(page);
    const grid = page.getByRole('grid');
    // Every listed seller is of the Agent's agency; another agency's seller is not found.
    const agencyCells = grid.locator('[role="gridcell"][data-field="agency_name"]');
    await expect(agencyCells.first()).toHaveText(AGENT_AGENCY);
    for (const text of await agencyCells.allTextContents()) expect(text).toBe(AGENT_AGENCY);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Teresita Ramos');
    await expect(page.getByText('0 Records Found')).toBeVisible();
    await expect(page.getByText('No Data Found')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    // No Delete Seller permission: no delete icons.
    await expect(grid.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    // The form has no agency selector; the new seller is of the Agent's agency.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Seller' })).toBeVisible();
    await expect(select(page, 'Agency')).toHaveCount(0);
    await expectAccessible(page);
    const name = `E2E Agent Seller ${s}`;
    await field(page, 'Seller Name').fill(name);
    await field(page, 'Primary Phone').fill('09451234567');
    await fillAddress(page, { town: 'Lapu-Lapu City', barangay: 'Mactan', street: 'M.L. Quezon Highway' });
    await save(page, 'Save', 'Seller saved successfully', LIST.seller);
    await expectRow(page, name, [AGENT_AGENCY]);

    await openEdit(page, LIST.seller, name, 'Seller');
    await expect(select(page, 'Agency')).toHaveCount(0);
    await expect(select(page, 'Town')).toHaveValue('Lapu-Lapu City');
  });
});

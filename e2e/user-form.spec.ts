import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiHeaders, E2E, expectAccessible, mailTo, newOperator, signIn } from './support.ts';

const USERS = '/home/users/AgentOperator/agent-operator';
const APPROVE = '/home/users/ApproveUser/approve-user';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Picks an option of a searchable select (single or multiple) by typing part of its name. */
async function pick(scope: Page | Locator, page: Page, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await expect(input).toBeEnabled();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title });

test.describe('Add/Edit User', () => {
  test('an admin creates an Agent with address and skills, edits it, and deactivates it with a reason', async ({
    page,
  }) => {
    const id = unique();
    const email = `maria.${id}@agents.example.ph`;
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(USERS);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add User');

    // Nothing is sent while invalid: every panel shows its messages.
    await page.getByRole('button', { name: 'Save User' }).click();
    await expect(panel(page, 'Basic Information').getByText('Field is required').first()).toBeVisible();
    await expect(panel(page, 'Other Details').getByText('Field is required').first()).toBeVisible();

    const basic = panel(page, 'Basic Information');
    await basic.getByLabel('First Name').fill('Maria');
    await basic.getByLabel('Last Name').fill(`Santos ${id.replace(/\d/g, '')}`);
    await basic.getByLabel('Email').fill(email);
    // A phone refuses letters as typed (issue 21 item 8).
    await basic.getByLabel('Primary Phone').fill('0917abc');
    await expect(basic.getByLabel('Primary Phone')).toHaveValue('0917');
    await basic.getByLabel('Primary Phone').fill('09171234567');

    // The open property limit follows the type while nobody typed one (decision 29).
    const limit = panel(page, 'Settings').getByLabel('Open Property Limit');
    await expect(limit).toHaveValue('5');
    await pick(basic, page, 'User Type', 'Operator');
    await expect(limit).toHaveValue('999');
    await pick(basic, page, 'User Type', 'Agent');
    await expect(limit).toHaveValue('5');

    const address = panel(page, 'Address Details');
    await pick(address, page, 'Province', 'Cebu');
    await pick(address, page, 'Town', 'Cebu City');
    await pick(address, page, 'Barangay', 'Apas');
    await expect(address.getByLabel('Zip Code')).toHaveValue(/^\d{4}$/);
    await address.getByLabel('Street Name').fill('Salinas Drive');
    await address.getByLabel('House/Lot Number').fill('21');

    const other = panel(page, 'Other Details');
    await pick(other, page, 'Associated Agency', 'Visayas Homes Realty');
    await pick(other, page, 'Associated Brokers', 'Andres Cruz');
    await other.getByLabel('RE Licence').fill('PRC-0042');
    await pick(other, page, 'Skills', 'Stager');
    await pick(other, page, 'Skills', 'Assessor');
    await other.getByLabel('Birth Month').click();
    await page.getByRole('option', { name: 'February' }).click();
    await other.getByLabel('Birth Day').click();
    // February's list stops at 29.
    await expect(page.getByRole('option', { name: '30' })).toHaveCount(0);
    await page.getByRole('option', { name: '14' }).click();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save User' }).click();
    await expect(page.getByText(/User saved successfully/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS}$`));

    // The list finds the new Agent; its form holds what was saved.
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(email);
    await expect(page.getByRole('gridcell', { name: email })).toBeVisible();
    await page.getByRole('button', { name: /^Edit Maria/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Edit User : Maria Santos/);
    await expect(panel(page, 'Address Details').getByLabel('Barangay')).toHaveValue('Apas');
    // The searched choosers show the saved agency and broker by name (asked for by id).
    await expect(
      panel(page, 'Other Details').getByRole('combobox', { name: 'Associated Agency', exact: true }),
    ).toHaveValue('Visayas Homes Realty');
    await expect(panel(page, 'Other Details').getByRole('button', { name: 'Andres Cruz' })).toBeVisible();
    await expect(panel(page, 'Other Details').getByRole('button', { name: 'Stager' })).toBeVisible();
    await expect(panel(page, 'Other Details').getByRole('button', { name: 'Assessor' })).toBeVisible();

    // 'Address same as agency' copies the agency's address in, read afresh.
    const edited = panel(page, 'Address Details');
    await edited.getByRole('checkbox', { name: 'Address same as agency' }).check();
    await expect(edited.getByLabel('Street Name')).toHaveValue('Banilad Road');
    await expect(edited.getByLabel('House/Lot Number')).toHaveValue('3');

    // Deactivate: the reason is required.
    const settings = panel(page, 'Settings');
    await settings.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(settings.getByText('Reason for Inactive is required')).toBeVisible();
    await settings.getByLabel('Reason for Inactive').fill('Moved to another agency');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS}$`));
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(email);
    await expect(page.getByLabel(/^Status of Maria/)).not.toBeChecked();

    // The change is in the user's status history.
    await page.getByRole('button', { name: /^Edit Maria/ }).click();
    const history = panel(page, 'Settings').getByRole('table', { name: 'Status history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Active → Inactive');
    await expect(history.getByRole('row').nth(1)).toContainText('Moved to another agency');
  });

  test('a Super Admin approves a new Super Admin with the mailed one-time code', async ({
    page,
    request,
  }) => {
    const id = unique();
    const email = `chief.${id}@example.ph`;
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    // The user-type list hides the current role (spec 1), so a Super Admin is not offered Super Admin
    // (issue 21 item 14); the one waiting here is made through the API, which still allows it (decision 40).
    await page.goto(`${USERS.replace('agent-operator', 'add-agent-operator')}`);
    const type = panel(page, 'Basic Information').getByRole('combobox', { name: 'User Type', exact: true });
    await type.click();
    await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Super Admin', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const headers = await apiHeaders(request);
    const agencies = await request.get('/api/GetAgencyWithoutPagination', { headers });
    const saved = await request.post('/api/SaveUser', {
      headers,
      data: {
        associated_agency_id: (await agencies.json()).resultData[0].agency_id as number,
        is_address_same_as_agency: 1,
        first_name: 'Chief',
        last_name: `Officer ${id.replace(/\d/g, '')}`,
        role_id: 1,
        user_email: email,
        phone_1: '09170000099',
        user_status: 'Inactive',
        reason: 'Waiting for verification',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(APPROVE);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(email);
    await page.getByRole('button', { name: /^Verify OTP for Chief/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Verify OTP : Chief/ });
    await expect(dialog).toContainText(`A verification code was sent to ${email}`);
    const code = /verification code is (\d{6})/.exec(await mailTo(email, 'verification code is'))![1]!;
    await expectAccessible(page);

    await dialog.getByLabel('OTP').fill('123');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('OTP must be of 6 characters')).toBeVisible();
    await dialog.getByLabel('OTP').fill(code === '000000' ? '000001' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('The code is not correct. 4 tries left')).toBeVisible();
    await dialog.getByLabel('OTP').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Code verified. The user is now Active')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No Data Found')).toBeVisible();
  });

  test('an Operator sees the status of users they may not change as a chip, not a switch', async ({
    page,
  }) => {
    await signIn(page, 'operator@demo.pinoyproperty.ph', E2E.demoPassword);
    await page.goto(USERS);
    // The Operator lists users of lower-ranking roles only (decision 25), and may not change Individuals.
    await page
      .getByRole('searchbox', { name: 'Search', exact: true })
      .fill('individual@demo.pinoyproperty.ph');
    const row = page.getByRole('row').filter({ hasText: 'individual@demo.pinoyproperty.ph' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  });
});

test.describe('Account Details', () => {
  test('a user changes their own profile after confirming the password', async ({ page, request }) => {
    const me = await newOperator(request, 'Olivia');
    await signIn(page, me.email, me.password);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Details' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account Details');
    const basic = panel(page, 'Basic Information');
    await expect(basic.getByLabel('Email')).toHaveValue(me.email);
    // The address came from the agency when the account was made.
    await expect(basic.getByRole('combobox', { name: 'Province', exact: true })).not.toHaveValue('');
    await expectAccessible(page);

    await basic.getByLabel('Nick Name').fill('Owen');
    await basic.getByLabel('First Name').fill('Olivia2');
    await basic.getByLabel('First Name').blur();
    await expect(basic.getByText('Only letters and spaces are allowed')).toBeVisible();
    await basic.getByLabel('First Name').fill('Owen');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
    await confirm.getByLabel('Current Password').fill('not-my-password1');
    await confirm.getByRole('button', { name: 'Save' }).click();
    // The dialog stays open at the password, to be typed again (issue 21 item 13).
    await expect(confirm.getByLabel('Current Password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    await expect(confirm).toBeVisible();

    await confirm.getByLabel('Current Password').fill(me.password);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
    await expect(page.getByRole('banner')).toContainText('Owen');
  });
});

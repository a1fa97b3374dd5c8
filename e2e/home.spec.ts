import { expect, test, type Page } from '@playwright/test';
import {
  AGENT_EMAIL,
  E2E,
  apiHeaders,
  createListing,
  expectAccessible,
  manilaToday,
  newOperator,
  signIn,
} from './support.ts';
import { misfits } from './fits.ts';

/**
 * Issue 22 item 3 (decision 45): /home shows each role what waits for it, every figure a link to its
 * filtered list, which then shows as many records as the figure said; at 1440 and 390 px, scanned.
 */

const INDIVIDUAL_EMAIL = 'individual@demo.pinoyproperty.ph';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const waiting = (page: Page) => page.getByRole('region', { name: 'Waiting for you' });

/** The figure on a card link named by its label, as the page shows it. */
async function figureOf(page: Page, label: string) {
  const link = waiting(page).getByRole('link', { name: new RegExp(label) });
  await expect(link).toBeVisible();
  return (await link.locator('span').first().textContent())!;
}

/** Opens a figure's card and expects its list to find as many records, filtered as the chip says. */
async function followFigure(page: Page, label: string, url: RegExp, chip: string | null) {
  const figure = await figureOf(page, label);
  await waiting(page)
    .getByRole('link', { name: new RegExp(label) })
    .click();
  await expect(page).toHaveURL(url);
  if (chip) await expect(page.getByRole('list', { name: 'Filters' }).getByText(chip)).toBeVisible();
  await expect(page.getByText(`${figure.replace(/,/g, '')} Records Found`)).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  // Something to wait for: a Pending listing, and one whose rental ends in ten days (the Super
  // Admin's: no open-listing limit, however often this runs).
  const headers = await apiHeaders(request);
  const pending = await createListing(request, headers, `Home pending lot ${Date.now()}`);
  const update = (id: number, body: Record<string, unknown>, changes: Record<string, unknown>) =>
    request.post('/api/updateproperty', { headers, data: { ...body, id, ...changes } });
  expect((await update(pending.id, pending.body, { status: 'Pending' })).status()).toBe(200);
  const expires = new Date(`${manilaToday()}T00:00:00Z`);
  expires.setUTCDate(expires.getUTCDate() + 10);
  const rented = await createListing(request, headers, `Home rented lot ${Date.now()}`);
  const res = await update(rented.id, rented.body, {
    status: 'Occupied',
    current_rental_expires: expires.toISOString().slice(0, 10),
  });
  expect(res.status(), await res.text()).toBe(200);
});

for (const size of SIZES) {
  test(`a Super Admin's home at ${size.width} px: every figure, the Overview and notifications`, async ({
    page,
  }) => {
    test.slow(); // two or three axe scans and a few lists, on a busy machine
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    for (const label of ['Users to approve', 'Listings pending', 'Listings suspended', 'Rentals expiring'])
      await expect(waiting(page).getByRole('link', { name: new RegExp(label) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Latest notifications' })).toBeVisible();
    expect(await misfits(page, true)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/home-super-admin-${size.width}.png`, fullPage: true });

    await followFigure(page, 'Listings pending', /property-list\?status=Pending$/, 'Status: Pending');
    await expectAccessible(page);
    await page.goBack();
    await followFigure(page, 'Users to approve', /approve-user\?approvable=1$/, null);
  });
}

for (const size of SIZES) {
  test(`an Agent's home at ${size.width} px: their scope's listings and their open-listing limit`, async ({
    page,
  }) => {
    test.slow(); // two or three axe scans and a few lists, on a busy machine
    await page.setViewportSize(size);
    await signIn(page, AGENT_EMAIL, E2E.demoPassword);
    await page.goto('/home');
    await expect(waiting(page).getByRole('link', { name: /Users to approve/ })).toHaveCount(0);
    await expect(waiting(page).getByRole('link', { name: /Your open listings/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' })).toBeVisible();
    expect(await misfits(page, true)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/home-agent-${size.width}.png`, fullPage: true });

    await followFigure(
      page,
      'Rentals expiring',
      /property-list\?rental_expires_within=30$/,
      'Rental expires within 30 days',
    );
    await page.goBack();
    const open = await figureOf(page, 'Your open listings');
    await waiting(page)
      .getByRole('link', { name: /Your open listings/ })
      .click();
    await expect(page).toHaveURL(/property-list\?own_open=1$/);
    await expect(page.getByText(`${open.split(' of ')[0]} Records Found`)).toBeVisible();
    // Removing the filter shows the whole list again.
    await page.getByRole('button', { name: /Remove filter: Your open listings/ }).click();
    await expect(page).toHaveURL(/property-list$/);
  });
}

for (const size of SIZES) {
  test(`an Individual's home at ${size.width} px: their own listings, no Overview, no users`, async ({
    page,
  }) => {
    test.slow(); // two or three axe scans and a few lists, on a busy machine
    await page.setViewportSize(size);
    await signIn(page, INDIVIDUAL_EMAIL, E2E.demoPassword);
    await page.goto('/home');
    await expect(waiting(page).getByRole('link', { name: /Listings pending/ })).toBeVisible();
    await expect(waiting(page).getByRole('link', { name: /Users to approve/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Overview' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Latest notifications' })).toBeVisible();
    expect(await misfits(page, true)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/home-individual-${size.width}.png`, fullPage: true });
  });
}

test.describe("Home's users figure and the Approve User list, for a role that approves Agents only", () => {
  // Names take letters only: the run's time, its digits as letters, keeps them apart from other runs'.
  const stamp = [...String(Date.now())].map((d) => 'abcdefghij'[Number(d)]).join('');
  let approver: { email: string; password: string };

  test.beforeAll(async ({ request }) => {
    const headers = await apiHeaders(request);
    const post = async (call: string, data: object) => {
      const res = await request.post(`/api/${call}`, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    };
    const get = async <T>(call: string) =>
      (await (await request.get(`/api/${call}`, { headers })).json()) as T;
    type Rows<R> = { resultData: R[] };
    // A role of its own (ranked below Admin), granted Approve User and ChangeStatusofAgent only.
    await post('webSaveRole', { roleName: `Agent Approvers ${stamp}` });
    const roles = (await get<Rows<{ id: number; name: string }>>('webGetRolesWithoutPagination')).resultData;
    const roleId = roles.find((r) => r.name === `Agent Approvers ${stamp}`)!.id;
    const grants = (
      await get<{ roleData: { data: { permission_id: number; permission_name: string }[] } }>(
        `getAssignedUnAssignedPermission?roleId=${roleId}`,
      )
    ).roleData.data;
    const granted = ['Approve User', 'ChangeStatusofAgent'];
    const permissionId = grants
      .filter((g) => granted.includes(g.permission_name))
      .map((g) => g.permission_id);
    await post('webAssignPermissionRoleWise', { roleId, permissionId });
    approver = await newOperator(request, 'Approver', roleId);
    // Waiting for approval: an Agent they may approve, an Operator they may see but not approve.
    const agency = (await get<Rows<{ agency_id: number }>>('GetAgencyWithoutPagination')).resultData[0]!;
    const broker = (await get<Rows<{ broker_id: number }>>('GetBrokerWithoutPagination')).resultData[0]!;
    const waiting = (first_name: string, role_id: number) => ({
      first_name,
      last_name: stamp,
      role_id,
      user_email: `${first_name.toLowerCase()}.${stamp}@approve.example.ph`,
      phone_1: '09170004444',
      user_status: 'New',
      associated_agency_id: agency.agency_id,
      is_address_same_as_agency: 1,
    });
    await post('SaveUser', {
      ...waiting('Waitingagent', 26),
      re_license: 'PRC-REB-0985',
      associated_broker_id: [broker.broker_id],
    });
    await post('SaveUser', waiting('Waitingoperator', 4));
  });

  for (const size of SIZES) {
    test(`at ${size.width} px the card opens the list with "Only those I can approve" on, as many as it says`, async ({
      page,
    }) => {
      test.slow(); // two axe scans and a few lists, on a busy machine
      await page.setViewportSize(size);
      await signIn(page, approver.email, approver.password);
      await page.goto('/home');
      await followFigure(page, 'Users to approve', /approve-user\?approvable=1$/, null);
      const only = page.getByRole('checkbox', { name: 'Only those I can approve' });
      await expect(only).toBeChecked();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/approve-user-approvable-${size.width}.png` });

      // Of this run's two waiting users, only the Agent is theirs to approve; unchecked, both show.
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(stamp);
      await expect(page).toHaveURL(new RegExp(`approvable=1&q=${stamp}$`));
      await expect(page.getByText('1 Records Found')).toBeVisible();
      const rows = page.getByRole('grid').getByRole('row').filter({ hasText: stamp });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Waitingagent');
      await expect(rows.getByLabel(`Status of Waitingagent ${stamp}`)).toBeVisible();
      // The box follows the URL, which the router changes just after the click.
      await only.click();
      await expect(only).not.toBeChecked();
      await expect(page).toHaveURL(new RegExp(`approve-user\\?q=${stamp}$`));
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Waitingoperator' })).toBeVisible();
      await expectAccessible(page);
      await only.click();
      await expect(only).toBeChecked();
      await expect(page).toHaveURL(/approvable=1/);
      await expect(rows).toHaveCount(1);
    });

    test(`at ${size.width} px "Only those I can approve" shows a click at once, and a double toggle ends off`, async ({
      page,
    }) => {
      test.slow(); // an axe scan and a few lists, on a busy machine
      await page.setViewportSize(size);
      await signIn(page, approver.email, approver.password);
      await page.goto(`/home/users/ApproveUser/approve-user?q=${stamp}`);
      const only = page.getByRole('checkbox', { name: 'Only those I can approve' });
      const rows = page.getByRole('grid').getByRole('row').filter({ hasText: stamp });
      await expect(only).not.toBeChecked();
      await expect(rows).toHaveCount(2);
      // The list's requests wait until released: the box must answer each click without them.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/GetNewUser\?/, async (route) => {
        await released;
        await route.continue();
      });
      // Off, on, off in quick succession ends off, the URL without the filter.
      await only.dblclick();
      await expect(only).not.toBeChecked();
      await expect(page).toHaveURL(new RegExp(`approve-user\\?q=${stamp}$`));
      await expect(only).not.toBeChecked();
      await only.click();
      await expect(only).toBeChecked();
      await expect(page).toHaveURL(new RegExp(`approve-user\\?q=${stamp}&approvable=1$`));
      release();
      await expect(rows).toHaveCount(1);
      await expectAccessible(page);
      // Back goes to the URL before, and the box and the list follow it.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`approve-user\\?q=${stamp}$`));
      await expect(only).not.toBeChecked();
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Waitingoperator' })).toBeVisible();
    });
  }
});

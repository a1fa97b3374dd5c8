import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { E2E } from '../playwright.config.ts';

export { E2E };
export const AGENT_EMAIL = 'agent@demo.pinoyproperty.ph';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home\/notification\/notification-list$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Sends the listing form with Save Property and sees it saved. The message is awaited from the save's
 * answer on (it shows for 7 s from then), so a slow save is not taken for a missing message. Answers
 * the save's response (its request carries what was sent).
 */
export async function saveListing(page: Page): Promise<Response> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/api/saveproperty'),
  );
  await page.getByRole('button', { name: 'Save Property' }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  await expect(page.getByText('Property saved successfully')).toBeVisible();
  return answer;
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectAccessible(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Loading data' })).toHaveCount(0);
  // A data grid re-rendering (a resize, a refetch) is briefly without rows; on a busy machine a scan can
  // land in that instant. What the user reads must pass: a lasting violation still fails after 60 s
  // (one scan alone takes 10-30 s on a busy two-core machine).
  await expect(async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }).toPass({ timeout: 60_000 });
}

const outbox = path.resolve(E2E.dataDir, 'outbox');

/** The newest mail to `to` containing `text`, decoded, from the outbox the server writes without SMTP_URL. */
export async function mailTo(to: string, text: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const mail = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '=');
      if (mail.includes(`To: ${to}`) && mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with ${text}`);
}

/**
 * A new Operator (or user of `roleId`) of the demo agency, created through the API as an admin would,
 * who has chosen a password through the welcome link: a user of their own for a test that changes its
 * profile or needs a role's grants.
 */
export async function newOperator(request: APIRequestContext, firstName: string, roleId = 4) {
  const login = await request.post('/api/webValidateLogin', {
    data: { email: E2E.adminEmail, password: E2E.adminPassword },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const agencies = await request.get('/api/GetAgencyWithoutPagination', { headers });
  const agencyId = (await agencies.json()).resultData[0].agency_id as number;
  const email = `${firstName.toLowerCase()}.${Date.now()}@staff.example.ph`;
  const saved = await request.post('/api/SaveUser', {
    headers,
    data: {
      first_name: firstName,
      last_name: 'Tester',
      role_id: roleId,
      user_email: email,
      phone_1: '09170001111',
      associated_agency_id: agencyId,
      is_address_same_as_agency: 1,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const token = /reset-password\?token=([\w-]+)/.exec(await mailTo(email, 'choose your password'))![1];
  const password = 'Staff12345';
  const set = await request.post('/api/reset_password', {
    data: { token, new_password: password, confirm_password: password },
  });
  expect(set.status()).toBe(200);
  return { email, password };
}

/** Headers of an API session (a Bearer token) of this user, by default the e2e Super Admin. */
export async function apiHeaders(
  request: APIRequestContext,
  email = E2E.adminEmail,
  password = E2E.adminPassword,
): Promise<Record<string, string>> {
  const login = await request.post('/api/webValidateLogin', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token as string}` };
}

/** Today in Manila as YYYY-MM-DD (the day the server's reports count by). */
export const manilaToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** A YYYY-MM-DD day as the screens show it: DD/MM/YYYY. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * A For Sale lot in Cebu City saved through the API by the user of `headers` (an Agent's listing is
 * theirs, with them as its agent); answers its id and the body, for updateproperty.
 */
export async function createListing(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const json = async (call: string, params: Record<string, string | number> = {}) => {
    const res = await request.get(`/api/${call}`, { headers, params });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).resultData as Record<string, unknown>[];
  };
  const idOf = (rows: Record<string, unknown>[], idKey: string, nameKey: string, value: string) =>
    rows.find((r) => r[nameKey] === value)![idKey] as number;
  const province = idOf(await json('GetProvinceWithoutPagination'), 'province_id', 'province_name', 'Cebu');
  const town = idOf(
    await json('GetTownWithoutPagination', { provinceId: province }),
    'town_id',
    'town_name',
    'Cebu City',
  );
  const barangay = (await json('GetBarangayWithoutPagination', { townId: town }))[0]!.barangay_id;
  const land = idOf(
    await json('GetPropertyTypeWithoutPagination'),
    'property_type_id',
    'property_type',
    'Land',
  );
  const body = {
    property_name: name,
    property_headline: 'A level lot near the IT Park',
    property_description: 'Titled lot on a paved road, ready for building.',
    property_classification_id: 4,
    product_category_id: 3,
    property_type_id: land,
    land_area: '240',
    sale_price: '3600000',
    street_name: 'Salinas Drive',
    province_id: province,
    town_id: town,
    barangay_id: barangay,
    ...extra,
  };
  const saved = await request.post('/api/saveproperty', { headers, data: body });
  expect(saved.status(), await saved.text()).toBe(200);
  const list = await request.get('/api/allproperty', { headers, params: { searchText: name } });
  const id = (await list.json()).resultData.data[0].id as number;
  return { id, body };
}

/**
 * Opens a screen through the side menu (its group is collapsed unless the current page is in it) and
 * waits for its heading, so nothing on the page it came from is mistaken for the new one.
 */
export async function openFromMenu(page: Page, group: string, label: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const groupButton = menu.getByRole('button', { name: group, exact: true });
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  // While the group opens, its links are clipped and a click there lands on the group below.
  await expect(menu.locator(`.MuiCollapse-entered:has(#menu-group-${group})`)).toBeAttached();
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/**
 * Saves the listing anyway when the property form warns of likely duplicates (issue 22 item 7): the
 * listings a test makes are alike on purpose; e2e/property-duplicates.spec.ts tests the warning itself.
 */
export async function saveDespiteDuplicates(page: Page) {
  const warning = page.getByRole('dialog', { name: 'Possible duplicate listings' });
  await page.addLocatorHandler(warning, async () => {
    await warning.getByRole('button', { name: 'Save anyway' }).click();
  });
}

/**
 * A date field by its label (a required one's ends in a thin space and '*'): the group of its day, month and year
 * (DD/MM/YYYY). The label also names the hidden input that carries the value, after the group.
 */
export const dateField = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`)).first();

/** Types a date into a date field as a person would: clicks its start and types 'DD/MM/YYYY'. */
export async function typeDate(page: Page, label: string, date: string) {
  const field = dateField(page, label);
  // A picker just shown may not have labelled its group yet: the label then names only the hidden
  // input, which has no box (CI at 390 px: 'reading height of null').
  await expect(async () => {
    const box = await field.boundingBox();
    expect(box, `${label}: a date field shown`).not.toBeNull();
    await field.click({ position: { x: 18, y: box!.height / 2 } });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.type(date);
}

/** Sees a date field show 'DD/MM/YYYY' (an empty one shows the letters DD/MM/YYYY). */
export async function expectDate(page: Page, label: string, date: string) {
  await expect(page.getByRole('group', { name: label, exact: true })).toContainText(date);
}

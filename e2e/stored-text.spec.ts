import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AGENT_EMAIL, E2E, apiHeaders, createListing, expectAccessible, signIn } from './support.ts';

/**
 * Stored text is shown as text: names that are HTML or a spreadsheet formula, saved through the API,
 * appear literally on every screen that shows them (lists, forms, reports, the notification bell and
 * list) and in the exports as plain strings. Nothing runs: no dialog, no `window.__xss`, no element
 * made from the data, and no Content-Security-Policy violation on the way.
 */
const SELLER = '<img src=x onerror=alert(1)>';
const OWNER = '=HYPERLINK("https://evil.example","open")';
const LISTING = '<script>window.__xss=1</script>';
const AGENCY = '<img src=x onerror="window.__xss=1">';

const searched = (path: string, text: string) => `${path}?q=${encodeURIComponent(text)}`;

/** What the page shows: its text and its fields' values. */
async function shownText(page: Page) {
  const values = await page
    .locator('input, textarea')
    .evaluateAll((fields) => fields.map((f) => (f as unknown as { value: string }).value));
  return [await page.locator('body').innerText(), ...values].join('\n');
}
const expectLiteral = (page: Page, text: string) =>
  expect.poll(() => shownText(page), { message: `"${text}" shown literally` }).toContain(text);

/** Nothing was made from the data: no element, no script run. */
async function expectInert(page: Page) {
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** Exports the screen's list and answers its cells. */
async function exportedCells(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
  const cells: ExcelJS.Cell[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
  return cells;
}

test.describe('Stored text', () => {
  let listingId = 0;
  let sellerId = 0;
  let agencyId = 0;

  test.beforeAll(async ({ request }) => {
    // The Agent lists a property and adds its seller (the admins hear of the listing).
    const agent = await apiHeaders(request, AGENT_EMAIL, E2E.demoPassword);
    const listing = await createListing(request, agent, LISTING);
    listingId = listing.id;
    const { province_id, town_id, barangay_id } = listing.body;
    const address = { province_id, town_id, barangay_id, street_name: 'Salinas Drive' };
    const seller = await request.post('/api/saveSeller', {
      headers: agent,
      data: {
        ...address,
        seller_name: SELLER,
        property_owner_name: OWNER,
        phone_1: '09190000001',
        house_no: '15',
        zipcode: '6000',
      },
    });
    expect(seller.status(), await seller.text()).toBe(200);
    const sellers = await request.get('/api/GetSeller', { headers: agent, params: { searchText: SELLER } });
    sellerId = (await sellers.json()).resultData.data[0].seller_id;
    const update = await request.post('/api/updateproperty', {
      headers: agent,
      data: { ...listing.body, id: listingId, seller_id: sellerId },
    });
    expect(update.status(), await update.text()).toBe(200);

    const admin = await apiHeaders(request);
    const agency = await request.post('/api/saveagency', {
      headers: admin,
      data: {
        ...address,
        agency_name: AGENCY,
        owner_name: 'Eduardo Lim',
        contact_person: 'Grace Tan',
        phone_1: '09171112222',
        email_address: 'hostile.agency@example.ph',
        specialization_id: '1',
        capability_id: '1',
        house_number: '88',
        address_province_id: province_id,
        province_id: String(province_id),
        zip_code: '6000',
      },
    });
    expect(agency.status(), await agency.text()).toBe(200);
    const agencies = await request.get('/api/getagency', { headers: admin, params: { searchText: AGENCY } });
    agencyId = (await agencies.json()).resultData.data[0].agency_id;
  });

  test('hostile names show as text on every screen and in the exports; nothing runs', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    await signIn(page, E2E.adminEmail, E2E.adminPassword);

    const screens: { path: string; shows: string[]; exports?: string[] }[] = [
      { path: searched('/home/Seller/seller', SELLER), shows: [SELLER], exports: [SELLER, OWNER] },
      { path: `/home/Broker/add-seller/${sellerId}`, shows: [SELLER, OWNER] },
      { path: searched('/home/Property/property-list', LISTING), shows: [LISTING] },
      { path: `/home/Property/add-property?id=${listingId}`, shows: [LISTING, SELLER] },
      { path: searched('/home/Agency/agency', AGENCY), shows: [AGENCY] },
      { path: `/home/Agency/add-agency/${agencyId}`, shows: [AGENCY] },
      { path: searched('/home/reports/sellers', SELLER), shows: [SELLER], exports: [SELLER] },
      {
        path: searched('/home/reports/open-pending', LISTING),
        shows: [LISTING, SELLER],
        exports: [LISTING, SELLER],
      },
      { path: searched('/home/reports/property-based-broker', LISTING), shows: [LISTING, SELLER] },
      { path: searched('/home/reports/agencies', AGENCY), shows: [AGENCY] },
      { path: searched('/home/notification/notification-list', LISTING), shows: [LISTING] },
    ];
    for (const screen of screens) {
      await test.step(screen.path, async () => {
        await page.goto(screen.path);
        for (const text of screen.shows) await expectLiteral(page, text);
        await expectInert(page);
        if (screen.exports) {
          const cells = await exportedCells(page);
          for (const text of screen.exports) {
            const cell = cells.find((c) => c.value === text);
            expect(cell?.type, `${text} in the export`).toBe(ExcelJS.ValueType.String);
          }
          expect(cells.filter((c) => c.type === ExcelJS.ValueType.Formula)).toEqual([]);
        }
      });
    }

    // The bell's popup lists the new listing's notification by its name.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popup.getByText(`${LISTING} was listed by`).first()).toBeVisible();
    await expectInert(page);
    await page.keyboard.press('Escape');

    // One screen full of hostile data, checked for accessibility.
    await page.goto(searched('/home/Seller/seller', SELLER));
    await expectLiteral(page, SELLER);
    await expectAccessible(page);

    expect(dialogs).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  test('the page is served with a strict CSP and no inline script', async ({ request }) => {
    const res = await request.get('/home/Seller/seller');
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

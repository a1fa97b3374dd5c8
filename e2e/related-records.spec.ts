import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AGENT_EMAIL, E2E, apiHeaders, expectAccessible, signIn } from './support.ts';
import { WIDTHS, misfits, settle } from './fits.ts';

/**
 * Related records (issue 22 item 4): a seller's page lists its listings; an agency's its agents, sellers
 * and listings; a broker's its associations and listings; a report's row names link to their records.
 */

type Row = Record<string, unknown>;

/** The id of the record of that name, through the list call an admin would use. */
async function idOf(request: APIRequestContext, call: string, name: string, idKey: string, nameKey: string) {
  const headers = await apiHeaders(request);
  const res = await request.get(`/api/${call}`, { headers, params: { searchText: name } });
  expect(res.status()).toBe(200);
  const rows = (await res.json()).resultData.data as Row[];
  return rows.find((r) => r[nameKey] === name)![idKey] as number;
}

/** Opens a page and waits for it (a screen's first chunk loads slowly on a busy machine). */
async function open(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
  await settle(page);
}

/** The section of a related table, by its heading. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a seller, an agency and a broker list their related records, each row a link', async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await signIn(page, E2E.adminEmail, E2E.adminPassword);

      const sellerId = await idOf(request, 'GetSeller', 'Antonio Dela Cruz', 'seller_id', 'seller_name');
      await open(page, `/home/Broker/add-seller/${sellerId}`, /^Edit Seller :/);
      const listings = section(page, 'Listings');
      const belAir = listings.getByRole('link', { name: 'Bel-Air Family House' });
      await expect(belAir).toHaveAttribute('href', /\/home\/Property\/add-property\?id=\d+$/);
      await expect(listings.getByRole('link', { name: 'Poblacion Loft' })).toBeVisible();
      await expect(listings.getByText('3 Records Found')).toBeVisible();
      await expectAccessible(page);
      expect(await misfits(page, true)).toEqual([]);
      if (size.width === 1440)
        await page.screenshot({ path: `e2e/.artifacts/related-seller-${size.width}.png` });

      const agencyId = await idOf(request, 'getagency', 'Makati Prime Realty', 'agency_id', 'agency_name');
      await open(page, `/home/Agency/add-agency/${agencyId}`, /^Edit Agency :/);
      await expect(section(page, 'Agents').getByRole('link', { name: 'Agent Demo' })).toHaveAttribute(
        'href',
        /add-agent-operator\?userId=\d+$/,
      );
      await expect(section(page, 'Sellers').getByRole('link', { name: 'Antonio Dela Cruz' })).toHaveAttribute(
        'href',
        `/home/Broker/add-seller/${sellerId}`,
      );
      await expect(section(page, 'Listings').getByRole('link').first()).toHaveAttribute(
        'href',
        /\/home\/Property\/add-property\?id=\d+$/,
      );
      await expectAccessible(page);
      expect(await misfits(page, true)).toEqual([]);
      await page.screenshot({ path: `e2e/.artifacts/related-agency-${size.width}.png`, fullPage: true });

      const brokerId = await idOf(request, 'getbroker', 'Maria Reyes', 'broker_id', 'broker_name');
      await open(page, `/home/Broker/add-broker/${brokerId}`, /^Edit Broker :/);
      const associations = section(page, 'Broker Associations');
      await expect(associations.getByRole('link')).toHaveText([
        'Cebu Real Estate Brokers Association',
        'Metro Manila Realty Brokers Association',
      ]);
      await expect(section(page, 'Listings').getByText('This broker has no listings.')).toBeVisible();
      await expectAccessible(page);
      expect(await misfits(page, true)).toEqual([]);

      // A row's link is a real link: the keyboard follows it, to the record's own page.
      await associations.getByRole('link', { name: 'Cebu Real Estate Brokers Association' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/home\/Broker\/add-broker-association\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test('a new record shows no related tables', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await open(page, '/home/Broker/add-seller/0', 'Add Seller');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(section(page, 'Listings')).toHaveCount(0);
});

test("an Agent sees only the seller's listings its own list shows", async ({ page, request }) => {
  await signIn(page, AGENT_EMAIL, E2E.demoPassword);
  const headers = await apiHeaders(request, AGENT_EMAIL, E2E.demoPassword);
  const sellers = await request.get('/api/GetSeller', {
    headers,
    params: { searchText: 'Rosario Mendoza' },
  });
  const sellerId = ((await sellers.json()).resultData.data as Row[])[0]!.seller_id as number;
  const own = await request.get('/api/allproperty', { headers, params: { itemsPerPage: 50 } });
  const ownNames = ((await own.json()).resultData.data as Row[]).map((r) => r.property_name);
  await open(page, `/home/Broker/add-seller/${sellerId}`, /^Edit Seller :/);
  const links = section(page, 'Listings').getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const name of await links.allTextContents()) expect(ownNames).toContain(name);
  // Agents may not list users or associations: no such tables anywhere for them.
  await expect(section(page, 'Agents')).toHaveCount(0);
  await expectAccessible(page);
});

for (const size of WIDTHS) {
  test(`a report's row names link to their records at ${size.width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await open(page, '/home/reports/sellers', 'Sellers Report');
    const grid = page.getByRole('grid', { name: 'Sellers Report' });
    const seller = grid.getByRole('link', { name: 'Antonio Dela Cruz' });
    await expect(seller).toHaveAttribute('href', /\/home\/Broker\/add-seller\/\d+$/);
    await expectAccessible(page);
    expect(await misfits(page, true)).toEqual([]);
    await page.screenshot({ path: `e2e/.artifacts/related-report-${size.width}.png` });
    await seller.click();
    await expect(page).toHaveURL(/\/home\/Broker\/add-seller\/\d+$/);
    await expect(page.getByRole('heading', { name: /Edit Seller : Antonio Dela Cruz/ })).toBeVisible();

    // A listing report's row links its listing, seller and agent.
    await open(page, '/home/reports/open-pending', 'List of Open/Pending Properties');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Bel-Air');
    const listings = page.getByRole('grid', { name: 'List of Open/Pending Properties' });
    const row = listings.getByRole('row').filter({ hasText: 'Bel-Air Family House' });
    await expect(row.getByRole('link', { name: 'Bel-Air Family House' })).toHaveAttribute(
      'href',
      /\/home\/Property\/add-property\?id=\d+$/,
    );
    await expect(row.getByRole('link', { name: 'Antonio Dela Cruz' })).toHaveAttribute(
      'href',
      /\/home\/Broker\/add-seller\/\d+$/,
    );
    await expect(row.getByRole('link', { name: 'Agent Demo' })).toHaveAttribute(
      'href',
      /add-agent-operator\?userId=\d+$/,
    );
    await expectAccessible(page);
    await row.getByRole('link', { name: 'Antonio Dela Cruz' }).click();
    await expect(page).toHaveURL(/\/home\/Broker\/add-seller\/\d+$/);
    await expect(page.getByRole('heading', { name: /Edit Seller : Antonio Dela Cruz/ })).toBeVisible();

    // Agents Based Agency links each agent too.
    await open(page, '/home/reports/agents-based-agency', 'Agents Based Agency Report');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Agent Demo');
    const agents = page.getByRole('grid', { name: 'Agents Based Agency Report' });
    await expect(agents.getByRole('link', { name: 'Agent Demo' }).first()).toHaveAttribute(
      'href',
      /add-agent-operator\?userId=\d+$/,
    );
  });
}

import { expect, test, type Page } from '@playwright/test';
import { E2E, apiHeaders, createListing, expectAccessible, signIn } from './support.ts';

/**
 * Issue 21 item 1: screens fit the window. The login page, the Property List with a listing card and
 * that listing's form with its history are opened at a phone width and a desktop width; none may scroll
 * sideways, no control of the top bar may be off-screen, and paging arrows must be inside the window
 * and inside their paging bar.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const LISTING = 'Layout Check Lot Cebu';

/** Waits for the screen to settle: its heading shown, no loading status left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading data' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** The page does not scroll sideways; the top bar's controls and paging arrows are on-screen. */
async function expectFits(page: Page, signedIn: boolean) {
  // Run in the page (the e2e project has no DOM types, so the expression is a string).
  const [scrollWidth, innerWidth] = (await page.evaluate(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  )) as [number, number];
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
  const inView = async (name: string | RegExp) => {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box, `${String(name)} is shown`).not.toBeNull();
    expect(box!.x, `${String(name)} starts in the window`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${String(name)} ends in the window`).toBeLessThanOrEqual(innerWidth);
  };
  if (signedIn) {
    await inView(/^Notifications/);
    await inView('Account menu');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    if (await toggle.isVisible()) await inView('Open menu');
  }
  // Each table's paging arrows: within the window and within the paging bar (not clipped by it).
  for (const bar of await page.locator('.MuiTablePagination-root').all()) {
    const barBox = (await bar.boundingBox())!;
    for (const name of ['Go to previous page', 'Go to next page']) {
      const box = (await bar.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, `${name} inside the window`).toBeLessThanOrEqual(innerWidth);
      expect(box.x + box.width, `${name} inside its paging bar`).toBeLessThanOrEqual(barBox.x + barBox.width);
    }
  }
}

test('the login page fits the window at 390 px and 1440 px', async ({ page }) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectFits(page, false);
  }
  await expectAccessible(page);
});

test('a listing with its history, on the Property List and in its form, fits at 390 px and 1440 px', async ({
  page,
  request,
}) => {
  // A listing on the Property List (its card) with a history (its form's table).
  const headers = await apiHeaders(request);
  const listing = await createListing(request, headers, LISTING);
  const update = await request.post('/api/updateproperty', {
    headers,
    data: {
      ...listing.body,
      id: listing.id,
      status: 'Sold',
      property_headline: 'A level lot near the IT Park, now sold to a buyer from Mandaue City',
    },
  });
  expect(update.status(), await update.text()).toBe(200);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/home/Property/property-list?q=${encodeURIComponent(LISTING)}`);
    await settle(page);
    await expect(page.getByRole('heading', { level: 2, name: LISTING })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-b/property-list-${size.width}.png`, fullPage: true });
    await expectFits(page, true);
    if (size.width === 390) await expectAccessible(page);

    await page.goto(`/home/Property/add-property?id=${listing.id}`);
    await settle(page);
    const history = page.getByRole('table', { name: 'Modification history' });
    await expect(history.getByRole('row').filter({ hasText: 'Sold' }).first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-b/property-form-${size.width}.png`, fullPage: true });
    await expectFits(page, true);
  }
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { WIDTHS, expectFits, settle } from './fits.ts';
import { E2E, apiHeaders, createListing, expectAccessible, signIn } from './support.ts';

/**
 * Issue 21 item 1: screens fit the window. The login page, the Property List with a listing card and
 * that listing's form with its history are opened at a phone width and a desktop width; none may scroll
 * sideways, no control of the top bar may be off-screen, and paging arrows must be inside the window
 * and inside their paging bar.
 */

const LISTING = 'Layout Check Lot Cebu';

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
    if (size.width === 390) await expectAccessible(page);
  }
});

test('a list row’s edit and delete are in reach at 390 px, before the columns are scrolled sideways', async ({
  page,
}) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/home/Agency/agency');
  await settle(page);
  const actions = page.getByRole('grid').getByRole('row').nth(1).getByRole('button');
  await expect(actions).toHaveCount(2);
  const names = await Promise.all((await actions.all()).map((action) => action.getAttribute('aria-label')));
  expect(names).toEqual([expect.stringMatching(/^Edit /), expect.stringMatching(/^Delete /)]);
  for (const [index, action] of (await actions.all()).entries()) {
    const name = names[index];
    const box = (await action.boundingBox())!;
    expect(box.x, `${name} starts off the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends off the window`).toBeLessThanOrEqual(WIDTHS[0].width);
  }
  await expectAccessible(page);
});

const LISTS = [
  ['/home/Agency/agency', 'Agency Name'],
  ['/home/users/AgentOperator/agent-operator', 'Name'],
] as const;

type Box = { x: number; y: number; width: number; height: number };

/** Signs in, opens each of LISTS at each width and hands its grid to `check`. */
async function atEachListAndWidth(
  page: Page,
  check: (list: {
    path: string;
    first: string;
    width: number;
    grid: Locator;
    gridBox: Box;
    header: (name: string) => Promise<Box>;
  }) => Promise<void>,
) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  for (const [path, first] of LISTS) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(path);
      await settle(page);
      const grid = page.getByRole('grid');
      const header = async (name: string) =>
        (await grid.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      await check({ path, first, width: size.width, grid, gridBox: (await grid.boundingBox())!, header });
    }
  }
}

test('at 390 px the list’s # column is narrow, the first data column near the left edge and the row numbers whole', async ({
  page,
}) => {
  await atEachListAndWidth(page, async ({ path, first, width, grid, gridBox, header }) => {
    const number = await header('#');
    const data = await header(first);
    if (width === 390) {
      // Beside '#' and the checkboxes (68 px), the first data column starts within 120 px.
      expect(number.width, `${path}: the # column's width`).toBeLessThanOrEqual(48);
      expect(data.x - gridBox.x, `${path}: where ${first} starts`).toBeLessThanOrEqual(120);
    } else {
      expect(number.width, `${path}: the # column's width at 1440 px`).toBe(70);
    }
    // The '#' header and every row's number show whole, not cut off.
    const numbers = grid.locator('[role="row"] > :first-child');
    expect(await numbers.count(), `${path}: rows shown`).toBeGreaterThan(1);
    const clipped = await numbers.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
    expect(clipped, `${path}: row numbers cut off at ${width} px`).toEqual([]);
  });
});

test('at 390 px the checkbox and Actions columns take only what their 40 px targets need, the first data column the rest', async ({
  page,
}) => {
  test.setTimeout(120_000); // four list loads and their clicks, on a busy machine
  await atEachListAndWidth(page, async ({ path, first, width, grid, gridBox, header }) => {
    const select = await header('Select this page');
    const data = await header(first);
    const actions = await header('Actions');
    const row = grid.getByRole('row').nth(1);
    const checkbox = row.getByRole('checkbox');
    const buttons = await row.getByRole('button').all();
    expect(buttons.length, `${path}: a row's actions`).toBeGreaterThan(0);
    if (width === 390) {
      // '#' (36 px) and the checkboxes (their 40 px and a little padding) leave the first data column
      // near the left edge, and the Actions column (its icons only) leaves it 140 px of the window.
      expect(data.x - gridBox.x, `${path}: where ${first} starts`).toBeLessThanOrEqual(90);
      expect(actions.x - data.x, `${path}: how much of ${first} shows`).toBeGreaterThanOrEqual(140);
      // Each target stays at least 40 x 40 px, whole inside its column.
      const box = (await checkbox.boundingBox())!;
      expect(box.width, `${path}: the checkbox's width`).toBeGreaterThanOrEqual(40);
      expect(box.height, `${path}: the checkbox's height`).toBeGreaterThanOrEqual(40);
      expect(box.x + box.width, `${path}: the checkbox's end`).toBeLessThanOrEqual(select.x + select.width);
      for (const button of buttons) {
        const name = await button.getAttribute('aria-label');
        const box = (await button.boundingBox())!;
        expect(box.width, `${name}: its width`).toBeGreaterThanOrEqual(40);
        expect(box.height, `${name}: its height`).toBeGreaterThanOrEqual(40);
        expect(box.x, `${name}: its start`).toBeGreaterThanOrEqual(actions.x);
        expect(box.x + box.width, `${name}: its end`).toBeLessThanOrEqual(actions.x + actions.width);
      }
    } else {
      // A desktop keeps its widths: the checkboxes' 68 px and the screen's 120 px Actions.
      expect(select.width, `${path}: the checkbox column's width at 1440 px`).toBe(68);
      expect(actions.width, `${path}: the Actions column's width at 1440 px`).toBe(120);
    }
    // The targets can be used: the checkbox ticks, and nothing covers an action button.
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    await checkbox.click();
    await expect(checkbox).not.toBeChecked();
    for (const button of buttons) await button.click({ trial: true });
  });
});

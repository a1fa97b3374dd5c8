import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  E2E,
  apiHeaders,
  createListing,
  expectAccessible,
  expectDate,
  manilaToday,
  openFromMenu,
  shownDate,
  signIn,
  typeDate,
} from './support.ts';
import { WIDTHS } from './fits.ts';

/**
 * The reports as staff use them: the Sold Rent report by booking dates (with an export), the User
 * Count Property report that waits for its required user type, the attachments report by type, and the
 * overview whose figures lead to the filtered reports. The listings they count are made through the API
 * by the e2e Super Admin, as the property form would.
 */
const s = `${Date.now()}`.slice(-7);
const SOLD = `E2E Report Sold Lot ${s}`;
const SOLD_BUILDING = `E2E Sold Tower ${s}`;
const MEDIA = `E2E Report Media Lot ${s}`;
const TODAY = manilaToday();

const report = (slug: string) => `/home/reports/${slug}`;

/** Types into the search box and waits for it to land in the URL (after the debounce). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

const select = (page: Page, label: string): Locator => page.getByRole('combobox', { name: label });

/** Opens a select and picks a choice. */
async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const grid = (page: Page) => page.getByRole('grid');
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

/** The cell of `row` under the column headed `header`. */
async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `no column '${header}' in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('gridcell').nth(index);
}

test.describe.configure({ mode: 'serial' });

test.describe('Reports', () => {
  let soldId = 0;
  let mediaId = 0;

  test.beforeAll(async ({ request }) => {
    const headers = await apiHeaders(request);
    // A listing sold today (the server stamps the sale date when the status becomes Sold).
    const sold = await createListing(request, headers, SOLD, { property_building_name: SOLD_BUILDING });
    soldId = sold.id;
    const update = await request.post('/api/updateproperty', {
      headers,
      data: { ...sold.body, id: sold.id, status: 'Sold' },
    });
    expect(update.status(), await update.text()).toBe(200);
    // A listing with one image and one video.
    const media = await createListing(request, headers, MEDIA);
    mediaId = media.id;
    // An 8×8 orange PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4UaGBFTEMLQkAUtVaAUH78mEAAAAASUVORK5CYII=',
      'base64',
    );
    const image = await request.post('/api/saveimagesupload', {
      headers,
      multipart: {
        type: 'Image',
        property_id: String(mediaId),
        description: 'Front of the lot',
        images_video: { name: 'front.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(image.status(), await image.text()).toBe(200);
    const video = await request.post('/api/saveimagesupload', {
      headers,
      data: {
        type: 'Video',
        property_id: mediaId,
        description: 'Walk-through',
        video_link: `https://www.youtube.com/watch?v=e2e${s}`,
      },
    });
    expect(video.status(), await video.text()).toBe(200);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
  });

  test('Sold Rent: today by default, another range by Search Booking, and the export', async ({ page }) => {
    expect(soldId).toBeGreaterThan(0);
    await openFromMenu(page, 'Reports', 'Sold Rent Report');
    await expectDate(page, 'Booking From', shownDate(TODAY));
    await expectDate(page, 'Booking Upto', shownDate(TODAY));
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expectAccessible(page);

    // The listing sold today is in today's bookings.
    await search(page, SOLD_BUILDING);
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page)).toContainText(shownDate(TODAY));
    await expect(dataRows(page)).toContainText('Sold');
    // Issue 21, item 5: its name and the price (asked: no sale price was given).
    await expect(dataRows(page)).toContainText(SOLD);
    await expect(dataRows(page)).toContainText('₱3,600,000');

    // Editing the dates changes nothing until Search Booking.
    await typeDate(page, 'Booking From', '01/01/2020');
    await typeDate(page, 'Booking Upto', '31/01/2020');
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expect(page).not.toHaveURL(/date_sold_from_date/);
    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page).toHaveURL(/date_sold_from_date=2020-01-01&date_sold_to_date=2020-01-31/);
    await expect(page.getByText('0 Records Found')).toBeVisible();
    // The dates are named, since they may be why nothing is found (the report opens on today alone).
    await expect(
      page.getByText('No Data Found between 01/01/2020 and 31/01/2020. Widen the dates to see more.'),
    ).toBeVisible();

    // An end before the start is refused on the page; the applied range stays.
    await typeDate(page, 'Booking From', '10/02/2020');
    await typeDate(page, 'Booking Upto', '01/02/2020');
    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(page).toHaveURL(/date_sold_from_date=2020-01-01/);

    // Back: today's range again, with the sold listing.
    await page.goBack();
    await expectDate(page, 'Booking From', shownDate(TODAY));
    await expect(page.getByText('1 Records Found')).toBeVisible();

    // The export: the file of this report and range, under the catalogue's name and headers.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^SoldRent_\d{2}-\d{2}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).filter((v) => v !== undefined);
    expect(cells(1)).toEqual([
      'Seller Name',
      'Property Name',
      'Price',
      'Date Sold',
      'Date Rented',
      'Street Name',
      'Building Name',
      'Broker Associated',
      'Status',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(cells(2)).toContain(SOLD_BUILDING);
    expect(cells(2)).toContain(SOLD);
    expect(cells(2)).toContain(3_600_000);
  });

  test('an empty value reads – (decision 88): the Pending Month of an Open listing', async ({ page }) => {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(report('open-pending'));
      await search(page, MEDIA);
      await expect(page.getByText('1 Records Found')).toBeVisible();
      const row = dataRows(page);
      await expect(await cellUnder(page, row, 'Status')).toHaveText('Open');
      const pending = await cellUnder(page, row, 'Pending Month');
      await expect(pending).toHaveText('–');
      // The table may draw its rows again while loading; scroll to the cell as it is drawn last.
      await expect(async () => {
        await pending.scrollIntoViewIfNeeded({ timeout: 1000 });
        await expect(pending).toBeInViewport({ timeout: 1000 });
      }).toPass();
    }
  });

  test('User Count Property: the user type is required; Agents with their listings', async ({ page }) => {
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/getCountOfPropertiesReport?')) asked = true;
    });
    await openFromMenu(page, 'Reports', 'User Count Property Report');
    await expect(page.getByText(/Choose a value for “Select User Type”/)).toBeVisible();

    // The filter panel folds away and back.
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(select(page, 'Select User Type')).toBeHidden();
    await toggle.click();
    await expect(select(page, 'Select User Type')).toBeVisible();

    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page.getByText('Field is required')).toBeVisible();
    await expectAccessible(page);
    expect(asked).toBe(false);

    await choose(page, 'Select User Type', 'Agent');
    await expect(page.getByText('Field is required')).toBeHidden();
    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page).toHaveURL(/[?&]user_type=\d+/);
    await expect(page.getByText(/[1-9]\d* Records Found/)).toBeVisible();
    expect(asked).toBe(true);
    await expect(grid(page).getByRole('columnheader', { name: 'Total Properties' })).toBeVisible();
    const agent = dataRows(page).filter({ hasText: 'Agent Demo' });
    await expect(agent).toHaveCount(1);
    await expect(agent.getByRole('gridcell').last()).toHaveText(/^\d+$/);
    // Every row is an Agent (the User Type column, after '#').
    const types = await dataRows(page).evaluateAll((rows) =>
      rows.map((r) => r.querySelectorAll('[role="gridcell"]')[1]?.textContent),
    );
    expect(new Set(types)).toEqual(new Set(['Agent']));
  });

  test('Property Attachments: the attachment type narrows the rows', async ({ page }) => {
    expect(mediaId).toBeGreaterThan(0);
    await openFromMenu(page, 'Reports', 'Property Attachments Report');
    await search(page, MEDIA);
    await expect(page.getByText('2 Records Found')).toBeVisible();
    await expectAccessible(page);

    await choose(page, 'Attachment Type', 'Image');
    await expect(page).toHaveURL(/attachment_type=Image/);
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expect(dataRows(page)).toContainText('Image');
    await expect(dataRows(page).getByRole('link', { name: /^\/media\// })).toHaveAttribute(
      'href',
      /^\/media\//,
    );

    await choose(page, 'Attachment Type', 'Video');
    await expect(page).toHaveURL(/attachment_type=Video/);
    await expect(page.getByText('1 Records Found')).toBeVisible();
    const video = dataRows(page).getByRole('link', { name: new RegExp(`e2e${s}`) });
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(video).toHaveAttribute('rel', 'noopener');

    await choose(page, 'Attachment Type', 'All');
    await expect(page).not.toHaveURL(/attachment_type/);
    await expect(page.getByText('2 Records Found')).toBeVisible();
  });

  test('the Reports Overview: charts whose figures open the filtered reports', async ({ page }) => {
    await openFromMenu(page, 'Reports', 'Reports Overview');
    const headings = [
      'Listings by status',
      'Listings by category',
      'New listings per week (last 12 weeks)',
      'New users per week (last 12 weeks)',
      'Top provinces by listings',
    ];
    for (const name of headings) {
      const section = page.getByRole('region', { name });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
      await expect(section.locator('svg').first()).toBeVisible();
    }
    await expectAccessible(page);

    // A figure link: the sold listings, on the listing report filtered by status.
    const status = page.getByRole('region', { name: 'Listings by status' });
    await status.getByRole('link', { name: /^Sold: [1-9][\d,]*$/ }).click();
    await expect(page).toHaveURL(/\/home\/reports\/property-based-broker\?status=Sold$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Property Based Broker Report' })).toBeVisible();
    await expect(select(page, 'Status')).toContainText('Sold');
    await search(page, SOLD);
    await expect(page.getByText('1 Records Found')).toBeVisible();
    await expectAccessible(page);

    // This week's new listings: the tracking report over this week, with today's listings in it.
    await page.goto(report('overview'));
    const weeks = page.getByRole('region', { name: 'New listings per week (last 12 weeks)' });
    await weeks.getByRole('link').last().click();
    await expect(page).toHaveURL(/property-tracking-report\?from_date=\d{4}-\d{2}-\d{2}&to_date=/);
    const week = new URL(page.url()).searchParams;
    const [start, end] = [week.get('from_date')!, week.get('to_date')!];
    expect(start <= TODAY && TODAY <= end).toBe(true);
    await expectDate(page, 'Start Date', shownDate(start));
    await expectDate(page, 'End Date', shownDate(end));
    await search(page, MEDIA);
    await expect(page.getByText('1 Records Found')).toBeVisible();

    // A bar is a link too (for the mouse): the Open bar opens the Open listings.
    await page.goto(report('overview'));
    const label = status.locator('svg text', { hasText: /^Open$/ });
    const box = (await label.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y - 40);
    await expect(page).toHaveURL(/\/home\/reports\/property-based-broker\?status=Open$/);
  });

  test('every report opens; the broker-linked one pages by 15, 20 or 25', async ({ page }) => {
    test.setTimeout(180_000); // eighteen reports opened one after the other, on a machine others load too
    await page.goto(report('broker-linked-broker-associations?size=7'));
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('15');
    await expectAccessible(page);

    await page.goto(report('user-list'));
    await expectDate(page, 'Created From', 'DD/MM/YYYY');
    await expect(page.getByText(/[1-9]\d* Records Found/)).toBeVisible();
    await expectAccessible(page);

    // Every entry of the Reports menu opens its screen with its table.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const reports = menu.locator('#menu-group-Reports');
    const links = reports.getByRole('link');
    const names = await links.allTextContents();
    expect(names[0]).toBe('Reports Overview');
    expect(names.length).toBe(19); // the overview and the 18 reports of the catalogue
    for (const name of names.slice(1)) {
      await reports.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(/\d+ Records Found|Choose a value for/)).toBeVisible();
    }
  });
});

import { expect, test, type Page, type Request } from '@playwright/test';
import { WIDTHS } from './fits.ts';
import {
  E2E,
  apiHeaders,
  createListing,
  dateField,
  expectAccessible,
  expectDate,
  saveDespiteDuplicates,
  signIn,
  typeDate,
} from './support.ts';

/**
 * Decision 87's date fields (DD/MM/YYYY) when the API or the network fails, and under hostile input,
 * as a person meets them: the Audit Log's range, the Sold Rent report's range (a report bounded by
 * dates) and the listing form's Date Rental Started, at both widths.
 */

const FAILED = 'This list could not be loaded.';
const INVALID = 'Enter a date as DD/MM/YYYY';
const REFUSED = 'You are offline. This cannot be done until the connection returns.';
const SHOTS = 'e2e/.artifacts/screens';
const AUDIT = '/home/audit/audit-log';
const SOLD_RENT = '/home/reports/sold-rent';

/** The requests of a call, to read the dates they carried. */
function recordCalls(page: Page, call: string) {
  const sent: URLSearchParams[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === `/api/${call}`) sent.push(url.searchParams);
  });
  return sent;
}

/** Every date a request carried is a real day as YYYY-MM-DD. */
function expectOnlyRealDates(sent: URLSearchParams[]) {
  for (const params of sent)
    for (const [name, value] of params)
      if (/date/.test(name)) {
        expect(value, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10), name).toBe(value);
      }
}

/** Empties a date field as a person would: all of it chosen, then Backspace. */
async function clearDate(page: Page, label: string) {
  await typeDate(page, label, '');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expectDate(page, label, 'DD/MM/YYYY');
}

/**
 * Types a date section by section, each clicked first: typed in one run, a '/' after a section MUI
 * had already left skipped the next one (CI saw 01/09/0999 for 01/01/9999, 00/00/YYYY for 00/00/0000).
 */
async function typeBySection(page: Page, label: string, date: string) {
  await clearDate(page, label);
  // Emptied, the field is one 'DD/MM/YYYY' until clicked: then it has its sections.
  await typeDate(page, label, '');
  const [day, month, year] = date.split('/');
  await typeSection(page, label, 'Day', day!);
  await typeSection(page, label, 'Month', month!);
  await typeSection(page, label, 'Year', year!);
  await expectDate(page, label, date);
}

/** Clicks one section of a date field and types digits into it, as a person mending that part. */
async function typeSection(page: Page, label: string, section: 'Day' | 'Month' | 'Year', digits: string) {
  await page
    .getByRole('group', { name: label, exact: true })
    .getByRole('spinbutton', { name: section })
    .click();
  await page.keyboard.type(digits);
}

/** Pastes text into a date field, clicked at its start, as from another program. */
async function pasteDate(page: Page, label: string, text: string) {
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
      ).navigator.clipboard.writeText(t),
    text,
  );
  await typeDate(page, label, '');
  await page.keyboard.press('ControlOrMeta+v');
}

const failedAlert = (page: Page) => page.getByRole('alert').filter({ hasText: FAILED });

/** Signs in, opens the Audit Log at `size`: the getAuditLog calls it sends, and its Filters. */
async function openAuditLog(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  const sent = recordCalls(page, 'getAuditLog');
  await page.goto(AUDIT);
  await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
  return { sent, filters: page.getByRole('region', { name: 'Filters' }) };
}

for (const size of WIDTHS) {
  test(`at ${size.width} px, the Audit Log's range applied while the server fails says so, keeps the dates, and Retry loads that range`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(AUDIT);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    const blocked = { on: true };
    await page.route(/\/api\/getAuditLog\?/, (route) =>
      blocked.on
        ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
        : route.fallback(),
    );

    await typeDate(page, 'From', '01/11/2026');
    await typeDate(page, 'To', '03/12/2026');
    const alert = failedAlert(page);
    await expect(alert).toContainText('The server ran into a problem.');
    await expect(page.getByText('No Data Found')).toHaveCount(0);
    await expectDate(page, 'From', '01/11/2026');
    await expectDate(page, 'To', '03/12/2026');
    await page.screenshot({ path: `${SHOTS}/dates-audit-500-${size.width}.png`, fullPage: true });

    blocked.on = false;
    const retried = page.waitForRequest((r) => r.url().includes('/api/getAuditLog?'));
    await alert.getByRole('button', { name: 'Retry' }).click();
    const sent = new URL((await retried).url()).searchParams;
    expect([sent.get('from_date'), sent.get('to_date')]).toEqual(['2026-11-01', '2026-12-03']);
    await expect(alert).toHaveCount(0);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expectDate(page, 'From', '01/11/2026');
    await expectAccessible(page);
  });

  test(`at ${size.width} px, Sold Rent searched with the network down says so, keeps the dates, and Retry loads that range`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(SOLD_RENT);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await typeDate(page, 'Booking From', '01/01/2026');
    await typeDate(page, 'Booking Upto', '28/02/2026');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Search Booking' }).click();
    const alert = failedAlert(page);
    await expect(alert).toContainText('You are offline. Check your connection.');
    await expectDate(page, 'Booking From', '01/01/2026');
    await expectDate(page, 'Booking Upto', '28/02/2026');
    await page.screenshot({ path: `${SHOTS}/dates-sold-rent-offline-${size.width}.png`, fullPage: true });

    await context.setOffline(false);
    const retried = page.waitForRequest((r) => r.url().includes('/api/getSoldRentReport?'));
    await alert.getByRole('button', { name: 'Retry' }).click();
    const sent = new URL((await retried).url()).searchParams;
    expect([sent.get('date_sold_from_date'), sent.get('date_sold_to_date')]).toEqual([
      '2026-01-01',
      '2026-02-28',
    ]);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await expectDate(page, 'Booking Upto', '28/02/2026');
  });

  test(`at ${size.width} px, the Audit Log keeps the date it applied while its field holds no whole date`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await page.goto(AUDIT);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    const filters = page.getByRole('region', { name: 'Filters' });
    await typeDate(page, 'From', '31/01/2026');
    await expect(page).toHaveURL(/from_date=2026-01-31/);

    // Its month changed to February, a day that does not exist: the field says so, the range stays.
    await page
      .getByRole('group', { name: 'From', exact: true })
      .getByRole('spinbutton', { name: 'Month' })
      .click();
    await page.keyboard.type('02');
    await page.keyboard.press('Tab');
    await expect(filters.getByText(INVALID)).toBeVisible();
    await expectDate(page, 'From', '31/02/2026');
    await expect(page).toHaveURL(/from_date=2026-01-31/);
    // A filter chosen next is sent with that range, not with none.
    const next = page.waitForRequest((r) => r.url().includes('/api/getAuditLog?') && /action=/.test(r.url()));
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Created', exact: true }).click();
    expect(new URL((await next).url()).searchParams.get('from_date')).toBe('2026-01-31');
    await expectAccessible(page);
  });

  test(`at ${size.width} px, a date field takes a real date or says what is wrong, and sends no other`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { sent, filters } = await openAuditLog(page, size);

    // Letters are not taken: the field stays empty.
    await typeDate(page, 'From', 'ab');
    await expectDate(page, 'From', 'DD/MM/YYYY');
    for (const [typed, words] of [
      ['31/02/2026', INVALID],
      ['00/00/0000', INVALID],
      ['01/01/0002', INVALID],
      ['01/01/9999', 'Enter a date from 01/01/1900 to 31/12/2099'],
    ] as const) {
      await typeBySection(page, 'From', typed);
      await expect(filters.getByText(words)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(filters.getByText(words)).toBeVisible();
      await expect(page).not.toHaveURL(/from_date/);
      if (typed === '31/02/2026')
        await page.screenshot({ path: `${SHOTS}/dates-impossible-${size.width}.png`, fullPage: true });
      await clearDate(page, 'From');
      await expect(filters.getByText(words)).toHaveCount(0);
    }

    // Pasted: the wire's YYYY-MM-DD and a day without its zero are taken; other text is refused.
    await pasteDate(page, 'From', '2026-12-03');
    await expectDate(page, 'From', '03/12/2026');
    await expect(page).toHaveURL(/from_date=2026-12-03/);
    await pasteDate(page, 'To', '3/12/2026');
    await expectDate(page, 'To', '03/12/2026');
    await expect(page).toHaveURL(/to_date=2026-12-03/);
    await pasteDate(page, 'To', 'next Friday');
    await expect(filters.getByText(`“next Friday” is not a date. ${INVALID}.`)).toBeVisible();
    await expectDate(page, 'To', '03/12/2026');
    await page.screenshot({ path: `${SHOTS}/dates-pasted-${size.width}.png`, fullPage: true });
    await expectAccessible(page);
    expectOnlyRealDates(sent);

    // A report's required date that is not a date says so, not 'required'; an end before the start.
    await page.goto(SOLD_RENT);
    await expect(page.getByText(/\d+ Records Found/)).toBeVisible();
    await typeDate(page, 'Booking From', '31/02/2026');
    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page.getByText(INVALID)).toBeVisible();
    await expect(page.getByText('Field is required')).toHaveCount(0);
    await expect(page).not.toHaveURL(/date_sold_from_date/);
    await typeDate(page, 'Booking From', '10/02/2026');
    await typeDate(page, 'Booking Upto', '01/02/2026');
    await page.getByRole('button', { name: 'Search Booking' }).click();
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(page).not.toHaveURL(/date_sold_from_date/);
  });

  test(`at ${size.width} px, a month or day typed that none has is refused in words, not made another date`, async ({
    page,
  }) => {
    const { sent, filters } = await openAuditLog(page, size);
    const noMonth = filters.getByText('There is no month 13: a date is day, month, year (DD/MM/YYYY)');
    const noDay = filters.getByText('There is no day 35: a date is day, month, year (DD/MM/YYYY)');

    // Month after day as in en-US, 12/13: MUI kept the 3 alone, month 03, another date, silently.
    await clearDate(page, 'From');
    await typeDate(page, 'From', '');
    await typeSection(page, 'From', 'Day', '12');
    await typeSection(page, 'From', 'Month', '13');
    await expect(noMonth).toBeVisible();
    await expectDate(page, 'From', '12/01/YYYY');
    // The month's 1 still waits for its second digit: 2 makes December, and the words go.
    await page.keyboard.type('2');
    await expectDate(page, 'From', '12/12/YYYY');
    await expect(noMonth).toHaveCount(0);
    await typeSection(page, 'From', 'Year', '2026');
    await expect(page).toHaveURL(/from_date=2026-12-12/);

    // A day of 35 in a field holding a date: the 3 is taken, the 5 refused, never 05/12/2026.
    await typeSection(page, 'From', 'Day', '35');
    await expect(noDay).toBeVisible();
    await expectDate(page, 'From', '03/12/2026');
    await expect(page).toHaveURL(/from_date=2026-12-03/);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/dates-no-day-35-${size.width}.png`, fullPage: true });

    // A date whose sections all exist is taken.
    await typeBySection(page, 'From', '31/10/2026');
    await expect(page).toHaveURL(/from_date=2026-10-31/);
    await expect(filters.getByText(/There is no/)).toHaveCount(0);
    const froms = sent.map((params) => params.get('from_date'));
    expect(froms).not.toContain('2026-12-05');
    expect(froms).not.toContain('2026-03-12');
  });

  test(`at ${size.width} px, the listing form refuses a date that is not one, and one saved offline; online it saves`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const name = `E2E Date Rent ${size.width} ${`${Date.now()}`.slice(-6)}`;
    const headers = await apiHeaders(request);
    const { id } = await createListing(request, headers, name, {
      product_category_id: 1,
      rental_price_asked: '25000',
      sale_price: '',
    });
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    await saveDespiteDuplicates(page);
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/updateproperty')) updates.push(r.postData() ?? '');
    });
    await page.goto(`/home/Property/add-property?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit Property : ${name}` })).toBeVisible();
    const save = page.getByRole('button', { name: 'Update Property' });

    // An impossible day is not saved as no date.
    await typeDate(page, 'Date Rental Started', '31/02/2026');
    await save.click();
    const field = page.getByRole('group', { name: 'Date Rental Started', exact: true });
    await expect(page.getByText(INVALID)).toBeVisible();
    await expect(field).toContainText('31/02/2026');
    await expect(page).toHaveURL(/add-property\?id=/);

    // A day past the rental's limit is the form's rule to judge, in its words.
    await typeDate(page, 'Current Rental Expires', '01/01/2030');
    await save.click();
    await expect(page.getByText(/^The rental cannot expire after \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await clearDate(page, 'Current Rental Expires');

    // Offline: refused where it was pressed, the date typed stays, nothing sent.
    await typeDate(page, 'Date Rental Started', '01/02/2026');
    await expect(page.getByText(INVALID)).toHaveCount(0);
    await context.setOffline(true);
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    await expectDate(page, 'Date Rental Started', '01/02/2026');
    await page.screenshot({ path: `${SHOTS}/dates-form-offline-${size.width}.png` });
    await expectAccessible(page);
    expect(updates).toEqual([]);

    await context.setOffline(false);
    await save.click();
    await expect(page.getByText('Property updated successfully')).toBeVisible();
    expect(updates.map((b) => JSON.parse(b).date_rental_started)).toEqual(['2026-02-01']);
    await page.goto(`/home/Property/add-property?id=${id}`);
    await expectDate(page, 'Date Rental Started', '01/02/2026');
    await expect(dateField(page, 'Date Rental Started')).toBeVisible();
  });
}

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS } from './fits.ts';
import { apiHeaders, E2E, expectAccessible, signIn } from './support.ts';

/**
 * A save while offline is refused up front, with the wording of every refused action, where the user
 * is looking, and nothing is sent; messages never cover the app bar; an address chooser's label moves
 * above its value as soon as a value shows (Edit User's Province, Town and Barangay load late).
 */

const REFUSED = 'You are offline. This cannot be done until the connection returns.';
const USERS = '/home/users/AgentOperator/agent-operator';
const EDIT_USER = '/home/users/AgentOperator/add-agent-operator';
const SHOTS = '/tmp/shots3';

/** A demo user without an agency: its own address is Metro Manila, Quezon City, Amihan. */
async function userInQuezonCity(request: APIRequestContext): Promise<number> {
  const headers = await apiHeaders(request);
  const answer = await request.get('/api/GetUser?itemsPerPage=50&page=1', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  const rows = (await answer.json()).resultData.data as {
    user_id: number;
    associated_agency_id: number | null;
    barangay_id: number | null;
  }[];
  const row = rows.find((r) => r.associated_agency_id === null && r.barangay_id !== null);
  expect(row, 'a demo user with an address of their own').toBeTruthy();
  return row!.user_id;
}

/** Edit User of that user, opened by the Admin at the size given, its address loaded. */
async function editUserOpened(
  page: Page,
  request: APIRequestContext,
  size: { width: number; height: number },
) {
  const userId = await userInQuezonCity(request);
  await page.setViewportSize(size);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto(`${EDIT_USER}?userId=${userId}`);
  await expect(page.getByRole('combobox', { name: 'Barangay', exact: true })).toHaveValue('Amihan');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Run in the page (a function, as its Content Security Policy allows no string): null while the
 * input labelled `label` is empty, then its value, its label's box and the box of its text (the input
 * without its padding).
 */
function inputAndLabel(label: string) {
  const dom = globalThis as unknown as Dom;
  const tag = [...dom.document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const input = tag && dom.document.getElementById(tag.htmlFor);
  if (!tag || !input || !input.value) return null;
  const box = (r: Box) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
  const style = dom.getComputedStyle(input);
  const field = input.getBoundingClientRect();
  const top = parseFloat(style.paddingTop);
  const bottom = parseFloat(style.paddingBottom);
  const text = { x: field.x, y: field.y + top, width: field.width, height: field.height - top - bottom };
  return { label: box(tag.getBoundingClientRect()), text, value: input.value };
}

/** What inputAndLabel reads of the page (the e2e project has no DOM types). */
interface Dom {
  document: {
    querySelectorAll(selector: 'label'): Iterable<{
      textContent: string | null;
      htmlFor: string;
      getBoundingClientRect(): Box;
    }>;
    getElementById(id: string): { value: string; getBoundingClientRect(): Box } | null;
  };
  getComputedStyle(element: unknown): { paddingTop: string; paddingBottom: string };
}

/** Counts the requests of a call the page sends. */
function countCalls(page: Page, call: string) {
  const sent = { count: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/${call}`) sent.count += 1;
  });
  return sent;
}

for (const size of WIDTHS) {
  test(`offline at ${size.width} px, Update User is refused where it was pressed, nothing is sent; online it saves`, async ({
    page,
    context,
    request,
  }) => {
    await editUserOpened(page, request, size);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Edit User/);
    const updates = countCalls(page, 'UpdateUser');

    await context.setOffline(true);
    const save = page.getByRole('button', { name: 'Update User' });
    await save.click();
    const refused = page.getByRole('alert').filter({ hasText: REFUSED });
    await expect(refused).toBeVisible();
    // Seen from the button: inside the window, with the button still in view.
    await expect(refused).toBeInViewport();
    await expect(save).toBeInViewport();
    await expect(page.getByRole('alert').filter({ hasText: 'Internet not found' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/offline-update-user-${size.width}.png` });
    // Longer than a resend's pause: nothing went out, not even a second try.
    await page.waitForTimeout(2500);
    expect(updates.count).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Edit User/);
    await expectAccessible(page);

    await context.setOffline(false);
    await save.click();
    const saved = page.getByRole('alert').filter({ hasText: 'User updated successfully' });
    await expect(saved).toBeVisible();
    expect(updates.count).toBe(1);
    await expect(page).toHaveURL(new RegExp(`${USERS}$`));
    // The message leaves the app bar (menu, search, bell, account) free.
    const bar = (await page.getByRole('banner').boundingBox())!;
    const message = (await saved.boundingBox())!;
    await page.screenshot({ path: `${SHOTS}/saved-message-${size.width}.png` });
    expect(
      overlap(bar, message),
      `message ${JSON.stringify(message)} covers the app bar ${JSON.stringify(bar)}`,
    ).toBe(false);
    await expect(saved).toBeInViewport({ ratio: 1 });
  });
}

for (const size of WIDTHS) {
  test(`at ${size.width} px, Edit User's address labels sit above their values as soon as the values show`, async ({
    page,
    request,
  }) => {
    const userId = await userInQuezonCity(request);
    await page.setViewportSize(size);
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
    // The record and the places are read afresh, so that the values arrive after the form shows.
    await page.route(/\/api\/(GetUserById|.*[Tt]own.*|.*[Bb]arangay.*)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fallback();
    });
    await page.goto(`${EDIT_USER}?userId=${userId}`);
    for (const [label, value] of [
      ['Province', 'Metro Manila'],
      ['Town', 'Quezon City'],
      ['Barangay', 'Amihan'],
    ] as const) {
      // The first frame in which the value shows: where its label is then.
      const boxes = (await (
        await page.waitForFunction(inputAndLabel, label, { polling: 'raf' })
      ).jsonValue()) as { label: Box; text: Box; value: string } | null;
      expect(boxes!.value).toBe(value);
      expect(
        overlap(boxes!.label, boxes!.text),
        `${label} ${JSON.stringify(boxes!.label)} over its value ${JSON.stringify(boxes!.text)}`,
      ).toBe(false);
    }
    await page.screenshot({ path: `${SHOTS}/address-labels-${size.width}.png`, fullPage: true });
    await expectAccessible(page);
  });
}

/** How tall the page is (run in the page). */
const pageHeight = () =>
  (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document
    .documentElement.scrollHeight;

/** A tablet or a narrow window: the message is narrow and centred, the side menu folded away. */
const TABLET = { width: 768, height: 1024 } as const;

for (const size of [...WIDTHS, TABLET]) {
  test(`at ${size.width} px, while a message shows, the form's buttons and the footer can be scrolled above it`, async ({
    page,
    context,
    request,
  }) => {
    await editUserOpened(page, request, size);

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    const height = await page.evaluate(pageHeight);
    const save = page.getByRole('button', { name: 'Update User' });
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/^© \d{4} Pinoy Property · Version /);
    await save.click();
    const refused = page.getByRole('alert').filter({ hasText: REFUSED });
    await expect(refused).toBeVisible();
    // Scrolled as far as the page goes, the button and the footer line sit wholly above the message's
    // top edge, at every width (decision 92).
    await page.mouse.move(size.width / 2, size.height / 2);
    await expect(async () => {
      await page.mouse.wheel(0, 3000);
      const message = (await refused.boundingBox())!;
      for (const [name, box] of [
        ['Update User', (await save.boundingBox())!],
        ['the footer', (await footer.boundingBox())!],
      ] as const) {
        expect(
          box.y + box.height,
          `${name} ${JSON.stringify(box)} under the message ${JSON.stringify(message)}`,
        ).toBeLessThanOrEqual(message.y);
      }
    }).toPass({ timeout: 5000 });
    await expect(footer).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/buttons-above-message-${size.width}.png` });
    // The button, not the message, takes the press: refused again, still nothing sent.
    const updates = countCalls(page, 'UpdateUser');
    await save.click();
    await expect(refused).toBeVisible();
    expect(updates.count).toBe(0);

    // The room goes with the message.
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.evaluate(pageHeight)).toBe(height);
    await context.setOffline(false);
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'User updated successfully' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS}$`));
  });
}

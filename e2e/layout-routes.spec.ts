import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS, misfits, settle } from './fits.ts';
import { E2E, apiHeaders, createListing, signIn } from './support.ts';

/**
 * Issue 21 item 1, must show: every route of the app fits the window at 390 px and at 1440 px. The
 * routes come from the route table itself (APP_ROUTES), so a new screen is checked without a change
 * here; a route with a parameter opens a real record. Signed in as the Super Admin, who may open all.
 */

interface Route {
  path: string;
  title: string;
}
// Imported by a computed name: the route table is web code (JSX, DOM types) that the e2e type check
// does not compile; Playwright loads it at run time.
const ROUTES_MODULE = '../apps/web/src/app/routes.tsx';
const loadRoutes = async () =>
  ((await import(/* @vite-ignore */ ROUTES_MODULE)) as { APP_ROUTES: readonly Route[] }).APP_ROUTES;

/** The first record's id of a list call. */
async function firstId(
  request: APIRequestContext,
  headers: Record<string, string>,
  call: string,
  key: string,
) {
  const res = await request.get(`/api/${call}`, { headers, params: { page: 1, size: 7 } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { resultData: { data: Record<string, unknown>[] } }).resultData.data;
  expect(rows.length, `${call} has a record`).toBeGreaterThan(0);
  return String(rows[0]![key]);
}

/** Every URL to open: each route with its parameters filled by real records, plus the add forms. */
async function urls(request: APIRequestContext): Promise<string[]> {
  const headers = await apiHeaders(request);
  const listing = await createListing(request, headers, 'Layout Routes Lot With A Rather Long Name Cebu');
  const params: Record<string, string> = {
    agencyId: await firstId(request, headers, 'getagency', 'agency_id'),
    brokerId: await firstId(request, headers, 'getbroker', 'broker_id'),
    brokerAssociationId: await firstId(request, headers, 'getbrokerassociation', 'broker_association_id'),
    sellerId: await firstId(request, headers, 'GetSeller', 'seller_id'),
    roleId: '3',
  };
  // Screens that edit a record through the query string.
  const query: Record<string, string> = {
    'Property/add-property': `id=${listing.id}`,
    'Property/add-property-image': `propertyId=${listing.id}`,
    'users/AgentOperator/add-agent-operator': `userId=${await firstId(request, headers, 'GetUser', 'user_id')}`,
    'permission/assign-role-permission-list/:roleId': 'name=Agent',
  };
  const list: string[] = [];
  for (const route of await loadRoutes()) {
    const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
      expect(params[name], `an id for :${name}`).toBeDefined();
      return params[name]!;
    });
    const search = query[route.path];
    list.push(`/home/${path}${search ? `?${search}` : ''}`);
  }
  // The add forms as well as the edit forms.
  list.push(
    '/home/Property/add-property',
    '/home/users/AgentOperator/add-agent-operator',
    '/home/Agency/add-agency/0',
  );
  return list;
}

/**
 * Opens `url` in the running app, as its links do (no reload: the whole list stays quick), waits for
 * the new screen to settle and answers what does not fit.
 */
async function check(page: Page, url: string, width: number): Promise<string[]> {
  const before = await page.$('h1');
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(url)});
    dispatchEvent(new PopStateEvent('popstate'))`);
  // Each route is its own screen: the previous one's heading goes before the new one is read.
  await before?.waitForElementState('hidden');
  await settle(page);
  const found = await misfits(page, true);
  if (found.length) {
    const name = url.replace(/^\/home\//, '').replace(/\W+/g, '-');
    await page.screenshot({ path: `e2e/.artifacts/misfits/${name}-${width}.png`, fullPage: true });
  }
  return found.map((f) => `${url} at ${width} px: ${f}`);
}

test('the sign-in pages fit the window at 390 px and 1440 px', async ({ page }) => {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    found.push(...(await misfits(page, false)).map((f) => `/login at ${size.width} px: ${f}`));
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot Password' })).toBeVisible();
    found.push(...(await misfits(page, false)).map((f) => `Forgot Password at ${size.width} px: ${f}`));
    await page.goto('/reset-password?token=layout-check');
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
    found.push(...(await misfits(page, false)).map((f) => `/reset-password at ${size.width} px: ${f}`));
  }
  expect(found).toEqual([]);
});

test('every route fits the window at 390 px and 1440 px, its top bar on-screen', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const list = await urls(request);
  expect(list.length).toBeGreaterThan(50);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const url of list) found.push(...(await check(page, url, size.width)));
  }
  expect(found).toEqual([]);
});

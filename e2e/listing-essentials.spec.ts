import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiHeaders, createListing, E2E, expectAccessible, mailTo, signIn } from './support.ts';

/**
 * Issue 21, items 5 and 10: a listing card says what it costs, where it is and what it is; an Agent at
 * the open-listing limit is told so the moment the Add Property form opens.
 */
const LIST = '/home/Property/property-list';
const LOT = 'E2E Essentials Lot';
/** The save's refusal at the limit (PROPERTY_MESSAGES.limitReached in the contract). */
const limitReached = (limit: number) =>
  `The open property limit of ${limit} is reached: sell or archive a listing first`;

/** A new Agent of the first agency with this open-listing limit, who has chosen a password. */
async function newAgent(request: APIRequestContext, limit: number) {
  const headers = await apiHeaders(request);
  const first = async (call: string) =>
    (
      (await (await request.get(`/api/${call}`, { headers })).json()).resultData as Record<string, number>[]
    )[0]!;
  const email = `limited.${Date.now()}@agents.example.ph`;
  const saved = await request.post('/api/SaveUser', {
    headers,
    data: {
      first_name: 'Limited',
      last_name: 'Agent',
      role_id: 26,
      user_email: email,
      phone_1: '09170002222',
      re_license: 'PRC-REB-0999',
      associated_agency_id: (await first('GetAgencyWithoutPagination')).agency_id,
      associated_broker_id: [(await first('GetBrokerWithoutPagination')).broker_id],
      is_address_same_as_agency: 1,
      open_property_limit: limit,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const token = /reset-password\?token=([\w-]+)/.exec(await mailTo(email, 'choose your password'))![1];
  const password = 'Agent12345';
  const set = await request.post('/api/reset_password', {
    data: { token, new_password: password, confirm_password: password },
  });
  expect(set.status()).toBe(200);
  return { email, password };
}

test.describe('listing cards', () => {
  for (const width of [1440, 390]) {
    test(`a card shows its price, category and type, town and province at ${width} px`, async ({
      page,
      request,
    }) => {
      const name = `${LOT} ${width}`;
      await createListing(request, await apiHeaders(request), name);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto(LIST);
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
      // A busy machine may take a while to load the list.
      await expect(card).toHaveCount(1, { timeout: 30_000 });
      await expect(card.getByText('₱3,600,000', { exact: true })).toBeVisible();
      await expect(card.getByText('For Sale · Land', { exact: true })).toBeVisible();
      await expect(card.getByText('Cebu City, Cebu', { exact: true })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe('the open-listing limit', () => {
  for (const width of [1440, 390]) {
    test(`an Agent at the limit is told when the Add Property form opens, at ${width} px`, async ({
      page,
      request,
    }) => {
      const agent = await newAgent(request, 1);
      await createListing(
        request,
        await apiHeaders(request, agent.email, agent.password),
        `E2E Limit ${width}`,
      );
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, agent.email, agent.password);
      await page.goto(LIST);
      await page.getByRole('button', { name: 'Add Property' }).click();
      await expect(page.getByText(limitReached(1))).toBeVisible({ timeout: 30_000 });
      // Nothing to fill that could not be saved.
      await expect(page.getByRole('button', { name: 'Save Property' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Property Name' })).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to Property List' }).click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    });
  }

  test('an Agent below the limit gets the form', async ({ page, request }) => {
    const agent = await newAgent(request, 2);
    await signIn(page, agent.email, agent.password);
    await page.goto('/home/Property/add-property');
    await expect(page.getByRole('button', { name: 'Save Property' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(limitReached(2))).toHaveCount(0);
  });
});

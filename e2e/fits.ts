import { expect, type Locator, type Page } from '@playwright/test';

/** The widths every screen must fit: a phone and a desktop. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** Waits for a screen to settle: its heading shown, no loading status or spinner left. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading data' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/**
 * What does not fit the window: the page scrolling sideways, a control of the top bar (signed in) or a
 * paging arrow outside the window or clipped by its paging bar. Empty when everything fits.
 */
export async function misfits(page: Page, signedIn: boolean): Promise<string[]> {
  const found: string[] = [];
  // Run in the page (the e2e project has no DOM types, so the expression is a string).
  const [scrollWidth, innerWidth] = (await page.evaluate(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  )) as [number, number];
  if (scrollWidth > innerWidth) found.push(`the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
  const offScreen = async (name: string | RegExp) => {
    const box = await page.getByRole('button', { name }).boundingBox();
    if (!box) found.push(`${String(name)} is not shown`);
    else if (box.x < 0 || box.x + box.width > innerWidth) found.push(`${String(name)} is off-screen`);
  };
  if (signedIn) {
    await offScreen(/^Notifications/);
    await offScreen('Account menu');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    if (await toggle.isVisible()) await offScreen('Open menu');
  }
  for (const bar of await page.locator('.MuiTablePagination-root').all()) {
    const barBox = await bar.boundingBox();
    if (!barBox) continue;
    for (const name of ['Go to previous page', 'Go to next page']) {
      const box = (await bar.getByRole('button', { name }).boundingBox())!;
      const end = box.x + box.width;
      if (end > innerWidth) found.push(`${name} is outside the window`);
      else if (end > barBox.x + barBox.width) found.push(`${name} is clipped by its paging bar`);
    }
  }
  return found;
}

/** The page does not scroll sideways; the top bar's controls and paging arrows are on-screen. */
export async function expectFits(page: Page, signedIn: boolean) {
  expect(await misfits(page, signedIn)).toEqual([]);
}

/** Which of the elements `items` finds end outside the window sideways, each told by its text and box. */
export async function outsideWindow(page: Page, items: Locator): Promise<string[]> {
  const { width } = page.viewportSize()!;
  const found: string[] = [];
  for (const item of await items.all()) {
    const box = await item.boundingBox();
    if (box && (box.x < 0 || box.x + box.width > width))
      found.push(
        `"${(await item.innerText()).replace(/\s+/g, ' ')}" spans ${box.x}..${box.x + box.width} px`,
      );
  }
  return found;
}

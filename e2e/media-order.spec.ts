import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { misfits } from './fits.ts';
import { E2E, apiHeaders, createListing, expectAccessible, signIn } from './support.ts';

/**
 * A listing's images as people expect (issue 22 item 6): several uploaded at once, each with its
 * progress and its own refusal; put in order by dragging or with the arrows; the first is the default,
 * and the order is kept. At 1440 px and 390 px, each with an accessibility scan.
 */
const mediaPath = (id: number) => `/home/Property/add-property-image?propertyId=${id}`;
const picture = (background: string) =>
  sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .png()
    .toBuffer();

const imageList = (page: Page) => page.getByRole('list', { name: 'Images', exact: true });
/** The images' names in the order shown. */
const shownOrder = (list: Locator) =>
  list.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
const itemOf = (list: Locator, name: string) =>
  list.getByRole('listitem').filter({ has: list.page().getByRole('article', { name, exact: true }) });

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/.artifacts/screens/media-order-${name}.png`, fullPage: true });
}

/** A listing of the e2e admin with these images, uploaded through the API in this order. */
async function listingWithImages(request: APIRequestContext, name: string, images: [string, string][]) {
  const headers = await apiHeaders(request);
  const { id } = await createListing(request, headers, name);
  for (const [description, colour] of images) {
    const res = await request.post('/api/saveimagesupload', {
      headers,
      multipart: {
        type: 'Image',
        property_id: String(id),
        description,
        images_video: { name: `${description}.png`, mimeType: 'image/png', buffer: await picture(colour) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id, headers };
}

test('several images at once with progress and refusals, then dragged into order (1440 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const headers = await apiHeaders(request);
  const { id } = await createListing(request, headers, `E2E Gallery ${Date.now()}`);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto(mediaPath(id));
  // The first screen of a run loads slowly on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: /^Property Images : E2E Gallery/ })).toBeVisible({
    timeout: 60_000,
  });

  // The first upload waits until its progress bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/saveimagesupload', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByLabel('Image files').setInputFiles([
    { name: 'Garden.png', mimeType: 'image/png', buffer: await picture('#3a7') },
    { name: 'Living room.png', mimeType: 'image/png', buffer: await picture('#c63') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1_100_000, 1) },
    { name: 'Bedroom.png', mimeType: 'image/png', buffer: await picture('#36c') },
  ]);
  const queue = page.getByRole('list', { name: 'Images to upload' });
  await expect(queue.getByRole('listitem')).toHaveCount(5);
  await expect(queue.getByRole('listitem', { name: 'notes.txt' })).toContainText(
    'Only .jpg, .jpeg and .png images are accepted',
  );
  await expect(queue.getByRole('listitem', { name: 'huge.png' })).toContainText(
    'Maximum upload limit is 1Mb',
  );
  await expect(page.getByRole('textbox', { name: 'Description of Living room.png' })).toHaveValue(
    'Living room',
  );
  await expectAccessible(page);
  await screenshot(page, 'queue-1440');

  await page.getByRole('button', { name: 'Upload 3 images' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress of Garden.png' })).toBeVisible();
  release();
  await expect(page.getByText('3 images uploaded')).toBeVisible();
  // The refused files stay, each saying why; the others are the listing's, in the order chosen.
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  const list = imageList(page);
  await expect.poll(() => shownOrder(list)).toEqual(['Garden', 'Living room', 'Bedroom']);
  await expect(list.getByRole('article', { name: 'Garden' })).toContainText('Default');
  await page.unroute('**/api/saveimagesupload');

  // Dragged onto the first image, Bedroom becomes the first and the default, and stays so.
  await itemOf(list, 'Bedroom').dragTo(itemOf(list, 'Garden'));
  await expect.poll(() => shownOrder(list)).toEqual(['Bedroom', 'Garden', 'Living room']);
  await expect(page.getByText('Image order saved successfully')).toBeVisible();
  await expect(list.getByRole('article', { name: 'Bedroom' })).toContainText('Default');
  await expect(list.getByRole('article', { name: 'Garden' })).not.toContainText('Default');
  await page.reload();
  await expect.poll(() => shownOrder(imageList(page))).toEqual(['Bedroom', 'Garden', 'Living room']);
  await expect(imageList(page).getByRole('article', { name: 'Bedroom' })).toContainText('Default');
  await expectAccessible(page);
  await screenshot(page, 'ordered-1440');
});

test('moved with the keyboard at 390 px; a save that fails goes back to the kept order', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { id, headers } = await listingWithImages(request, `E2E Phone gallery ${Date.now()}`, [
    ['One', '#a33'],
    ['Two', '#3a3'],
    ['Three', '#33a'],
  ]);
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto(mediaPath(id));
  const list = imageList(page);
  await expect.poll(() => shownOrder(list), { timeout: 60_000 }).toEqual(['One', 'Two', 'Three']);
  await expect(list.getByRole('button', { name: 'Move One earlier' })).toBeDisabled();

  await list.getByRole('button', { name: 'Move One later' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownOrder(list)).toEqual(['Two', 'One', 'Three']);
  await expect(page.getByText('One moved to place 2 of 3')).toBeAttached();
  await expect(list.getByRole('article', { name: 'Two' })).toContainText('Default');
  await expect(page.getByText('Image order saved successfully')).toBeVisible();
  expect(await misfits(page, true)).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, 'ordered-390');

  // Three is deleted behind the page's back: the next move names it, is refused, and the page goes
  // back to the order kept on the server (without Three).
  const media = (await (
    await request.get(`/api/showallimagesvideo?property_id=${id}`, { headers })
  ).json()) as { resultdata: { id: number; description: string }[] };
  const three = media.resultdata.find((m) => m.description === 'Three')!.id;
  const gone = await request.post('/api/deletepropertyimages', {
    headers,
    data: { image_id: three, property_id: id },
  });
  expect(gone.status(), await gone.text()).toBe(200);
  await list.getByRole('button', { name: 'Move Two later' }).click();
  await expect(page.getByText(`This id is not an image of this listing: ${three}`)).toBeVisible();
  await expect.poll(() => shownOrder(list)).toEqual(['Two', 'One']);
  await expect(list.getByRole('article', { name: 'Two' })).toContainText('Default');
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E, expectAccessible, signIn } from './support.ts';
import { WIDTHS, settle } from './fits.ts';

/**
 * The Reports Overview's charts on a desktop and a phone: every figure's label is shown on its axis,
 * whole, inside the window and the chart, and no two labels overlap (slanted ones measured as slanted).
 */

type Point = { x: number; y: number };
type DOMRectLike = { x: number; y: number; width: number; height: number };
interface Label {
  text: string;
  /** The corners of the label's box on screen, in order (a rotated label's box is rotated too). */
  corners: Point[];
}

/** The axis labels of a chart section, each with its box as drawn, and the chart's own box. */
async function axisLabels(section: Locator): Promise<{ labels: Label[]; chart: DOMRectLike }> {
  const svg = section.locator('svg').first();
  const chart = (await svg.boundingBox())!;
  // Run in the page: getBBox is the label before its rotation, getScreenCTM places it on screen.
  const labels = await svg.locator('.MuiChartsAxis-tickLabel').evaluateAll((texts) =>
    texts.map((t) => {
      const el = t as unknown as {
        textContent: string | null;
        getBBox(): { x: number; y: number; width: number; height: number };
        getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number };
      };
      const b = el.getBBox();
      const m = el.getScreenCTM();
      const at = (x: number, y: number) => ({ x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f });
      return {
        text: (el.textContent ?? '').trim(),
        corners: [
          at(b.x, b.y),
          at(b.x + b.width, b.y),
          at(b.x + b.width, b.y + b.height),
          at(b.x, b.y + b.height),
        ],
      };
    }),
  );
  return { labels, chart };
}

/** Whether two convex boxes overlap by more than half a pixel (separating axis test). */
function overlap(p: Point[], q: Point[]): boolean {
  for (const shape of [p, q]) {
    for (let i = 0; i < shape.length; i++) {
      const a = shape[i]!;
      const b = shape[(i + 1) % shape.length]!;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      if (length === 0) continue;
      const axis = { x: (a.y - b.y) / length, y: (b.x - a.x) / length };
      const span = (s: Point[]) => s.map((v) => v.x * axis.x + v.y * axis.y);
      const [sp, sq] = [span(p), span(q)];
      const gap = Math.min(Math.max(...sp), Math.max(...sq)) - Math.max(Math.min(...sp), Math.min(...sq));
      if (gap <= 0.5) return false;
    }
  }
  return true;
}

/** What is wrong with a chart's labels: missing ones, ones outside the window or chart, overlapping pairs. */
function labelFaults(labels: Label[], expected: string[], chart: DOMRectLike, windowWidth: number) {
  const faults: string[] = [];
  const shown = labels.map((l) => l.text);
  for (const text of expected) if (!shown.includes(text)) faults.push(`'${text}' is not shown`);
  for (const l of labels) {
    const xs = l.corners.map((c) => c.x);
    const ys = l.corners.map((c) => c.y);
    if (Math.min(...xs) < 0 || Math.max(...xs) > windowWidth)
      faults.push(`'${l.text}' is outside the window`);
    if (
      Math.min(...xs) < chart.x - 0.5 ||
      Math.max(...xs) > chart.x + chart.width + 0.5 ||
      Math.min(...ys) < chart.y - 0.5 ||
      Math.max(...ys) > chart.y + chart.height + 0.5
    )
      faults.push(`'${l.text}' is cut off by its chart`);
  }
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      if (overlap(labels[i]!.corners, labels[j]!.corners))
        faults.push(`'${labels[i]!.text}' overlaps '${labels[j]!.text}'`);
  return faults;
}

/** The labels a chart's figures should have on its axis, read from the figure links under it. */
async function figureLabels(section: Locator, toLabel: (figure: string) => string) {
  const links = await section.getByRole('list').getByRole('link').allTextContents();
  expect(links.length).toBeGreaterThan(0);
  return links.map((l) => toLabel(l.replace(/: [\d,]+$/, '')));
}

async function expectReadableLabels(page: Page, heading: string, toLabel: (figure: string) => string) {
  const section = page.getByRole('region', { name: heading });
  await section.scrollIntoViewIfNeeded();
  const expected = await figureLabels(section, toLabel);
  const width = page.viewportSize()!.width;
  // The chart draws its axes after it has measured its box.
  await expect(async () => {
    const { labels, chart } = await axisLabels(section);
    expect(labelFaults(labels, expected, chart, width), `${heading} at ${width} px`).toEqual([]);
  }).toPass({ timeout: 10_000 });
}

test('the overview charts: every axis label shown whole, apart, inside the window', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/home/reports/overview');
    await settle(page);
    await expectReadableLabels(page, 'Listings by status', (status) => status);
    // 'Week of 14/09/2026' is labelled 14/09 on the axis.
    const week = (figure: string) => figure.replace(/^Week of (\d{2}\/\d{2})\/\d{4}$/, '$1');
    await expectReadableLabels(page, 'New listings per week (last 12 weeks)', week);
    await expectReadableLabels(page, 'New users per week (last 12 weeks)', week);
    await expectAccessible(page);
  }
});

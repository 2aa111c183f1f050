// The live preview of the retry policy (issue 15): before any run, under the retry settings, it
// draws the ceiling and the band of possible waits for each retry, and redraws as they change.
import { test, expect } from '@playwright/test';
import { Playground } from './playground.page.mjs';

const bands = (page) => page.getByTestId('preview-retry').evaluateAll((gs) => gs.map((g) => ({
  low: Number(g.dataset.low),
  high: Number(g.dataset.high),
  top: Number(g.querySelector('rect').getAttribute('y')),
  height: Number(g.querySelector('rect').getAttribute('height')),
})));

test('the preview redraws when "First wait" changes', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await page.mouse.wheel(0, 400); // the settings panel comes with the first sign of use
  const preview = page.getByTestId('retry-preview');
  await expect(preview).toHaveAttribute('data-ceilings', '500,1000');
  const before = await bands(page);
  expect(before.map((b) => [b.low, b.high])).toEqual([[0, 500], [0, 1000]]);

  await page.getByTestId('base-delay').fill('1500');
  await page.getByTestId('base-delay').press('Enter');
  await page.getByTestId('base-delay').blur();
  // 1.5 s then 3 s: both under the 4 s cap.
  await expect(preview).toHaveAttribute('data-ceilings', '1500,3000');
  const after = await bands(page);
  expect(after.map((b) => [b.low, b.high])).toEqual([[0, 1500], [0, 3000]]);
  expect(after[0].height).not.toBe(before[0].height);
  await expect(page).toHaveURL(/base=1500/);

  // Jitter off: each band shrinks to its ceiling; more attempts: more retries drawn, capped.
  await page.getByTestId('jitter').uncheck();
  await page.getByTestId('max-attempts').fill('5');
  await page.getByTestId('max-attempts').press('Enter');
  await page.getByTestId('max-attempts').blur();
  await expect(preview).toHaveAttribute('data-ceilings', '1500,3000,4000,4000');
  for (const b of await bands(page)) expect(b.low).toBe(b.high);
  // Nothing has run.
  await expect(pg.entries()).toHaveCount(0);
  expect(pg.errors).toEqual([]);
});

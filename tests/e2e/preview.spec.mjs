// The live preview of the retry policy (issue 15): before any run, under the retry settings, it
// draws the ceiling and the band of possible waits for each retry, and redraws as they change.
import { test, expect } from './fixtures.mjs';
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

  await page.getByTestId('base-delay').fill('3000');
  await page.getByTestId('base-delay').press('Enter');
  await page.getByTestId('base-delay').blur();
  // 3 s, then 6 s cut to the 4 s cap: the first band now reaches three quarters of the way up.
  await expect(preview).toHaveAttribute('data-ceilings', '3000,4000');
  const after = await bands(page);
  expect(after.map((b) => [b.low, b.high])).toEqual([[0, 3000], [0, 4000]]);
  expect(after[0].height / after[1].height).toBeCloseTo(0.75, 1);
  expect(before[0].height / before[1].height).toBeCloseTo(0.5, 1);
  await expect(page).toHaveURL(/base=3000/);

  // Jitter off: each band shrinks to its ceiling; more attempts: more retries drawn, capped.
  await page.getByTestId('jitter').uncheck();
  await page.getByTestId('max-attempts').fill('5');
  await page.getByTestId('max-attempts').press('Enter');
  await page.getByTestId('max-attempts').blur();
  await expect(preview).toHaveAttribute('data-ceilings', '3000,4000,4000,4000');
  for (const b of await bands(page)) expect(b.low).toBe(b.high);
  // Nothing has run.
  await expect(pg.entries()).toHaveCount(0);
});

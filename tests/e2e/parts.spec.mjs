// The page arrives in parts: the first load carries what a default run needs, and each other
// feature fetches its own wasm file on first use. A part that cannot be fetched costs that
// feature, never the page.
import { test, expect } from '@playwright/test';
import { Playground } from './playground.page.mjs';

/** The lazy parts (split_<name>.wasm) the page has asked for so far. */
function partsRequested(page) {
  const parts = new Set();
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/lazy[^/]*\/split_([a-z_]+)\.wasm$/);
    if (m) parts.add(m[1]);
  });
  return parts;
}

test('the first load fetches no lazy part, and a default run fetches only the loop and the verdict', async ({ page }) => {
  const parts = partsRequested(page);
  const pg = new Playground(page);
  await pg.open();
  await page.waitForLoadState('networkidle');
  expect([...parts]).toEqual([]);
  await pg.speed('instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('verdict')).toBeVisible();
  expect([...parts].sort()).toEqual(['engine', 'verdict']);
  expect(pg.errors).toEqual([]);
});

test('each feature fetches its own part on first use', async ({ page }) => {
  const parts = partsRequested(page);
  const pg = new Playground(page);
  await pg.open();
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-menu')).toBeVisible();
  expect(parts.has('lessons')).toBe(true);
  await page.getByTestId('lessons').click();
  await page.getByTestId('provider-http').check();
  await expect(page.getByTestId('base-url')).toBeVisible();
  expect(parts.has('real_model')).toBe(true);
  expect(parts.has('compare')).toBe(false);
  expect(pg.errors).toEqual([]);
});

test('a part that cannot be fetched says so in its place, and the page keeps working', async ({ page }) => {
  await page.route('**/split_lessons.wasm', (route) => route.abort());
  const pg = new Playground(page);
  await pg.open();
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('part-missing')).toBeVisible();
  await expect(page.getByTestId('part-missing')).toContainText('could not be fetched');
  // The rest of the page still plays.
  await pg.speed('instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  // The failure is not remembered: once the file is back, opening the menu again shows it.
  await page.unroute('**/split_lessons.wasm');
  await page.getByTestId('lessons').click();
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-menu')).toBeVisible();
  expect(pg.errors).toEqual([]);
});

test('when the loop itself cannot be fetched, Run says so, and works once it can', async ({ page }) => {
  await page.route('**/split_engine.wasm', (route) => route.abort());
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('instant');
  await pg.run();
  await expect(page.getByTestId('trace-error')).toContainText('could not be fetched');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.unroute('**/split_engine.wasm');
  await pg.run();
  await pg.waitForOutcome('answered');
  expect(pg.errors).toEqual([]);
});

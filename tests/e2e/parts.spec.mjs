// The page arrives in parts: the first load carries what a default run needs, and each other
// feature fetches its own wasm file on first use. A part that cannot be fetched costs that
// feature, never the page.
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** The places below the fold still waiting for their panel. */
const waitingPanels = (page) => page.locator('[data-testid="below-fold"]:not(:has(> *))');

/** The lazy parts (split_<name>.wasm) the page has asked for so far. */
function partsRequested(page) {
  const parts = new Set();
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/lazy[^/]*\/split_([a-z_]+)\.wasm$/);
    if (m) parts.add(m[1]);
  });
  return parts;
}

/** Holds the request for the panels below until `release` is called, to see the page before them. */
async function holdPanelsBelow(page) {
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route('**/split_below.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the first load fetches the panels below after its first paint, then the loop and the verdict before any Run, so a run fetches nothing', async ({ page }) => {
  const parts = partsRequested(page);
  const pg = new Playground(page);
  await pg.open();
  await expect(waitingPanels(page)).toHaveCount(0);
  // The run's parts come at an idle moment once the panels below are in (ui::parts, warm_run_parts).
  await expect.poll(() => [...parts].sort()).toEqual(['below', 'engine', 'faults', 'verdict']);
  const [paint, below, engine] = await page.evaluate(() => {
    const started = (file) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(file))?.startTime;
    return [performance.getEntriesByName('first-paint')[0]?.startTime, started('/split_below.wasm'), started('/split_engine.wasm')];
  });
  expect(paint).toBeGreaterThan(0);
  expect(below).toBeGreaterThan(paint);
  expect(engine).toBeGreaterThan(below);
  await pg.speed('instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(page.getByTestId('board')).toBeAttached();
  expect([...parts].sort()).toEqual(['below', 'engine', 'faults', 'verdict']);
});

test('the panels below the fold arrive by themselves, in their places, and the page only grows', async ({ page }) => {
  const release = await holdPanelsBelow(page);
  const pg = new Playground(page);
  await pg.open();
  const waiting = waitingPanels(page);
  await expect(waiting).toHaveCount(5);
  const place = await page.locator('.below-fold-code').evaluate((el) => el.getBoundingClientRect().top);
  const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);
  // Every height the page takes while the panels arrive, frame by frame.
  await page.evaluate(() => {
    window.__heights = [];
    new ResizeObserver(() => window.__heights.push(document.documentElement.scrollHeight)).observe(document.body);
  });
  release();
  await expect(page.getByTestId('code-panel')).toBeAttached();
  await expect(waiting).toHaveCount(0);
  // The panel lands where its place was, and the page only grew.
  const top = await page.getByTestId('code-panel').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(Math.abs(top - place)).toBeLessThan(2);
  const heights = [heightBefore, ...(await page.evaluate(() => window.__heights))];
  for (const [i, h] of heights.entries()) expect(h, `heights ${heights}`).toBeGreaterThanOrEqual(heights[Math.max(0, i - 1)]);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width}px each panel below is at least as tall as the place it held`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const release = await holdPanelsBelow(page);
    const pg = new Playground(page);
    await pg.open();
    const places = page.getByTestId('below-fold');
    await expect(waitingPanels(page)).toHaveCount(5);
    const before = await places.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    release();
    await expect(waitingPanels(page)).toHaveCount(0);
    const after = await places.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    for (const [i, h] of after.entries()) expect(h).toBeGreaterThanOrEqual(before[i]);
  });
}

test('a click just under the fold lands on its button while the panels below arrive', async ({ page }) => {
  const release = await holdPanelsBelow(page);
  const pg = new Playground(page);
  await pg.open();
  // The compare switch sits just under the fold: the click scrolls to it as the panels come.
  const click = page.getByTestId('compare').click();
  release();
  await click;
  await expect(page.getByTestId('compare')).toHaveAttribute('aria-pressed', 'true');
});

test('a screen tall enough to show every panel below gets them all', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 2600 });
  const pg = new Playground(page);
  await pg.open();
  await expect(page.getByTestId('code-panel')).toBeVisible();
  await expect(page.getByTestId('history')).toBeAttached();
  await expect(waitingPanels(page)).toHaveCount(0);
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
});

test('when the loop cannot be fetched, an opened trace says so, and plays once it can', async ({ page, newContext }, testInfo) => {
  // A trace saved in another page, where every part arrives.
  const maker = new Playground(await (await newContext()).newPage());
  await maker.open('?v=1&speed=instant');
  await maker.run();
  await maker.waitForOutcome('answered');
  const [download] = await Promise.all([maker.page.waitForEvent('download'), maker.page.getByTestId('export-trace').click()]);
  const trace = testInfo.outputPath('trace.json');
  await download.saveAs(trace);

  await page.route('**/split_engine.wasm', (route) => route.abort());
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await page.mouse.wheel(0, 1500);
  await page.getByTestId('import-trace').setInputFiles(trace);
  await expect(page.getByTestId('trace-error')).toContainText('the trace did not play');
  // Nothing played: no outcome, and no half a run in the log.
  await expect(pg.outcome).toHaveCount(0);
  await expect(pg.entries()).toHaveCount(0);
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.unroute('**/split_engine.wasm');
  await page.getByTestId('import-trace').setInputFiles(trace);
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('trace-error')).toHaveCount(0);
  await expect(pg.entries()).toHaveCount(await maker.entries().count());
});

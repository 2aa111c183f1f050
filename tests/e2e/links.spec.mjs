// Scenarios as links: lessons, exact replay in a fresh page, embed and presenter modes, damaged
// links, and traces saved and opened again.
import { test, expect } from './fixtures.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import { Playground, logLines } from './playground.page.mjs';

test('a lesson link opens on its question, and answering plays the run', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&lesson=server-hiccup&faults=t2:503&speed=instant');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'server-hiccup');
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await expect(pg.entries()).toHaveCount(0);
  await page.getByTestId('answer-code').click();
  await pg.waitForOutcome('answered');
  await expect(pg.entries('[data-kind="retry-scheduled"]')).toHaveCount(1);
  const explanation = page.getByTestId('lesson-explanation');
  await expect(explanation).toHaveAttribute('data-correct', 'true');
  await expect(explanation).toContainText('never heard about it');
});

test('a wrong answer is told which layer it really was', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&lesson=bad-key&faults=t2:401&speed=instant');
  await page.getByTestId('answer-code').click();
  await pg.waitForOutcome('failed');
  await expect(page.getByTestId('lesson-explanation')).toHaveAttribute('data-correct', 'false');
  await expect(page.getByTestId('lesson-explanation')).toContainText('it was nobody');
});

test('the lesson menu lists every lesson and opens one by its link', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-menu').locator('ol li')).toHaveCount(16);
  await page.getByTestId('lesson-invented-tool').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'invented-tool');
  expect(page.url()).toContain('lesson=invented-tool');
  await expect(page.getByTestId('fault-unknowntool')).toHaveAttribute('aria-pressed', 'true');
});

test('the address follows the settings, and a copied link replays the same events in a fresh page', async ({ page, context, newContext }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pg = new Playground(page);
  await pg.open();
  await pg.fault('503', { turn: 2, times: 2 });
  await pg.fault('badjson', { turn: 3 });
  await page.getByTestId('seed').fill('1234');
  await page.getByTestId('seed').press('Tab');
  await pg.speed('instant');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('faults=t2:503x2,t3:badjson');
  expect(page.url()).toContain('seed=1234');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getByTestId('share-link').inputValue());
  await pg.run();
  await pg.waitForOutcome('answered');
  const first = await logLines(page);
  expect(first.filter((l) => l.startsWith('retry-scheduled'))).toHaveLength(2);

  const fresh = await (await newContext()).newPage();
  const other = new Playground(fresh);
  await fresh.goto(copied);
  await expect(fresh.getByTestId('run')).toBeEnabled();
  await other.run();
  await other.waitForOutcome('answered');
  expect(await logLines(fresh)).toEqual(first);
});

test('embed mode hides the settings and links out to the full playground', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&mode=embed&speed=instant');
  await expect(page.getByTestId('settings')).toHaveCount(0);
  await expect(page.getByTestId('fault-503')).toHaveCount(0);
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(page.getByTestId('door')).toBeVisible();
  const href = await page.getByTestId('open-full').getAttribute('href');
  expect(href).toContain('faults=t2%3A503');
  expect(href).not.toContain('mode=embed');
  await pg.run();
  await pg.waitForOutcome('answered');
});

test('presenter mode in timed playback walks the lessons with PageDown and PageUp', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&lesson=rusted-lock&mode=present&pace=timed');
  await expect(page.getByTestId('settings')).toHaveCount(0);
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'server-hiccup');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'rate-limited');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'server-hiccup');
  expect(page.url()).toContain('mode=present');
  await page.getByTestId('toggle-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
});

const damaged = [
  ['?v=1&faults=t2:5o3,t3:badjson&speed=instant', 'faults', 'answered'],
  ['?v=7&shiny=1&speed=instant', 'shiny', 'answered'],
  ['?v=1&faults=t2:503&faults=t3:401&speed=instant', 'faults', 'answered'],
  ['?v=1&turns=0&attempts=999&speed=instant', 'turns', 'answered'],
  ['?%%%&&&===&speed=instant', '%%%', 'answered'],
  ['?v=1&faults=t2:503x2,t3:&speed=instant', 'faults', 'answered'],
  [`?v=1&speed=instant&seed=${'9'.repeat(6000)}`, 'link', 'answered'],
  ['?v=1&key=sk-canary-5150&speed=instant', 'key', 'answered'],
];

for (const [query, key, outcome] of damaged) {
  test(`a damaged link (${query.slice(0, 40)}) shows its notice and still runs`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.open(query);
    const notice = page.getByTestId('link-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(key);
    await pg.run();
    await pg.waitForOutcome(outcome);
    // A key in a link is refused: it is neither kept in the address nor shown anywhere. The
    // address is written in its canonical form when the panels below the fold come (at the first
    // idle moment), which an instant run may beat: poll.
    await expect.poll(() => page.url()).not.toContain('canary');
    expect(await page.getByTestId('share-link').inputValue()).not.toContain('canary');
  });
}

test('a saved trace opens in a fresh page and replays the same run', async ({ page, newContext }, testInfo) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429,t3:unknowntool&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const first = await logLines(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  const path = testInfo.outputPath('trace.json');
  await download.saveAs(path);
  const saved = JSON.parse(await readFile(path, 'utf8'));
  expect(saved.format).toBe('rusty-lock-trace');

  const fresh = await (await newContext()).newPage();
  // A slow network: the loop's part arrives well after the trace is opened, and the run shown
  // must still be whole when its outcome appears.
  await fresh.route('**/split_engine.wasm', async (route) => {
    await new Promise((done) => setTimeout(done, 700));
    await route.continue();
  });
  const other = new Playground(fresh);
  await other.open('?v=1&speed=instant');
  // The share bar is below the fold: a reader scrolls to it.
  await fresh.mouse.wheel(0, 1500);
  await fresh.getByTestId('import-trace').setInputFiles(path);
  await other.waitForOutcome('answered');
  expect(await logLines(fresh)).toEqual(first);
  await expect(fresh.getByTestId('fault-429')).toHaveAttribute('aria-pressed', 'true');

  const bad = testInfo.outputPath('not-a-trace.json');
  await writeFile(bad, '{"name": "package.json"}');
  await fresh.getByTestId('import-trace').setInputFiles(bad);
  await expect(fresh.getByTestId('trace-error')).toContainText('not a Rusty Lock trace');
});

// Your own loop (issue 26): the view's starting code earns a perfect report card, a loop of the
// reference text's school and a naive loop get the cards they deserve, a run plays in the scene,
// the code travels in a link that runs nothing, and bad code or a loop that never yields gets a
// clear message while the page stays alive.
import { existsSync, readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

const here = (f) => new URL(f, import.meta.url);
const REFERENCE_SCHOOL = readFileSync(here('loops/reference-school.ts'), 'utf8');
const NAIVE = readFileSync(here('loops/naive.js'), 'utf8');

/** The cases every verdict list should name: the rest passes. */
function failing(card) {
  return Object.fromEntries(Object.entries(card).filter(([, row]) => !row.pass).map(([slug, row]) => [slug, row.verdicts]));
}

test('the starting code earns a perfect report card, in each language', async ({ page }) => {
  test.setTimeout(180_000);
  for (const lang of ['en', 'fr', 'zh']) {
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    const card = await yours.grade();
    expect(Object.keys(card)).toHaveLength(await yours.caseCount());
    expect(failing(card), `failing cases in ${lang}`).toEqual({});
    for (const row of Object.values(card)) expect(row.verdicts).toContain('right-layer');
    await expect(yours.summary).toBeVisible();
    // Each case's own real time is on its row.
    const times = await yours.rows.evaluateAll((rows) => rows.map((r) => Number(r.dataset.realMs)));
    expect(times.every((t) => Number.isFinite(t) && t >= 0)).toBe(true);
  }
});

test('a loop of the reference text’s school, pasted as TypeScript, gets the card it deserves', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('reference.ts', REFERENCE_SCHOOL);
  const card = await yours.grade();
  const bad = failing(card);
  // Random backoff that never reads Retry-After, no watchdog, and trusting finish_reason.
  expect(bad['429']).toEqual(['ignored-retry-after']);
  expect(bad['429-hour']).toEqual(['ignored-retry-after']);
  expect(bad.hang).toContain('waited-forever');
  expect(bad.stopcalls).toContain('dropped-tool-calls');
  expect(bad.length).toContain('took-cut-reply');
  expect(Object.keys(bad).sort()).toEqual(['429', '429-hour', 'hang', 'length', 'stopcalls']);
});

test('the reference text’s own TypeScript loop, pasted with the page’s tools standing in for its own', async ({ page }) => {
  const seed = new URL('../../../shared/seeds/002_77e0143caf37405b.txt', import.meta.url);
  test.skip(!existsSync(seed), 'the reference text is not beside this checkout');
  test.setTimeout(120_000);
  const text = readFileSync(seed, 'utf8');
  const ts = text.split('**TypeScript**')[1].split('```ts')[1].split('```')[0];
  // Its own room, `use` and tool table give way to the page's; its LLM and schemas stay its own.
  const pasted = ts
    .replace(/const room = [^\n]*\n/, '')
    .replace(/type ToolFn[^\n]*\nconst tools[^\n]*\nconst toolSchemas = \[[^\n]*\n/, '')
    .replace(/async function use\([\s\S]*?\n}\n/, '')
    .replace(/tools: toolSchemas/, 'tools: globalThis.toolSchemas');
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('reference.ts', pasted);
  const bad = failing(await yours.grade());
  expect(bad.hang).toContain('waited-forever');
  expect(bad.stopcalls).toContain('dropped-tool-calls');
  expect(bad.length).toContain('took-cut-reply');
  expect(bad['429']).toContain('ignored-retry-after');
});

test('a naive loop fails the cases it should, each with its verdict', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('naive.js', NAIVE);
  const bad = failing(await yours.grade());
  expect(bad.plain).toContain('lost-run-on-tool-error');
  for (const slug of ['429', '500', '502', '503', 'drop']) expect(bad[slug], slug).toContain('no-retry');
  expect(bad.hang).toContain('waited-forever');
  expect(bad.stopcalls).toContain('dropped-tool-calls');
  expect(bad.length).toContain('took-cut-reply');
  // Letting a 400 or a 401 throw is right, even for a naive loop.
  expect(bad['400']).toBeUndefined();
  expect(bad['401']).toBeUndefined();
});

test('Run plays the code’s run in the scene, and a case of the card opens there', async ({ page }) => {
  const yours = new YoursView(page);
  await yours.goto('&speed=instant');
  await yours.run.click();
  await expect(page.locator('[data-testid="outcome"]')).toHaveAttribute('data-outcome', 'answered', { timeout: 30_000 });
  await expect(page.locator('[data-testid="event-log"] .entry').first()).toBeVisible();
  await yours.grade();
  await page.locator('[data-testid="yours-card-row"][data-case="503"] [data-testid="yours-open-case"]').click();
  await expect(page.locator('[data-testid="event-log"] .entry[data-kind="retry-scheduled"]').first()).toBeAttached({ timeout: 30_000 });
});

test('the code travels in a link that opens it and runs nothing; a damaged link says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('naive.js', NAIVE);
  await page.getByTestId('yours-copy-link').click();
  await expect(page.getByTestId('yours-link-said')).not.toBeEmpty();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('view=yours');
  expect(link).toContain('code=');
  expect(link.length).toBeLessThan(6500);
  await page.goto(link);
  await expect.poll(() => yours.chars()).toBe([...NAIVE].length);
  // Nothing ran: no card, no log line.
  await expect(yours.rows).toHaveCount(0);
  await expect(page.locator('[data-testid="event-log"] .entry')).toHaveCount(0);
  await page.goto('?view=yours&code=AAAA$$$not-ours');
  await expect(yours.status).toContainText(/could not be read/);
  expect(await yours.chars()).toBeGreaterThan(1000);
});

test('code that does not parse says where; code that never yields is taken down and the page lives on', async ({ page }) => {
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('broken.js', 'async function runAgent(task) {\n  return (\n}\n');
  await yours.run.click();
  await expect(yours.status).toContainText(/line 3/);
  await yours.openFile('spin.js', 'async function runAgent() { while (true) {} }\n');
  await yours.run.click();
  // The page answers while the sandbox spins.
  await page.getByTestId('yours-case').selectOption('503');
  await expect(page.getByTestId('yours-case')).toHaveValue('503');
  await expect(yours.status).toContainText(/did not give control back/, { timeout: 20_000 });
  await expect(yours.run).toBeEnabled();
});

test('a language switch in the middle of a report card keeps the code and the page', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('naive.js', NAIVE);
  await yours.cardButton.click();
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await yours.chars()).toBe([...NAIVE].length);
  await yours.cardButton.click();
  await expect(yours.rows).toHaveCount(await yours.caseCount(), { timeout: 60_000 });
});

test('axe finds no serious violation on the view, before and after a report card', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  const check = async (state) => expect(await yours.seriousViolations(), state).toEqual([]);
  await check('idle');
  await yours.grade();
  await check('after the report card');
});

test('the code never sees the page’s key: the placeholder reaches it, the key reaches nothing it can log', async ({ page }) => {
  const KEY = 'sk-test-not-a-real-key-CANARY-42';
  await page.addInitScript((key) => { if (window === window.top) localStorage.setItem('rusty-lock.api-key', key); }, KEY);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('peek.js', [
    'async function runAgent() {',
    '  let storage = "none";',
    '  try { storage = String(localStorage.getItem("rusty-lock.api-key")); } catch (e) { storage = "refused"; }',
    '  console.log("key", LLM.apiKey, "storage", storage, "cookie", typeof document);',
    '  return LLM.apiKey;',
    '}',
    '',
  ].join('\n'));
  await yours.run.click();
  await expect(page.getByTestId('yours-console')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('yours-console').locator('summary').click();
  await expect(page.getByTestId('yours-console')).toContainText('sk-your-key-here');
  await expect(page.getByTestId('yours-console')).toContainText(/storage (none|refused)/);
  await expect(page.getByTestId('yours-console')).toContainText('cookie undefined');
  const html = await page.content();
  expect(html).not.toContain(KEY);
});

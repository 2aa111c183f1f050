// A phone (390×844), in English, French and Chinese: what a press fills stays where the eye is.
// After Run the page shows the scene, and the run's status and Stop come with it; a graded report
// card fits the screen's width, a card per case with its verdict first; the home screen says what
// the page is; and what "Check my code" brings into view lands below the sticky header. Every
// check measures boxes on the page, never time.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

const PHONE = { width: 390, height: 844 };
const NAIVE = readFileSync(new URL('./loops/naive.js', import.meta.url), 'utf8');
const LANGS = ['en', 'fr', 'zh'];

/** Chooses the page's language the way a visitor does, with the switch in the header. */
async function chooseLanguage(page, lang) {
  await page.getByTestId('language').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** In the page: how far down the screen's top is covered by what stays there (the sticky header,
 * and the run's strip under it when it shows). */
function coveredTop() {
  return Math.max(0, ...[...document.querySelectorAll('header.top, .yours-strip')]
    .filter((el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position) || el.classList.contains('yours-strip'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0)
    .map((r) => r.bottom));
}

/** In the page: where the element is, whether it is on screen whole, and whether it (not something
 * over it) is what a tap at its centre reaches. */
function seen(el) {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    width: window.innerWidth, height: window.innerHeight,
    text: el.textContent.trim(),
    onTop: !!hit && (hit === el || el.contains(hit)),
  };
}

function expectOnScreen(box, what) {
  expect(box.width, `${what}: drawn`).toBeGreaterThan(0);
  expect(box.top, `${what}: top on screen`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what}: bottom on screen`).toBeLessThanOrEqual(box.height);
  expect(box.left, `${what}: left on screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what}: right on screen`).toBeLessThanOrEqual(box.width);
  expect(box.onTop, `${what}: nothing drawn over it`).toBe(true);
}

for (const lang of LANGS) {
  test.describe(`at 390x844 in ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(PHONE);
    });

    test('after Run, the run\'s status and Stop are on screen with the scene', async ({ page }) => {
      const yours = new YoursView(page);
      // The slowest speed: the run plays for a while after the press, so Stop has something to stop.
      await yours.goto('&speed=0.25');
      await chooseLanguage(page, lang);
      await expect(yours.pane).toHaveAttribute('data-editor', /ready|missing/, { timeout: 20_000 });
      await yours.run.click();
      // The page went to the scene: the run bar is above the screen's top.
      await expect.poll(() => page.locator('.yours-scene').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(PHONE.height * 0.8);
      const strip = page.getByTestId('yours-strip');
      await expect(strip).toBeVisible();
      const stop = page.getByTestId('yours-strip-stop');
      await expect(stop).toBeVisible();
      const said = page.getByTestId('yours-strip-said');
      await expect(said).not.toBeEmpty();
      expectOnScreen(await stop.evaluate(seen), 'Stop');
      expectOnScreen(await said.evaluate(seen), 'the run\'s status');
      // The scene's top is not under the header nor the strip.
      const sceneTop = await page.locator('.yours-scene').evaluate((el) => el.getBoundingClientRect().top);
      expect(sceneTop).toBeGreaterThanOrEqual(await page.evaluate(coveredTop) - 1);
      expect(await yours.seriousViolations(), 'axe, with the strip shown').toEqual([]);
      // Stop there stops the run, and the strip goes with it.
      await stop.click();
      await expect(strip).toBeHidden();
      // Back up at the run bar, no strip: the bar says it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(yours.run).toBeVisible();
      await expect(strip).toBeHidden();
    });

    test('a graded report card fits the screen, a card per case with its verdict first', async ({ page }) => {
      test.setTimeout(120_000);
      const yours = new YoursView(page);
      await yours.goto('&speed=instant');
      await chooseLanguage(page, lang);
      await expect(yours.pane).toHaveAttribute('data-editor', /ready|missing/, { timeout: 20_000 });
      // A loop that fails most cases: its rows carry verdicts with their fixes, the longest words.
      await yours.openFile('naive.js', NAIVE);
      await yours.grade();
      const rows = await yours.rows.evaluateAll((rows) => rows.map((row) => {
        const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width }; };
        const verdict = row.querySelector('[data-testid="yours-card-verdict"]');
        return {
          slug: row.dataset.case,
          row: box(row),
          verdict: box(verdict),
          verdictText: verdict.innerText.trim(),
          // Each line of the verdict cell: it wraps inside the screen rather than running past it.
          verdictWidest: Math.max(...[...verdict.querySelectorAll('li')].map((li) => li.scrollWidth - li.clientWidth)),
          caseTop: box(row.querySelector('th')).top,
          open: box(row.querySelector('[data-testid="yours-open-case"]')),
        };
      }));
      const width = PHONE.width;
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.row.left, `${r.slug}: the row's left`).toBeGreaterThanOrEqual(0);
        expect(r.row.right, `${r.slug}: the row's right`).toBeLessThanOrEqual(width);
        expect(r.verdict.width, `${r.slug}: the verdict is drawn`).toBeGreaterThan(0);
        expect(r.verdict.left, `${r.slug}: the verdict's left`).toBeGreaterThanOrEqual(0);
        expect(r.verdict.right, `${r.slug}: the verdict's right`).toBeLessThanOrEqual(width);
        expect(r.verdictText.length, `${r.slug}: the verdict says something`).toBeGreaterThan(0);
        expect(r.verdict.bottom - r.verdict.top, `${r.slug}: the verdict is tall enough to read`).toBeGreaterThan(10);
        expect(r.verdictWidest, `${r.slug}: no verdict line wider than its box`).toBeLessThanOrEqual(1);
        expect(r.verdict.top, `${r.slug}: the verdict comes before the case`).toBeLessThan(r.caseTop);
        expect(r.open.right, `${r.slug}: the open button's right`).toBeLessThanOrEqual(width);
      }
      // Nothing scrolls sideways: neither the card's box nor the page.
      const overflow = await page.evaluate(() => {
        const scroller = document.querySelector('.yours-card .table-scroll');
        return { card: scroller.scrollWidth - scroller.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
      });
      expect(overflow.card, 'the card scrolls sideways').toBeLessThanOrEqual(1);
      expect(overflow.page, 'the page scrolls sideways').toBeLessThanOrEqual(1);
      // Stacked, the card still reads right: no critical or serious axe finding.
      expect(await yours.seriousViolations()).toEqual([]);
    });

    test('the home screen says what the page is', async ({ page }) => {
      await page.goto('?v=1');
      await expect(page.getByTestId('run')).toBeVisible();
      await chooseLanguage(page, lang);
      const tagline = page.getByTestId('home-tagline');
      await expect(tagline).toBeVisible();
      const box = await tagline.evaluate(seen);
      expectOnScreen(box, 'the tagline');
      expect(box.text.length).toBeGreaterThan(10);
      expect(box.top, 'the tagline is below the sticky header').toBeGreaterThanOrEqual(await page.evaluate(coveredTop) - 1);
      // A lesson's screen is not the home screen: its card says what it is about.
      await page.goto(`?v=1&lesson=server-hiccup&lang=${lang}`);
      await expect(page.getByTestId('run')).toBeVisible();
      await expect(tagline).toHaveCount(0);
    });

    test('what "Check my code" brings into view lands below the sticky header', async ({ page }) => {
      test.setTimeout(120_000);
      const yours = new YoursView(page);
      await yours.goto('&exercise=retry-503&speed=instant');
      await chooseLanguage(page, lang);
      await expect(yours.pane).toHaveAttribute('data-editor', /ready|missing/, { timeout: 20_000 });
      const check = page.getByTestId('exercise-check');
      // The button pressed from the edge of the header: its lower half peeking out below it.
      await page.evaluate(() => {
        const header = document.querySelector('header.top').getBoundingClientRect();
        const button = document.querySelector('[data-testid="exercise-check"]').getBoundingClientRect();
        window.scrollBy(0, button.top + button.height / 2 - header.bottom + 4);
      });
      await check.click({ position: { x: 10, y: 0.8 * (await check.boundingBox()).height } });
      await expect(page.getByTestId('exercise-verdict')).toBeVisible({ timeout: 60_000 });
      await expect(check).toBeEnabled({ timeout: 60_000 });
      const covered = await page.evaluate(coveredTop);
      const buttons = await page.locator('.exercise-buttons').evaluate((el) => el.getBoundingClientRect().top);
      const verdict = await page.getByTestId('exercise-verdict').evaluate((el) => el.getBoundingClientRect().top);
      // The judgement is what the press filled: its top is below the header, and so is the
      // button's row it was brought in under (unless the judgement alone needs the screen).
      expect(verdict, 'the judgement\'s top').toBeGreaterThanOrEqual(covered - 1);
      expect(buttons, 'the Check button\'s row').toBeGreaterThanOrEqual(covered - 1);
    });
  });
}

// Python's first start takes seconds, and the scene says "Ready" meanwhile: the strip says what
// the run bar says (fetching, then starting), beside Stop.
test('at 390x844, Python\'s first start is said beside Stop while the scene is on screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const yours = new YoursView(page);
  await yours.goto('&lang=en&speed=0.25');
  await yours.openFile('robust.py', readFileSync(new URL('./loops/robust-en.py', import.meta.url), 'utf8'));
  await yours.run.click();
  await expect(page.getByTestId('yours-python-start')).toBeAttached({ timeout: 60_000 });
  const now = await page.evaluate(() => ({
    bar: document.querySelector('[data-testid="yours-python-start"] span')?.textContent ?? null,
    strip: document.querySelector('[data-testid="yours-strip-said"]')?.textContent ?? null,
  }));
  // (Python may have started in the moment between the two reads; then there is nothing to compare.)
  if (now.bar !== null) expect(now.strip).toBe(now.bar);
  expectOnScreen(await page.getByTestId('yours-strip-stop').evaluate(seen), 'Stop');
  await page.getByTestId('yours-strip-stop').click();
  await expect(page.getByTestId('yours-strip-stop')).toHaveCount(0);
});

// On a laptop the card is below everything too: Report card follows its rows as they fill, so the
// card's top ends under the screen's top with rows in view, not its summary line alone at the bottom.
test('at 1280x720, the report card shows its rows after Report card', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const yours = new YoursView(page);
  await yours.goto('&speed=instant');
  await yours.grade();
  const seen = await page.evaluate(() => {
    const card = document.querySelector('[data-testid="yours-card"]').getBoundingClientRect();
    const rows = [...document.querySelectorAll('[data-testid="yours-card-row"]')].map((r) => r.getBoundingClientRect())
      .filter((r) => r.top >= 0 && r.bottom <= window.innerHeight);
    return { top: card.top, rowsOnScreen: rows.length, height: window.innerHeight };
  });
  expect(seen.top, 'the card\'s top is on screen').toBeGreaterThanOrEqual(0);
  expect(seen.top, 'the card\'s top is near the screen\'s top').toBeLessThan(seen.height * 0.3);
  expect(seen.rowsOnScreen, 'rows on screen').toBeGreaterThanOrEqual(3);
});

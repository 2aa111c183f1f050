// The lessons' styles (style/lessons.css: a lesson's card, the embed and presenter layouts) are
// not in the first load (src/web/lesson_styles.rs). A page that opens on a lesson, or in embed or
// presenter mode, waits for them before it draws; a plain visit links them once it is up, so a
// lesson picked then is styled from its first frame. Each test holds the file back, so a page
// that drew without it would be caught drawing a card with no styles.
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** Holds every request for lessons.css back `ms` before it is answered, and counts them. */
async function slowSheet(page, ms) {
  const asked = { count: 0 };
  await page.route('**/lessons.css', async (route) => {
    asked.count += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return asked;
}

/** Records, the moment the header and the lesson card each enter the page, the element's border,
 *  whether the sheet was linked and loaded then, and whether the tagline showed. */
async function watchFirstFrames(page) {
  await page.addInitScript(() => {
    window.__seen = [];
    new MutationObserver(() => {
      const card = document.querySelector('[data-testid="lesson-card"]');
      const header = document.querySelector('header');
      for (const [what, el] of [['card', card], ['header', header]]) {
        if (el && !window.__seen.some((s) => s.what === what)) {
          window.__seen.push({
            what,
            border: getComputedStyle(el).borderTopWidth,
            linked: !!document.getElementById('lessons-css'),
            // A <link>'s sheet is there once the file has loaded, and not before.
            loaded: !!document.getElementById('lessons-css')?.sheet,
            tagline: document.querySelector('.tagline') ? getComputedStyle(document.querySelector('.tagline')).display : null,
          });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const seen = (page, what) => page.evaluate((w) => window.__seen.find((s) => s.what === w), what);

test('a link that opens on a lesson draws its card with the lessons styles from its first frame', async ({ page }) => {
  const asked = await slowSheet(page, 700);
  await watchFirstFrames(page);
  await new Playground(page).open('?v=1&lesson=server-hiccup');
  await expect(page.getByTestId('lesson-card')).toBeVisible();
  const card = await seen(page, 'card');
  expect(card.border, 'the card as first drawn').toBe('2px');
  expect((await seen(page, 'header')).loaded, 'the sheet loaded before the header was drawn').toBe(true);
  expect(asked.count).toBe(1);
});

test('presenter mode is laid out for the room from its first frame', async ({ page }) => {
  await slowSheet(page, 700);
  await watchFirstFrames(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await new Playground(page).open('?v=1&lesson=server-hiccup&mode=present');
  const header = await seen(page, 'header');
  expect(header.loaded, 'the sheet loaded before the header was drawn').toBe(true);
  // .mode-present .tagline: the room gets the title and the controls, not the tagline.
  expect(header.tagline).toBe('none');
  await expect(page.getByTestId('lesson-card')).toBeVisible();
  expect((await seen(page, 'card')).border).toBe('2px');
});

test('a plain visit draws without the lessons styles, links them once it is up, and a lesson picked then is styled at once', async ({ page }) => {
  const asked = await slowSheet(page, 300);
  await watchFirstFrames(page);
  const pg = new Playground(page);
  await pg.open('?v=1');
  const header = await seen(page, 'header');
  expect(header.linked, 'linked before the first screen').toBe(false);
  expect(header.tagline, 'the tagline of a plain visit').not.toBe('none');
  await expect.poll(() => asked.count, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => page.evaluate(() => [...document.styleSheets].some((s) => s.href?.endsWith('lessons.css'))), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('lessons').click();
  await page.getByTestId('lesson-server-hiccup').click();
  await expect(page.getByTestId('lesson-card')).toBeVisible();
  expect((await seen(page, 'card')).border, 'the card as first drawn').toBe('2px');
  expect(asked.count, 'fetched once').toBe(1);
});

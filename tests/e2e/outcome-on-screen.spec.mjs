// The end of every lesson is on screen when projected (issue 43, item 4): at the end of each
// lesson's narrated run, in English, French and Chinese, at 1920 x 1080 and 1280 x 720, the
// outcome, the explanation's verdict line, "Next lesson" and "Presenter view" (and, for "Why
// jitter?", its link to the herd) are all inside the screen, and none is hidden by a box that scrolls (the longest explanations scroll in their own
// box, under the verdict line). One page per size and language goes from lesson to lesson.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { settle } from './fit.mjs';
import { Playground } from './playground.page.mjs';

const LANGS = ['en', 'fr', 'zh'];
const SIZES = [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }];
// engine/src/show/lessons.rs LESSONS, in order (the last has no next lesson).
const LESSONS = ['rusted-lock', 'server-hiccup', 'rate-limited', 'bad-key', 'bad-request-retried', 'broken-json',
  'invented-tool', 'stubborn-model', 'same-call-twice', 'never-ending-turn', 'retries-used-up', 'why-jitter',
  'bare-error', 'secret-in-history', 'lost-reply', 'finish-reason'];

/** In the page: each hook's box, and whether all of it is seen: inside the screen, and inside
 * every box around it that clips or scrolls (the lesson's column scrolls when it overflows). */
function boxes(hooks) {
  return hooks.map(([name, selector]) => {
    const el = document.querySelector(selector);
    if (!el) return { name, missing: true };
    const b = el.getBoundingClientRect();
    let seen = b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5;
    let cutBy = null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5 || b.left < c.left - 0.5 || b.right > c.right + 0.5) {
        seen = false;
        cutBy = `${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`;
        break;
      }
    }
    return { name, top: Math.round(b.top), bottom: Math.round(b.bottom), seen, cutBy, scrolled: scrollY };
  });
}

const HOOKS = [
  ['outcome', '[data-testid="outcome"]'],
  ['verdict line', '[data-testid="lesson-explanation"] .verdict-line'],
  ['lesson-next', '[data-testid="lesson-next"]'],
  ['open-presenter', '[data-testid="open-presenter"]'],
];

for (const size of SIZES) {
  for (const lang of LANGS) {
    test(`${lang}, presenter at ${size.width}x${size.height}: at the end of every lesson the outcome, the verdict, Next lesson and Presenter view are on screen`, async ({ page }) => {
      test.setTimeout(180_000);
      const pg = new Playground(page);
      await page.setViewportSize(size);
      const found = [];
      let lowest = 0;
      for (const [i, lesson] of LESSONS.entries()) {
        await pg.open(`?mode=present&lesson=${lesson}${lang === 'en' ? '' : `&lang=${lang}`}`);
        await expect(pg.lessonQuestion).toBeVisible();
        // "Show me" (s) starts the narrated run; End goes to its outcome. The run may take a
        // moment to start after the key, so End is pressed again until the outcome is up.
        await page.keyboard.press('s');
        await expect(async () => {
          await page.keyboard.press('End');
          await expect(pg.outcome).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 30_000 });
        await expect(pg.lessonExplanation).toBeVisible();
        await settle(page);
        const hooks = i === LESSONS.length - 1 ? HOOKS.filter(([n]) => n !== 'lesson-next') : [...HOOKS];
        // "Why jitter?" ends on its way to the herd: that link is the lesson's next step.
        if (lesson === 'why-jitter') hooks.push(['open-herd', '[data-testid="lesson-card"] [data-testid="open-herd"]']);
        for (const b of await page.evaluate(boxes, hooks)) {
          if (b.missing || !b.seen || b.scrolled) found.push({ lesson, ...b });
          else lowest = Math.max(lowest, b.bottom);
        }
      }
      test.info().annotations.push({ type: 'lowest bottom edge', description: `${lowest} px of ${size.height}` });
      expect(found, 'outcome, verdict, next and presenter links out of sight').toEqual([]);
    });
  }
}

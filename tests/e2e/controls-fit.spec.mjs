// On a phone, in every language, each view's controls stay inside the panel drawn around them.
// A flex row gives an item its content's width at least: a select with a long French option
// ("Aucune panne : la serrure rouillée seule") once ran past the right edge of the "Your own loop"
// run bar at 390 px, still inside the screen, so the fit tests (text) and the page's width missed it.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';

const LANGS = ['en', 'fr', 'zh'];
const PHONES = [{ width: 390, height: 844 }, { width: 360, height: 740 }];

/** Each view, opened by its link, with what says it is ready. */
const VIEWS = [
  { name: 'the playground', query: '', ready: '[data-testid="run"]:not([disabled])' },
  { name: 'a lesson', query: 'lesson=server-hiccup', ready: '[data-testid="run"]:not([disabled])' },
  { name: 'your own loop', query: 'view=yours', ready: '[data-testid="code-pane"][data-editor="ready"]' },
  { name: 'an exercise', query: 'view=yours&exercise=retry-503', ready: '[data-testid="code-pane"][data-editor="ready"]' },
  { name: 'the agenda', query: 'view=agenda', ready: '[data-testid="agenda"]' },
  { name: 'the herd', query: 'view=herd', ready: '[data-testid="herd"]' },
];

/** In the page: every control drawn past the right or left edge of its panel (the nearest box
 * around it with a border, or one that clips), or past the screen's. */
function controlsOutside() {
  const found = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`;
  for (const el of document.querySelectorAll('select, button, input, textarea, a.btn')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('.sr-only, [aria-hidden="true"]')) continue;
    if (r.left < -1 || r.right > window.innerWidth + 1) {
      found.push(`${name(el)} runs past the screen (${Math.round(r.left)} to ${Math.round(r.right)} of ${window.innerWidth})`);
      continue;
    }
    let panel = el.parentElement;
    for (; panel && panel !== document.body; panel = panel.parentElement) {
      const cs = getComputedStyle(panel);
      if (cs.borderRightWidth !== '0px' || cs.borderLeftWidth !== '0px' || cs.overflowX !== 'visible') break;
    }
    if (!panel || panel === document.body) continue;
    // A box that scrolls sideways on purpose holds what is wider than it.
    if (getComputedStyle(panel).overflowX === 'auto' || getComputedStyle(panel).overflowX === 'scroll') continue;
    const p = panel.getBoundingClientRect();
    if (r.right > p.right + 1 || r.left < p.left - 1) {
      found.push(`${name(el)} runs out of its panel .${String(panel.className).split(' ')[0]} (${Math.round(r.left)} to ${Math.round(r.right)}, the panel ${Math.round(p.left)} to ${Math.round(p.right)})`);
    }
  }
  return found;
}

for (const phone of PHONES) {
  test(`at ${phone.width}x${phone.height}, in English, French and Chinese, every view's controls stay inside their panels`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(phone);
    for (const lang of LANGS) {
      for (const view of VIEWS) {
        await page.goto(`?${[view.query, `lang=${lang}`].filter(Boolean).join('&')}`);
        await page.waitForSelector(view.ready, { timeout: 30_000 });
        // The fonts and the lazy parts in: the layout a person sees.
        await page.evaluate(() => document.fonts.ready);
        expect.soft(await page.evaluate(controlsOutside), `${view.name}, ${lang}`).toEqual([]);
      }
    }
  });
}

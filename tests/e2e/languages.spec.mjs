// Three languages (issue 13): a link, the browser or the switcher picks English, French or
// Chinese; a run reads in that language from end to end, ends as it does in English, and no text
// spills out of its box at a projector's, a laptop's or a phone's size.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

// Words only an English page has. Code (the code panel, tool calls such as use(item="key")), the
// agenda's printed addresses (an exercise's id, such as retry-503, is in its link) and the
// switcher's own "English" are left out before looking.
const ENGLISH = [/\bthe\b/i, /\bYour code\b/, /\bNobody\b/, /\bReady\b/, /\bFaults\b/, /\bSpeed\b/, /\bLessons\b/,
  /\battempts?\b/i, /\bturns?\b/i, /\bWho handled it\b/, /\bEvent log\b/, /\bwaits?\b/i, /\bretry\b/];

/** The page's visible text, without code, tool calls and the language switcher. */
async function proseOf(page) {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true);
    clone.querySelectorAll('[data-testid=language], [data-testid=agenda-link], .kit-link, code, pre, .code, .listing, .bubble-call, .call-text, .entry-text code, script, style, [hidden]').forEach((el) => el.remove());
    return clone.innerText;
  });
}

async function expectNoEnglish(page, lang) {
  const text = await proseOf(page);
  for (const word of ENGLISH) expect(text, `${lang}: ${word} on the page`).not.toMatch(word);
}

/** Elements whose text runs past their own box (clipped, or spilling over a neighbour). */
async function overflowing(page) {
  return page.evaluate(() => {
    const out = [];
    const scrollers = '[data-testid=event-log], [data-testid=history], .code-lines, .listing, .entries, table, .table-wrap';
    for (const el of document.querySelectorAll('button, label, select, h1, h2, h3, p, li, a, th, td, .badge, .lane, .stamp, .fact, span')) {
      if (!el.offsetParent || el.closest(scrollers) || el.closest('.sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline') continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.innerText.slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
      }
    }
    // The scene's signs: every visible word inside the drawing.
    for (const t of document.querySelectorAll('svg.stage text')) {
      const r = t.getBoundingClientRect();
      if (!r.width || getComputedStyle(t).visibility === 'hidden' || getComputedStyle(t).opacity === '0') continue;
      const svg = t.ownerSVGElement.getBoundingClientRect();
      if (r.left < svg.left - 1 || r.right > svg.right + 1) out.push(`svg text "${t.textContent.slice(0, 30)}" leaves the stage`);
    }
    return out;
  });
}

for (const lang of ['fr', 'zh']) {
  test(`?lang=${lang}: the default run ends as in English, and the log, board and outcome are in ${lang}`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.open(`?lang=${lang}&speed=instant`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await pg.run();
    await pg.waitForOutcome('answered');
    await expect(pg.entries('[data-kind=tool-failed]').first()).toBeVisible();
    await expectNoEnglish(page, lang);
    await expect(page.getByTestId('language')).toHaveValue(lang);
  });

  test(`?lang=${lang}: a 503 run is retried by your code and ends as in English, worded in ${lang}`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.open(`?lang=${lang}&speed=instant&faults=t2:503`);
    await pg.run();
    await pg.waitForOutcome('answered');
    await expect(pg.entries('[data-kind=retry-scheduled]')).toHaveCount(1);
    await expect(page.getByTestId('board').locator('[data-testid=board-entry][data-layer=code]')).toHaveCount(1);
    await expectNoEnglish(page, lang);
  });

  for (const size of [{ width: 1920, height: 1080 }, { width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`?lang=${lang} at ${size.width}x${size.height}: no text overflows its box, before and after a 503 run`, async ({ page }) => {
      await page.setViewportSize(size);
      const pg = new Playground(page);
      await pg.open(`?lang=${lang}&speed=instant&faults=t2:503`);
      expect(await overflowing(page), 'before the run').toEqual([]);
      await pg.run();
      await pg.waitForOutcome('answered');
      expect(await overflowing(page), 'after the run').toEqual([]);
      // Every sign of the scene, shown one after another by stepping back through the run.
      for (let i = 0; i < 12; i++) {
        await pg.stepBack();
        expect(await overflowing(page), `step back ${i + 1}`).toEqual([]);
      }
    });
  }
}

test('the switcher changes the language at once, without a reload, and the run stays on screen', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?speed=instant&faults=t2:503');
  await pg.run();
  await pg.waitForOutcome('answered');
  const entries = await pg.entries().count();
  await page.evaluate(() => { window.__sameDocument = true; });
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await page.evaluate(() => window.__sameDocument), 'the page was not reloaded').toBe(true);
  await expect(page).toHaveURL(/[?&]lang=fr\b/);
  await expect(page.getByTestId('outcome')).toHaveAttribute('data-outcome', 'answered');
  await expect(pg.entries()).toHaveCount(entries);
  // The page's own words switch; the run's conversation stays in the language it was held in
  // (it is the record of what was sent), and the next run speaks French.
  await expect(page.getByTestId('run')).not.toHaveText('Run');
  const chrome = await page.evaluate(() => ['header.top', '[data-testid=layer-row]', '[data-testid=playback]'].map((s) => document.querySelector(s)?.innerText ?? '').join('\n'));
  for (const word of ENGLISH) expect(chrome, `fr: ${word} in the page's own words`).not.toMatch(word);
  await page.getByTestId('language').selectOption('zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page).toHaveURL(/[?&]lang=zh\b/);
  await expect(pg.entries()).toHaveCount(entries);
  expect(await page.title()).toMatch(/[\u4e00-\u9fff]/);
  await page.getByTestId('language').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('run')).toContainText('Run');
});

test('?lang=fr round-trips: a copied link opens in French with the same scenario', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?lang=fr&faults=t2:503&speed=2');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveURL(/[?&]lang=fr\b/);
  const link = page.url();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('fault-503')).toHaveAttribute('aria-pressed', 'true');
});

test('?lang=xx shows a notice and falls back to the browser\'s language', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?lang=xx');
  await expect(page.getByTestId('link-notice')).toContainText('xx');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('without lang in the link, the browser\'s first supported language is used', async ({ newContext }) => {
  const context = await newContext({ locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('run')).not.toHaveText('Run');
  // The browser's choice is not written into the address: a copied link opens in the reader's.
  expect(page.url()).not.toMatch(/lang=/);
  await context.close();
});

test('Chinese renders with a CJK system font, and no font file is downloaded', async ({ page }) => {
  const fonts = [];
  page.on('request', (r) => { if (r.resourceType() === 'font') fonts.push(r.url()); });
  const pg = new Playground(page);
  await pg.open('?lang=zh');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/PingFang SC/);
  expect(family).toMatch(/Microsoft YaHei/);
  expect(family).toMatch(/Noto Sans CJK SC/);
  expect(fonts).toEqual([]);
});

test('a lesson picked from the menu keeps the language chosen on the page, and the menu stays on screen', async ({ page }) => {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    const pg = new Playground(page);
    await pg.open('?v=1');
    await page.getByTestId('language').selectOption('zh');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await page.getByTestId('lessons').click();
    const menu = await page.getByTestId('lessons-menu').boundingBox();
    expect(menu.x, `menu left at ${size.width}`).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width, `menu right at ${size.width}`).toBeLessThanOrEqual(size.width);
    await page.getByTestId('lesson-invented-tool').click();
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'invented-tool');
    await expect(page).toHaveURL(/lang=zh/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  }
});

for (const lang of ['fr', 'zh']) {
  test(`the workshop agenda and the herd view speak ${lang}, and the agenda's links keep it`, async ({ page }) => {
    await page.goto(`/?view=agenda&lang=${lang}`);
    await expect(page.getByTestId('agenda')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectNoEnglish(page, `${lang} agenda`);
    const links = await page.getByTestId('agenda-link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(links.length).toBe(16);
    for (const href of links) expect(href).toContain(`lang=${lang}`);
    await page.goto(`/?view=herd&lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('svg').first()).toBeVisible();
    await expectNoEnglish(page, `${lang} herd`);
  });
}

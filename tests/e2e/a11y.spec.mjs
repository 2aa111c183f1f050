// Accessibility (issue 12): axe-core in five states of the page, a visible focus ring on every
// surface, the skip link, tap targets on a phone, and a code panel that never clips.
import { createRequire } from 'node:module';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 390, height: 844 };

/** The panels below the fold arrive on the first sign of use; a key is one. */
async function loadBelowFold(page) {
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('code-panel')).toBeVisible();
  await expect(page.locator('[data-testid="below-fold"]:not(:has(> *))')).toHaveCount(0);
}

/** Runs axe on the whole page and fails on any critical or serious violation, listing them. */
async function expectNoSeriousViolations(page, state) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}`),
      }));
  });
  const report = violations
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help}\n${v.nodes.slice(0, 6).map((n) => `    ${n}`).join('\n')}${v.nodes.length > 6 ? `\n    … and ${v.nodes.length - 6} more` : ''}`)
    .join('\n');
  if (report) console.log(`axe, ${state}:\n${report}`);
  expect(violations.map((v) => `${v.id} ×${v.nodes.length}`), `axe violations, ${state}:\n${report}`).toEqual([]);
}

test('axe finds no serious violation on the idle page', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1');
  await expectNoSeriousViolations(page, 'idle');
});

test('axe finds no serious violation after a run, with every panel loaded', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await loadBelowFold(page);
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(page.getByTestId('history').locator('li').first()).toBeAttached();
  await expectNoSeriousViolations(page, 'after a run');
});

test('axe finds no serious violation in presenter mode', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&lesson=server-hiccup&mode=present');
  await expect(page.getByTestId('lesson-card')).toBeVisible();
  await expectNoSeriousViolations(page, 'presenter mode');
  // With its settings open too.
  await page.getByTestId('toggle-settings').click();
  await loadBelowFold(page);
  await expect(page.getByTestId('personality')).toBeVisible();
  await expectNoSeriousViolations(page, 'presenter mode, settings open');
});

test('axe finds no serious violation in compare mode after a run', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.compare(true);
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'failed');
  await expect(page.getByTestId('divergence')).toBeVisible();
  await loadBelowFold(page);
  await expectNoSeriousViolations(page, 'compare mode');
});

test('axe finds no serious violation in embed mode', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&mode=embed');
  await expect(page.getByTestId('board')).toBeVisible();
  await expectNoSeriousViolations(page, 'embed mode');
});

// ---------- Focus ----------

/**
 * What the focused element shows as its ring: the outline and box-shadow colours of the element
 * (or of the visible box that stands for it, for a hidden file input), and the background they sit
 * on. Colours as [r, g, b] over that background.
 */
async function focusRing(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { rgb: [r, g, b], a };
    };
    let el = document.activeElement;
    if (!el || el === document.body) return null;
    const label = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
    // A transparent control (the file picker's input) shows its ring on the box around it.
    if (Number(getComputedStyle(el).opacity) === 0) el = el.parentElement;
    const style = getComputedStyle(el);
    // The background the ring sits on: the first opaque one outside the element.
    let bg = [255, 255, 255];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c && c.a > 0.5) { bg = c.rgb; break; }
    }
    const colours = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      const c = parse(style.outlineColor);
      if (c && c.a > 0.5) colours.push(c.rgb);
    }
    if (style.boxShadow && style.boxShadow !== 'none') {
      // Each shadow: its colour, then x, y, blur and spread; a ring is an outer shadow spread 2px or more.
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        const c = parse(shadow);
        const lengths = [...shadow.replace(/rgba?\([^)]*\)/, '').matchAll(/-?[\d.]+px/g)].map((m) => parseFloat(m[0]));
        if (c && c.a > 0.5 && (lengths[3] ?? 0) >= 2 && !shadow.includes('inset')) colours.push(c.rgb);
      }
    }
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const best = colours.length ? Math.max(...colours.map((c) => ratio(c, bg))) : 0;
    return { label, ratio: Math.round(best * 100) / 100, rings: colours.length };
  });
}

async function tabThrough(page, stops) {
  const seen = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (ring) seen.push(ring);
  }
  return seen;
}

test('every focused control shows a ring of at least 3:1 against what it sits on', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await loadBelowFold(page);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const seen = await tabThrough(page, 90);
  expect(seen.length).toBeGreaterThan(60);
  const weak = seen.filter((r) => r.ratio < 3).map((r) => `${r.label}: ${r.ratio}:1 (${r.rings} ring colours)`);
  expect(weak, 'focused elements without a 3:1 ring').toEqual([]);
});

test('the focus ring also shows in presenter mode and on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const pg = new Playground(page);
  await pg.open('?v=1&lesson=server-hiccup&mode=present');
  const seen = await tabThrough(page, 25);
  const weak = seen.filter((r) => r.ratio < 3).map((r) => `${r.label}: ${r.ratio}:1`);
  expect(weak).toEqual([]);
});

// ---------- The skip link and the tab order ----------

test('a skip link comes first and takes the keyboard to the player', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the player' });
  await expect(skip).toBeFocused();
  // Visible while focused: on screen and not a 1-pixel box.
  const box = await skip.boundingBox();
  expect(box.width).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('playback')).toBeFocused();
  await expect(page.getByTestId('playback')).toBeInViewport();
  // The next Tab lands on one of the player's controls (before a run, the first enabled one).
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.closest('[data-testid="playback"]') !== null)).toBe(true);
  // The link did not touch the address bar's scenario.
  expect(new URL(page.url()).search).toContain('v=1');
});

test('Tab reaches Run and the player before the settings fields', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const order = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName));
  }
  const run = order.indexOf('run');
  const play = order.indexOf('play');
  const firstFault = order.findIndex((t) => t?.startsWith?.('fault-'));
  expect(run, order.join(' ')).toBeGreaterThanOrEqual(0);
  expect(play, order.join(' ')).toBeGreaterThan(run);
  expect(firstFault === -1 || firstFault > play, order.join(' ')).toBe(true);
});

// ---------- Tap targets ----------

/** Every visible interactive element smaller than 24×24 CSS pixels. */
async function smallTargets(page) {
  return page.evaluate(() => {
    const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [tabindex]:not([tabindex="-1"])';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      // A transparent control (the file picker's input) is as big as the box it fills.
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || el.closest('[hidden], .sr-only')) continue;
      // The skip link is off screen until focused.
      if (r.bottom < 0 || r.right < 0) continue;
      if (r.width < 23.5 || r.height < 23.5) {
        out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}${el.type ? `(${el.type})` : ''} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 24)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

test('every tap target on a phone is at least 24×24', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await loadBelowFold(page);
  await page.getByTestId('lessons').click();
  await expect(page.getByTestId('lessons-menu')).toBeVisible();
  const small = await smallTargets(page);
  expect(small, small.join('\n')).toEqual([]);
});

test('every tap target is at least 24×24 with a real endpoint and in compare mode', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await loadBelowFold(page);
  // On a phone the settings are a sheet, opened from the header.
  await page.getByTestId('toggle-sheet').click();
  await page.getByTestId('provider-http').check();
  await expect(page.getByTestId('base-url')).toBeVisible();
  let small = await smallTargets(page);
  expect(small, small.join('\n')).toEqual([]);
  await page.getByTestId('provider-builtin').check();
  await page.getByTestId('toggle-sheet').click();
  await pg.compare(true);
  await pg.run();
  await pg.waitForOutcome('answered');
  small = await smallTargets(page);
  expect(small, small.join('\n')).toEqual([]);
});

// ---------- The code panel ----------

/** The code panel's lines that overflow it, and the blank ones with no height. */
async function codeProblems(page) {
  return page.getByTestId('code-panel').evaluate((panel) => {
    const list = panel.querySelector('.code');
    const lines = [...panel.querySelectorAll('[data-testid="code-line"]')];
    const problems = [];
    if (list.scrollWidth > list.clientWidth + 1) problems.push(`the list scrolls sideways: ${list.scrollWidth} > ${list.clientWidth}`);
    lines.forEach((li, i) => {
      if (li.scrollWidth > li.clientWidth + 1) problems.push(`line ${i + 1} is wider than the panel: ${li.scrollWidth} > ${li.clientWidth}`);
      if (li.getBoundingClientRect().height < 10) problems.push(`line ${i + 1} has no height`);
    });
    // The line numbers never print over each other.
    for (let i = 1; i < lines.length; i++) {
      if (lines[i].getBoundingClientRect().top < lines[i - 1].getBoundingClientRect().bottom - 1) {
        problems.push(`lines ${i} and ${i + 1} overlap`);
      }
    }
    return { problems, count: lines.length, blank: lines.filter((l) => !l.textContent.trim()).length };
  });
}

for (const [name, size] of [['1280×800', { width: 1280, height: 800 }], ['390×844', PHONE]]) {
  test(`the code panel never clips at ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503&speed=instant');
    await loadBelowFold(page);
    for (const lang of ['rust', 'typescript', 'python']) {
      await page.getByTestId(`code-tab-${lang}`).click();
      const { problems, count, blank } = await codeProblems(page);
      expect(count).toBeGreaterThan(20);
      expect(blank, `${lang} has blank lines to check`).toBeGreaterThan(0);
      expect(problems, `${lang}: ${problems.join('; ')}`).toEqual([]);
    }
    // The lit line is scrolled into view inside the panel, and the page does not move for it.
    // (Buttons are pressed from script: Playwright's own clicks scroll the page to the button.)
    await pg.run();
    await pg.waitForOutcome('answered');
    const press = (id) => page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).click(), id);
    const litInView = () => pg.litLine.evaluate((li) => {
      const list = li.closest('.code').getBoundingClientRect();
      const r = li.getBoundingClientRect();
      return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
    });
    for (const lang of ['python', 'rust']) {
      await page.getByTestId(`code-tab-${lang}`).click();
      const before = await page.evaluate(() => window.scrollY);
      for (const [id, anchor] of [['first', 'start'], ['last', 'answer']]) {
        await press(id);
        await expect(pg.litLine).toHaveAttribute('data-anchor', anchor);
        await expect.poll(litInView).toBe(true);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
    }
  });
}

test('no code line is wider than its panel in either listing in compare mode at 1280×800', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.compare(true);
  await loadBelowFold(page);
  await expect(page.getByTestId('naive-code')).toBeVisible();
  // After the run both marks and their tags are on their lines, the widest they get.
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.locator('[data-catch-missing="true"] .catch-tag')).toBeVisible();
  for (const lang of ['rust', 'typescript', 'python']) {
    await page.getByTestId(`code-tab-${lang}`).click();
    const found = await page.getByTestId('code-panel').evaluate((panel) => {
      const problems = [];
      const lists = [...panel.querySelectorAll('.code')];
      for (const [n, list] of lists.entries()) {
        if (list.scrollWidth > list.clientWidth + 1) problems.push(`listing ${n + 1} scrolls sideways`);
        list.querySelectorAll('li').forEach((li, i) => {
          if (li.scrollWidth > li.clientWidth + 1) problems.push(`listing ${n + 1}, line ${i + 1}: ${li.scrollWidth} > ${li.clientWidth}`);
          const tag = li.querySelector('.catch-tag');
          if (tag && tag.getBoundingClientRect().right > list.getBoundingClientRect().right + 1) problems.push(`listing ${n + 1}, line ${i + 1}: its tag is cut`);
        });
      }
      return { problems, lists: lists.length };
    });
    expect(found.lists, 'the naive and the robust listing').toBe(2);
    expect(found.problems, `${lang}: ${found.problems.join('; ')}`).toEqual([]);
  }
});

test('copying a selected code block keeps its indentation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pg = new Playground(page);
  await pg.open('?v=1');
  await loadBelowFold(page);
  const select = () => page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('#code-listing'));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  const rust = await select();
  expect(rust).toMatch(/^async fn run\(&mut self\) -> Result<String> \{$/m);
  expect(rust).toMatch(/^ {4}let mut history = vec!\[system\(PROMPT\), user\(TASK\)\];$/m);
  expect(rust).toMatch(/^ {8}let reply = self\.call_model\(&history\)\.await\?;$/m);
  expect(rust).toMatch(/^ {12}return Ok\(reply\.text\); \/\/ the only normal exit$/m);
  // The clipboard gets the same text when the selection is copied.
  await page.keyboard.press('Control+C');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^ {8}let reply = self\.call_model\(&history\)\.await\?;$/m);
  // Python, where the indent is the syntax.
  await page.getByTestId('code-tab-python').click();
  const python = await select();
  expect(python).toMatch(/^ {8}return tool_result\(call, TOOLS\.run\(call\)\)$/m);
  expect(python).toMatch(/^ {4}except ToolError as why:$/m);
});

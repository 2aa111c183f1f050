// The monkey: gremlins.js (clicker, toucher, formFiller, scroller, typer) let loose on every kind
// of page the app has, with fixed seeds so a failure replays, and the bursts a person makes (many
// language switches, Stop and Run hammered, speed and step back during a run). Every test ends
// with the page alive: no uncaught error (the fixture), no panic in the console, the panic banner
// hidden, and the page still answering. Harness: monkey.mjs.
import { test, expect } from './fixtures.mjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Playground } from './playground.page.mjs';
import { ENDPOINT, script } from './test-server.mjs';
import { arm, ready, unleash, expectAlive } from './monkey.mjs';

// MONKEY_SEEDS=7,8 or MONKEY_SEEDS=6-20 and MONKEY_ACTIONS=1000 hunt further; the defaults are the suite.
const range = (text) => text.split(',').flatMap((part) => {
  const [a, b = a] = part.split('-').map(Number);
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
});
const SEEDS = process.env.MONKEY_SEEDS ? range(process.env.MONKEY_SEEDS) : [1, 2, 3, 4, 5];
const ACTIONS = Number(process.env.MONKEY_ACTIONS || 300);
const LONG = { timeout: 30_000 };

/** The fastest speed is the last option, whatever the page's language calls it. */
async function fastest(page) {
  const speed = page.getByTestId('speed');
  const n = await speed.locator('option').count();
  await speed.selectOption({ index: n - 1 });
}

// A trace saved by the page itself, in a context of its own (made once per worker).
let tracePath;
async function savedTrace(browser) {
  if (tracePath) return tracePath;
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429,t3:unknowntool&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const path = await pg.saveTrace(join(await mkdtemp(join(tmpdir(), 'rusty-lock-monkey-')), 'trace.json'));
  await context.close();
  expect(errors, 'making the trace').toEqual([]);
  tracePath = path;
  return path;
}

const open = (query) => async (page) => new Playground(page).open(query);

const ENTRIES = [
  { name: '/', open: open('') },
  { name: '?lang=fr', open: open('?lang=fr') },
  { name: '?lang=zh', open: open('?lang=zh') },
  { name: '?mode=present&lesson=rusted-lock', open: open('?mode=present&lesson=rusted-lock') },
  { name: '?mode=embed', open: open('?mode=embed') },
  { name: '?lesson=server-hiccup', open: open('?lesson=server-hiccup') },
  {
    name: 'compare',
    open: async (page) => {
      const pg = new Playground(page);
      await pg.open('?v=1&faults=t2:503');
      await pg.compare(true);
      await expect(page.getByTestId('compare')).toHaveAttribute('aria-pressed', 'true');
    },
  },
  {
    name: '?view=herd',
    open: async (page) => {
      await page.goto('/?view=herd');
      await expect(page.getByTestId('herd')).toHaveAttribute('data-state', 'done', LONG);
    },
  },
  {
    name: '?view=agenda',
    open: async (page) => {
      await page.goto('/?view=agenda');
      await expect(page.getByTestId('agenda')).toBeVisible(LONG);
    },
  },
  {
    name: '?view=yours',
    open: async (page) => {
      await page.goto('/?view=yours');
      await expect(page.getByTestId('code-pane')).toHaveAttribute('data-editor', /ready|missing/, LONG);
      // Unleashed while a report card runs, sandboxes and all.
      await page.getByTestId('yours-card-button').click();
    },
  },
  {
    name: '?view=yours&code-lang=py',
    open: async (page) => {
      await page.goto('/?view=yours&code-lang=py');
      await expect(page.getByTestId('code-pane')).toHaveAttribute('data-code-lang', 'py', LONG);
      // Unleashed while Python is fetched and started and its report card runs.
      await page.getByTestId('yours-card-button').click();
    },
  },
  {
    name: '?view=yours&exercise=retry-503',
    open: async (page) => {
      await page.goto('/?view=yours&exercise=retry-503');
      await expect(page.getByTestId('code-pane')).toHaveAttribute('data-editor', /ready|missing/, LONG);
      // Unleashed while its check runs (a second seed and all), levels and hint within reach.
      await page.getByTestId('exercise-check').click();
    },
  },
  {
    name: 'real endpoint',
    open: async (page, { request }) => {
      // The test server answers every request normally once its (empty) script is used up.
      await script(request, []);
      await new Playground(page).open(ENDPOINT);
      await expect(page.getByTestId('provider-http')).toBeVisible();
    },
  },
  {
    name: 'trace replay',
    open: async (page, { browser }) => {
      const trace = await savedTrace(browser);
      await new Playground(page).open('?v=1');
      await page.mouse.wheel(0, 1500);
      await page.getByTestId('import-trace').setInputFiles(trace);
      // Unleashed while the replay plays at 1×.
      await expect(page.getByTestId('event-log').locator('li').first()).toBeAttached(LONG);
    },
  },
];

test.describe('monkey', () => {
  for (const entry of ENTRIES) {
    for (const seed of SEEDS) {
      test(`monkey: ${entry.name}, seed ${seed}`, async ({ page, request, browser }, testInfo) => {
        const watcher = await arm(page);
        await entry.open(page, { request, browser });
        const visited = await unleash(page, { seed, nb: ACTIONS });
        testInfo.annotations.push({ type: 'visited', description: visited.join(' → ') });
        await expectAlive(page, watcher, `${entry.name}, seed ${seed}`);
      });
    }
  }
});

// ------------------------------------------------------------------------------------------------
// Bursts a person makes
// ------------------------------------------------------------------------------------------------

/** Ends a burst: the run can be finished at the fastest speed, and a new one plays to its end. */
async function finishesAndRunsAgain(page) {
  const pg = new Playground(page);
  await fastest(page);
  if (await page.getByTestId('stop').isEnabled()) {
    await expect(pg.outcome).toBeVisible(LONG);
  }
  await expect(page.getByTestId('run')).toBeEnabled(LONG);
  await pg.run();
  await expect(pg.outcome).toHaveAttribute('data-outcome', /answered|escalated|gave-up|failed|cancelled/, LONG);
  await expect(page.getByTestId('run')).toBeEnabled(LONG);
}

test.describe('bursts', () => {
  test('burst: 50 fresh pages switch fr, zh, en right after load', async ({ browser }) => {
    test.setTimeout(240_000);
    const broken = [];
    const wrongLanguage = [];
    // The first pages seen in another language stay open, to be looked at again 30 s later:
    // that tells a page that is slow to switch from one that stays in the wrong language.
    const suspects = [];
    const shown = (page) => page.evaluate(() => ({
      select: document.querySelector('[data-testid="language"]')?.value,
      html: document.documentElement.lang,
      run: document.querySelector('[data-testid="run"]')?.textContent.trim(),
      query: location.search,
    }));
    for (let i = 0; i < 50; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push((e.stack || String(e)).split('\n').slice(0, 4).join('\n')));
      const watcher = await arm(page, { gremlins: false });
      let inFlight = 0;
      page.on('request', () => { inFlight += 1; });
      for (const end of ['requestfinished', 'requestfailed']) page.on(end, () => { inFlight -= 1; });
      await page.goto('/', { waitUntil: 'commit' });
      const language = page.getByTestId('language');
      await language.waitFor({ state: 'attached', timeout: 30_000 });
      for (const lang of ['fr', 'zh', 'en']) await language.selectOption(lang, { timeout: 30_000 });
      await ready(page).catch((e) => errors.push(`not ready: ${String(e).split('\n')[0]}`));
      // Every part the switches asked for has arrived.
      await expect.poll(() => inFlight, LONG).toBe(0);
      const fatalShown = await page.locator('#fatal').isVisible();
      const problems = watcher.problems();
      let keep = false;
      if (errors.length || problems.length || fatalShown) {
        broken.push({ page: i, errors, problems, fatalShown });
      } else {
        // The last choice wins: the page speaks English, as its address says.
        const state = await shown(page);
        if (state.select !== 'en' || state.html !== 'en') {
          wrongLanguage.push({ page: i, ...state });
          if (suspects.length < 3) {
            suspects.push({ i, page, context, since: Date.now() });
            keep = true;
          }
        }
      }
      if (!keep) await context.close();
    }
    const stillWrong = [];
    for (const { i, page, context, since } of suspects) {
      const left = 30_000 - (Date.now() - since);
      if (left > 0) await page.waitForTimeout(left);
      const state = await shown(page);
      if (state.select !== 'en' || state.html !== 'en') stillWrong.push({ page: i, ...state });
      await context.close();
    }
    expect(broken, `${broken.length} of 50 pages broke`).toEqual([]);
    expect(stillWrong, `${wrongLanguage.length} of 50 pages did not speak the language chosen last (en) once`
      + ' every request was answered; these still do not, 30 s later').toEqual([]);
  });

  test('burst: language switches during a running run', async ({ page }) => {
    const watcher = await arm(page, { gremlins: false });
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503,t4:429&speed=1');
    await pg.run();
    await expect(page.getByTestId('stop')).toBeEnabled(LONG);
    for (let round = 0; round < 10; round++) {
      for (const lang of ['fr', 'zh', 'en']) await page.getByTestId('language').selectOption(lang);
    }
    // The last choice wins.
    await expect(page.getByTestId('language')).toHaveValue('en', LONG);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en', LONG);
    await finishesAndRunsAgain(page);
    await expectAlive(page, watcher, 'language switches during a run');
  });

  test('burst: speed changes during a run', async ({ page }) => {
    const watcher = await arm(page, { gremlins: false });
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503,t3:badjson,t4:429&speed=1');
    await pg.run();
    await expect(page.getByTestId('stop')).toBeEnabled(LONG);
    const speed = page.getByTestId('speed');
    const n = await speed.locator('option').count();
    // Every speed but the fastest, back and forth, so the run is still going.
    for (let i = 0; i < 40; i++) await speed.selectOption({ index: [0, 3, 1, 4, 2][i % 5] % (n - 1) });
    await finishesAndRunsAgain(page);
    await expectAlive(page, watcher, 'speed changes during a run');
  });

  test('burst: Stop and Run in quick succession, many times', async ({ page }) => {
    const watcher = await arm(page, { gremlins: false });
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503,t4:429&speed=1');
    const run = page.getByTestId('run');
    const stop = page.getByTestId('stop');
    // As fast as Playwright clicks.
    for (let i = 0; i < 20; i++) {
      await run.click();
      await stop.click();
      await expect(run).toBeEnabled(LONG);
    }
    // Faster than a hand: Run, Stop, Run in one task, then Stop and Run in one task. (A Run
    // clicked in the same task as Stop may find the button still disabled: then nothing runs.)
    const settle = () => expect.poll(async () => {
      if (await stop.isEnabled()) await stop.click({ timeout: 1_000 }).catch(() => {});
      return run.isEnabled();
    }, LONG).toBe(true);
    for (let i = 0; i < 20; i++) {
      await page.evaluate(() => {
        document.querySelector('[data-testid="run"]').click();
        document.querySelector('[data-testid="stop"]').click();
        document.querySelector('[data-testid="run"]').click();
      });
      await page.evaluate(() => {
        document.querySelector('[data-testid="stop"]').click();
        document.querySelector('[data-testid="run"]').click();
      });
      await settle();
    }
    await finishesAndRunsAgain(page);
    await expectAlive(page, watcher, 'Stop and Run hammered');
  });

  test('burst: step back during a live run', async ({ page }) => {
    const watcher = await arm(page, { gremlins: false });
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503,t3:badjson,t4:429&speed=2');
    await pg.run();
    const back = page.getByTestId('step-back');
    await expect(back).toBeEnabled(LONG);
    const forward = page.getByTestId('step-forward');
    const last = page.getByTestId('last');
    // (At the first step Back is disabled, at the newest Last may be: a person's click does nothing.)
    const press = async (button) => { if (await button.isEnabled()) await button.click(); };
    for (let i = 0; i < 30; i++) {
      await press(back);
      if (i % 3 === 2) await press(forward);
      if (i % 5 === 4) await pg.playPause();
    }
    // Back to the newest step, playing, at the fastest speed.
    await press(last);
    await fastest(page);
    if ((await page.getByTestId('play').getAttribute('data-playing')) !== 'true') await pg.playPause();
    await finishesAndRunsAgain(page);
    await expectAlive(page, watcher, 'step back during a live run');
  });
});

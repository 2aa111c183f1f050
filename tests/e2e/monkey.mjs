// The monkey's harness (monkey.spec.mjs): gremlins.js in every document of a page, a fence that
// keeps its clicks inside the app, and the watchers that say whether the app survived.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';

const require = createRequire(import.meta.url);
const GREMLINS = readFileSync(require.resolve('gremlins.js/dist/gremlins.min.js'), 'utf8');

/** Console errors that only the app's own failures write: a Rust panic, a wasm trap. */
export const FATAL_CONSOLE = /panicked|RuntimeError|unreachable/;

/** What a page is ready on: the playground's enabled Run, the herd's finished charts, the agenda,
 *  the your-loop view's editor (mounted, or said to be missing; the agenda's exercise links lead
 *  there), or the panic banner (so a page that broke is reported as broken, not as a timeout). */
const READY = '[data-testid="run"]:not([disabled]), [data-testid="herd"][data-state="done"], '
  + '[data-testid="agenda"], [data-testid="code-pane"][data-editor="ready"], '
  + '[data-testid="code-pane"][data-editor="missing"], #fatal:not([hidden])';

// Runs first in every document of the page, before the app's own script.
function fence() {
  // Nothing opens another window or a print dialog.
  window.open = () => null;
  window.print = () => {};
  // A link that leaves the app (another origin, a new window, a download) is not followed;
  // the app's own links, which change the query, are.
  const leaves = (a) => {
    const target = a.getAttribute('target');
    if (target && target !== '_self') return true;
    if (a.hasAttribute('download')) return true;
    let url;
    try { url = new URL(a.getAttribute('href'), location.href); } catch { return true; }
    return url.origin !== location.origin;
  };
  const guard = (ev) => {
    const a = ev.target instanceof Element ? ev.target.closest('a[href], area[href]') : null;
    if (a && leaves(a)) ev.preventDefault();
  };
  for (const type of ['click', 'auxclick', 'dblclick']) window.addEventListener(type, guard, true);
  window.addEventListener('submit', (ev) => ev.preventDefault(), true);
  // The panic banner: report the moment it is shown, even if the page is reloaded after.
  const watchFatal = () => {
    const fatal = document.getElementById('fatal');
    if (!fatal) return false;
    const report = () => {
      if (!fatal.hidden) window.__monkeyFatal?.(document.getElementById('fatal-text')?.textContent ?? '');
    };
    new MutationObserver(report).observe(fatal, { attributes: true, attributeFilter: ['hidden'] });
    report();
    return true;
  };
  if (!watchFatal()) document.addEventListener('DOMContentLoaded', watchFatal, { once: true });
}

/**
 * Prepares a page for the monkey (or, with `gremlins: false`, for a person's burst), before its
 * first goto. Returns the watcher: `problems()` lists
 * what went wrong (panic banner shown, a panic or wasm trap in the console); uncaught page errors
 * are failed by the fixture.
 */
export async function arm(page, { gremlins = true } = {}) {
  const problems = [];
  await page.exposeBinding('__monkeyFatal', (_source, text) => problems.push(`fatal banner shown: ${text}`));
  await page.addInitScript(fence);
  if (gremlins) await page.addInitScript({ content: GREMLINS });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && FATAL_CONSOLE.test(msg.text())) {
      problems.push(`console error at ${page.url()}: ${msg.text().split('\n').slice(0, 6).join('\n')}`);
    }
  });
  // The monkey may type any address into the endpoint form: only loopback is reachable.
  if (gremlins) await page.route((url) => url.hostname !== '127.0.0.1' && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'));
  page.on('dialog', (dialog) => dialog.dismiss().catch(() => {}));
  return { problems: () => problems.slice() };
}

/** Waits until the page is usable (see READY). */
export async function ready(page, timeout = 30_000) {
  await page.waitForLoadState('domcontentloaded', { timeout });
  await page.waitForFunction((sel) => document.querySelector(sel), READY, { timeout });
}

// The horde, run inside the page. Its progress is kept in sessionStorage so that, if a click
// follows one of the app's own links to a new document, the rest of the actions run there.
async function horde({ seed, nb, delay, leg }) {
  const g = window.gremlins;
  const KEY = '__monkeyDone';
  const done = () => Number(sessionStorage.getItem(KEY) || 0);
  const quiet = { showAction: () => {}, log: false };
  const count = (species) => (config) => {
    const attack = species(config);
    return (...args) => {
      sessionStorage.setItem(KEY, String(done() + 1));
      return attack(...args);
    };
  };
  const species = [
    g.species.clicker(quiet),
    g.species.toucher(quiet),
    g.species.formFiller(quiet),
    g.species.scroller(quiet),
    g.species.typer(quiet),
  ].map(count);
  const logger = { log() {}, info() {}, warn() {}, error() {} };
  const left = nb - done();
  if (left <= 0) return done();
  await g.createHorde({
    species,
    // alert only: it answers alert/confirm/prompt. No fps (it reports slow frames, not our
    // failures) and no gizmo (it stops the horde after ten errors; we want them all).
    mogwais: [g.mogwais.alert()],
    strategies: [g.strategies.distribution({ delay, nb: left })],
    // One randomizer per document the horde runs in: the same seed replays the same actions.
    randomizer: new g.Chance(`${seed}:${leg}`),
    logger,
    window,
  }).unleash();
  return done();
}

const navigated = (e) => /Execution context was destroyed|navigation|Target page, context or browser has been closed|frame was detached/i.test(String(e));

/**
 * Unleashes `nb` seeded actions on the page as it is now. A same-origin navigation the monkey
 * causes (the app's links, the agenda's full links, a reload) is followed: once the new document
 * is ready the horde goes on there with the actions left. Returns the documents visited.
 */
export async function unleash(page, { seed, nb = 300, delay = 10 }) {
  await page.evaluate(() => sessionStorage.setItem('__monkeyDone', '0'));
  const visited = [page.url()];
  for (let leg = 0; ; leg++) {
    try {
      const done = await page.evaluate(horde, { seed, nb, delay, leg });
      if (done >= nb) return visited;
      // An unleash that ended early without navigating: the document changed under it.
    } catch (e) {
      if (!navigated(e)) throw e;
    }
    expect(leg, `the monkey left the page more than 50 times (seed ${seed})`).toBeLessThan(50);
    await ready(page);
    expect(new URL(page.url()).origin, 'the monkey left the app').toBe(new URL(visited[0]).origin);
    visited.push(page.url());
    if (await page.evaluate(() => Number(sessionStorage.getItem('__monkeyDone') || 0)) >= nb) return visited;
  }
}

/** The end of every monkey test: no panic banner, no panic in the console, and the page answers. */
export async function expectAlive(page, watcher, what) {
  // The page still runs script and has the app in it. The horde's last click may have followed
  // one of the app's links after the horde returned: the new document is then the one asked.
  let alive;
  for (let attempt = 0; ; attempt++) {
    try {
      alive = await Promise.race([
        page.evaluate(() => document.querySelectorAll('[data-testid]').length > 0),
        new Promise((done) => setTimeout(() => done('no answer in 30 s'), 30_000)),
      ]);
      break;
    } catch (e) {
      if (!navigated(e) || attempt >= 5) throw e;
      await ready(page);
    }
  }
  expect(alive, `${what}: the page does not answer`).toBe(true);
  await expect(page.locator('#fatal'), `${what}: the panic banner is shown`).toBeHidden();
  expect(watcher.problems(), `${what}: the app panicked`).toEqual([]);
}

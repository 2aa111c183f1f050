// Offline after the first visit, and clean updates. The release dist/ is served by a static host
// the test starts itself, under /rusty-lock/; stopping that host is the network going away.
import { test, expect } from './fixtures.mjs';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Playground } from './playground.page.mjs';
import { DIST, secondBuild, serveSite, siteFiles } from './static-host.mjs';

test.use({ serviceWorkers: 'allow' });

const PREFIX = '/rusty-lock/';

/** Waits until the service worker runs the page, as after a first visit. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
}

/** The site's caches: {name: [url, ...]}. */
const cacheContents = (page) => page.evaluate(async () => {
  const out = {};
  for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  return out;
});

test('after one visit the page, a run, a lesson, compare and traces work with the server stopped; an endpoint is never served from a cache', async ({ page }) => {
  const host = await serveSite(DIST, PREFIX);
  try {
    const endpoint = `${host.base}v1`;
    const pg = new Playground(page);
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);

    // What the first visit cached: this build's files, each once, and nothing else. Not Python's
    // runtime (python/, 12.5 MB): it is kept only once a learner runs Python (a test below).
    const cached = await cacheContents(page);
    const names = Object.keys(cached);
    expect(names).toHaveLength(1);
    const precached = siteFiles(DIST).filter((f) => f !== 'sw.js' && f !== '404.html' && !f.startsWith('python/'));
    const own = precached.map((f) => host.base + f);
    expect([...cached[names[0]]].sort()).toEqual(own.sort());
    expect(host.requests.filter((p) => p.startsWith(`${PREFIX}python/`))).toEqual([]);
    const bytes = precached.reduce((n, f) => n + statSync(join(DIST, f)).size, 0);
    testInfoNote(`first visit cached ${own.length} files, ${bytes} B`);

    // While the host is up, an endpoint on the same origin, inside the worker's scope, answers.
    await page.goto(`${host.base}?v=1&endpoint=${encodeURIComponent(endpoint)}&llm=same-origin-model&speed=instant&base=50&cap=100`);
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('connection-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('connection-result')).toContainText('same-origin-model');

    await host.stop();

    // The server is gone: the page still comes up, from the worker's cache.
    const started = Date.now();
    await page.reload();
    await expect(page.getByTestId('run')).toBeEnabled();
    testInfoNote(`reload with the server stopped: ${Date.now() - started} ms to a usable page`);

    // The endpoint's answer was never kept: the same call now finds no server.
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('connection-result')).toHaveAttribute('data-ok', 'false');
    // Test connection diagnoses it in one try, as a Run does: nothing answers there any more.
    await expect(page.getByTestId('connection-result')).toContainText('Nothing answers at this address');
    await pg.run();
    await expect(page.getByTestId('cors-diagnosis')).toHaveAttribute('data-finding', 'unreachable', { timeout: 30_000 });
    await expect(pg.outcome).toHaveAttribute('data-outcome', 'failed');
    const after = await cacheContents(page);
    expect(Object.values(after).flat().filter((u) => u.includes('/v1'))).toEqual([]);

    // The built-in model: a default run, and a lesson with its part.
    await page.goto(`${host.base}?v=1&speed=instant`);
    await pg.run();
    await pg.waitForOutcome('answered');
    await page.goto(`${host.base}?v=1&lesson=server-hiccup&faults=t2:503&speed=instant`);
    await page.getByTestId('answer-code').click();
    await pg.waitForOutcome('answered');
    await expect(page.getByTestId('lesson-explanation')).toHaveAttribute('data-correct', 'true');
    // Compare mode and the panels below come from the cache too.
    await page.getByTestId('compare').click();
    await expect(page.getByTestId('naive-scene')).toBeVisible();
    await expect(page.getByTestId('part-missing')).toHaveCount(0);
    // Traces: saved from a run, and opened again.
    await page.goto(`${host.base}?v=1&speed=instant`);
    await pg.run();
    await pg.waitForOutcome('answered');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
    const trace = test.info().outputPath('offline-trace.json');
    await download.saveAs(trace);
    await page.getByTestId('import-trace').setInputFiles(trace);
    await pg.waitForOutcome('answered');
    await expect(page.getByTestId('trace-error')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('a second build is offered, not switched to; after the reload only its files are used and the old cache is gone', async ({ page }, testInfo) => {
  const second = testInfo.outputPath('second-build');
  const title = 'rgb(1, 102, 51)';
  const newCss = secondBuild(DIST, second, `h1{color:${title}}`);
  const host = await serveSite(DIST, PREFIX);
  try {
    const pg = new Playground(page);
    await page.goto(`${host.base}?v=1&lesson=server-hiccup&faults=t2:503&speed=0.25`);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);
    const firstColour = await page.locator('h1').evaluate((h) => getComputedStyle(h).color);
    expect(firstColour).not.toBe(title);
    const [oldCache] = Object.keys(await cacheContents(page));

    // The teacher copies the new build over the old one; the page is in the middle of a lesson.
    host.dir = second;
    await page.evaluate(() => { window.__sameDocument = true; });
    await page.getByTestId('answer-code').click();
    await expect(page.getByTestId('stop')).toBeEnabled();
    // What a navigation or the browser's own check does: look for a newer worker.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect(page.getByTestId('update-ready')).toContainText('A new version is ready', { timeout: 30_000 });
    // Nothing switched under the lesson: same document, same styles, the run still going.
    await expect(page.getByTestId('stop')).toBeEnabled();
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    await expect(page.getByTestId('lesson-card')).toBeVisible();
    expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).color)).toBe(firstColour);

    const urls = [];
    page.on('request', (r) => urls.push(r.url()));
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect(page.getByTestId('run')).toBeEnabled();
    await expect(page.locator('h1')).toHaveCSS('color', title);
    await expect(page.getByTestId('update-ready')).toHaveCount(0);
    // Only the second build's files: its new CSS, and nothing by a name it no longer has.
    const files = new Set(siteFiles(second).map((f) => host.base + f));
    const bare = urls.map((u) => u.split('?')[0]).filter((u) => u !== host.base);
    expect(bare.filter((u) => !files.has(u))).toEqual([]);
    expect(bare).toContain(host.base + newCss);
    const caches = await cacheContents(page);
    expect(Object.keys(caches)).toHaveLength(1);
    expect(Object.keys(caches)[0]).not.toBe(oldCache);
    expect(caches[Object.keys(caches)[0]]).toContain(host.base + newCss);
  } finally {
    await host.stop();
  }
});

function testInfoNote(text) {
  test.info().annotations.push({ type: 'measured', description: text });
  console.log(`  [measured] ${text}`);
}

test('a reload while a second build is on the server still shows the first, whole, and offers the second', async ({ page }, testInfo) => {
  const second = testInfo.outputPath('second-build');
  const title = 'rgb(1, 102, 51)';
  secondBuild(DIST, second, `h1{color:${title}}`);
  const host = await serveSite(DIST, PREFIX);
  try {
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);
    const firstColour = await page.locator('h1').evaluate((h) => getComputedStyle(h).color);
    host.dir = second;
    const urls = [];
    page.on('request', (r) => urls.push(r.url().split('?')[0]));
    await page.reload();
    await expect(page.getByTestId('run')).toBeEnabled();
    await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 30_000 });
    // The page is the first build, every file of it: nothing of the second was mixed in.
    expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).color)).toBe(firstColour);
    const first = new Set(siteFiles(DIST).map((f) => host.base + f));
    expect(urls.filter((u) => u !== host.base && !first.has(u))).toEqual([]);
    const pg = new Playground(page);
    await pg.speed('instant');
    await pg.run();
    await pg.waitForOutcome('answered');
  } finally {
    await host.stop();
  }
});

test('two copies on one origin keep their own caches: updating one leaves the other offline', async ({ page }, testInfo) => {
  const second = testInfo.outputPath('second-build');
  secondBuild(DIST, second, 'h1{color:rgb(1, 102, 51)}');
  const host = await serveSite(DIST, PREFIX);
  host.sites['/test/'] = DIST;
  try {
    const other = `${host.origin}/test/`;
    for (const base of [host.base, other]) {
      await page.goto(base);
      await expect(page.getByTestId('run')).toBeEnabled();
      await controlled(page);
    }
    expect(Object.keys(await cacheContents(page))).toHaveLength(2);
    // The copy at /rusty-lock/ is updated and reloaded into its new build.
    host.dir = second;
    await page.goto(host.base);
    await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect(page.locator('h1')).toHaveCSS('color', 'rgb(1, 102, 51)');
    const names = Object.keys(await cacheContents(page));
    expect(names).toHaveLength(2);
    expect(names.filter((n) => n.includes('/test/'))).toHaveLength(1);
    // And the copy at /test/ still works with the server gone.
    await host.stop();
    await page.goto(other);
    await expect(page.getByTestId('run')).toBeEnabled();
    const pg = new Playground(page);
    await pg.speed('instant');
    await pg.run();
    await pg.waitForOutcome('answered');
  } finally {
    await host.stop();
  }
});

test('a host that redirects index.html to its folder still gives a page that opens offline', async ({ page }) => {
  const host = await serveSite(DIST, PREFIX);
  host.cleanUrls = true;
  try {
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);
    expect(host.requests).toContain(`${PREFIX}index.html`);
    await host.stop();
    await page.reload();
    await expect(page.getByTestId('run')).toBeEnabled();
  } finally {
    await host.stop();
  }
});

test('the worker registers only once the page is up, and its install adds no long task to the page', async ({ page }) => {
  const host = await serveSite(DIST, PREFIX);
  try {
    const pg = new Playground(page);
    await pg.watchLongTasks();
    await page.addInitScript(() => {
      window.__marks = {};
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        window.__marks.registered ??= performance.now();
        return register(...args);
      };
      // The app takes the page when it removes the loading line.
      new MutationObserver((_, observer) => {
        if (document.body && !document.getElementById('loading')) {
          window.__marks.mounted = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await pg.open('', host.base);
    await controlled(page);
    const marks = await page.evaluate(() => ({
      ...window.__marks,
      loaded: performance.getEntriesByType('navigation')[0].loadEventEnd,
      now: performance.now(),
    }));
    expect(marks.registered).toBeGreaterThan(marks.mounted);
    expect(marks.registered).toBeGreaterThanOrEqual(marks.loaded);
    // From the registration to a worker running the page, with every file fetched and cached:
    // nothing on the page's thread that holds it for 50 ms or more.
    const during = await pg.longTasksEndingAfter(marks.registered);
    testInfoNote(`registered ${Math.round(marks.registered - marks.mounted)} ms after the app mounted; ${Math.round(marks.now - marks.registered)} ms to a worker in charge; long tasks meanwhile: ${JSON.stringify(during)}`);
    expect(during).toEqual([]);
  } finally {
    await host.stop();
  }
});

test('after one visit, your own loop opens, runs and grades with the server stopped', async ({ page }) => {
  test.setTimeout(120_000);
  const host = await serveSite(DIST, PREFIX);
  try {
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);
    await host.stop();
    await page.goto(`${host.base}?view=yours`);
    await expect(page.getByTestId('code-pane')).toHaveAttribute('data-editor', 'ready', { timeout: 30_000 });
    await page.getByTestId('yours-case').selectOption('503');
    await page.getByTestId('yours-card-button').click();
    const cases = await page.getByTestId('yours-case').locator('option').count();
    await expect(page.getByTestId('yours-card-row')).toHaveCount(cases, { timeout: 60_000 });
    await expect(page.locator('[data-testid="yours-card-row"][data-pass="false"]')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

/** Runs a small Python loop through the view's sandbox host (yours/host.js, loaded into the page
 *  as ?view=yours does) and gives its End. */
const runPython = (page) => page.evaluate(async () => {
  if (!window.RustyYours) {
    await new Promise((resolve, reject) => {
      const script = Object.assign(document.createElement('script'), { src: 'yours/host.js', onload: resolve, onerror: reject });
      document.head.append(script);
    });
  }
  const logs = [];
  let steps = null;
  const run = window.RustyYours.run({
    language: 'python', task: 'open the door', seed: 7, loadBudgetMs: 120_000,
    code: 'import json\n\ndef run_agent(task):\n    print("offline", json.dumps(task))\n    return "done: " + task\n',
  }, { log: (l) => logs.push(l.text), python: (p) => { if (p.phase === 'ready') steps = p.steps; } });
  return { ...(await run.done), logs, steps };
});

test('once Python has run, its runtime is kept (not at install), survives an update, and runs with the server stopped', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const pythonFiles = siteFiles(DIST).filter((f) => f.startsWith('python/'));
  test.skip(pythonFiles.length === 0, 'this build has no python/ (scripts/python-files.mjs)');
  const second = testInfo.outputPath('second-build');
  secondBuild(DIST, second, 'h1{color:rgb(1, 102, 51)}');
  const host = await serveSite(DIST, PREFIX);
  try {
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    await controlled(page);
    // The service worker's caches (one per build), apart from the snapshot of a started
    // interpreter that yours/host.js keeps in a cache of its own.
    const SNAPSHOTS = 'rusty-lock-python-snapshot';
    const pythonIn = async () => Object.entries(await cacheContents(page)).filter(([name]) => name !== SNAPSHOTS)
      .flatMap(([, urls]) => urls).filter((u) => u.includes('/python/')).sort();
    const snapshotsIn = async () => (await cacheContents(page))[SNAPSHOTS] || [];
    expect(await pythonIn()).toEqual([]);
    expect(host.requests.filter((p) => p.startsWith(`${PREFIX}python/`))).toEqual([]);
    test.skip(!(await page.evaluate(() => typeof WebAssembly.Suspending === 'function')), 'this Chromium has no JSPI');

    // The first Python run fetches the runtime through the worker, which keeps each file.
    let started = Date.now();
    const first = await runPython(page);
    testInfoNote(`first Python run online (fetch, start, run): ${Date.now() - started} ms`);
    expect(first.how, JSON.stringify(first)).toBe('returned');
    expect(first.value).toContain('done: open the door');
    expect(first.logs.join('\n')).toContain('offline "open the door"');
    const kept = pythonFiles.map((f) => host.base + f).sort();
    await expect.poll(pythonIn).toEqual(kept);
    expect(host.requests.filter((p) => p.startsWith(`${PREFIX}python/`)).sort()).toEqual(pythonFiles.map((f) => PREFIX + f).sort());
    expect(first.steps).toMatchObject({ fromSnapshot: 0 });
    await expect.poll(snapshotsIn).toEqual([expect.stringContaining(`${host.base}python/snapshot-`)]);
    const snapshot = await snapshotsIn();

    // An update with the same Pyodide carries the files over: nothing of python/ is fetched again.
    host.dir = second;
    const before = host.requests.length;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 60_000 });
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect(page.locator('h1')).toHaveCSS('color', 'rgb(1, 102, 51)');
    expect(Object.keys(await cacheContents(page)).filter((name) => name !== SNAPSHOTS)).toHaveLength(1);
    expect(await pythonIn()).toEqual(kept);
    expect(await snapshotsIn()).toEqual(snapshot);
    expect(host.requests.slice(before).filter((p) => p.startsWith(`${PREFIX}python/`))).toEqual([]);

    // The server is gone: a reload, and Python's files come from the cache; a loop runs to its end.
    await host.stop();
    await page.reload();
    await expect(page.getByTestId('run')).toBeEnabled();
    started = Date.now();
    const offline = await runPython(page);
    testInfoNote(`Python run with the server stopped (files from the cache): ${Date.now() - started} ms`);
    expect(offline.how, JSON.stringify(offline)).toBe('returned');
    expect(offline.value).toContain('done: open the door');
    // ...and the interpreter from the snapshot the first visit kept.
    expect(offline.steps).toMatchObject({ fromSnapshot: 1 });
    const bytes = await page.evaluate(() => window.RustyYours.loadPython('python/').then((r) => r.bytes));
    expect(bytes).toBe(pythonFiles.reduce((n, f) => n + statSync(join(DIST, f)).size, 0));
  } finally {
    await host.stop();
  }
});

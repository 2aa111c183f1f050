// One build, any path: the release dist/ served at /, /rusty-lock/ and /a/b/c/ by a static host
// the test starts itself. Each feature fetches its parts from under that path, nothing is asked
// for outside it (every URL checked, the page's and the service worker's), and Copy link gives a
// link under it. The manifest makes the page installable.
import { chromium } from '@playwright/test';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';
import { DIST, serveSite } from './static-host.mjs';

test.use({ serviceWorkers: 'allow' });

/** Every URL the page asks for (the service worker's own fetches reach the host's log). */
function pageRequests(page) {
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

const partsFrom = (urls, base) => urls
  .map((u) => (u.startsWith(base) ? u.slice(base.length).match(/^lazy-[0-9a-f]+\/split_([a-z_]+)\.wasm$/) : null))
  .filter(Boolean).map((m) => m[1]);

for (const prefix of ['/', '/rusty-lock/', '/a/b/c/']) {
  test(`served at ${prefix}: runs, fetches every part it uses from there and nothing outside it`, async ({ page, context }, testInfo) => {
    const host = await serveSite(DIST, prefix);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
      const urls = pageRequests(page);
      const pg = new Playground(page);
      await page.goto(host.base);
      await expect(page.getByTestId('run')).toBeEnabled();
      await pg.speed('instant');
      await pg.run();
      await pg.waitForOutcome('answered');

      // A lesson, from the Lessons menu.
      await page.getByTestId('lessons').click();
      await page.getByTestId('lesson-rusted-lock').click();
      await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'rusted-lock');

      // Compare mode.
      await page.getByTestId('compare').click();
      await expect(page.getByTestId('naive-scene')).toBeVisible();
      await page.getByTestId('compare').click();

      // A trace: saved from a run, then opened.
      await page.goto(`${host.base}?v=1&speed=instant`);
      await pg.run();
      await pg.waitForOutcome('answered');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
      const trace = testInfo.outputPath('trace.json');
      await download.saveAs(trace);
      await page.getByTestId('import-trace').setInputFiles(trace);
      await pg.waitForOutcome('answered');
      await expect(page.getByTestId('trace-error')).toHaveCount(0);

      // Copy link: the scenario link is under the path the page is served from.
      await pg.fault('503', { turn: 2 });
      await page.getByTestId('copy-link').click();
      await expect(page.getByTestId('copy-link')).toHaveText('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.startsWith(`${host.base}?`), copied).toBe(true);
      expect(copied).toContain('faults=t2');
      expect(await page.getByTestId('share-link').inputValue()).toBe(copied);

      // The worker that makes it work offline lives at that path too, with that scope.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(host.base);

      const parts = partsFrom(urls, host.base);
      for (const part of ['engine', 'lessons', 'compare', 'traces']) expect(parts, `${part} from ${host.base}`).toContain(part);
      const outside = urls.filter((u) => !u.startsWith(host.base) && !u.startsWith('data:') && !u.startsWith('blob:'));
      expect(outside).toEqual([]);
      expect(host.requests.length).toBeGreaterThan(5);
      expect(host.requests.filter((p) => !p.startsWith(prefix))).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}

test('a link the host does not know is answered by 404.html, which is the page', async ({ page }) => {
  const host = await serveSite(DIST, '/rusty-lock/');
  try {
    const response = await page.goto(`${host.base}index?v=1&model=stubborn`);
    expect(response.status()).toBe(404);
    await expect(page.getByTestId('run')).toBeEnabled();
    // The link still applies: the address keeps its settings, and nothing was refused.
    await expect(page).toHaveURL(/model=stubborn/);
    await expect(page.getByTestId('link-notice')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('Chromium finds the web app manifest valid and the page installable', async ({}, testInfo) => {
  // Chromium never offers to install from a private (incognito) profile, which is what every
  // Playwright context is; a persistent profile is an ordinary one.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), testInfo.project.use.launchOptions);
  const host = await serveSite(DIST, '/rusty-lock/');
  try {
    const page = await context.newPage();
    await page.goto(host.base);
    await expect(page.getByTestId('run')).toBeEnabled();
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${host.base}manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data);
    expect(parsed.scope).toBe('./');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // Its icons are served from under the path too.
    expect(host.requests).toContain('/rusty-lock/icon-192.png');
    expect(host.requests.filter((p) => !p.startsWith('/rusty-lock/'))).toEqual([]);
  } finally {
    await context.close();
    await host.stop();
  }
});

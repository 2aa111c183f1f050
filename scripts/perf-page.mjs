// What the measurement scripts share (measure-perf, profile-tasks, compare-builds): Chromium
// launched as the browser tests launch it, the page's long tasks recorded from before it loads,
// and the wait for a page that has loaded and settled.
import { chromium } from '@playwright/test';

// The browser tests' own watcher: `window.__longTasks`, from before the page loads.
export { watchLongTasks } from '../tests/e2e/responsiveness.mjs';

/** Debian's headless Chromium, with nothing of its own running in the background. */
export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Waits until the page has loaded and settled: the panels below the fold are in (they come at
 *  the first idle moment after the first paint), the network is quiet, two frames passed, then
 *  `ms` more. */
export async function settled(page, ms = 100) {
  await page.getByTestId('run').waitFor();
  await page.waitForFunction(() => {
    const places = [...document.querySelectorAll('[data-testid="below-fold"]')];
    // None yet means the main area, which holds them, is still to be built.
    return places.length > 0 && places.every((d) => d.firstElementChild);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate((ms) => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, ms)))), ms);
}

// Measures the exercises in headless Chromium against the release build: for each exercise, how
// long "Check my code" takes for its starting code (which fails) and for the robust loop (which
// passes), from the press to the judgement, in a fresh page each time. It reports medians and
// asserts nothing about timings; it fails only when it cannot measure (a page that errs, a
// judgement that never comes, or a judgement other than the one expected).
//
//   node scripts/measure-exercises.mjs [dist-dir] [runs]   (build first: scripts/build.sh)
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';
import { serveSite } from '../tests/e2e/static-host.mjs';
import { exercises, robust } from '../tests/e2e/exercises/solutions.mjs';

const args = process.argv.slice(2);
const dist = args.find((a) => !/^\d+$/.test(a)) ?? 'dist';
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
// The exercises, in order, and the robust loop, as the browser tests hold them.
const EXERCISES = Object.keys(exercises);
// The tests' own static host serves the build, as it does for every browser spec.
const site = await serveSite(resolve(dist), '/');
const base = site.base;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One check in `page`: the real milliseconds from the press to the judgement, and the judgement. */
async function check(page) {
  await page.waitForSelector('[data-testid="exercise-check"]:not([disabled])', { timeout: 60_000 });
  const t0 = await page.evaluate(() => performance.now());
  await page.click('[data-testid="exercise-check"]');
  const verdict = await page.waitForSelector('[data-testid="exercise-verdict"]', { timeout: 120_000 });
  await page.waitForSelector('[data-testid="exercise-check"]:not([disabled])', { timeout: 60_000 });
  const t1 = await page.evaluate(() => performance.now());
  return { ms: t1 - t0, passed: (await verdict.getAttribute('data-passed')) === 'true' };
}

const table = [];
for (const slug of EXERCISES) {
  const failing = [];
  const passing = [];
  let cost = '';
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}?view=yours&exercise=${slug}`);
    await page.waitForSelector('[data-testid="code-pane"][data-editor="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => window.RustyYours && window.RustyStrip, null, { timeout: 60_000 });
    const start = await check(page);
    if (start.passed) throw new Error(`${slug}: the starting code passed`);
    failing.push(start.ms);
    await page.setInputFiles('[data-testid="yours-open-file"]', { name: 'robust.js', mimeType: 'text/plain', buffer: Buffer.from(robust) });
    const solved = await check(page);
    if (!solved.passed) throw new Error(`${slug}: the robust loop did not pass`);
    passing.push(solved.ms);
    cost = await page.textContent('[data-testid="exercise-cost"]');
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    await context.close();
  }
  table.push({ slug, failing: median(failing), passing: median(passing), cost });
  console.log(`${slug.padEnd(16)} starting code ${median(failing).toFixed(0).padStart(5)} ms   robust loop ${median(passing).toFixed(0).padStart(5)} ms   ${cost.trim()}`);
}
console.log(`median over the nine exercises (${runs} fresh pages each): starting code ${median(table.map((t) => t.failing)).toFixed(0)} ms, robust loop ${median(table.map((t) => t.passing)).toFixed(0)} ms`);
await browser.close();
await site.stop();

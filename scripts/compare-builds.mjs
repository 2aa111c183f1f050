// The 1,000-turn run of measure-perf.mjs (section 2), on two or more builds in turn: this
// machine's speed drifts by up to 2× within an hour, so a figure taken now and one taken later
// say little. Interleaved, each round runs every build once, and the ratio of medians is what
// the change did. It reports; it asserts nothing.
//
//   node scripts/compare-builds.mjs DIST_A DIST_B [...] [--rounds N] [--url QUERY] [--outcome O]
//
//   --rounds N     rounds (default 7): each build's run is timed N times, on a fresh page each
//   --url QUERY    the address's query (default: measure-perf's 1,000-turn run)
//   --outcome O    the outcome that ends the run (default gave-up)
import { resolve } from 'node:path';
import { serveSite } from '../tests/e2e/static-host.mjs';
import { launch, settled, watchLongTasks } from './perf-page.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dists = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
const rounds = Number(opt('--rounds', 7));
const query = opt('--url', '?v=1&model=stubborn&repeat=off&errors=0&turns=1000&speed=instant');
const outcome = opt('--outcome', 'gave-up');
if (dists.length < 2) {
  console.error('usage: node scripts/compare-builds.mjs DIST_A DIST_B [...] [--rounds N]');
  process.exit(2);
}
const sites = await Promise.all(dists.map((d) => serveSite(resolve(d), '/')));
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One fresh page of `base`: settled, then Run, timed inside the page to the outcome painted, and
 *  its longest task from Run on. */
async function once(base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(0);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await watchLongTasks(page);
  await page.goto(base + query);
  await settled(page);
  const { painted, t0 } = await page.evaluate((outcome) => new Promise((done) => {
    const t0 = performance.now();
    const seen = () => document.querySelector(`[data-testid="outcome"][data-outcome="${outcome}"]`);
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => done({ painted: performance.now() - t0, t0 })));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    document.querySelector('[data-testid="run"]').click();
  }), outcome);
  const longest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= t0).map((t) => t.duration));
  await page.close();
  if (errors.length) console.log('   page errors:', errors);
  return { painted, longest };
}

const results = dists.map(() => []);
for (let r = 0; r < rounds; r++) {
  // Each round in a different order, so neither build always runs first.
  const order = dists.map((_, i) => i);
  if (r % 2) order.reverse();
  for (const i of order) results[i].push(await once(sites[i].base));
  console.log(`round ${r + 1}: ${dists.map((d, i) => `${d} ${results[i][r].painted.toFixed(0)} ms`).join(', ')}`);
}
const first = median(results[0].map((x) => x.painted));
for (const [i, d] of dists.entries()) {
  const m = median(results[i].map((x) => x.painted));
  console.log(`${d}: median ${m.toFixed(1)} ms (${(m / first).toFixed(2)}× the first), longest task ${Math.max(...results[i].map((x) => x.longest)).toFixed(0)} ms`);
}
await browser.close();
await Promise.all(sites.map((s) => s.stop()));

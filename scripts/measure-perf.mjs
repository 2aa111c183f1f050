// Measures the playground's performance in headless Chromium against the release build and
// prints the figures. It reports; it asserts nothing about timings (they vary from machine to
// machine). It fails only when it cannot measure: a page that errs, a step that never comes.
//
//   node scripts/measure-perf.mjs [dist-dir] [--quick] [--record]   (build first: scripts/build.sh)
//
//   --quick   every section once, the default run at 4× (what the test command runs, to keep
//             this script working; its figures are not for comparing)
//   --record  appends the figures, with the commit, to perf/history.csv (PERF_COMMIT names
//             another commit, for a build of an older tree; PERF_NOTE fills the note column)
//
// 1. Long tasks (> 50 ms, PerformanceObserver 'longtask') while the page loads and settles (its
//    panels below the fold arrive at the first idle moment), then during a default run at 1×.
// 2. A 1,000-turn run at instant speed: time from Run to the outcome on screen (five runs).
// 3. The event log's cost per new line near line 50 and near line 5,000: the log times what it
//    adds (build, insert, and a forced layout) into a global array this script provides
//    (window.__rustyLockAppendTimes, see the README's test hooks). At instant speed lines arrive
//    in groups (up to a chunk of 100, parsed as one piece of HTML), and each line is charged its
//    share of its group; at a watchable speed they arrive one by one.
// 4. The first-load transfer: every file the page fetches, gzip -9, at 1280×800 and 390×844.
// 5. The lazy parts: what the first use of each feature fetches, gzip -9.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { appendFile, mkdir } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { launch, settled, watchLongTasks } from './perf-page.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const record = args.includes('--record');
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
// No step waits on a clock of its own: each waits for what it measures, however long a busy
// machine takes. This one bound stops a script that hangs, and says where.
let section = 'start';
const bound = setTimeout(() => {
  console.error(`measure-perf: still in "${section}" after ${quick ? 10 : 30} minutes; stopping`);
  process.exit(1);
}, (quick ? 10 : 30) * 60_000);
bound.unref();
let pageErrors = 0;
const figures = {};
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(dist, path.endsWith('/') ? 'index.html' : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await launch();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;
const us = (x) => `${(x * 1000).toFixed(0)} µs`;

async function newPage(init, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  // No step has a timeout of its own (see `bound`).
  page.setDefaultTimeout(0);
  const errors = [];
  page.on('pageerror', (e) => {
    errors.push(String(e));
    pageErrors += 1;
  });
  await watchLongTasks(page);
  if (init) await page.addInitScript(init);
  return { page, errors };
}

/** Waits until the log holds every line: a long run's earlier lines are parsed at idle moments
 *  after it (a chunk still waiting is marked `data-deferred`). */
async function logComplete(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="event-log"] .chunk[data-deferred]'));
}

/** Clicks Run inside the page and resolves with ms until the outcome is in the DOM and painted. */
async function timedRun(page, outcome) {
  return page.evaluate((outcome) => new Promise((resolve) => {
    const t0 = performance.now();
    let inDom;
    const seen = () => document.querySelector(`[data-testid="outcome"][data-outcome="${outcome}"]`);
    const done = () => {
      inDom = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => resolve({ inDom, painted: performance.now() - t0, t0 })));
    };
    const observer = new MutationObserver(() => {
      if (seen()) {
        observer.disconnect();
        done();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    document.querySelector('[data-testid="run"]').click();
  }), outcome);
}

console.log(`Rusty Lock performance, ${dist}/ served at ${base}${quick ? ' (quick: not figures to compare)' : ''}\n`);

// 1. Long tasks while the page loads, then during a default run (at 1×; at 4× in quick mode).
{
  section = '1. default run';
  const { page, errors } = await newPage();
  await page.goto(quick ? `${base}?speed=4` : base);
  await settled(page);
  const loadTasks = await page.evaluate(() => window.__longTasks.splice(0));
  const { painted, t0 } = await timedRun(page, 'answered');
  const tasks = (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= t0);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  console.log(`1. Default run at ${quick ? '4×' : '1×'} (built-in model, no faults)`);
  console.log(`   at page load, until it settled: ${loadTasks.length} long task(s) over 50 ms` +
    (loadTasks.length ? ` (${loadTasks.map((t) => `${ms(t.duration)} at ${ms(t.start)}`).join(', ')})` : ''));
  console.log(`   run length ${(painted / 1000).toFixed(1)} s; long tasks over 50 ms during the run: ${tasks.length}` +
    (tasks.length ? ` (longest ${ms(longest)}; at ${tasks.map((t) => ms(t.start - t0)).join(', ')} after Run)` : ''));
  if (errors.length) console.log('   page errors:', errors);
  await page.close();
  // One load is one draw of a noisy figure, and this one is the browser's first page (its own
  // start-up shares the moment). More loads, each a fresh page, say whether it was typical. The
  // history keeps the first load's count, as it always has.
  const more = [];
  for (let i = 0; i < (quick ? 1 : 4); i++) {
    const { page } = await newPage();
    await page.goto(base);
    await settled(page);
    more.push(await page.evaluate(() => window.__longTasks.map((t) => t.duration)));
    await page.close();
  }
  console.log(`   ${more.length} more load(s), a fresh page each: ${more.map((d) => (d.length ? d.map(ms).join(' + ') : '0')).join('; ')}` +
    ` (loads with no long task: ${more.filter((d) => !d.length).length} of ${more.length})`);
  Object.assign(figures, {
    load_long_tasks: loadTasks.length,
    load_longest_task_ms: Math.max(0, ...loadTasks.map((t) => t.duration)),
    default_run_long_tasks: tasks.length,
  });
}

// 2. The 1,000-turn run at instant speed, five times (the median is the figure).
const longRun = `${base}?v=1&model=stubborn&repeat=off&errors=0&turns=1000&speed=instant`;
const REPEATS = quick ? 1 : 5;
{
  section = '2. 1,000-turn run';
  const runs = [];
  let entries = 0;
  let longest = 0;
  for (let r = 0; r < REPEATS; r++) {
    const { page, errors } = await newPage();
    await page.goto(longRun);
    await settled(page);
    const { inDom, painted, t0 } = await timedRun(page, 'gave-up');
    await logComplete(page);
    entries = await page.getByTestId('event-log').locator('li').count();
    const tasks = (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= t0);
    longest = Math.max(longest, ...tasks.map((t) => t.duration));
    runs.push({ inDom, painted });
    if (errors.length) console.log('   page errors:', errors);
    await page.close();
  }
  console.log('\n2. 1,000-turn run at instant speed (stubborn model; guards off except the turn budget)');
  console.log(`   ${entries} events; Run to outcome painted: ${runs.map((r) => ms(r.painted)).join(', ')}` +
    ` (median ${ms(median(runs.map((r) => r.painted)))}; in the DOM after ${ms(median(runs.map((r) => r.inDom)))})`);
  console.log(`   longest task during these runs: ${ms(longest)}`);
  Object.assign(figures, { run1000_median_ms: median(runs.map((r) => r.painted)), run1000_longest_task_ms: longest });
}

// 3. The cost of one log line, early and late, timed by the log itself during the same long run.
{
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  section = '3. log lines';
  const early = [];
  const late = [];
  let count = 0;
  let last = 0;
  for (let r = 0; r < REPEATS; r++) {
    const { page, errors } = await newPage(() => { window.__rustyLockAppendTimes = []; });
    await page.goto(longRun);
    await settled(page);
    await timedRun(page, 'gave-up');
    await logComplete(page);
    const times = await page.evaluate(() => window.__rustyLockAppendTimes);
    const lines = (from, to) => times.filter(([i]) => i >= from && i < to).map(([, t]) => t);
    count = times.length;
    last = Math.min(5000, times.length);
    // Around line 50, and the last 50 lines before 5,000.
    early.push(...lines(25, 75));
    late.push(...lines(last - 50, last));
    if (errors.length) console.log('   page errors:', errors);
    await page.close();
  }
  console.log(`\n3. Event log: one new line (build, insert, forced layout), ${count} lines timed by the log, ${REPEATS} runs`);
  console.log(`   lines 26-75:        mean ${us(mean(early))}, median ${us(median(early))}`);
  console.log(`   lines ${last - 49}-${last}:  mean ${us(mean(late))}, median ${us(median(late))}`);
  console.log(`   ratio of means, late / early: ${(mean(late) / mean(early)).toFixed(2)}×` +
    '  (performance.now() is coarsened to 0.1 ms here: the means are the figure to read)');
}

/** The files in `paths` with their raw and gzip -9 sizes, as table rows and totals. */
async function sizes(paths) {
  let raw = 0;
  let gz = 0;
  const rows = [];
  for (const path of [...paths].sort()) {
    const file = join(dist, path.endsWith('/') ? 'index.html' : path);
    if (!(await stat(file).catch(() => null))) continue;
    const body = await readFile(file);
    const z = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += z;
    rows.push(`   ${path.padEnd(46)} ${String(body.length).padStart(9)} ${String(z).padStart(9)}`);
  }
  return { raw, gz, rows };
}

/** Every path the page fetches while `action` runs and the network then settles. */
async function fetchedDuring(page, action) {
  const fetched = new Set();
  const seen = (r) => fetched.add(new URL(r.url()).pathname);
  page.on('requestfinished', seen);
  await action();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  page.off('requestfinished', seen);
  return fetched;
}

// 4. First-load transfer, at a laptop's size and a phone's, with the page left alone: what it
//    fetches until it is interactive and the network settles (the panels below the fold come
//    by themselves at the first idle moment after the first paint, so they are counted here).
for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  section = `4. first load at ${viewport.width}`;
  const { page } = await newPage(undefined, viewport);
  const fetched = await fetchedDuring(page, async () => {
    await page.goto(base);
    await settled(page);
  });
  const { raw, gz, rows } = await sizes(fetched);
  console.log(`\n4. First load at ${viewport.width}×${viewport.height}: every file fetched, raw and gzip -9 bytes`);
  console.log(rows.join('\n'));
  console.log(`   ${'all'.padEnd(46)} ${String(raw).padStart(9)} ${String(gz).padStart(9)}  (${(gz / 1024).toFixed(1)} KiB gzip)`);
  if (viewport.width === 1280) figures.first_visit_gzip = gz;
  await page.close();
}

// 5. Lazy parts: each first use, in a fresh page, and what it fetched.
{
  const uses = [
    // Waits for the outcome of a default run at 1× (36 s), however long it takes.
    ['Run (default)', async (page) => { await page.getByTestId('run').click(); await page.getByTestId('outcome').waitFor(); }],
    ['Real endpoint picked', async (page) => { await page.getByTestId('provider-http').check(); await page.getByTestId('base-url').waitFor(); }],
    ['Compare on, then Run', async (page) => { await page.getByTestId('compare').click(); await page.getByTestId('run').click(); await page.getByTestId('compare-view').waitFor(); }],
    ['Lessons menu opened', async (page) => { await page.getByTestId('lessons').click(); await page.getByTestId('lessons-menu').waitFor(); }],
    ['A run finishes (verdict)', async (page) => { await page.getByTestId('speed').selectOption({ label: 'instant' }); await page.getByTestId('run').click(); await page.getByTestId('verdict').waitFor(); }],
  ];
  console.log('\n5. Lazy parts: what the first use of each feature fetches (fresh page each), gzip -9 bytes');
  for (const [name, use] of uses) {
    section = `5. ${name}`;
    const { page, errors } = await newPage();
    await page.goto(quick ? `${base}?speed=4` : base);
    await settled(page);
    const fetched = await fetchedDuring(page, () => use(page));
    const { gz, rows } = await sizes(fetched);
    console.log(`   ${name}: ${rows.length} file(s), ${(gz / 1024).toFixed(1)} KiB gzip`);
    for (const row of rows) console.log(`   ${row}`);
    if (errors.length) console.log('   page errors:', errors);
    await page.close();
  }
}

await browser.close();
server.close();

// The figures, one line to read and, with --record, one row of perf/history.csv.
const commit = process.env.PERF_COMMIT ?? (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const row = {
  date: new Date().toISOString().slice(0, 10),
  commit,
  cpus: availableParallelism(),
  mode: quick ? 'quick' : 'full',
  ...figures,
};
const columns = ['date', 'commit', 'cpus', 'mode', 'run1000_median_ms', 'run1000_longest_task_ms', 'load_long_tasks',
  'load_longest_task_ms', 'default_run_long_tasks', 'first_visit_gzip'];
const cell = (v) => (typeof v === 'number' ? String(Math.round(v * 10) / 10) : String(v ?? ''));
console.log(`\nSummary: ${columns.map((c) => `${c}=${cell(row[c])}`).join(' ')}`);
if (record) {
  const file = 'perf/history.csv';
  await mkdir('perf', { recursive: true });
  const exists = await stat(file).catch(() => null);
  // The note is free text: quoted as CSV asks when it holds a comma, a quote or a line break.
  const note = (process.env.PERF_NOTE ?? '').replace(/\r?\n/g, ' ');
  const quoted = /[",]/.test(note) ? `"${note.replace(/"/g, '""')}"` : note;
  await appendFile(file, (exists ? '' : `${columns.join(',')},note\n`) + `${columns.map((c) => cell(row[c])).join(',')},${quoted}\n`);
  console.log(`recorded in ${file}`);
}
if (pageErrors) {
  console.error(`measure-perf: ${pageErrors} page error(s) while measuring (above)`);
  process.exit(1);
}

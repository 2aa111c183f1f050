// Measures the Python runner of "Your own loop" (issue 42) in headless Chromium, with no wasm build:
// the sandbox harness (tests/e2e/sandbox-host.html) drives host.js and sandbox-py.html, Pyodide's
// files served from node_modules at /python/.
//   node scripts/measure-python.mjs          medians of 3
//   node scripts/measure-python.mjs --quick  one of each; fails only if it cannot measure
//
// Figures:
//   first use, bytes fetched: Pyodide's files the page asked for (raw, and gzip -9 as a server
//     that compresses would send them; python_stdlib.zip is already compressed, and trimmed as the
//     build copies it: PYTHON_STDLIB=full measures the whole one)
//   Python ready, cold: a fresh browser profile, from run() to "ready" (fetch + compile + start)
//   Python ready, cached: the same page again (the files are in the page's memory, as after the
//     first run; a fresh frame and interpreter), from run() to "ready"
//   Python ready, a later visit: the page loaded again (files from the browser's cache, the
//     interpreter from the snapshot the first visit kept in Cache Storage), from run() to "ready"
//   worker start: inside the worker, from the files' arrival to the interpreter ready
//   a run with a warm spare: run() to the end of a small loop when a spare frame has Python ready
//   18 cases: the reference texts' Python loop (read from ../shared/seeds at run time) 18 times,
//     one after the other with two spares, as a report card would; after Python is ready
//   long tasks: tasks over 50 ms on the page's thread while Python is fetched and starts
//
// With --page <dist> (a release build; scripts/test.sh passes dist/), the page itself too: the
// "Your own loop" view set to Python, its Report card pressed on a fresh profile (Python fetched,
// started, then every case graded: the whole card as a learner waits for it), then pressed again
// (Python ready: the card alone), with every long task on the page's thread meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serveSandbox } from '../tests/e2e/sandbox-serve.mjs';
import { sizes, pyodideVersion } from './python-files.mjs';
import { serveSite } from '../tests/e2e/static-host.mjs';

const quick = process.argv.includes('--quick');
const pageAt = process.argv.indexOf('--page');
const PAGE_DIST = pageAt > 0 ? process.argv[pageAt + 1] : null;
const N = quick ? 1 : 3;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
const ms = (x) => `${Math.round(x)} ms`;
const LOOP = 'import json, urllib.request\ndef run_agent(task):\n    with urllib.request.urlopen(LLM["base_url"] + "/chat/completions", data=b"{}") as r:\n        return json.load(r)["choices"][0]["finish_reason"]';

// The reference texts' Python errors loop when the texts are beside the checkout, else LOOP.
const SEEDS = new URL('../../shared/seeds/', import.meta.url);
function cardCode() {
  try {
    const file = readdirSync(SEEDS).find((f) => f.startsWith('002_'));
    const text = readFileSync(new URL(file, SEEDS), 'utf8');
    return text.split('**Python**')[1].split('```python')[1].split('```')[0].replace(/^\n/, '');
  } catch (_) { return LOOP; }
}
const CARD_CODE = cardCode();

async function fresh(browser, site) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(site.harness);
  await page.evaluate(() => {
    window.longTasks = [];
    // Each long task with where it ran: 'self' is the page's own script; a frame sharing the page's
    // process shows as a descendant.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ ms: e.duration, where: e.name });
    }).observe({ type: 'longtask', buffered: false });
  });
  return { context, page };
}

/** One run of `code` in Python; the time to "ready" from the page's side, and what the worker said. */
async function timedRun(page, code) {
  return page.evaluate(async (c) => {
    window.longTasks.length = 0;
    const r = await window.harness(c, { language: 'python', loadBudgetMs: 120000 });
    const ready = r.python.find((p) => p.phase === 'ready');
    return { how: r.end.how, value: r.end.value, message: r.end.message, readyAt: ready ? ready.at : NaN, fromSnapshot: ready && ready.steps ? ready.steps.fromSnapshot : NaN, workerMs: ready ? ready.ms : NaN, wasmMs: ready ? ready.wasmMs : NaN, total: r.ms, longTasks: [...window.longTasks] };
  }, code);
}

async function main() {
  const site = await serveSandbox();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const out = { cold: [], cached: [], later: [], laterFromSnapshot: [], workerCold: [], workerCached: [], wasm: [], warm: [], card: [], longTasks: [], bytes: null };
  try {
    for (let i = 0; i < N; i++) {
      const { context, page } = await fresh(browser, site);
      const before = site.requests.length;
      const cold = await timedRun(page, LOOP);
      if (cold.how !== 'returned') throw new Error(`the cold run ended ${cold.how}: ${cold.message}`);
      const asked = site.requests.slice(before).filter((p) => p.startsWith('/python/')).map((p) => p.slice('/python/'.length));
      if (!out.bytes) {
        const { rows } = sizes({ trim: process.env.PYTHON_STDLIB !== 'full' });
        const used = rows.filter((r) => asked.includes(r.name));
        out.bytes = { files: used, raw: used.reduce((n, r) => n + r.raw, 0), gzip: used.reduce((n, r) => n + r.gzip, 0) };
      }
      out.cold.push(cold.readyAt);
      out.workerCold.push(cold.workerMs);
      out.wasm.push(cold.wasmMs);
      out.longTasks.push(...cold.longTasks);
      // Cached: no spare may help, so the spares go first.
      await page.evaluate(() => RustyYours.release());
      const cached = await timedRun(page, LOOP);
      if (cached.how !== 'returned') throw new Error(`the cached run ended ${cached.how}: ${cached.message}`);
      out.cached.push(cached.readyAt);
      out.workerCached.push(cached.workerMs);
      out.longTasks.push(...cached.longTasks);
      // Warm: a spare made ahead has Python ready when the run takes it.
      await page.evaluate(() => RustyYours.prepare('/yours/sandbox-py.html', 1, '/python/'));
      await page.waitForFunction(() => document.querySelector('iframe') !== null);
      await page.waitForTimeout(quick ? 8000 : 10000); // room for the spare to start Python on two busy cores
      const warm = await timedRun(page, LOOP);
      if (warm.how !== 'returned') throw new Error(`the warm run ended ${warm.how}: ${warm.message}`);
      out.warm.push(warm.total);
      // A report card's worth: 18 cases of the reference loop (or a small one), one after the
      // other, with two spares starting Python ahead, from the first case to the last end.
      const card = await page.evaluate(async ([code, n]) => {
        RustyYours.prepare('/yours/sandbox-py.html', 2, '/python/');
        const scripts = [[], [{ status: 429, headers: { 'retry-after': '2' } }], [{ status: 503 }], ['drop'], [{ status: 500 }, { status: 502 }], [{ status: 401 }]];
        const t0 = performance.now();
        const ends = [];
        for (let i = 0; i < n; i++) ends.push((await window.harness(code, { language: 'python', seed: i + 1, script: scripts[i % scripts.length] })).end.how);
        return { ms: performance.now() - t0, ends };
      }, [CARD_CODE, 18]);
      if (card.ends.some((how) => !['returned', 'threw'].includes(how))) throw new Error(`a card case ended ${card.ends.join(' ')}`);
      out.card.push(card.ms);
      // A later visit: the page loaded again, Pyodide's files from the browser's cache and the
      // snapshot the first visit kept in Cache Storage.
      await page.goto(site.harness);
      await page.evaluate(() => { window.longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push({ ms: e.duration, where: e.name }); }).observe({ type: 'longtask' }); });
      const later = await timedRun(page, LOOP);
      if (later.how !== 'returned') throw new Error(`the later visit's run ended ${later.how}: ${later.message}`);
      out.later.push(later.readyAt);
      out.laterFromSnapshot.push(later.fromSnapshot);
      out.longTasks.push(...later.longTasks);
      await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`Python runner (pyodide ${pyodideVersion()}), ${quick ? 'quick: one of each' : `medians of ${N}`}`);
  console.log(`  first use, fetched: ${out.bytes.files.length} files, ${kb(out.bytes.raw)} raw, ${kb(out.bytes.gzip)} gzip -9`);
  for (const f of out.bytes.files) console.log(`    ${f.name.padEnd(20)} ${kb(f.raw).padStart(9)} raw ${kb(f.gzip).padStart(9)} gzip`);
  console.log(`  Python ready, cold (run() to ready):          ${ms(median(out.cold))}   [${out.cold.map(ms).join(', ')}]`);
  console.log(`  Python ready, cached (files and snapshot in the page's memory): ${ms(median(out.cached))}   [${out.cached.map(ms).join(', ')}]`);
  console.log(`  Python ready, a later visit (the page loaded again; the snapshot kept in Cache Storage): ${ms(median(out.later))}   [${out.later.map(ms).join(', ')}]${out.laterFromSnapshot.every((x) => x === 1) ? '' : ' (NOT from the kept snapshot)'}`);
  console.log(`  in the worker, files in to interpreter ready: cold ${ms(median(out.workerCold))} (the wasm's compile ${ms(median(out.wasm))}), from the snapshot ${ms(median(out.workerCached))}`);
  console.log(`  a small loop with a warm spare (run() to end): ${ms(median(out.warm))}`);
  console.log(`  18 cases of ${CARD_CODE === LOOP ? 'a small loop' : "the reference texts' Python loop"}, one after the other, 2 spares: ${ms(median(out.card))}   [${out.card.map(ms).join(', ')}]`);
  const long = out.longTasks.filter((d) => d.ms > 50);
  console.log(`  long tasks > 50 ms on the page while Python starts: ${long.length}${long.length ? ` (${long.map((d) => `${ms(d.ms)} ${d.where}`).join(', ')})` : ''}`);
  console.log(`  (load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}: other work on this machine slows every figure)`);
}

/** The view's Report card for the Python starting code, timed from the press to its last row. */
async function pageCard(page) {
  return page.evaluate(async () => {
    window.longTasks.length = 0;
    const rows = () => document.querySelectorAll('[data-testid="yours-card-row"]').length;
    const cases = document.querySelectorAll('[data-testid="yours-case"] option').length;
    const t0 = performance.now();
    document.querySelector('[data-testid="yours-card-button"]').click();
    let first = NaN;
    for (;;) {
      await new Promise((r) => setTimeout(r, 25));
      if (Number.isNaN(first) && rows() > 0) first = performance.now() - t0;
      const button = document.querySelector('[data-testid="yours-card-button"]');
      if (rows() === cases && button && !button.disabled) break;
      if (performance.now() - t0 > 300000) throw new Error('the card did not finish in 5 minutes');
    }
    const passed = document.querySelectorAll('[data-testid="yours-card-row"][data-pass="true"]').length;
    return { ms: performance.now() - t0, first, cases, passed, longTasks: [...window.longTasks] };
  });
}

async function measurePage(browser) {
  const site = await serveSite(PAGE_DIST, '/');
  const out = { whole: [], again: [], later: [], firstRow: [], long: [], cases: 0 };
  try {
    for (let i = 0; i < N; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.longTasks.push({ ms: e.duration, where: e.name });
        }).observe({ type: 'longtask', buffered: false });
      });
      await page.goto(`${site.base}?view=yours&code-lang=py`);
      await page.waitForSelector('[data-testid="code-pane"][data-editor="ready"][data-code-lang="py"]', { timeout: 60000 });
      // Settled: the view's own parts in, nothing of Python asked for yet but its first spare.
      await page.waitForTimeout(1000);
      const whole = await pageCard(page);
      if (whole.passed !== whole.cases) throw new Error(`the starting code passed ${whole.passed} of ${whole.cases}`);
      const again = await pageCard(page);
      if (again.passed !== again.cases) throw new Error(`the second card passed ${again.passed} of ${again.cases}`);
      out.cases = whole.cases;
      out.whole.push(whole.ms);
      out.firstRow.push(whole.first);
      out.again.push(again.ms);
      // A later visit: the page loaded again (its files and Python's from the service worker, the
      // interpreter from the snapshot the first visit kept), the card pressed once.
      await page.reload();
      await page.waitForSelector('[data-testid="code-pane"][data-editor="ready"][data-code-lang="py"]', { timeout: 60000 });
      await page.waitForTimeout(1000);
      const later = await pageCard(page);
      if (later.passed !== later.cases) throw new Error(`the later visit's card passed ${later.passed} of ${later.cases}`);
      out.later.push(later.ms);
      out.long.push(...whole.longTasks, ...again.longTasks, ...later.longTasks);
      await context.close();
    }
  } finally {
    await site.stop();
  }
  const long = out.long.filter((d) => d.ms > 50);
  console.log(`The page (${PAGE_DIST}), "Your own loop" set to Python, its starting code's report card of ${out.cases} cases:`);
  console.log(`  first press, fresh profile (fetch, start, grade): ${ms(median(out.whole))}   [${out.whole.map(ms).join(', ')}]; first row after ${ms(median(out.firstRow))}`);
  console.log(`  pressed again, Python ready (the card alone):     ${ms(median(out.again))}   [${out.again.map(ms).join(', ')}]`);
  console.log(`  a later visit, first press (the page loaded again): ${ms(median(out.later))}   [${out.later.map(ms).join(', ')}]`);
  console.log(`  long tasks > 50 ms on the page's thread meanwhile: ${long.length}${long.length ? ` (${long.map((d) => `${ms(d.ms)} ${d.where}`).join(', ')})` : ''}`);
}

main().then(async () => {
  if (!PAGE_DIST) return;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    await measurePage(browser);
  } finally {
    await browser.close();
  }
}).catch((err) => {
  console.error(`measure-python: could not measure: ${err && err.stack}`);
  process.exit(1);
});

// Where a long task's time goes: loads the release build in headless Chromium with a trace
// recording, and for every main-thread task over 50 ms prints what it spent its time on (script,
// wasm compilation, HTML parse, style, layout, paint...), by the trace's own event names, each
// event's time counted once (its own time, less the events nested in it). It reports; it asserts
// nothing. measure-perf.mjs counts long tasks; this says what is in them.
//
//   node scripts/profile-tasks.mjs [dist-dir] [--runs N] [--url QUERY] [--run OUTCOME]
//
//   --runs N       loads the page N times (fresh page each) and prints each load's long tasks
//   --url QUERY    the address's query (say `?speed=instant`), default none
//   --count        no trace (it slows the page): only the long tasks' times, as the page's own
//                  PerformanceObserver sees them, for each load, and how many loads had none
//   --run OUTCOME  after the page settles, clicks Run and records until that outcome is on
//                  screen (`answered`, `gave-up`): the run's long tasks, not the load's
//   --sum          every task of the window, its parts summed
//   --kinds        every task of the window, counted and summed by what began it (a frame, a
//                  timer, a `scheduler.yield` continuation, a microtask checkpoint...)
//   --longest      a light trace (top-level tasks only): each load's three longest tasks, then
//                  the median of each over the loads. A figure to compare builds by, where
//                  --count only says which loads crossed 50 ms
import { resolve } from 'node:path';
import { serveSite } from '../tests/e2e/static-host.mjs';
import { launch, settled, watchLongTasks } from './perf-page.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--'))) ?? 'dist';
const runs = Number(opt('--runs', 3));
const query = opt('--url', '');
const runFor = opt('--run', null);
const countOnly = args.includes('--count');
// An experiment: a style sheet added to the page before it loads (say `.side{display:none}`), to
// see what a part of the page costs the first layout.
const css = opt('--css', null);
const LONG = 50;
// Tasks this long are listed too, with their largest part, to show the sequence around the long ones.
const SHOWN = Number(opt('--shown', LONG));

// The tests' own static host serves the build, as it does for every browser spec.
const site = await serveSite(resolve(dist), '/');
const base = site.base;
const browser = await launch();
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'v8.execute',
  'blink', 'loading', 'toplevel'].join(',');

/** Every complete event ('X', or a matched 'B'/'E' pair) of the renderer's main thread. */
function mainThreadEvents(trace) {
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
    && events.some((f) => f.pid === e.pid && f.name === 'TracingStartedInBrowser' || f.pid === e.pid && f.name === 'ParseHTML'));
  if (!main) return [];
  const out = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid) continue;
    if (e.ph === 'X') out.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) out.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, args: b.args });
    }
  }
  return out.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** The tasks over 50 ms and, for each, its own time by event name (nested events subtracted). */
function longTasks(events) {
  return longTasksOver(events, SHOWN);
}

/** The outermost tasks longer than `floor` ms, each with its own time by event name. */
function longTasksOver(events, floor) {
  // The outermost tasks only (a task may be traced twice, once nested in the other).
  const all = events.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const outer = all.filter((t) => !all.some((u) => u !== t && u.ts <= t.ts && u.ts + u.dur >= t.ts + t.dur
    && (u.ts < t.ts || u.dur > t.dur || all.indexOf(u) < all.indexOf(t))));
  const tasks = outer.filter((e) => e.dur > floor * 1000);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end
      && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name));
    // Own time: an event's duration less that of its direct children.
    const own = new Map();
    const stack = [];
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.childDur = (parent.childDur ?? 0) + e.dur;
      stack.push(e);
    }
    let covered = 0;
    for (const e of inside) {
      const key = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name} (script)` : e.name;
      const self = Math.max(0, e.dur - (e.childDur ?? 0));
      own.set(key, (own.get(key) ?? 0) + self);
      covered += self;
    }
    own.set('(task, not in a traced event)', Math.max(0, task.dur - covered));
    return { start: task.ts, dur: task.dur, split: [...own].filter(([, d]) => floor === 0 || d >= 1000).sort((a, b) => b[1] - a[1]) };
  });
}

/** The `--css` experiment's style sheet, added to `page` before it loads. */
async function withCss(page) {
  if (!css) return;
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, css);
}

/** A fresh page at 1280×800 that never times out, prints its errors, and has the `--css` sheet. */
async function freshPage() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(0);
  page.on('pageerror', (e) => console.log('page error:', String(e)));
  await withCss(page);
  return page;
}

const longestMode = args.includes('--longest');
const longest = [];
for (let r = 0; longestMode && r < runs; r++) {
  const page = await freshPage();
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  await page.goto(base + query);
  await settled(page, 300);
  const events = mainThreadEvents(JSON.parse((await browser.stopTracing()).toString()));
  const top = longTasksOver(events, 0).map((t) => t.dur / 1000).sort((a, b) => b - a).slice(0, 3);
  longest.push(top);
  console.log(`load ${r + 1}: longest tasks ${top.map((d) => `${d.toFixed(1)} ms`).join(', ')}`);
  await page.close();
}
if (longestMode) {
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
  console.log(`medians over ${runs} loads: ${[0, 1, 2].map((k) => `${median(longest.map((t) => t[k] ?? 0)).toFixed(1)} ms`).join(', ')}`);
}
const clean = [];
for (let r = 0; countOnly && r < runs; r++) {
  const page = await freshPage();
  await watchLongTasks(page);
  await page.goto(base + query);
  await settled(page, 300);
  let tasks = await page.evaluate(() => window.__longTasks.splice(0));
  let label = 'load';
  if (runFor) {
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('run').click();
    await page.locator(`[data-testid="outcome"][data-outcome="${runFor}"]`).waitFor();
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 100))));
    tasks = (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= t0);
    label = `run to "${runFor}"`;
  }
  if (!tasks.length) clean.push(r);
  console.log(`${label} ${r + 1}: ${tasks.length} long task(s)${tasks.map((t) => ` ${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`).join(',')}`);
  await page.close();
}
if (countOnly) console.log(`${clean.length} of ${runs} with no long task`);
for (let r = 0; !countOnly && !longestMode && r < runs; r++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  page.on('pageerror', (e) => console.log('page error:', String(e)));
  await withCss(page);
  const nav = runFor ? null : page;
  if (nav) await browser.startTracing(page, { categories: categories.split(',') });
  await page.goto(base + query);
  await settled(page, 300);
  if (runFor) {
    await browser.startTracing(page, { categories: categories.split(',') });
    await page.getByTestId('run').click();
    await page.locator(`[data-testid="outcome"][data-outcome="${runFor}"]`).waitFor();
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 100))));
  }
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = mainThreadEvents(trace);
  const origin = events.find((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')?.ts ?? 0;
  const tasks = longTasks(events);
  if (args.includes('--sum')) {
    // Every task of the window, summed: where the whole run's time went.
    const every = longTasksOver(events, 0);
    const sum = new Map();
    for (const t of every) for (const [name, d] of t.split) sum.set(name, (sum.get(name) ?? 0) + d);
    const all = every.reduce((a, t) => a + t.dur, 0);
    console.log(`all ${every.length} tasks: ${(all / 1000).toFixed(1)} ms`);
    for (const [name, d] of [...sum].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`    ${(d / 1000).toFixed(1).padStart(7)} ms  ${name}`);
  }
  if (args.includes('--kinds')) {
    // What started each task (its first traced event: a timer, a message, a frame...), counted
    // and summed: which kind of task a run is made of.
    const every = longTasksOver(events, 0);
    const kinds = new Map();
    for (const t of every) {
      const first = events.find((e) => e.ts >= t.start && e.ts < t.start + t.dur
        && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name));
      const key = first ? first.name : '(nothing traced)';
      const [n, d] = kinds.get(key) ?? [0, 0];
      kinds.set(key, [n + 1, d + t.dur]);
    }
    for (const [name, [n, d]] of [...kinds].sort((a, b) => b[1][1] - a[1][1]).slice(0, 16)) {
      console.log(`  ${String(n).padStart(5)} tasks ${(d / 1000).toFixed(1).padStart(7)} ms  begun by ${name}`);
    }
  }
  const layouts = events.filter((e) => e.name === 'LocalFrameView::performLayout').map((e) => e.dur / 1000);
  if (args.includes('--layouts')) {
    console.log(`layouts over 5 ms: ${layouts.filter((d) => d > 5).map((d) => d.toFixed(1)).join(', ')}`);
    await context.close();
    continue;
  }
  console.log(`\n${runFor ? `run to "${runFor}"` : 'load'} ${r + 1}: ${tasks.filter((t) => t.dur > LONG * 1000).length} task(s) over ${LONG} ms`);
  for (const t of tasks) {
    const long = t.dur > LONG * 1000;
    console.log(`  ${long ? 'LONG ' : ''}${(t.dur / 1000).toFixed(1)} ms at ${((t.start - origin) / 1000).toFixed(0)} ms:` +
      (long ? '' : ` ${t.split.slice(0, 3).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ')}`));
    if (long) for (const [name, d] of t.split.slice(0, 12)) console.log(`    ${(d / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  }
  await context.close();
}
await browser.close();
await site.stop();

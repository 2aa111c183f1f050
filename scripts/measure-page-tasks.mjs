// Measures what a report card in "Your own loop" costs the page's own thread, task by task, in
// headless Chromium with a DevTools trace: which tasks took over 20 ms of wall time, what they did
// (made a sandbox frame, read a frame's message, drew the page), and how much of that time the
// page's thread actually ran (thread time). A long task whose thread time is small was the machine
// busy elsewhere (the sandboxes' workers on the same cores), not the page's work. It reports; it
// asserts nothing. profile-tasks.mjs does the same for the playground's load and runs.
//   node scripts/measure-page-tasks.mjs <dist> [--lang js|py] [--cards N]
// (a release build; default: JavaScript, 4 cards, after one card unmeasured to warm up)
import { loadavg } from 'node:os';
import { serveSite } from '../tests/e2e/static-host.mjs';
import { launch } from './perf-page.mjs';

const DIST = process.argv[2];
const arg = (name, d) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : d; };
const LANG = arg('--lang', 'js') === 'py' ? 'py' : 'js';
const CARDS = Math.max(1, Number(arg('--cards', 4)) || 4);
const OVER_US = 20_000;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };

/** Presses the Report card and waits for its last row; returns how long it took. */
async function card(page) {
  return page.evaluate(async () => {
    const rows = () => document.querySelectorAll('[data-testid="yours-card-row"]').length;
    const cases = document.querySelectorAll('[data-testid="yours-case"] option').length;
    const t0 = performance.now();
    document.querySelector('[data-testid="yours-card-button"]').click();
    for (;;) {
      await new Promise((r) => setTimeout(r, 25));
      const button = document.querySelector('[data-testid="yours-card-button"]');
      if (rows() === cases && button && !button.disabled) break;
      if (performance.now() - t0 > 300_000) throw new Error('the card did not finish in 5 minutes');
    }
    return performance.now() - t0;
  });
}

/** What a task on the page's thread did, from the trace events inside it. */
function kindOf(task, inside) {
  if (inside.some((e) => e.name === 'WebFrameWidgetImpl::UpdateLifecycle' && e.dur > task.dur / 2)) return 'drawing the page';
  if (inside.some((e) => e.name === 'WebLocalFrameImpl::createChildframe')) return 'making a sandbox frame';
  if (inside.some((e) => e.name === 'Frame::Detach')) return 'removing a sandbox frame';
  if (inside.some((e) => e.name.startsWith('V8.GC'))) return 'garbage collection';
  const call = inside.find((e) => e.name === 'FunctionCall');
  const url = call && call.args && call.args.data && call.args.data.url ? call.args.data.url : '';
  if (/host\.js$/.test(url)) return 'a sandbox\'s message (host.js and the page\'s answer)';
  if (url) return `script (${url.split('/').pop()})`;
  return 'other';
}

async function main() {
  if (!DIST) throw new Error('usage: node scripts/measure-page-tasks.mjs <dist> [--lang js|py] [--cards N]');
  const site = await serveSite(DIST, '/');
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.base}?view=yours&code-lang=${LANG}`);
    await page.waitForSelector(`[data-testid="code-pane"][data-editor="ready"][data-code-lang="${LANG}"]`, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    await card(page); // Python fetched and started, the parts in: what follows is the card alone
    const cdp = await context.newCDPSession(page);
    const kinds = new Map();
    const times = [];
    let over50 = 0;
    let over50Thread = 0;
    for (let k = 0; k < CARDS; k++) {
      const events = [];
      const collect = (e) => events.push(...e.value);
      cdp.on('Tracing.dataCollected', collect);
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink', transferMode: 'ReportEvents' });
      times.push(await card(page));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      // The page's main thread: the renderer thread that ran host.js (the sandboxes have their own).
      const threads = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
      const host = events.find((e) => e.name === 'FunctionCall' && /host\.js$/.test(e.args?.data?.url ?? ''));
      if (!host) throw new Error('the trace has no call into host.js: no sandbox ran');
      const main = events.filter((e) => e.ph === 'X' && e.pid === host.pid && e.tid === host.tid);
      if (threads.get(`${host.pid}:${host.tid}`) !== 'CrRendererMain') throw new Error('host.js did not run on the page\'s main thread');
      for (const task of main.filter((e) => e.name === 'RunTask' && e.dur > OVER_US)) {
        const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur || 0) <= task.ts + task.dur);
        const kind = kindOf(task, inside);
        if (!kinds.has(kind)) kinds.set(kind, []);
        const thread = typeof task.tdur === 'number' ? task.tdur / 1000 : NaN;
        kinds.get(kind).push({ wall: task.dur / 1000, thread });
        if (task.dur > 50_000) over50++;
        if (thread > 50) over50Thread++;
      }
    }
    await context.close();
    console.log(`The page (${DIST}), "Your own loop" in ${LANG === 'py' ? 'Python' : 'JavaScript'}: ${CARDS} report card${CARDS === 1 ? '' : 's'}, traced (median ${Math.round(median(times))} ms each)`);
    console.log(`  the page's tasks over ${OVER_US / 1000} ms of wall time, by what they did (wall / thread time, ms):`);
    if (!kinds.size) console.log('    none');
    for (const [kind, list] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
      const wall = list.map((t) => t.wall);
      const thread = list.map((t) => t.thread).filter(Number.isFinite);
      console.log(`    ${kind}: ${list.length}; wall median ${Math.round(median(wall))}, max ${Math.round(Math.max(...wall))}; thread median ${Math.round(median(thread))}, max ${Math.round(Math.max(...thread))}`);
    }
    console.log(`  over 50 ms of wall time: ${over50}; over 50 ms of the page's own thread time: ${over50Thread}`);
    console.log(`  (tracing slows every task a little; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((err) => {
  console.error(`measure-page-tasks: could not measure: ${err && err.stack}`);
  process.exit(1);
});

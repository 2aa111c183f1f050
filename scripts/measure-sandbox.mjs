// Measures the "Your own loop" sandbox in Chromium: how long a run takes from RustyYours.run() to
// its end, for a trivial run and a ten-request run, in a fresh frame and in the warm spare, plus the
// reference loop and twenty runs at once. A measurement, not a test: it prints medians.
//
//   node scripts/measure-sandbox.mjs [rounds]      (default 30; uses /usr/bin/chromium)
import os from 'node:os';
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { serveSandbox } from '../tests/e2e/sandbox-serve.mjs';

const ROUNDS = Number(process.argv[2]) || 30;
const REFERENCE = readFileSync(new URL('../tests/e2e/sandbox-reference.js', import.meta.url), 'utf8');
const TRIVIAL = 'return "ok"';
const TEN = `for (let i = 0; i < 10; i++) {
  const res = await fetch(LLM.baseURL + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: LLM.model, messages: [{ role: 'user', content: TASK }] }) });
  await res.json();
}
return 'ten'`;

const site = await serveSandbox();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage();
await page.goto(site.harness);

/** Runs `code` `rounds` times one after another; `fresh` drops the warm spare before each run. */
async function series(code, fresh, rounds = ROUNDS) {
  return page.evaluate(async ([code, fresh, rounds]) => {
    const ms = [];
    for (let i = 0; i < rounds; i++) {
      if (fresh) { RustyYours.release(); await new Promise((r) => setTimeout(r, 30)); }
      else await new Promise((r) => setTimeout(r, 250)); // the spare has loaded, as between two presses
      const r = await window.harness(code);
      if (r.end.how !== 'returned') throw new Error(JSON.stringify(r.end));
      ms.push(r.ms);
    }
    return ms;
  }, [code, fresh, rounds]);
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (xs) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;

const first = await series(TRIVIAL, true, 1);
console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs; Chromium ${browser.version()}`);
console.log(`first run in the page (cold):                 ${first[0].toFixed(1)} ms`);
console.log(`trivial run, fresh frame (create + run):      ${fmt(await series(TRIVIAL, true))}`);
console.log(`trivial run, warm spare frame:                ${fmt(await series(TRIVIAL, false))}`);
console.log(`10-request run, fresh frame:                  ${fmt(await series(TEN, true))}`);
console.log(`10-request run, warm spare frame:             ${fmt(await series(TEN, false))}`);
console.log(`reference loop (4 requests, 3 tools), warm:   ${fmt(await series(REFERENCE, false))}`);
const parallel = await page.evaluate(async (code) => {
  RustyYours.release();
  const t0 = performance.now();
  const all = await Promise.all(Array.from({ length: 20 }, (_, i) => window.harness(code, { seed: i, script: i % 2 ? [{ status: 503 }] : [] })));
  return { total: performance.now() - t0, each: all.map((r) => r.ms), ends: all.map((r) => r.end.how) };
}, REFERENCE);
const prepared = await page.evaluate(async (code) => {
  RustyYours.release();
  RustyYours.prepare('/yours/sandbox.html', 8); // as the page would when the report card is about to run
  await new Promise((r) => setTimeout(r, 1000));
  const t0 = performance.now();
  const all = await Promise.all(Array.from({ length: 20 }, (_, i) => window.harness(code, { seed: i, script: i % 2 ? [{ status: 503 }] : [] })));
  return { total: performance.now() - t0, each: all.map((r) => r.ms), ends: all.map((r) => r.end.how) };
}, REFERENCE);
console.log(`20 reference runs at once, 8 frames prepared: total ${prepared.total.toFixed(1)} ms, each ${fmt(prepared.each)}; ends ${[...new Set(prepared.ends)].join(',')}`);
console.log(`20 reference runs at once:                    total ${parallel.total.toFixed(1)} ms, each ${fmt(parallel.each)}; ends ${[...new Set(parallel.ends)].join(',')}`);
await browser.close();
await site.stop();

// Measures "Your own loop" in headless Chromium against the release build: how long the report
// card takes for the starting code, from the press to its last row (one per case of the picker,
// so as many as `CaseId::ALL` holds), and each case's own
// real time (its `data-real-ms`), in fresh pages. It reports medians; it asserts nothing about
// timings. It fails only when it cannot measure (a page that errs, a card that never fills).
//
//   node scripts/measure-yours.mjs [dist-dir] [runs] [--python] [--busy N] [--code FILE]   (build first: scripts/build.sh)
// --python: the Python starting code's card (the language chosen beside the editor; each fresh page
// starts Python, so its first rows wait for that). --busy N: N child processes spin meanwhile (one
// per core keeps the machine busy), killed at the end: the card's time on a loaded machine.
// --code FILE: that loop's card instead of the starting code's, opened as a learner opens a file
// (its name's extension chooses JavaScript or Python), e.g. tests/e2e/loops/messages-agent.py.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { basename, extname, join, normalize } from 'node:path';

const argv = process.argv.slice(2);
const python = argv.includes('--python');
const busyAt = argv.indexOf('--busy');
const busy = busyAt >= 0 ? Number(argv[busyAt + 1]) : 0;
const codeAt = argv.indexOf('--code');
const codeFile = codeAt >= 0 ? argv[codeAt + 1] : null;
const args = argv.filter((a, i) => !a.startsWith('--') && !(busyAt >= 0 && i === busyAt + 1) && !(codeAt >= 0 && i === codeAt + 1));
const dist = args.find((a) => !/^\d+$/.test(a)) ?? 'dist';
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const burners = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'const end = Date.now() + 1800000; let x = 0; while (Date.now() < end) x++;'], { stdio: 'ignore' }));
process.on('exit', () => { for (const b of burners) b.kill('SIGKILL'); });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const totals = [];
const perCase = {};
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}?view=yours`);
  await page.waitForSelector('[data-testid="code-pane"][data-editor="ready"]', { timeout: 60_000 });
  // The view fetches its sandbox and stripper at its first idle moment: let it, as a learner reading
  // the code would, then time the press.
  await page.waitForFunction(() => window.RustyYours && window.RustyStrip, null, { timeout: 60_000 });
  if (codeFile) {
    const text = await readFile(codeFile, 'utf8');
    await page.setInputFiles('[data-testid="yours-open-file"]', { name: basename(codeFile), mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="code-pane"]').dataset.codeChars) === n, [...text].length);
  } else if (python) {
    await page.selectOption('[data-testid="yours-lang"]', 'py');
    await page.waitForFunction(() => document.querySelector('[data-testid="code-pane"]').dataset.codeLang === 'py');
  }
  const t0 = await page.evaluate(() => performance.now());
  await page.click('[data-testid="yours-card-button"]');
  // Every case of the matrix is a choice of the picker and a row of the card.
  const cases = await page.$$eval('[data-testid="yours-case"] option', (os) => os.length);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="yours-card-row"]').length === n
    && !document.querySelector('[data-testid="yours-card-button"]').disabled, cases, { timeout: 300_000 });
  const t1 = await page.evaluate(() => performance.now());
  const rows = await page.$$eval('[data-testid="yours-card-row"]', (rs) => rs.map((r) => [r.dataset.case, Number(r.dataset.realMs), r.dataset.pass]));
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  const failed = rows.filter(([, , pass]) => pass !== 'true').map(([c]) => c);
  totals.push(t1 - t0);
  for (const [c, ms] of rows) (perCase[c] ??= []).push(ms);
  console.log(`run ${i + 1}: ${(t1 - t0).toFixed(0)} ms for ${rows.length} cases${failed.length ? `, failing: ${failed.join(' ')}` : ', all passed'}`);
  await context.close();
}
console.log(`\nreport card of ${codeFile ? basename(codeFile) : `the ${python ? 'Python' : 'JavaScript'} starting code`}${busy ? `, ${busy} busy processes beside it` : ''}, press to last row: median ${median(totals).toFixed(0)} ms over ${runs} fresh pages (min ${Math.min(...totals).toFixed(0)}, max ${Math.max(...totals).toFixed(0)})`);
console.log('each case in its sandbox (real ms, median; three run at once):');
for (const [c, xs] of Object.entries(perCase)) console.log(`  ${c.padEnd(12)} ${median(xs).toFixed(0).padStart(5)}`);
await browser.close();
server.close();
for (const b of burners) b.kill('SIGKILL');

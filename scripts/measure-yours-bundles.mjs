// Measures the "Your own loop" view's editor and type stripper bundles (issue 26) in headless
// Chromium and prints the figures: it reports, it asserts nothing about timings (they vary from
// machine to machine), and fails only when it cannot measure.
//
//   node scripts/measure-yours-bundles.mjs [bundle-dir] [--runs N]
//
// bundle-dir: where editor.js and strip.js are (default dist/yours from a release build, else
// build/yours from `node scripts/bundle-yours.mjs`). Each run is a fresh browser context (an
// empty HTTP cache) on a blank page served on loopback, so a figure is the browser's own work
// (fetch over loopback, parse, compile, run), not a network's:
//   - bytes: raw and gzip -9 of each bundle;
//   - editor: load (a <script> added until its load event), mount (RustyEditor.mount on the
//     reference loop until it returns) and first frame (until the next animation frame after it);
//   - stripper: load, the first strip of the reference text's TypeScript loop (cold) and the
//     median of 20 strips after it (warm).
// The reference loop is read from the shared seeds when they are there (never copied into the
// repository); without them a loop of our own of the same shape stands in, and the output says so.
// Prints the median (and the range) of N runs (default 7).
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const dirArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');
const dir = resolve(root, dirArg ?? (existsSync(join(root, 'dist/yours/editor.js')) ? 'dist/yours' : 'build/yours'));
for (const name of ['editor.js', 'strip.js']) {
  if (!existsSync(join(dir, name))) {
    console.error(`measure-yours-bundles: no ${name} in ${dir}: run node scripts/bundle-yours.mjs (or scripts/build.sh) first`);
    process.exit(1);
  }
}

const SEED = join(root, '../shared/seeds/002_77e0143caf37405b.txt');
let loop = null;
if (existsSync(SEED)) loop = /\*\*TypeScript\*\*\s*```ts\n([\s\S]*?)\n```/.exec(readFileSync(SEED, 'utf8'))?.[1] ?? null;
const fromSeed = loop !== null;
if (!loop) {
  // Our own stand-in, the same shape: types, one function per layer, an export, a top-level await.
  const layer = (name) => `async function ${name}(messages: Message[], maxAttempts: number = 3): Promise<Reply> {\n`
    + '  for (let attempt = 1; ; attempt++) {\n    const res = await fetch(`${LLM.baseURL}/chat/completions`, { method: \'POST\' }).catch(() => null)\n'
    + '    if (res?.ok) return (await res.json()).choices[0] as Reply\n    if (attempt === maxAttempts) throw new Error(`failed: ${res?.status ?? \'network\'}`)\n'
    + '    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100))\n  }\n}\n';
  loop = 'type Message = { role: string; content: string | null }\ninterface Reply { message: Message; finish_reason: string }\n'
    + ['callModel', 'callAgain', 'callOnceMore', 'runTool'].map(layer).join('\n')
    + "export async function runAgent(prompt: string): Promise<string> { return (await callModel([{ role: 'user', content: prompt }])).message.content ?? '' }\n"
    + "await runAgent('Open the temple door.')\n";
}

// gzip -9 as scripts/sizes.sh counts it (the gzip program; zlib's level 9 when it is missing).
const bytes = (name) => {
  const data = readFileSync(join(dir, name));
  let gzip;
  try {
    gzip = execFileSync('gzip', ['-9', '-c', join(dir, name)], { maxBuffer: 1 << 26 }).length;
  } catch {
    gzip = gzipSync(data, { level: 9 }).length;
  }
  return { raw: data.length, gzip };
};

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>measure</title></head>'
  + '<body><main><div id="host" style="height:600px"></div></main></body></html>';
const server = createServer((req, res) => {
  const name = req.url.split('?')[0].replace(/^\/+/, '');
  if (name === '' || name === 'index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return res.end(PAGE);
  }
  if (name === 'yours/editor.js' || name === 'yours/strip.js') {
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    return res.end(readFileSync(join(dir, name.slice('yours/'.length))));
  }
  res.writeHead(404);
  res.end();
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
});
const samples = { editorLoad: [], mount: [], firstFrame: [], stripLoad: [], stripCold: [], stripWarm: [] };
let strippedOk = null;
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(base);
    const r = await page.evaluate(async (doc) => {
      const load = (src) => new Promise((done, fail) => {
        const s = document.createElement('script');
        const t0 = performance.now();
        s.src = src;
        s.onload = () => done(performance.now() - t0);
        s.onerror = () => fail(new Error(`could not load ${src}`));
        document.head.append(s);
      });
      const editorLoad = await load('yours/editor.js');
      const m0 = performance.now();
      const editor = window.RustyEditor.mount(document.getElementById('host'), { doc, label: 'Code' });
      const mount = performance.now() - m0;
      await new Promise((done) => requestAnimationFrame(() => done()));
      const firstFrame = performance.now() - m0;
      const lines = document.querySelectorAll('.cm-lineNumbers .cm-gutterElement').length;
      editor.destroy();
      const stripLoad = await load('yours/strip.js');
      const s0 = performance.now();
      const first = window.RustyStrip.strip(doc);
      const stripCold = performance.now() - s0;
      const warm = [];
      for (let i = 0; i < 20; i++) {
        const w0 = performance.now();
        window.RustyStrip.strip(doc);
        warm.push(performance.now() - w0);
      }
      warm.sort((a, b) => a - b);
      return { editorLoad, mount, firstFrame, lines, stripLoad, stripCold, stripWarm: warm[10], ok: first.ok };
    }, loop);
    if (errors.length) throw new Error(`the page erred: ${errors.join('; ')}`);
    if (r.lines < 2) throw new Error('the editor showed no line numbers');
    strippedOk = r.ok;
    for (const key of Object.keys(samples)) samples[key].push(r[key]);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (xs) => `${median(xs).toFixed(1).padStart(7)} ms  (${Math.min(...xs).toFixed(1)} to ${Math.max(...xs).toFixed(1)})`;

console.log(`Bundles in ${dir}`);
console.log(`${'file'.padEnd(14)} ${'raw'.padStart(9)} ${'gzip -9'.padStart(9)}`);
let raw = 0;
let gz = 0;
for (const name of ['editor.js', 'strip.js']) {
  const b = bytes(name);
  raw += b.raw;
  gz += b.gzip;
  console.log(`${name.padEnd(14)} ${String(b.raw).padStart(9)} ${String(b.gzip).padStart(9)}`);
}
console.log(`${'both'.padEnd(14)} ${String(raw).padStart(9)} ${String(gz).padStart(9)}`);
console.log(`\nHeadless Chromium, median of ${RUNS} fresh contexts (range), loopback, empty cache;`);
console.log(`the text: ${fromSeed ? "the reference text's TypeScript loop" : 'our own stand-in loop (the reference text was not found)'}, ${loop.split('\n').length} lines, ${loop.length} characters`);
console.log(`editor.js load          ${ms(samples.editorLoad)}`);
console.log(`mount                   ${ms(samples.mount)}`);
console.log(`mount to first frame    ${ms(samples.firstFrame)}`);
console.log(`strip.js load           ${ms(samples.stripLoad)}`);
console.log(`strip, first call       ${ms(samples.stripCold)}`);
console.log(`strip, warm (median 20) ${ms(samples.stripWarm)}`);
console.log(`strip result: ${strippedOk ? 'ok' : 'NOT ok'}`);
if (!strippedOk) process.exitCode = 1;

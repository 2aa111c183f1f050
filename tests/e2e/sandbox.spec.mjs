// The "Your own loop" sandbox (issue 26, part S): a stranger's code is refused or contained and the
// page keeps working; and the runtime it runs in keeps virtual time, answers fetch like a browser
// and replays exactly. Served by the spec's own small servers (no wasm build needed): the harness
// page (sandbox-host.html) drives assets/yours/host.js against a scripted fake server.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures.mjs';
import { serveSandbox, spyServer } from './sandbox-serve.mjs';

const REFERENCE = readFileSync(new URL('./sandbox-reference.js', import.meta.url), 'utf8');

let site;
let spy;
test.beforeAll(async () => {
  site = await serveSandbox();
  spy = await spyServer();
});
test.afterAll(async () => {
  await site.stop();
  await spy.stop();
});

/** Runs `code` in the harness page and gives its end and what the fake server saw. */
async function run(page, code, options = {}) {
  return page.evaluate(([c, o]) => window.harness(c, o), [code, options]);
}

/** The harness page, fresh, with its button working. */
async function open(page) {
  await page.goto(site.harness);
  await expect(page.locator('#pokes')).toHaveText('0');
}

/** The frame of the run going now (the first iframe; a warm spare may follow it). */
async function runFrame(page) {
  await expect.poll(() => page.evaluate(() => document.querySelector('iframe')?.name ?? '')).toContain('token=');
  const name = await page.evaluate(() => document.querySelector('iframe').name);
  await expect.poll(() => page.frames().some((f) => f.name() === name)).toBe(true);
  return page.frames().find((f) => f.name() === name);
}

/** The page still answers: its button counts a click, and no sandbox frame is left behind. */
async function pageStillWorks(page) {
  const before = Number(await page.locator('#pokes').textContent());
  await page.locator('#poke').click();
  await expect(page.locator('#pokes')).toHaveText(String(before + 1));
  await page.evaluate(() => RustyYours.release());
  expect(await page.locator('iframe').count()).toBe(0);
}

test.describe('the sandbox contains a stranger\'s code', () => {
  test.beforeEach(async ({ page }) => { spy.requests.length = 0; await open(page); });

  test('it cannot read the page\'s localStorage or cookies', async ({ page }) => {
    const r = await run(page, `
      const seen = {};
      const probe = (name, f) => { try { seen[name] = String(f()); } catch (e) { seen[name] = 'threw ' + e.name; } };
      probe('localStorage', () => self.localStorage);
      probe('sessionStorage', () => self.sessionStorage);
      probe('cookie', () => document.cookie);
      probe('cookieStore', () => self.cookieStore);
      probe('indexedDB', () => self.indexedDB);
      probe('caches', () => self.caches);
      return JSON.stringify(seen);`);
    expect(r.end.how).toBe('returned');
    const seen = JSON.parse(r.end.value);
    expect(seen).toEqual({
      localStorage: 'undefined', sessionStorage: 'undefined', cookie: 'threw ReferenceError',
      cookieStore: 'undefined', indexedDB: 'undefined', caches: 'undefined',
    });
    expect(JSON.stringify(r)).not.toContain('page-local-storage');
    expect(JSON.stringify(r)).not.toContain('page-cookie');
    await pageStillWorks(page);
  });

  test('it cannot reach window.top or parent.document', async ({ page }) => {
    for (const code of ['return window.top.document.title', 'return parent.document.title', 'return top.location.href',
      'return self.opener.document.title', 'return self.frameElement.ownerDocument.title']) {
      const r = await run(page, code);
      expect(r.end.how, code).toBe('threw');
      expect(r.end.name, code).toMatch(/ReferenceError|TypeError/);
    }
    // What it can see of itself: a worker's scope, no window, no document.
    const r = await run(page, 'return [typeof window, typeof document, typeof parent, typeof top, String(self.constructor.name)].join(" ")');
    expect(r.end.value).toBe('undefined undefined undefined undefined DedicatedWorkerGlobalScope');
    await pageStillWorks(page);
  });

  test('it cannot reach the network: the spy server sees no request', async ({ page }) => {
    const url = `${spy.origin}/stolen`;
    const r = await run(page, `
      const url = ${JSON.stringify(url)};
      const tries = {};
      const attempt = async (name, f) => { try { await f(); tries[name] = 'ran'; } catch (e) { tries[name] = e.name; } };
      await attempt('fetch', async () => { const res = await fetch(url); tries.fetchStatus = res.status; });
      await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', url); x.send(); });
      await attempt('websocket', () => new WebSocket(url.replace('http', 'ws')));
      await attempt('eventsource', () => new EventSource(url));
      await attempt('importScripts', () => importScripts(url));
      await attempt('import', () => import(url));
      await attempt('worker', () => new Worker(url));
      await attempt('sharedworker', () => new SharedWorker(url));
      await attempt('beacon', () => navigator.sendBeacon(url, 'x'));
      await attempt('image', () => createImageBitmap(new Blob(['x'])));
      return JSON.stringify(tries);`);
    expect(r.end.how).toBe('returned');
    const tries = JSON.parse(r.end.value);
    // fetch went to the page's server (the harness), as every fetch does.
    expect(tries.fetch).toBe('ran');
    expect(r.requests.map((q) => q.url)).toEqual([url]);
    for (const name of ['xhr', 'websocket', 'eventsource', 'importScripts', 'worker', 'sharedworker', 'beacon']) {
      expect(tries[name], name).toMatch(/ReferenceError|TypeError/);
    }
    expect(tries.import).toMatch(/TypeError|SecurityError/); // refused by the CSP
    await page.waitForTimeout(200);
    expect(spy.requests).toEqual([]);
    await pageStillWorks(page);
  });

  test('even code that got into the frame itself could not reach the network, open a popup or move the top', async ({ page, context }) => {
    // What the frame's own CSP and sandbox stop, in case the worker's walls ever broke: the test
    // runs script in the frame directly (DevTools does not lift the CSP's network rules).
    const running = page.evaluate(() => window.harness('while (true) {}', { budgetMs: 20000 }));
    const frame = await runFrame(page);
    const url = `${spy.origin}/stolen`;
    const tries = await frame.evaluate(async (url) => {
      const out = {};
      const attempt = async (name, f) => { try { out[name] = String(await f()); } catch (e) { out[name] = e.name; } };
      await attempt('origin', () => self.origin);
      await attempt('fetch', () => fetch(url).then((r) => r.status));
      await attempt('xhr', () => new Promise((resolve) => { const x = new XMLHttpRequest(); x.onloadend = () => resolve(x.status); x.open('GET', url); x.send(); }));
      await attempt('image', () => new Promise((resolve) => { const i = new Image(); i.onload = () => resolve('loaded'); i.onerror = () => resolve('error'); i.src = url; }));
      await attempt('worker fetch', () => new Promise((resolve) => {
        const w = new Worker(URL.createObjectURL(new Blob([`fetch(${JSON.stringify(url)}).then(() => postMessage('fetched'), (e) => postMessage(e.name))`], { type: 'text/javascript' })));
        w.onmessage = (e) => resolve(e.data);
      }));
      await attempt('storage', () => localStorage.getItem('secret'));
      await attempt('cookie', () => document.cookie);
      await attempt('parent document', () => parent.document.title);
      await attempt('popup', () => window.open(url));
      await attempt('top navigation', () => { top.location.href = url; return 'assigned'; });
      return out;
    }, url);
    expect(tries).toEqual({
      origin: 'null', fetch: 'TypeError', xhr: '0', image: 'error', 'worker fetch': 'TypeError',
      storage: 'SecurityError', cookie: 'SecurityError', 'parent document': 'SecurityError', popup: 'null',
      'top navigation': 'SecurityError',
    });
    await page.waitForTimeout(300);
    expect(spy.requests).toEqual([]);
    expect(context.pages().length).toBe(1);
    expect(page.url()).toBe(site.harness);
    await page.evaluate(() => window.lastRun.stop());
    expect((await running).end.how).toBe('stopped');
    await pageStillWorks(page);
  });

  test('it cannot open a popup or navigate the top', async ({ page, context }) => {
    const r = await run(page, `
      const out = [];
      try { open('https://example.com/'); out.push('opened'); } catch (e) { out.push(e.name); }
      location.href = 'https://example.com/'; // a worker's location is read-only: this does nothing
      out.push(location.protocol);
      try { self.location.assign('https://example.com/'); out.push('assign'); } catch (e) { out.push(e.name); }
      try { self.top.location = 'https://example.com/'; out.push('top'); } catch (e) { out.push(e.name); }
      return out.join(' ');`);
    expect(r.end.value).toBe('ReferenceError blob: TypeError TypeError');
    await page.waitForTimeout(200);
    expect(context.pages().length).toBe(1);
    expect(page.url()).toBe(site.harness);
    await pageStillWorks(page);
  });

  test('an endless loop ends "blocked" within the budget while the page stays interactive', async ({ page }) => {
    // A long budget, so the pokes land while the loop still spins however slow the machine is:
    // the test asserts what happened, in order, never how fast.
    let ended = false;
    const running = page.evaluate(() => window.harness('while (true) {}', { budgetMs: 8000 })).then((r) => { ended = true; return r; });
    await page.waitForFunction(() => document.querySelectorAll('iframe').length > 0);
    for (let i = 1; i <= 5; i++) {
      await page.locator('#poke').click();
      await expect(page.locator('#pokes')).toHaveText(String(i));
    }
    // The page's own button answered five times while the sandbox was still held by the loop.
    expect(ended).toBe(false);
    const r = await running;
    expect(r.end.how).toBe('blocked');
    expect(r.end.message).toContain('8 s');
    expect(r.ms).toBeGreaterThanOrEqual(8000);
    await pageStillWorks(page);
  });

  test('an endless promise loop (microtasks only) is blocked too', async ({ page }) => {
    const r = await run(page, 'for (;;) await null', { budgetMs: 1000 });
    expect(r.end.how).toBe('blocked');
    await pageStillWorks(page);
  });

  test('an endless allocation ends the run and the page survives', async ({ page }) => {
    test.setTimeout(90_000);
    // It grows by 800 KB per 30 million steps, slow enough that the watchdog ends it (2 s without
    // a word) long before V8's heap limit: at 8 MB a step with no pause, Chromium killed the
    // sandbox's process first on an idle machine (2 runs in 3), which the next test covers.
    const running = page.evaluate(() => window.harness('const hoard = []; for (;;) { for (let i = 0; i < 3e7; i++); hoard.push(new Array(1e5).fill(Math.random())); }', { budgetMs: 2000 }));
    await page.waitForTimeout(300);
    await page.locator('#poke').click();
    await expect(page.locator('#pokes')).toHaveText('1');
    const r = await running;
    expect(r.end.how).toBe('blocked');
    await pageStillWorks(page);
    // A second run in the same page works as before.
    expect((await run(page, 'return "again"')).end).toMatchObject({ how: 'returned', value: 'again' });
  });

  test('when Chromium kills the sandbox\'s process for its memory, the run ends "error" and the page lives on', async ({ browser }) => {
    // Left to run (a 60 s budget), the worker reaches V8's heap limit in a few seconds and Chromium
    // kills the sandbox's renderer process (out of process from the page: an OOPIF). Playwright then
    // calls the whole page crashed, so the page is checked over a raw DevTools session instead.
    test.setTimeout(90_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.harness);
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'page' && t.url === site.harness);
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    let n = 0;
    const pending = new Map();
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message);
      if (pending.has(m.id)) { pending.get(m.id)(m.result?.result?.value); pending.delete(m.id); }
    });
    const evaluate = (expression) => new Promise((resolve) => {
      const id = ++n;
      pending.set(id, resolve);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true, awaitPromise: true } }) });
    });
    await evaluate(`window.harness('const hoard = []; for (;;) hoard.push(new Array(1e7).fill(0.5))', { budgetMs: 60000 })
      .then((r) => { window.crashEnd = { ...r.end, ms: r.ms }; }); 1`);
    await expect.poll(() => evaluate('JSON.stringify(window.crashEnd ?? null)'), { timeout: 60_000, intervals: [500] }).not.toBe('null');
    const end = JSON.parse(await evaluate('JSON.stringify(window.crashEnd)'));
    expect(end).toMatchObject({ how: 'error', message: 'the sandbox crashed (most likely it ran out of memory)' });
    expect(await evaluate('document.getElementById("poke").click(), document.getElementById("pokes").textContent')).toBe('1');
    expect(await evaluate('window.harness("return \'after\'").then((r) => r.end.how + " " + r.end.value)')).toBe('returned after');
    await cdp.detach();
    await context.close();
  });

  test('a spoofed message changes nothing: from another window, or with a wrong token', async ({ page }) => {
    // Two spares made ahead: the run takes one, the other waits (a spoofed start will be sent to it).
    await page.evaluate(() => RustyYours.prepare('/yours/sandbox.html', 2));
    // The run holds its worker (an endless loop) while others post.
    const running = page.evaluate(() => window.harness('while (true) {}', { budgetMs: 20000 })
      .then((r) => { window.spoofEnd = r.end; return r; }));
    const sandbox = await runFrame(page);
    const token = new URLSearchParams(sandbox.name()).get('token');
    await expect.poll(() => page.locator('iframe').count()).toBe(2); // the run's frame and the other spare
    const spareToken = await page.evaluate(() => new URLSearchParams(document.querySelectorAll('iframe')[1].name).get('token'));
    const fake = (t) => ({ rustyYours: t, type: 'out', batch: [
      { type: 'serve', id: 1, req: { id: 1, t: 0, url: 'https://spoofed.example/', method: 'GET', headers: {}, body: '' } },
      { type: 'end', how: 'returned', t: 0, value: 'spoofed' }] });
    // 1. Another window of the page's own origin, knowing both tokens, posts to the page and to the frames.
    // Its script runs in its own window, so that window is the messages' source.
    await page.evaluate(([page_, start]) => new Promise((resolve) => {
      const other = document.createElement('iframe');
      other.srcdoc = `<script>
        parent.postMessage(${JSON.stringify(page_)}, '*');
        for (let i = 0; i < parent.frames.length; i++) parent.frames[i].postMessage(${JSON.stringify(start)}, '*');
      </` + 'script>';
      other.onload = () => setTimeout(() => { other.remove(); resolve(); }, 50);
      document.body.appendChild(other);
    }), [fake(token), { rustyYours: spareToken, type: 'start', code: 'return "spoofed start"', task: '', seed: 0, llm: {}, toolSchemas: [], virtualLimitMs: 1000 }]);
    // 2. The run's own frame, with a wrong token.
    await sandbox.evaluate((m) => parent.postMessage(m, '*'), fake('not-the-token'));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.spoofEnd ?? null)).toBe(null); // still running: no spoofed end
    await page.evaluate(() => window.lastRun.stop());
    const r = await running;
    expect(r.end.how).toBe('stopped');
    expect(r.requests).toEqual([]); // no spoofed request reached the page's server
    // The spare frame took no spoofed start: the next run, in it, runs its own code.
    expect((await run(page, 'return "mine"')).end).toMatchObject({ how: 'returned', value: 'mine' });
    await pageStillWorks(page);
  });
});

test.describe('the runtime', () => {
  test.beforeEach(async ({ page }) => { await open(page); });

  test('virtual time: a 4000 ms setTimeout costs nothing, and Date.now and performance.now move 4000', async ({ page }) => {
    const r = await run(page, `
      const d0 = Date.now(), p0 = performance.now(), n0 = new Date().getTime();
      await new Promise((resolve) => setTimeout(resolve, 4000));
      return JSON.stringify([Date.now() - d0, performance.now() - p0, new Date().getTime() - n0, new Date(0).toISOString(), typeof Date(), new Date() instanceof Date]);`);
    expect(r.end.how).toBe('returned');
    expect(JSON.parse(r.end.value)).toEqual([4000, 4000, 4000, '1970-01-01T00:00:00.000Z', 'string', true]);
    expect(r.end.t).toBe(4000);
    // Real time spent is less than the virtual wait: the timer never waited for real.
    expect(r.ms).toBeLessThan(4000);
  });

  test('timers fire in time order; intervals repeat and clear; a chain of zero timeouts still moves time', async ({ page }) => {
    const r = await run(page, `
      const order = [];
      setTimeout(() => order.push('b' + performance.now()), 20);
      setTimeout(() => order.push('a' + performance.now()), 10);
      const gone = setTimeout(() => order.push('never'), 15); clearTimeout(gone);
      let n = 0; const iv = setInterval(() => { order.push('i' + performance.now()); if (++n === 3) clearInterval(iv); }, 7);
      await new Promise((r) => setTimeout(r, 50));
      let hops = 0; const t0 = performance.now();
      await new Promise((resolve) => { const f = () => (++hops === 10 ? resolve() : setTimeout(f, 0)); setTimeout(f, 0); });
      return order.join(' ') + ' | ' + (performance.now() - t0);`);
    // Past five nested levels a timer waits at least 4 ms, as in browsers.
    expect(r.end.value).toBe('i7 a10 i14 b20 i21 | 20');
  });

  test('a hang is ended by AbortSignal.timeout on virtual time, and the page is told of the abort', async ({ page }) => {
    const r = await run(page, `
      try { await fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: '{}', signal: AbortSignal.timeout(30000) }); return 'answered'; }
      catch (e) { return e.name + ' at ' + performance.now() + ' ' + (e instanceof DOMException); }`, { script: ['hang'] });
    expect(r.end).toMatchObject({ how: 'returned', value: 'TimeoutError at 30000 true', t: 30000 });
    expect(r.aborts).toEqual([{ id: 1, t: 30000 }]);
    expect(r.ms).toBeLessThan(30000);
  });

  test('an AbortController aborts a hang with an AbortError; a drop rejects like a network failure', async ({ page }) => {
    const r = await run(page, `
      const c = new AbortController();
      setTimeout(() => c.abort(), 1234);
      const out = [];
      try { await fetch('https://x.example/a', { signal: c.signal }); } catch (e) { out.push(e.name + '@' + performance.now()); }
      try { await fetch('https://x.example/b'); } catch (e) { out.push(e.name + ': ' + e.message); }
      try { await fetch('https://x.example/c', { signal: c.signal }); } catch (e) { out.push('already ' + e.name); }
      return out.join(', ');`, { script: ['hang', 'drop'] });
    expect(r.end.value).toBe('AbortError@1234, TypeError: Failed to fetch, already AbortError');
    expect(r.requests.map((q) => q.url)).toEqual(['https://x.example/a', 'https://x.example/b']); // an aborted signal sends nothing
    // The send with a signal that had already fired reaches no server, but the page hears of it
    // (id 0: no request was made), so the card can say "a spent signal" rather than "gave up".
    expect(r.aborts).toEqual([
      { id: 1, t: 1234 },
      { id: 0, t: 1234, spent: { url: 'https://x.example/c', method: 'GET', body: '' } },
    ]);
  });

  test('a reply\'s delay is paid on virtual time, and a Response is a real one', async ({ page }) => {
    const r = await run(page, `
      const res = await fetch('https://x.example/v1/chat/completions', { method: 'POST', headers: { Authorization: 'Bearer ' + LLM.apiKey, 'X-Thing': 'A' }, body: '{"messages":[]}' });
      const t1 = performance.now();
      const body = await res.json();
      const e = await fetch('https://x.example/v1/chat/completions', { method: 'POST', body: '{}' });
      return JSON.stringify([t1, res instanceof Response, res.ok, res.status, res.headers.get('content-type'), res.url, body.choices[0].finish_reason,
        e.status, e.statusText, e.headers.get('retry-after'), (await e.json()).error.message, performance.now()]);`,
    { script: [{ delayMs: 1500 }, { status: 429, headers: { 'retry-after': '2' }, delayMs: 100 }] });
    expect(JSON.parse(r.end.value)).toEqual([1500, true, true, 200, 'application/json', 'https://x.example/v1/chat/completions', 'tool_calls',
      429, 'Too Many Requests', '2', 'error 429', 1600]);
    const q = r.requests[0];
    expect(q).toMatchObject({ id: 1, t: 0, method: 'POST', url: 'https://x.example/v1/chat/completions', body: '{"messages":[]}' });
    expect(q.headers).toMatchObject({ authorization: 'Bearer sk-your-key-here', 'x-thing': 'A' });
    expect(r.requests[1].t).toBe(1500);
  });

  test('a streamed reply is a ReadableStream of SSE chunks', async ({ page }) => {
    const r = await run(page, `
      const res = await fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: JSON.stringify({ stream: true, messages: [] }) });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      for (;;) { const { done, value } = await reader.read(); if (done) break; text += value; }
      const calls = text.split('\\n\\n').filter((l) => l.startsWith('data: {')).map((l) => JSON.parse(l.slice(6)).choices[0]);
      return [res.headers.get('content-type'), calls.at(-1).finish_reason, text.trim().endsWith('data: [DONE]')].join(' ');`);
    expect(r.end).toMatchObject({ how: 'returned', value: 'text/event-stream tool_calls true' });
  });

  test('stalled: a program waiting on nothing at all ends "stalled" at the time it stopped', async ({ page }) => {
    const forever = await run(page, 'await new Promise((r) => setTimeout(r, 250)); await new Promise(() => {})');
    expect(forever.end).toMatchObject({ how: 'stalled', t: 250 });
    const hang = await run(page, 'await fetch("https://x.example/")', { script: ['hang'] });
    expect(hang.end).toMatchObject({ how: 'stalled', t: 0 });
    const read = await run(page, 'await new Promise((r) => setTimeout(r, 5)); await new ReadableStream().getReader().read()');
    expect(read.end).toMatchObject({ how: 'stalled', t: 5 }); // a read that never delivers: after a real second
    const agent = await run(page, 'async function runAgent(task) { await fetch("https://x.example/"); return "never" }', { script: ['hang'] });
    expect(agent.end.how).toBe('stalled');
    expect(agent.requests.length).toBe(1);
  });

  test('time-limit: a program that keeps time busy ends at the virtual limit', async ({ page }) => {
    const r = await run(page, 'setInterval(() => {}, 1000); await new Promise(() => {})', { virtualLimitMs: 60000 });
    expect(r.end).toMatchObject({ how: 'time-limit', t: 60000 });
  });

  test('the reference text\'s loop runs as written and returns its answer', async ({ page }) => {
    const r = await run(page, REFERENCE);
    expect(r.end).toMatchObject({ how: 'returned', value: 'The temple door is open.' });
    expect(r.requests.length).toBe(4);
    expect(r.tools.map((c) => `${c.name} ${c.args.item} ${c.args.target}`)).toEqual(['use key door', 'use oil_can lock', 'use key door']);
    expect(r.room.doorOpen).toBe(true);
    // Its tool error went back to the model as text, in the next request's history.
    const history = JSON.parse(r.requests[1].body).messages;
    expect(history.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('Error: the lock is rusted shut') });
    expect(JSON.parse(r.requests[0].body).tools.map((t) => t.function.name)).toEqual(['look_at', 'use']);
  });

  test('the reference loop retries a 503 and a drop after a jittered backoff, and lets a 401 throw', async ({ page }) => {
    const retried = await run(page, REFERENCE, { script: [{ status: 503 }, 'drop'], seed: 7 });
    expect(retried.end).toMatchObject({ how: 'returned', value: 'The temple door is open.' });
    const times = retried.requests.map((q) => q.t);
    expect(times.length).toBe(6);
    expect(times[1]).toBeGreaterThan(0);
    expect(times[1]).toBeLessThan(1000);
    expect(times[2] - times[1]).toBeLessThan(2000);
    const denied = await run(page, REFERENCE, { script: [{ status: 401 }] });
    expect(denied.end).toMatchObject({ how: 'threw', message: 'Model call failed: 401', t: 0 });
    expect(denied.requests.length).toBe(1);
  });

  test('deterministic: the same code, seed and answers give the same calls at the same times', async ({ page }) => {
    const script = [{ status: 503 }, { status: 429 }, 'ok', 'drop', { status: 500 }];
    const a = await run(page, REFERENCE, { script, seed: 42 });
    const b = await run(page, REFERENCE, { script, seed: 42 });
    const c = await run(page, REFERENCE, { script, seed: 43 });
    const trace = (r) => [r.end, r.requests.map((q) => [q.t, q.body]), r.tools.map((q) => [q.t, q.args])];
    expect(trace(b)).toEqual(trace(a));
    expect(c.requests.map((q) => q.t)).not.toEqual(a.requests.map((q) => q.t));
  });

  test('Math.random is seeded and repeatable (and so are crypto\'s random values)', async ({ page }) => {
    const code = 'return JSON.stringify([Math.random(), Math.random(), Math.random(), crypto.randomUUID(), Array.from(crypto.getRandomValues(new Uint8Array(4)))])';
    const a = JSON.parse((await run(page, code, { seed: 1 })).end.value);
    const b = JSON.parse((await run(page, code, { seed: 1 })).end.value);
    const c = JSON.parse((await run(page, code, { seed: 2 })).end.value);
    expect(b).toEqual(a);
    expect(c[0]).not.toBe(a[0]);
    for (const x of a.slice(0, 3)) { expect(x).toBeGreaterThanOrEqual(0); expect(x).toBeLessThan(1); }
    expect(a[3]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('runAgent: called with the task when the code only defines it, exported or not; its throw is the end', async ({ page }) => {
    const defined = await run(page, 'async function runAgent(task) { return "got " + task }', { task: 'Open it.' });
    expect(defined.end).toMatchObject({ how: 'returned', value: 'got Open it.' });
    const exported = await run(page, 'exports.runAgent = async (task) => "exported " + TASK', { task: 'T' });
    expect(exported.end).toMatchObject({ how: 'returned', value: 'exported T' });
    const moduled = await run(page, 'module.exports = { runAgent: (task) => "module " + task }', { task: 'M' });
    expect(moduled.end).toMatchObject({ how: 'returned', value: 'module M' });
    const threw = await run(page, 'async function runAgent() { await use({ item: "key", target: "door" }) }');
    expect(threw.end).toMatchObject({ how: 'threw', message: expect.stringContaining('rusted shut') });
    const notAwaited = await run(page, 'async function runAgent(p) { await fetch("https://x.example/"); return "late " + p }\nrunAgent("x").then(console.log)');
    expect(notAwaited.end).toMatchObject({ how: 'returned', value: 'late x' });
    expect(notAwaited.logs.map((l) => l.text)).toEqual(['late x']);
  });

  test('the code\'s own errors: a throw, a syntax error, require, eval', async ({ page }) => {
    expect((await run(page, 'throw new TypeError("boom")')).end).toMatchObject({ how: 'threw', message: 'boom', name: 'TypeError' });
    expect((await run(page, 'const = 1')).end).toMatchObject({ how: 'threw', name: 'SyntaxError', line: 1 });
    // What the type stripper lets through, the engine refuses at its line.
    expect((await run(page, 'let a = 1;\nlet a = 2;')).end).toMatchObject({ how: 'threw', name: 'SyntaxError', line: 2, message: expect.stringContaining("'a' has already been declared") });
    expect((await run(page, '\nfunction f() {\n  await x;\n}')).end).toMatchObject({ how: 'threw', name: 'SyntaxError', line: 3 });
    expect((await run(page, 'require("left-pad")')).end).toMatchObject({ how: 'threw', mistake: { kind: 'package', name: 'left-pad' } });
    expect((await run(page, 'return eval("1 + 1")')).end).toMatchObject({ how: 'threw', name: 'EvalError' });
  });

  test('a runtime error names the line of the code it was thrown at, in a function, a timer or the top level', async ({ page }) => {
    const inAgent = await run(page, '// the first line\nconst reply = undefined;\nasync function runAgent(task) {\n  return reply.choices[0];\n}');
    expect(inAgent.end).toMatchObject({ how: 'threw', name: 'TypeError', line: 4 });
    const afterAwait = await run(page, 'async function runAgent() {\n  await new Promise((r) => setTimeout(r, 10));\n  const n = null;\n  n.go();\n}');
    expect(afterAwait.end).toMatchObject({ how: 'threw', name: 'TypeError', line: 4 });
    const typo = await run(page, '\n\nawait fetch(LLM.baseURL);\nconst x = mesages.length;');
    expect(typo.end).toMatchObject({ how: 'threw', name: 'ReferenceError', line: 4 });
    // The type stripper's own first line ("use strict" and its helpers) is still line 1.
    const stripped = await run(page, '"use strict"; function _helper(o) { return o }const a = _helper(null).b;');
    expect(stripped.end).toMatchObject({ how: 'threw', name: 'TypeError', line: 1 });
    // An error the page made (a tool's refusal) or the code chose to throw at no line of its
    // own keeps no line it did not come from.
    const tool = await run(page, 'async function runAgent() { await use({ item: "key", target: "door" }) }');
    expect(tool.end.how).toBe('threw');
    expect(tool.end.line).toBeUndefined();
  });

  test('no runAgent and no request: the end says so and names the functions the code defined at its top level', async ({ page }) => {
    const code = [
      'async function agentLoop(task) { return "never called" }',
      'const callModel = async (messages) => fetch(LLM.baseURL, { method: "POST" });',
      'let shorten = text => text.slice(0, 10);',
      'function outer() { function inner() {} return inner }',
      '// the function if (this comment) names no function, nor does a string: "function fake() {}"',
      'const answer = 42;',
    ].join('\n');
    const r = await run(page, code);
    expect(r.end).toMatchObject({ how: 'no-agent', found: ['agentLoop', 'callModel', 'shorten', 'outer'] });
    expect(r.requests).toHaveLength(0);
    expect((await run(page, 'const x = 1;')).end).toMatchObject({ how: 'no-agent', found: [] });
    // run_agent is found as runAgent is; a top level that asks the server is a loop of its own.
    expect((await run(page, 'async function run_agent(task) { return "snake " + task }', { task: 'T' })).end)
      .toMatchObject({ how: 'returned', value: 'snake T' });
    expect((await run(page, 'exports.run_agent = async (task) => "exported " + task', { task: 'T' })).end)
      .toMatchObject({ how: 'returned', value: 'exported T' });
    const script = await run(page, 'const r = await fetch(`${LLM.baseURL}/chat/completions`, { method: "POST", body: "{}" });\nreturn "top " + r.status');
    expect(script.end).toMatchObject({ how: 'returned', value: 'top 200' });
  });

  test('require or import of a package is named at its line; Node\'s process answers the environment with the placeholder key', async ({ page }) => {
    // What the type stripper makes of `import OpenAI from 'openai'` on line 1.
    const imported = await run(page, '"use strict"; function _interopRequireDefault(obj) { return obj && obj.__esModule ? obj : { default: obj }; }var _openai = require(\'openai\'); var _openai2 = _interopRequireDefault(_openai);\nconst client = new (0, _openai2.default)();');
    expect(imported.end).toMatchObject({ how: 'threw', line: 1, mistake: { kind: 'package', name: 'openai' } });
    expect(imported.end.message).not.toContain('require');
    const required = await run(page, '// a CommonJS loop\nconst db = require("node:sqlite");');
    expect(required.end).toMatchObject({ how: 'threw', line: 2, mistake: { kind: 'package', name: 'node:sqlite' } });
    // Node's own modules a terminal loop reads (issue 51) are there.
    expect((await run(page, 'const fs = require("node:fs");\nreturn typeof fs.readFileSync')).end).toMatchObject({ how: 'returned', value: 'function' });
    const env = await run(page, 'async function runAgent(task) {\n  const headers = {};\n  headers.authorization = `Bearer ${process.env.OPENAI_API_KEY}`;\n  return headers.authorization;\n}');
    expect(env.end).toMatchObject({ how: 'returned', value: 'Bearer sk-your-key-here', env: ['OPENAI_API_KEY'] });
    // Any other ReferenceError is the code's own bug, not Node's process.
    const other = await run(page, 'processes.env');
    expect(other.end.mistake).toBeUndefined();
  });

  test('the code cannot post to its frame, nor read real time from an event', async ({ page }) => {
    const r = await run(page, `
      const out = [];
      try { self.postMessage({ batch: [{ type: 'end', how: 'returned', value: 'spoofed by the code' }] }); out.push('posted'); } catch (e) { out.push(e.name); }
      await new Promise((r) => setTimeout(r, 777));
      out.push(new Event('x').timeStamp);
      return out.join(' ');`);
    expect(r.end).toMatchObject({ how: 'returned', value: 'TypeError 777' });
  });

  test('tools and globals: look_at, lookAt, use, tools, LLM, TASK, toolSchemas, console', async ({ page }) => {
    const r = await run(page, `
      console.log('looking', { at: 'door' });
      const a = await look_at({ target: 'door' });
      const same = lookAt === look_at && tools.look_at === look_at && tools.use === use;
      console.warn(await use({ item: 'oil_can', target: 'lock' }));
      return JSON.stringify([a.slice(0, 12), same, LLM, TASK, toolSchemas.length, typeof require]);`, { task: 'the task' });
    expect(JSON.parse(r.end.value)).toEqual(['You see the ', true, { baseURL: 'https://llm.example/v1', model: 'fake-model', apiKey: 'sk-your-key-here' }, 'the task', 2, 'function']);
    // Each call says where in the code it was made: the line of its frame in the code.
    expect(r.tools).toEqual([{ id: 1, t: 0, name: 'look_at', args: { target: 'door' }, site: [3] }, { id: 2, t: 0, name: 'use', args: { item: 'oil_can', target: 'lock' }, site: [5] }]);
    expect(r.logs).toEqual([{ t: 0, level: 'log', text: 'looking {"at":"door"}' }, { t: 0, level: 'warn', text: 'You oil the lock. It looks like it might turn now.' }]);
  });

  test('several runs at once each keep their own frame, token, handlers and answers', async ({ page }) => {
    const ends = await page.evaluate((code) => Promise.all([1, 2, 3, 4, 5, 6].map((seed) =>
      window.harness(code, { seed, script: seed % 2 ? [{ status: 503 }] : [] }))), REFERENCE);
    for (const [i, r] of ends.entries()) {
      expect(r.end, `run ${i + 1}`).toMatchObject({ how: 'returned', value: 'The temple door is open.' });
      expect(r.requests.length).toBe(i % 2 ? 4 : 5);
    }
    await pageStillWorks(page);
  });

  test('stop() ends a run "stopped" and removes its frame', async ({ page }) => {
    const running = page.evaluate(() => window.harness('for (let i = 0; ; i++) await new Promise((r) => setTimeout(r, 1000))', { virtualLimitMs: 1e12 }));
    await page.waitForTimeout(500);
    await page.evaluate(() => window.lastRun.stop());
    const r = await running;
    expect(r.end.how).toBe('stopped');
    expect(r.end.t).toBeGreaterThan(0);
    await pageStillWorks(page);
  });

  test('fifty runs in a row leave no frame and no message listener behind', async ({ page }) => {
    const session = await page.context().newCDPSession(page);
    const listeners = async () => {
      const { result } = await session.send('Runtime.evaluate', { expression: 'window' });
      const { listeners: all } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
      return all.filter((l) => l.type === 'message').length;
    };
    expect(await listeners()).toBe(0);
    const ends = await page.evaluate(async () => {
      const out = [];
      for (let i = 0; i < 50; i++) out.push((await window.harness('await new Promise((r) => setTimeout(r, 10)); return "ok"')).end.how);
      return out;
    });
    expect(ends).toEqual(Array(50).fill('returned'));
    // The warm spare frame goes by itself after a second unused.
    await expect.poll(() => page.locator('iframe').count(), { timeout: 5000 }).toBe(0);
    expect(await listeners()).toBe(0);
  });

  test('the page fetches the sandbox\'s document once and gives it to every frame (so its service worker can keep it)', async ({ page }) => {
    const before = site.requests.filter((p) => p === '/yours/sandbox.html').length;
    for (let i = 0; i < 5; i++) expect((await run(page, 'return "ok"')).end.how).toBe('returned');
    expect(site.requests.filter((p) => p === '/yours/sandbox.html').length - before).toBe(1); // once, for five runs
    expect(await page.evaluate(() => RustyYours.release())).toBeUndefined();
  });

  test('the frame\'s CSP hash matches its script', async () => {
    execFileSync('node', [new URL('../../scripts/yours-sandbox-csp.mjs', import.meta.url).pathname, '--check']);
  });
});

// The Python runner of "Your own loop" (issue 42): a learner's Python loop runs in the same sandbox
// as JavaScript (sandbox-py.html: an opaque-origin frame, no network, a worker on virtual time),
// with Pyodide's files fetched by the page and handed over as bytes. Same harness and servers as
// sandbox.spec.mjs (no wasm build needed); Pyodide is served from node_modules at /python/.
// The reference texts' Python loop is read at run time from ../shared/seeds/; nothing is copied.
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures.mjs';
import { serveSandbox, spyServer } from './sandbox-serve.mjs';
import { SEEDS, seedLoop } from './seed-texts.mjs';

/** The Python loop a reference text prints. */
const pythonLoopOf = (prefix) => seedLoop(prefix, 'Python', 'python');
/** The 1-based line of `code` that holds `needle`. */
const lineOf = (code, needle) => code.split('\n').findIndex((l) => l.includes(needle)) + 1;

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

// Python takes seconds to start on a busy two-core machine: every test here has room for it.
test.describe.configure({ timeout: 120_000 });

async function run(page, code, options = {}) {
  return page.evaluate(([c, o]) => window.harness(c, { language: 'python', ...o }), [code, options]);
}
async function open(page) {
  await page.goto(site.harness);
  await expect(page.locator('#pokes')).toHaveText('0');
}
async function pageStillWorks(page) {
  const before = Number(await page.locator('#pokes').textContent());
  await page.locator('#poke').click();
  await expect(page.locator('#pokes')).toHaveText(String(before + 1));
  await page.evaluate(() => RustyYours.release());
  expect(await page.locator('iframe').count()).toBe(0);
}
const texts = (r) => r.logs.map((l) => l.text);

test.describe('a Python loop', () => {
  test.beforeEach(async ({ page }) => { spy.requests.length = 0; await open(page); });

  test('calls the server, gets a 429 as HTTPError, sleeps its Retry-After on virtual time, retries, uses a tool, returns', async ({ page }) => {
    const code = [
      'import json, time, urllib.error, urllib.request',
      '',
      'def call_model(messages):',
      '    for attempt in range(5):',
      '        req = urllib.request.Request(LLM["base_url"] + "/chat/completions",',
      '            data=json.dumps({"model": LLM["model"], "messages": messages, "tools": TOOL_SCHEMAS}).encode(),',
      '            headers={"Content-Type": "application/json", "Authorization": "Bearer " + LLM["api_key"]})',
      '        try:',
      '            with urllib.request.urlopen(req, timeout=30) as res:',
      '                return json.load(res)["choices"][0]',
      '        except urllib.error.HTTPError as err:',
      '            print("HTTP", err.code, err.headers["Retry-After"], json.loads(err.read())["error"]["message"])',
      '            if err.code != 429:',
      '                raise',
      '            time.sleep(float(err.headers.get("Retry-After", "1")))',
      '',
      'def run_agent(task):',
      '    started = time.monotonic()',
      '    choice = call_model([{"role": "user", "content": task}])',
      '    call = choice["message"]["tool_calls"][0]',
      '    args = json.loads(call["function"]["arguments"])',
      '    try:',
      '        out = TOOLS[call["function"]["name"]](**args)',
      '    except ValueError as err:',
      '        out = "Error: " + str(err)',
      '    print(out)',
      '    return "%s after %.1f s" % (out[:14], time.monotonic() - started)',
    ].join('\n');
    const r = await run(page, code, { script: [{ status: 429, headers: { 'retry-after': '2' } }] });
    expect(r.end).toMatchObject({ how: 'returned', value: 'Error: the loc after 2.0 s', t: 2000 });
    expect(r.requests.map((q) => [q.t, q.method, q.url])).toEqual([
      [0, 'POST', 'https://llm.example/v1/chat/completions'],
      [2000, 'POST', 'https://llm.example/v1/chat/completions'],
    ]);
    expect(r.requests[0].headers).toMatchObject({ authorization: 'Bearer sk-your-key-here', 'content-type': 'application/json' });
    expect(JSON.parse(r.requests[0].body).tools.map((t) => t.function.name)).toEqual(['look_at', 'use']);
    // Where the call was made: the line of the code's own frame (TOOLS[...](**args)).
    expect(r.tools).toEqual([{ id: 1, t: 2000, name: 'use', args: { item: 'key', target: 'door' }, site: [23] }]);
    // Each request, likewise: the urlopen in call_model, called from run_agent.
    expect(r.requests.map((q) => q.site)).toEqual([[9, 19], [9, 19]]);
    expect(texts(r)).toEqual(['HTTP 429 2 error 429', 'Error: the lock is rusted shut and the key won’t turn. Oil it first: use oil_can with lock.']);
    // The phases the page can show: fetching (with bytes), starting, ready.
    expect(r.python.map((p) => p.phase)).toContain('ready');
    expect(r.python.find((p) => p.phase === 'ready').ms).toBeGreaterThan(0);
  });

  test('urlopen: a timeout on virtual time, a hang with no timeout, a drop, an HTTP error with its body', async ({ page }) => {
    const code = [
      'import socket, time, urllib.error, urllib.request',
      'def run_agent(task):',
      '    out = []',
      '    try:',
      '        urllib.request.urlopen("https://x.example/a", timeout=5)',
      '    except TimeoutError as err:',
      '        out.append("timeout %s at %.0f" % (err, time.monotonic()))',
      '    try:',
      '        urllib.request.urlopen("https://x.example/b", timeout=5)',
      '    except urllib.error.URLError as err:',
      '        out.append("drop %s" % err.reason)',
      '    try:',
      '        urllib.request.urlopen(urllib.request.Request("https://x.example/c", data=b"{}", method="POST"))',
      '    except urllib.error.HTTPError as err:',
      '        out.append("%d %s %s %s" % (err.code, err.reason, err.headers["content-type"], err.read().decode()))',
      '    with urllib.request.urlopen("https://x.example/d", timeout=10) as res:',
      '        out.append("%d %.1f %s" % (res.status, time.monotonic(), res.headers["content-type"]))',
      '    return " | ".join(out)',
    ].join('\n');
    const r = await run(page, code, { script: ['hang', 'drop', { status: 503 }, { delayMs: 1500 }] });
    expect(r.end.value).toBe('timeout timed out at 5 | drop [Errno 104] Connection reset by peer'
      + ' | 503 Service Unavailable application/json {"error":{"message":"error 503","type":"server_error"}} | 200 6.5 application/json');
    expect(r.aborts).toEqual([{ id: 1, t: 5000 }]); // the page hears that the request was cut
    // A hang with no timeout never answers: the run stalls at the time it waited from.
    const hang = await run(page, 'import time, urllib.request\ntime.sleep(1)\nurllib.request.urlopen("https://x.example/")', { script: ['hang'] });
    expect(hang.end).toMatchObject({ how: 'stalled', t: 1000 });
  });

  test('the page\'s names: LLM, TASK, TOOLS, TOOL_SCHEMAS, look_at and use (a refusal is a ValueError with the tool\'s sentence)', async ({ page }) => {
    const code = [
      'import json',
      'print(json.dumps([LLM, TASK, sorted(TOOLS), [t["function"]["name"] for t in TOOL_SCHEMAS]]))',
      'print(look_at("door"))',
      'try:',
      '    use("key", "door")',
      'except ValueError as err:',
      '    print("ValueError:", err)',
      'print(TOOLS["use"](item="oil_can", target="lock"))',
      'def run_agent(task):',
      '    return use(item="key", target="door")',
    ].join('\n');
    const r = await run(page, code, { task: 'the task' });
    expect(r.end).toMatchObject({ how: 'returned', value: 'Click! The key turns and the door swings open.' });
    expect(JSON.parse(texts(r)[0])).toEqual([{ base_url: 'https://llm.example/v1', model: 'fake-model', api_key: 'sk-your-key-here' }, 'the task', ['look_at', 'use'], ['look_at', 'use']]);
    expect(texts(r).slice(1)).toEqual([
      'You see the door: an old temple door with a rusty lock.',
      'ValueError: the lock is rusted shut and the key won’t turn. Oil it first: use oil_can with lock.',
      'You oil the lock. It looks like it might turn now.',
    ]);
    expect(r.tools.map((c) => [c.name, c.args])).toEqual([['look_at', { target: 'door' }], ['use', { item: 'key', target: 'door' }], ['use', { item: 'oil_can', target: 'lock' }], ['use', { item: 'key', target: 'door' }]]);
    // The code's own definitions win; a placeholder (...) is met by the page's value and named.
    const own = await run(page, 'TOOL_SCHEMAS = [...]\nLLM = {"base_url": "http://localhost:1/v1", "model": "m", "api_key": "k"}\ndef use(item, target):\n    return "mine"\ndef run_agent(task):\n    return "%s %s %d" % (LLM["model"], use("a", "b"), len(TOOL_SCHEMAS))');
    expect(own.end).toMatchObject({ how: 'returned', value: 'm mine 2', placeholders: ['TOOL_SCHEMAS'] });
    expect(own.tools).toEqual([]);
  });

  test('time, random and logging: virtual and seeded, print and logging reach the log', async ({ page }) => {
    const code = [
      'import datetime, logging, random, time, uuid',
      't0, m0 = time.time(), time.monotonic()',
      'time.sleep(1.5)',
      'print(time.time() - t0, time.monotonic() - m0, datetime.datetime.fromtimestamp(t0, datetime.timezone.utc).isoformat())',
      'logging.warning("careful")',
      'def run_agent(task):',
      '    return "%r %r %s" % (random.random(), random.randint(1, 1000), uuid.uuid4())',
    ].join('\n');
    const a = await run(page, code, { seed: 3 });
    const b = await run(page, code, { seed: 3 });
    const c = await run(page, code, { seed: 4 });
    expect(a.end.how).toBe('returned');
    expect(b.end.value).toBe(a.end.value);
    expect(c.end.value).not.toBe(a.end.value);
    expect(a.end.t).toBe(1500);
    expect(a.logs).toEqual([
      { t: 1500, level: 'log', text: '1.5 1.5 2026-01-01T00:00:00+00:00' },
      { t: 1500, level: 'warn', text: 'WARNING:root:careful' },
    ]);
  });

  test('an asyncio loop runs too: asyncio.sleep on virtual time, gather, to_thread around urlopen', async ({ page }) => {
    const code = [
      'import asyncio, time, urllib.request',
      'async def step(i):',
      '    await asyncio.sleep(1.5)',
      '    return i',
      'async def main():',
      '    t = time.monotonic()',
      '    done = await asyncio.gather(step(1), step(2))',
      '    res = await asyncio.to_thread(urllib.request.urlopen, LLM["base_url"])',
      '    return "%s %.1f %d" % (done, time.monotonic() - t, res.status)',
      'def run_agent(task):',
      '    return asyncio.run(main())',
    ].join('\n');
    const r = await run(page, code);
    expect(r.end).toMatchObject({ how: 'returned', value: '[1, 2] 1.5 200', t: 1500 });
    expect(r.requests.map((q) => q.t)).toEqual([1500]);
  });

  test('an error names the learner\'s line, never the runner\'s; a package or an environment variable is named', async ({ page }) => {
    const inAgent = await run(page, '# first\nreply = None\ndef run_agent(task):\n    return reply["choices"][0]');
    expect(inAgent.end).toMatchObject({ how: 'threw', name: 'TypeError', line: 4 });
    expect(inAgent.end.message).toContain('not subscriptable');
    const syntax = await run(page, 'def run_agent(task):\n    return (\n\nx = 1');
    expect(syntax.end).toMatchObject({ how: 'threw', name: 'SyntaxError' });
    expect(syntax.end.line).toBeGreaterThanOrEqual(2);
    const http = await run(page, 'import urllib.request\n\ndef run_agent(task):\n    urllib.request.urlopen(LLM["base_url"])', { script: [{ status: 401 }] });
    expect(http.end).toMatchObject({ how: 'threw', name: 'HTTPError', message: 'HTTP Error 401: Unauthorized', line: 4 });
    const pkg = await run(page, '\nfrom openai import OpenAI');
    expect(pkg.end).toMatchObject({ how: 'threw', name: 'ModuleNotFoundError', line: 2, mistake: { kind: 'package', name: 'openai' } });
    // A name the page does not answer (issue 51 answers a key's, an address's and a model's).
    const env = await run(page, 'import os\nkey = os.environ["TEMPLE_DOOR_COLOUR"]');
    expect(env.end).toMatchObject({ how: 'threw', name: 'KeyError', line: 2, mistake: { kind: 'process' } });
    // Pyodide's own packages are not offered either (no network, and the lock file lists none).
    const numpy = await run(page, 'import numpy');
    expect(numpy.end).toMatchObject({ how: 'threw', message: "No module named 'numpy'", mistake: { kind: 'package', name: 'numpy' } });
    const stdlib = await run(page, 'import definitely_not_a_module_here');
    expect(stdlib.end).toMatchObject({ how: 'threw', mistake: { kind: 'package', name: 'definitely_not_a_module_here' } });
  });

  test('no run_agent and no request: the end names the functions the code defined', async ({ page }) => {
    const r = await run(page, 'def agent_loop(task):\n    return 1\ncall_model = lambda m: m\ndef helper():\n    pass\nanswer = 42');
    expect(r.end).toMatchObject({ how: 'no-agent', found: ['agent_loop', 'call_model', 'helper'] });
    // A top level that calls the server is a loop of its own: run_agent is not called after it.
    const top = await run(page, 'import urllib.request\nres = urllib.request.urlopen(LLM["base_url"])\ndef run_agent(task):\n    raise RuntimeError("never")');
    expect(top.end).toMatchObject({ how: 'returned' });
    expect(top.requests).toHaveLength(1);
  });
});

test.describe('starting Python', () => {
  test.beforeEach(async ({ page }) => { await open(page); });

  test('the first frame snapshots its started interpreter; the next frames start from the snapshot, each a fresh one', async ({ page }) => {
    const code = 'import random\ncounter = globals().get("counter", 0) + 1\ndef run_agent(task):\n    return "%d %r" % (counter, random.random())';
    const ready = (r) => r.python.find((p) => p.phase === 'ready');
    const first = await run(page, code, { seed: 5 });
    await page.evaluate(() => RustyYours.release()); // no spare: the next run starts its own frame
    const second = await run(page, code, { seed: 5 });
    expect(ready(first).steps).toMatchObject({ fromSnapshot: 0 });
    expect(ready(first).steps.snapshotBytes).toBeGreaterThan(1e6);
    expect(ready(second).steps).toMatchObject({ fromSnapshot: 1 });
    // A fresh interpreter each time: nothing of the first run is left in the second.
    expect(first.end).toMatchObject({ how: 'returned', value: expect.stringMatching(/^1 0\./) });
    expect(second.end).toEqual(first.end);
  });

  test('a later visit starts from the snapshot the first one kept; a kept one that will not restore is replaced', async ({ page }) => {
    const code = 'import random\ndef run_agent(task):\n    return "%r" % random.random()';
    const ready = (r) => r.python.find((p) => p.phase === 'ready');
    const kept = () => page.evaluate(async () => {
      const cache = await caches.open('rusty-lock-python-snapshot');
      return Promise.all((await cache.keys()).map(async (req) => ({ url: req.url, size: (await (await cache.match(req)).blob()).size })));
    });
    const first = await run(page, code, { seed: 3 });
    expect(ready(first).steps).toMatchObject({ fromSnapshot: 0 });
    await expect.poll(kept, { timeout: 30_000 }).toEqual([{ url: expect.stringContaining('/python/snapshot-'), size: ready(first).steps.snapshotBytes }]);
    // The next visit: its first frame restores the kept snapshot, and runs the same.
    await open(page);
    const later = await run(page, code, { seed: 3 });
    expect(ready(later).steps).toMatchObject({ fromSnapshot: 1 });
    expect(later.end).toEqual(first.end);
    // A kept snapshot damaged on disk: that visit starts Python in full, runs, and keeps a good one.
    const [{ url }] = await kept();
    await page.evaluate(async (u) => (await caches.open('rusty-lock-python-snapshot')).put(u, new Response(new Uint8Array(4096).fill(7))), url);
    await open(page);
    const damaged = await run(page, code, { seed: 3 });
    expect(ready(damaged).steps).toMatchObject({ fromSnapshot: 0, snapshotError: expect.stringMatching(/^restore: /) });
    expect(damaged.end).toEqual(first.end);
    await expect.poll(kept, { timeout: 30_000 }).toEqual([{ url, size: ready(first).steps.snapshotBytes }]);
    await open(page);
    const mended = await run(page, code, { seed: 3 });
    expect(ready(mended).steps).toMatchObject({ fromSnapshot: 1 });
    expect(mended.end).toEqual(first.end);
  });

  test('the trimmed standard library keeps what a loop imports', async ({ page }) => {
    const modules = ['abc', 'argparse', 'asyncio', 'base64', 'collections', 'contextlib', 'copy', 'csv', 'dataclasses', 'datetime',
      'decimal', 'email.message', 'enum', 'fractions', 'functools', 'gzip', 'hashlib', 'hmac', 'html', 'http.client', 'inspect',
      'itertools', 'json', 'logging', 'math', 'os', 'pathlib', 'pprint', 'queue', 're', 'secrets', 'shlex', 'socket', 'statistics',
      'string', 'sys', 'textwrap', 'threading', 'time', 'tomllib', 'traceback', 'typing', 'urllib.parse', 'urllib.request', 'uuid',
      'xml.etree.ElementTree', 'zipfile', 'zoneinfo'];
    const code = `import importlib\nfailed = []\nfor name in ${JSON.stringify(modules)}:\n    try:\n        importlib.import_module(name)\n    except ImportError as err:\n        failed.append(name)\n`
      + 'print("ok".encode("utf-8").decode("latin-1"), "é".encode("cp1252"), "汉".encode("gbk"))\n'
      + 'def run_agent(task):\n    return ",".join(failed) or "all"';
    const r = await run(page, code);
    expect(r.end).toMatchObject({ how: 'returned', value: 'all' });
    expect(texts(r)).toEqual(["ok b'\\xe9' b'\\xba\\xba'"]);
  });
});

test.describe('the reference texts\' Python loop, pasted unedited', () => {
  test.beforeEach(async ({ page }) => { await open(page); });

  test('002_\'s errors loop (the same in 000_ and 004_) runs to its answer with its own tools and the page\'s schemas', async ({ page }) => {
    test.skip(!existsSync(SEEDS), 'the reference texts are not beside this checkout');
    const loop = pythonLoopOf('002_');
    for (const prefix of ['000_', '004_']) expect(pythonLoopOf(prefix), prefix).toBe(loop);
    const r = await run(page, loop);
    expect(r.end).toMatchObject({ how: 'returned', value: 'The temple door is open.', placeholders: ['TOOL_SCHEMAS'] });
    expect(r.requests).toHaveLength(4);
    // Its own base_url, whatever the host: the page's server answers.
    expect(r.requests[0].url).toBe('http://localhost:11434/v1/chat/completions');
    expect(JSON.parse(r.requests[0].body).tools.map((t) => t.function.name)).toEqual(['look_at', 'use']);
    expect(r.tools).toEqual([]); // it brings its own use (and never looks)
    const history = JSON.parse(r.requests[1].body).messages;
    expect(history.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('Error: the lock is rusted shut') });
  });

  test('its habits show: a 503 and a drop retried after a jittered wait, a Retry-After never read, a 401 raised at its line', async ({ page }) => {
    test.skip(!existsSync(SEEDS), 'the reference texts are not beside this checkout');
    const loop = pythonLoopOf('002_');
    const retried = await run(page, loop, { script: [{ status: 503 }, 'drop'], seed: 7 });
    expect(retried.end).toMatchObject({ how: 'returned', value: 'The temple door is open.' });
    const times = retried.requests.map((q) => q.t);
    expect(times).toHaveLength(6);
    expect(times[1]).toBeGreaterThan(0);
    expect(times[1]).toBeLessThan(1000);
    expect(times[2] - times[1]).toBeLessThan(2000);
    // Deterministic: the same seed and answers give the same times.
    const again = await run(page, loop, { script: [{ status: 503 }, 'drop'], seed: 7 });
    expect(again.requests.map((q) => q.t)).toEqual(times);
    // A 429 asking for an hour gets a wait under a second: Retry-After is never read.
    const hour = await run(page, loop, { script: [{ status: 429, headers: { 'retry-after': '3600' } }] });
    expect(hour.end.how).toBe('returned');
    expect(hour.requests[1].t).toBeLessThan(1000);
    const denied = await run(page, loop, { script: [{ status: 401 }] });
    expect(denied.end).toMatchObject({ how: 'threw', name: 'HTTPError', message: 'HTTP Error 401: Unauthorized', t: 0, line: lineOf(loop, 'urllib.request.urlopen(request)') });
    expect(denied.requests).toHaveLength(1);
    // No watchdog: a hang is waited on forever (the run stalls where it waited).
    const hang = await run(page, loop, { script: ['hang'] });
    expect(hang.end).toMatchObject({ how: 'stalled', t: 0 });
  });
});

test.describe('the Python sandbox contains a stranger\'s code', () => {
  test.beforeEach(async ({ page }) => { spy.requests.length = 0; await open(page); });

  test('no storage, no cookies, no parent or top, no popup, no way to post to the frame', async ({ page, context }) => {
    const code = [
      'import js',
      'seen = {}',
      'def probe(name, f):',
      '    try:',
      '        seen[name] = str(f())',
      '    except BaseException as err:',
      '        seen[name] = type(err).__name__',
      'probe("localStorage", lambda: js.localStorage)',
      'probe("sessionStorage", lambda: js.sessionStorage)',
      'probe("cookie", lambda: js.document.cookie)',
      'probe("indexedDB", lambda: js.indexedDB)',
      'probe("caches", lambda: js.caches)',
      'probe("parent", lambda: js.parent.document.title)',
      'probe("top", lambda: js.top.location.href)',
      'probe("opener", lambda: js.opener)',
      'probe("scope", lambda: js.self.constructor.name)',
      'probe("popup", lambda: js.open("https://example.com/"))',
      'probe("postMessage", lambda: js.postMessage({"batch": [{"type": "end", "how": "returned", "value": "spoofed"}]}))',
      'probe("eval", lambda: js.eval("1 + 1"))',
      'def run_agent(task):',
      '    import json',
      '    return json.dumps(seen, sort_keys=True)',
    ].join('\n');
    const r = await run(page, code);
    expect(r.end.how).toBe('returned');
    expect(JSON.parse(r.end.value)).toEqual({
      caches: 'AttributeError', cookie: 'AttributeError', eval: 'JsException', indexedDB: 'AttributeError',
      localStorage: 'AttributeError', opener: 'AttributeError', parent: 'AttributeError', popup: 'AttributeError',
      postMessage: 'AttributeError', scope: 'DedicatedWorkerGlobalScope', sessionStorage: 'AttributeError', top: 'AttributeError',
    });
    expect(JSON.stringify(r)).not.toContain('page-local-storage');
    expect(JSON.stringify(r)).not.toContain('page-cookie');
    expect(context.pages().length).toBe(1);
    expect(page.url()).toBe(site.harness);
    await pageStillWorks(page);
  });

  test('no request out: js.fetch, js.XMLHttpRequest, pyodide.http, sockets fail; urllib to another host reaches the page\'s server only', async ({ page }) => {
    const url = `${spy.origin}/stolen`;
    const code = [
      'import js, socket, urllib.request, pyodide.http',
      'from pyodide.ffi import run_sync',
      `URL = ${JSON.stringify(url)}`,
      'seen = {}',
      'def probe(name, f):',
      '    try:',
      '        seen[name] = str(f())',
      '    except BaseException as err:',
      '        seen[name] = type(err).__name__',
      'def run_agent(task):',
      '    probe("fetch", lambda: run_sync(js.fetch(URL)))',
      '    probe("xhr", lambda: js.XMLHttpRequest.new())',
      '    probe("websocket", lambda: js.WebSocket.new(URL.replace("http", "ws")))',
      '    probe("importScripts", lambda: js.importScripts(URL))',
      '    probe("worker", lambda: js.Worker.new(URL))',
      '    probe("open_url", lambda: pyodide.http.open_url(URL).read())',
      '    probe("pyfetch", lambda: run_sync(pyodide.http.pyfetch(URL)))',
      '    probe("socket", lambda: socket.create_connection(("127.0.0.1", int(URL.split(":")[2].split("/")[0])), timeout=1))',
      '    probe("urllib", lambda: urllib.request.urlopen(URL).status)',
      '    import json',
      '    return json.dumps(seen, sort_keys=True)',
    ].join('\n');
    const r = await run(page, code);
    expect(r.end.how).toBe('returned');
    const seen = JSON.parse(r.end.value);
    expect(seen.urllib).toBe('200');
    expect(r.requests.map((q) => q.url)).toEqual([url]); // the page's server got it, as every request
    for (const name of ['fetch', 'xhr', 'websocket', 'importScripts', 'worker', 'open_url', 'pyfetch', 'socket']) {
      expect(seen[name], name).not.toMatch(/^(200|<)/);
      expect(seen[name], name).toMatch(/Error|Exception/);
    }
    await page.waitForTimeout(300);
    expect(spy.requests).toEqual([]);
    await pageStillWorks(page);
  });

  test('while True: pass ends "blocked" within the budget while the page stays interactive', async ({ page }) => {
    let ended = false;
    const running = run(page, 'while True:\n    pass', { budgetMs: 6000 }).then((r) => { ended = true; return r; });
    // Wait until Python runs (the frame said it is ready), then poke the page while the loop spins.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('iframe').length)).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    for (let i = 1; i <= 3; i++) {
      await page.locator('#poke').click();
      await expect(page.locator('#pokes')).toHaveText(String(i));
    }
    const r = await running;
    expect(ended).toBe(true);
    expect(r.end.how).toBe('blocked');
    expect(r.end.message).toContain('6 s');
    await pageStillWorks(page);
  });

  test('unbounded memory ends the run and the page survives; the next run works', async ({ page }) => {
    const r = await run(page, 'hoard = []\nwhile True:\n    hoard.append(bytearray(50_000_000))', { budgetMs: 4000 });
    // Python's MemoryError when the wasm memory cannot grow, or the watchdog, or the crash check.
    if (r.end.how === 'threw') expect(r.end.name).toBe('MemoryError');
    else expect(['blocked', 'error']).toContain(r.end.how);
    await page.locator('#poke').click();
    await expect(page.locator('#pokes')).toHaveText('1');
    expect((await run(page, 'def run_agent(task):\n    return "again"')).end).toMatchObject({ how: 'returned', value: 'again' });
    await pageStillWorks(page);
  });

  test('a browser without JSPI gets one clear error, and Python is never fetched', async ({ page }) => {
    await page.addInitScript(() => { delete WebAssembly.Suspending; });
    await open(page);
    const before = site.requests.filter((p) => p.startsWith('/python/')).length;
    const r = await run(page, 'print("never")');
    expect(r.end).toMatchObject({ how: 'error', why: 'no-jspi' });
    expect(r.end.message).toContain('JavaScript runs in this one');
    expect(await page.evaluate(() => RustyYours.pythonSupported())).toBe(false);
    expect(site.requests.filter((p) => p.startsWith('/python/')).length).toBe(before);
    await pageStillWorks(page);
  });

  test('Pyodide\'s files missing: one clear error, and the page lives on', async ({ page }) => {
    const r = await run(page, 'print("never")', { pythonUrl: '/not-here/' });
    expect(r.end).toMatchObject({ how: 'error', why: 'fetch' });
    expect(r.end.message).toContain('could not be fetched');
    await pageStillWorks(page);
  });

  test('the page fetches Pyodide\'s files once for every run, and the frames\' CSP hashes match their scripts', async ({ page }) => {
    const count = () => site.requests.filter((p) => p === '/python/pyodide.asm.wasm').length;
    const before = count();
    for (let i = 0; i < 2; i++) expect((await run(page, 'def run_agent(task):\n    return "ok"')).end.how).toBe('returned');
    expect(count() - before).toBe(1);
    execFileSync('node', [new URL('../../scripts/yours-sandbox-csp.mjs', import.meta.url).pathname, '--check']);
    const html = readFileSync(new URL('../../assets/yours/sandbox-py.html', import.meta.url), 'utf8');
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)[1];
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[^']+' blob: 'wasm-unsafe-eval';/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});

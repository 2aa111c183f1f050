// Rusty Lock, "Your own loop": runs a learner's agent loop in a fresh sandbox and answers it.
//
//   const run = RustyYours.run(options, handlers); run.done.then((end) => ...); run.stop();
//
// Each run gets its own iframe (sandbox="allow-scripts" only: an opaque origin, under a CSP with no
// network), its own random token and its own handlers; the iframe is removed when the run ends.
// The code itself runs in a worker inside that frame, on virtual time (see sandbox.html). This
// file only relays: it calls the page's handlers for every request, tool call and log line, and
// keeps a real-time watchdog. The contract is /tmp/yours-design.md, part S.
(() => {
  'use strict';

  const runs = new Map(); // the frame's window -> its run
  const MAX_BATCH = 10000;

  // One listener for all runs, there only while a run is going.
  function onMessage(event) {
    const run = event.source ? runs.get(event.source) : undefined;
    if (!run) return;
    const m = event.data;
    if (!m || typeof m !== 'object' || m.rustyYours !== run.token) return;
    run.receive(m);
  }
  function track(win, run) {
    if (runs.size === 0) window.addEventListener('message', onMessage);
    runs.set(win, run);
  }
  function untrack(win) {
    if (!runs.delete(win)) return;
    if (runs.size === 0) window.removeEventListener('message', onMessage);
  }

  function randomToken() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  // What the page's handlers get and give: plain data with the expected types, nothing more.
  const num = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const str = (v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  function stringMap(v) {
    const out = {};
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out[str(k).toLowerCase()] = str(x);
    return out;
  }
  function jsonCopy(v) {
    try { return v === undefined ? null : JSON.parse(JSON.stringify(v)); } catch (_) { return null; }
  }
  function serveReply(r) {
    const kind = r && r.kind;
    if (kind === 'hang') return { kind };
    if (kind === 'drop') return { kind, delayMs: Math.max(0, num(r.delayMs)) };
    const out = { kind: kind === 'stream' ? 'stream' : 'answer', status: num(r && r.status, 200), headers: stringMap(r && r.headers), delayMs: Math.max(0, num(r && r.delayMs)) };
    if (out.kind === 'stream') out.chunks = Array.isArray(r.chunks) ? r.chunks.map(str) : [];
    else out.body = str(r && r.body);
    return out;
  }
  function toolReply(r) {
    return r && r.ok ? { ok: true, output: str(r.output) } : { ok: false, message: str(r && r.message) };
  }

  function run(options, handlers) {
    options = options || {};
    handlers = handlers || {};
    const token = randomToken();
    const budgetMs = num(options.budgetMs, 2000) > 0 ? num(options.budgetMs, 2000) : 2000;
    let finished = false;
    let ready = false;
    let t = 0; // the latest virtual time the frame told of
    let lastHeard = performance.now();
    let resolveDone;
    const done = new Promise((resolve) => { resolveDone = resolve; });

    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.title = 'Rusty Lock sandbox';
    frame.style.cssText = 'position:absolute;left:-10px;top:-10px;width:1px;height:1px;border:0;visibility:hidden';

    function finish(end) {
      if (finished) return;
      finished = true;
      clearInterval(watchdog);
      if (frame.contentWindow) untrack(frame.contentWindow);
      frame.remove(); // ends the worker too
      resolveDone({ t, ...end });
    }

    function call(name, arg) {
      const f = handlers[name];
      return typeof f === 'function' ? f(arg) : undefined;
    }

    const run = {
      token,
      receive(m) {
        if (finished) return;
        lastHeard = performance.now();
        if (m.type === 'ready' && !ready) {
          ready = true;
          frame.contentWindow.postMessage({
            rustyYours: token, type: 'start', code: str(options.code), task: str(options.task),
            seed: num(options.seed) >>> 0, llm: { baseURL: str(options.llm && options.llm.baseURL), model: str(options.llm && options.llm.model), apiKey: str(options.llm && options.llm.apiKey) },
            toolSchemas: jsonCopy(options.toolSchemas) || [], virtualLimitMs: num(options.virtualLimitMs, 600000),
          }, '*'); // an opaque origin cannot be named; the window itself is the one we made
          return;
        }
        if (m.type !== 'out' || !ready || !Array.isArray(m.batch)) return;
        const replies = [];
        try {
          for (const item of m.batch.slice(0, MAX_BATCH)) {
            if (!item || typeof item !== 'object') continue;
            if (typeof item.t === 'number' && item.t > t) t = item.t;
            const id = Math.trunc(num(item.id));
            if (item.type === 'serve') {
              const q = item.req || {};
              const req = { id, t: num(q.t), url: str(q.url), method: str(q.method), headers: stringMap(q.headers), body: str(q.body) };
              replies.push({ key: `r${id}`, reply: serveReply(call('serve', req)) });
            } else if (item.type === 'tool') {
              replies.push({ key: `t${id}`, reply: toolReply(call('tool', { id, t: num(item.t), name: str(item.name), args: jsonCopy(item.args) })) });
            } else if (item.type === 'abort') {
              call('abort', { id, t: num(item.t) });
            } else if (item.type === 'log') {
              call('log', { t: num(item.t), level: str(item.level), text: str(item.text) });
            } else if (item.type === 'end') {
              const end = { how: str(item.how), t: num(item.t) };
              if (!['returned', 'threw', 'stalled', 'time-limit', 'error'].includes(end.how)) end.how = 'error';
              if (typeof item.value === 'string') end.value = item.value;
              if (item.message !== undefined) end.message = str(item.message);
              if (typeof item.name === 'string') end.name = item.name;
              t = end.t;
              finish(end);
              return;
            }
            if (finished) return; // a handler stopped the run
          }
        } catch (err) {
          // A handler of the page threw: the page's fault, not the code's.
          finish({ how: 'error', message: `the page's handler failed: ${err && err.message}` });
          return;
        }
        if (replies.length) frame.contentWindow.postMessage({ rustyYours: token, type: 'replies', replies }, '*');
      },
    };

    // The watchdog: no word from the frame for budgetMs means the code holds its thread (an endless
    // loop, an endless allocation) or the worker died; the frame goes, and the page goes on.
    const watchdog = setInterval(() => {
      if (performance.now() - lastHeard <= budgetMs) return;
      finish(ready
        ? { how: 'blocked', message: `your code did not give control back within ${budgetMs / 1000} s` }
        : { how: 'error', message: 'the sandbox did not start' });
    }, Math.max(25, Math.min(250, budgetMs / 4)));

    try {
      const url = new URL(str(options.sandboxUrl) || 'yours/sandbox.html', document.baseURI);
      url.hash = new URLSearchParams({ token, origin: location.origin }).toString();
      frame.src = url.href;
      (document.body || document.documentElement).appendChild(frame);
      track(frame.contentWindow, run);
    } catch (err) {
      finish({ how: 'error', message: `the sandbox could not be made: ${err && err.message}` });
    }

    return { done, stop: () => finish({ how: 'stopped' }) };
  }

  window.RustyYours = Object.freeze({ run });
})();

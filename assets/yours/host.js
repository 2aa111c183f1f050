// Rusty Lock, "Your own loop": runs a learner's agent loop in a fresh sandbox and answers it.
// The contract is /tmp/yours-design.md, part S (issue 26).
//
//   const run = RustyYours.run(options, handlers);  // { done: Promise<End>, stop() }; never rejects
//   RustyYours.prepare(sandboxUrl, n)                // optional: load n spare frames ahead (max 8)
//   RustyYours.release()                             // optional: remove the spare frames now
//   RustyYours.pythonSupported()                     // false in a browser without JSPI: say so, offer JavaScript
//   RustyYours.loadPython(pythonUrl, onProgress)     // optional: fetch Pyodide's files ahead (a progress
//                                                    // bar: onProgress({ loaded, total })); resolves { bytes }
//
// options: { sandboxUrl, code, task, seed, llm: { baseURL, model, apiKey }, toolSchemas,
//            budgetMs = 2000, virtualLimitMs = 600000,
//            language = 'javascript' | 'python', pythonUrl = 'python/' (Pyodide's files), loadBudgetMs = 60000 }
// Python (issue 42): the same messages and the same End. The frame is sandbox-py.html; the page
// fetches Pyodide's files (once, kept as Blobs) and hands them to the frame as soon as it is
// ready, so a spare frame starts Python before a run takes it. The page's first Python frame also
// hands back a memory snapshot of its started interpreter (31 MB, kept in memory, and in Cache
// Storage for the next visit): every later frame restores a fresh interpreter from it in well
// under a second. Until the frame says Python
// is ready the watchdog allows loadBudgetMs, then budgetMs as for JavaScript. handlers.python({
// phase: 'fetching' | 'starting' | 'ready', loaded?, total? (bytes), ms?, wasmMs?, steps? (how the
// worker's start split) }) tells the page what to show meanwhile. A Python spare frame waits 30 s
// for the next run (it cost the machine a second or more), a JavaScript one 1 s.
// handlers (synchronous, each optional): serve(req) -> answer | stream | drop | hang (req: { id, t, url,
//            method, headers, body, site }: site, the lines of the code the call came from, innermost first),
//            abort({ id, t, spent? }) (spent: { url, method, body } of a fetch whose signal had
//            already fired: it never went out), tool({ id, t, name, args, site }) -> { ok, output } | { ok: false, message },
//            log({ t, level, text })
// End: { how: 'returned' | 'threw' | 'no-agent' | 'stalled' | 'blocked' | 'time-limit' | 'stopped' | 'error', t,
//        value? (returned, a string), message? (threw, blocked, error), name? (threw: the error's name),
//        line? (threw: the line of the code it was thrown at, when its stack tells),
//        mistake? (threw: { kind: 'package', name } for an import or require, { kind: 'process' }),
//        found? (no-agent: the functions the code defined at its top level; it defined no runAgent
//        nor run_agent and asked nothing of the server),
//        why? (error: 'no-jspi' in a browser that cannot run Python, 'fetch' when Pyodide's files
//        could not be fetched, 'load' / 'worker' when Python did not start),
//        placeholders? (Python: the page's names whose placeholder, such as TOOL_SCHEMAS = [...], the page met),
//        env? (the environment names the code read that the page answered: a key, an address, a model),
//        starved? (blocked: true when the machine was too busy for the watchdog to be sure: the page may
//        run the case again), watch? (blocked, and the watchdog's errors: what it saw, in ms) }
//
// Each run gets its own iframe (sandbox="allow-scripts" only: an opaque origin, under a CSP with no
// network), its own random token and its own handlers; the iframe is removed when the run ends.
// The code itself runs in a worker inside that frame, on virtual time (see sandbox.html). This
// file only relays: it calls the page's handlers for every request, tool call and log line, and
// keeps a watchdog: `blocked` when the worker says nothing for budgetMs (the frame still answers),
// `error` when the frame stops answering too (Chromium killed the sandbox's process). Its clock is
// real time less the page's own lateness, and the code's silence counts only while the frame
// answers promptly: a busy machine is not a busy loop (see the watchdog below).
(() => {
  'use strict';

  const frames = new Map(); // a frame's window -> what receives its messages
  const DEFAULT_URL = 'yours/sandbox.html';
  const PYTHON_SANDBOX_URL = 'yours/sandbox-py.html';
  const PYTHON_URL = 'python/';
  const PYTHON_FILES = ['pyodide-lock.json', 'pyodide.mjs', 'pyodide.asm.mjs', 'python_stdlib.zip', 'pyodide.asm.wasm'];
  const NO_JSPI = 'Python runs here only in a browser with WebAssembly JSPI (Chrome or Edge 137 and later, Firefox 153 and later, Safari 27 and later); JavaScript runs in this one';

  const pythonSupported = () => typeof WebAssembly === 'object' && WebAssembly !== null && typeof WebAssembly.Suspending === 'function';

  // Pyodide's files, fetched once per page from its own origin (so through its service worker and
  // HTTP cache), kept as Blobs that every frame is handed. A failed fetch is forgotten, to try again.
  const pythonLoads = new Map(); // base URL -> { promise, loaded, total, listeners }
  function loadPython(pythonUrl, onProgress) {
    const base = new URL(str(pythonUrl) || PYTHON_URL, document.baseURI).href.replace(/\/?$/, '/');
    let load = pythonLoads.get(base);
    if (!load) {
      load = { base, loaded: 0, total: 0, listeners: new Set() };
      const tell = () => { for (const f of load.listeners) { try { f({ loaded: load.loaded, total: load.total }); } catch (_) { /* the page's */ } } };
      load.promise = (async () => {
        const responses = await Promise.all(PYTHON_FILES.map(async (name) => {
          const r = await fetch(base + name, { credentials: 'same-origin' });
          if (!r.ok) throw new Error(`${name}: ${r.status}`);
          return r;
        }));
        for (const r of responses) load.total += Number(r.headers.get('content-length')) || 0;
        tell();
        // Kept as Blobs: the browser holds the bytes, and a frame gets them by reference, so neither
        // this page's thread nor the frame's copies megabytes (the worker reads them on its own).
        const files = {};
        await Promise.all(responses.map(async (r, i) => {
          const counted = r.body.pipeThrough(new TransformStream({
            transform(chunk, out) { load.loaded += chunk.byteLength; tell(); out.enqueue(chunk); },
          }));
          files[PYTHON_FILES[i]] = await new Response(counted).blob();
        }));
        return files;
      })();
      load.promise.catch(() => pythonLoads.delete(base));
      pythonLoads.set(base, load);
    }
    if (typeof onProgress === 'function') {
      load.listeners.add(onProgress);
      const off = () => load.listeners.delete(onProgress);
      load.promise.then(off, off);
    }
    return load.promise;
  }
  const MAX_BATCH = 10000;

  // The snapshot of a started interpreter, kept for the next visit in the page origin's Cache
  // Storage (31 MB): a reload then starts Python in about half a second instead of about three.
  // It is made by our own frame before any learner's code runs there (see note()), and keyed by
  // what it was made from: the frame's document (its runtime and preloads) and Pyodide's files.
  // Without Cache Storage (a page served over plain HTTP), or with any error, Python starts in
  // full, as on a first visit.
  const SNAPSHOTS = 'rusty-lock-python-snapshot';
  /** The kept snapshot's address for `load`, worked out once (a promise; null if it cannot be). */
  function snapshotKey(load, href, files) {
    if (!load.key) {
      load.key = (async () => {
        const doc = documents.get(href);
        const sizes = PYTHON_FILES.map((name) => `${name} ${files[name] ? files[name].size : 0}`).join('\n');
        const text = `${doc && doc.html !== null ? doc.html : href}\n${await files['pyodide-lock.json'].text()}\n${sizes}`;
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
        return `${load.base}snapshot-${Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')}`;
      })().catch(() => null);
    }
    return load.key;
  }
  /** The snapshot an earlier visit kept, into load.snapshot when there is none yet; never throws. */
  function storedSnapshot(load, href, files) {
    if (!load.stored) {
      load.stored = (async () => {
        if (typeof caches !== 'object' || !caches || typeof crypto !== 'object' || !crypto.subtle) return;
        const key = await snapshotKey(load, href, files);
        if (!key) return;
        const hit = await (await caches.open(SNAPSHOTS)).match(key);
        const blob = hit ? await hit.blob() : null;
        if (blob && blob.size > 0 && !load.snapshot) load.snapshot = blob;
      })().catch(() => {});
    }
    return load.stored;
  }
  function forgetSnapshot(load) {
    (async () => {
      const key = load.key ? await load.key : null;
      if (key) await (await caches.open(SNAPSHOTS)).delete(key);
    })().catch(() => {});
  }
  /** Keeps `snapshot` for the next visit, in place of any other kept for the same files' address. */
  function keepSnapshot(load, snapshot) {
    if (!load.stored) return; // a page that never looked (no frame started Python through note())
    (async () => {
      await load.stored;
      const key = load.key ? await load.key : null;
      if (!key) return;
      const cache = await caches.open(SNAPSHOTS);
      await cache.put(key, new Response(snapshot, { headers: { 'content-type': 'application/octet-stream' } }));
      for (const request of await cache.keys()) if (request.url.startsWith(`${load.base}snapshot-`) && request.url !== key) await cache.delete(request);
    })().catch(() => {});
  }

  // One listener for all frames, there only while a frame is.
  function onMessage(event) {
    const entry = event.source ? frames.get(event.source) : undefined;
    if (!entry) return;
    const m = event.data;
    if (!m || typeof m !== 'object' || m.rustyYours !== entry.token) return;
    entry.receive(m);
  }
  function track(win, entry) {
    if (frames.size === 0) window.addEventListener('message', onMessage);
    frames.set(win, entry);
  }
  function untrack(win) {
    if (!frames.delete(win)) return;
    if (frames.size === 0) window.removeEventListener('message', onMessage);
  }

  // The frame's document, fetched once by the page (so through its service worker and HTTP cache:
  // a sandboxed frame's own navigation is not served by the page's service worker, and the view
  // must work offline) and given to each frame as srcdoc. If it cannot be fetched (file://), the
  // frame loads it by address instead.
  const documents = new Map(); // sandbox URL -> { html, failed, loaded }
  function loadDocument(href) {
    let d = documents.get(href);
    if (!d) {
      d = { html: null, failed: false };
      d.loaded = fetch(href, { credentials: 'same-origin' })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then((html) => { d.html = html; }, () => { d.failed = true; documents.delete(href); });
      documents.set(href, d);
    }
    return d;
  }

  // A fresh frame with its own token. Until a run adopts it, it only notes that it is ready.
  function makeFrame(href, pythonUrl) {
    const token = randomToken();
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.title = 'Rusty Lock sandbox';
    frame.style.cssText = 'position:absolute;left:-10px;top:-10px;width:1px;height:1px;border:0;visibility:hidden';
    // The frame reads its token and the page's origin from its name (srcdoc) or its fragment.
    const params = new URLSearchParams({ token, origin: location.origin }).toString();
    const entry = {
      token, frame, win: null, ready: false, removed: false, url: href, key: spareKey(href, pythonUrl), pythonUrl,
      loaded: !pythonUrl, failed: null, // Python only: ready to run, or why it cannot start
      receive(m) { note(entry, m); },
      phase() {}, // a run that adopts the frame tells its page
      remove() { // removing the frame ends its worker too
        entry.removed = true;
        if (entry.win) untrack(entry.win);
        frame.remove();
      },
    };
    const doc = loadDocument(href);
    const mount = () => {
      if (entry.removed) return;
      if (doc.html !== null) { frame.name = params; frame.srcdoc = doc.html; } else frame.src = `${href}#${params}`;
      (document.body || document.documentElement).appendChild(frame);
      entry.win = frame.contentWindow;
      track(entry.win, entry);
    };
    if (doc.html !== null || doc.failed) mount(); else doc.loaded.then(mount);
    return entry;
  }

  // What any frame's messages tell before a run reads them: ready (then a Python frame gets its
  // files), Python ready, or Python failing to start.
  function note(entry, m) {
    if (m.type === 'ready' && !entry.ready) {
      entry.ready = true;
      if (entry.pythonUrl) {
        entry.phase('fetching');
        loadPython(entry.pythonUrl, (p) => entry.phase('fetching', p)).then(async (files) => {
          if (entry.removed) return;
          entry.phase('starting');
          const load = loadOf(entry);
          if (load) await storedSnapshot(load, entry.url, files);
          if (entry.removed) return;
          entry.given = load && load.snapshot ? load.snapshot : null;
          const snapshot = entry.given ? { snapshot: entry.given } : {};
          entry.win.postMessage({ rustyYours: entry.token, type: 'load', files: { ...files, ...snapshot } }, '*');
        }, (err) => {
          // Through receive: a run that has taken this frame ends at once.
          if (!entry.removed) entry.receive({ type: 'load-failed', why: 'fetch', message: `Python's files could not be fetched (${err && err.message})` });
        });
      }
    } else if (m.type === 'loaded' && entry.pythonUrl && !entry.loaded) {
      entry.loaded = true;
      entry.loadMs = num(m.ms);
      entry.wasmMs = num(m.wasmMs);
      entry.steps = {};
      if (m.steps && typeof m.steps === 'object') for (const k of ['importMs', 'pyodideMs', 'restoreMs', 'runtimeMs', 'snapshotMs', 'snapshotBytes', 'fromSnapshot']) entry.steps[k] = num(m.steps[k]);
      if (m.steps && m.steps.snapshotError) entry.steps.snapshotError = str(m.steps.snapshotError);
      // The first frame's snapshot of a started interpreter: the next frames start from it, and so
      // does the next visit (kept in Cache Storage). A frame that was given a snapshot only makes
      // one when that one would not restore: its new one replaces it.
      const load = loadOf(entry);
      if (load && m.snapshot instanceof Blob && (!load.snapshot || load.snapshot === entry.given)) {
        load.snapshot = m.snapshot;
        keepSnapshot(load, m.snapshot);
      }
      entry.phase('ready', { ms: entry.loadMs, wasmMs: entry.wasmMs, steps: entry.steps });
    } else if (m.type === 'load-failed' && entry.pythonUrl && !entry.failed) {
      entry.failed = { why: str(m.why).slice(0, 40) || 'load', message: str(m.message).slice(0, 500) };
      // A frame that could not start from the snapshot it was given: the next ones start in full.
      const load = loadOf(entry);
      if (load && entry.given && load.snapshot === entry.given) {
        load.snapshot = null;
        forgetSnapshot(load);
      }
    }
  }
  /** The Python files' load a frame's Python URL names (loadPython keys them by that URL). */
  function loadOf(entry) { return pythonLoads.get(entry.pythonUrl.replace(/\/?$/, '/')); }
  function spareKey(href, pythonUrl) { return pythonUrl ? `${href} ${pythonUrl}` : href; }

  // Spare frames, loaded ahead so that a run finds its sandbox ready: one after each run (the next
  // press), or as many as prepare(url, n) asks (a report card about to run n cases at once). Each is
  // fresh and never shared: a run takes one, and the spares go after a second with no run going.
  let spares = [];
  let wanted = 1;
  let spareTimer = 0;
  const SPARE_IDLE_MS = 1000;
  const PREPARED_IDLE_MS = 10000;
  const MAX_SPARES = 8;
  let spareEpoch = 0; // counts releases: a top-up planned before one is not made after it
  let owed = 0; // frames warm() still has to make, one per task
  let owedTimer = 0;
  function dropSpares() {
    spareEpoch++;
    clearTimeout(spareTimer);
    clearTimeout(owedTimer);
    owed = 0;
    for (const s of spares) s.remove();
    spares = [];
    wanted = 1;
  }
  let active = 0; // runs going now: the spares wait as long as one is
  // A Python spare has cost seconds to start: it waits longer for the next run.
  const PYTHON_SPARE_IDLE_MS = 30000;
  function idleCountdown(ms = SPARE_IDLE_MS) {
    clearTimeout(spareTimer);
    if (spares.some((s) => s.pythonUrl)) ms = Math.max(ms, PYTHON_SPARE_IDLE_MS);
    if (spares.length && active === 0) spareTimer = setTimeout(dropSpares, ms);
  }
  // The page may call this ahead (the view opened, a report card is coming): those spares wait 10 s.
  // A Python frame (pythonUrl given) costs a second or more of the machine's time to start:
  // at most MAX_PYTHON_SPARES of them wait.
  function prepare(sandboxUrl, count, pythonUrl) {
    warm(sandboxUrl, count, pythonUrl);
    idleCountdown(PREPARED_IDLE_MS);
  }
  const MAX_PYTHON_SPARES = 2;
  function warm(sandboxUrl, count, pythonUrl) {
    const href = new URL(sandboxUrl || (pythonUrl ? PYTHON_SANDBOX_URL : DEFAULT_URL), document.baseURI).href.split('#')[0];
    const py = pythonUrl ? new URL(pythonUrl, document.baseURI).href : '';
    const key = spareKey(href, py);
    if (spares.some((s) => s.key !== key)) dropSpares();
    if (count !== undefined) wanted = Math.max(1, Math.min(py ? MAX_PYTHON_SPARES : MAX_SPARES, Math.trunc(num(count, 1))));
    // One frame now, the others owed, one per task: a frame costs the page's thread 8 to 15 ms
    // (its creation and first document), so eight at once (a report card about to start) or
    // two with a detach (a Python card's every case) made a long task on a busy machine.
    owed = Math.max(0, wanted - spares.length); // so that the spares and those owed make `wanted`
    makeOwed(href, py);
  }
  function makeOwed(href, py) {
    clearTimeout(owedTimer);
    if (owed <= 0) return;
    owed--;
    spares.push(makeFrame(href, py));
    if (owed > 0) owedTimer = setTimeout(() => makeOwed(href, py), 0);
  }
  function takeFrame(sandboxUrl, pythonUrl) {
    const href = new URL(sandboxUrl, document.baseURI).href.split('#')[0];
    const py = pythonUrl ? new URL(pythonUrl, document.baseURI).href : '';
    const key = spareKey(href, py);
    // A spare with Python ready first, then a ready one, then one still loading, else a new frame.
    const h = spares.findIndex((s) => s.key === key && s.ready && s.loaded);
    const i = h >= 0 ? h : spares.findIndex((s) => s.key === key && s.ready);
    const j = i >= 0 ? i : spares.findIndex((s) => s.key === key);
    if (j < 0) return makeFrame(href, py);
    const [entry] = spares.splice(j, 1);
    return entry;
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
  // The lines of the code a call came from, innermost first: at most three whole numbers.
  function sites(list) {
    return Array.isArray(list) ? list.filter((n) => Number.isInteger(n) && n > 0 && n < 1e6).slice(0, 3) : [];
  }
  function toolReply(r) {
    return r && r.ok ? { ok: true, output: str(r.output) } : { ok: false, message: str(r && r.message) };
  }

  function run(options, handlers) {
    options = options || {};
    handlers = handlers || {};
    const budgetMs = num(options.budgetMs, 2000) > 0 ? num(options.budgetMs, 2000) : 2000;
    const python = options.language === 'python';
    const pythonUrl = python ? new URL(str(options.pythonUrl) || PYTHON_URL, document.baseURI).href : '';
    const loadBudgetMs = num(options.loadBudgetMs, 60000) > 0 ? num(options.loadBudgetMs, 60000) : 60000;
    const sandboxUrl = str(options.sandboxUrl) || (python ? PYTHON_SANDBOX_URL : DEFAULT_URL);
    let finished = false;
    let started = false;
    let t = 0; // the latest virtual time the frame told of
    let lastHeard = performance.now(); // real time of the frame's last word (told with a verdict)
    const TICK_MS = Math.max(25, Math.min(250, budgetMs / 4));
    const CRASH_MS = 5000;       // a frame that answers no ping for this long has lost its process
    const KEEP_MS = Math.max(500, 3 * TICK_MS); // a ping answered within this: the frame runs
    const START_MS = Math.max(budgetMs, 8000);  // a new frame's first word (a new process, maybe)
    const STARVED_FACTOR = 3; // × budgetMs of silence, the frame answering or not: judged starved
    let clock = 0;           // the watchdog's clock: real time, less the page's own lateness
    let lastTick = performance.now();
    let heardAt = 0;         // on that clock, the frame's last word of the worker
    let quiet = 0;           // the code's silence while the frame kept answering (toward `blocked`)
    let pingAt = -1;         // on that clock, when the unanswered ping went; -1 if none
    let maxRttMs = 0;        // the slowest ping's answer, in real time (told with a verdict)
    let pingWall = 0;
    let late = 0;            // the page's lateness discounted so far
    const STARVED_MS = Math.max(STARVED_FACTOR * budgetMs, CRASH_MS + budgetMs);
    /** The frame said something of the worker. */
    function heard() { heardAt = clock; quiet = 0; lastHeard = performance.now(); }
    /** The frame answered the watchdog's ping. */
    function pong() { maxRttMs = Math.max(maxRttMs, performance.now() - pingWall); pingAt = -1; }
    /** What the watchdog saw, told with its verdict (real and counted milliseconds). */
    const watch = () => ({
      silentMs: Math.round(performance.now() - lastHeard), countedMs: Math.round(clock - heardAt), quietMs: Math.round(quiet),
      pingMs: pingAt < 0 ? 0 : Math.round(clock - pingAt), maxRttMs: Math.round(maxRttMs), lateMs: Math.round(late),
    });
    let resolveDone;
    const done = new Promise((resolve) => { resolveDone = resolve; });
    let entry = null;
    let watchdog = 0;
    active++;

    function finish(end) {
      if (finished) return;
      finished = true;
      active--;
      clearInterval(watchdog);
      // Spares may share the process this code hogged or crashed: drop them, at once.
      if (end.how === 'blocked' || end.how === 'error') {
        if (entry) entry.remove();
        dropSpares();
        idleCountdown();
      } else {
        // A run that ended by itself has its frame taken down in a task of its own, and the next
        // spare made in another: the page reads this end first. All three in one task made one
        // long task on a busy machine (a report card's every case), and the two together still
        // took 30 to 45 ms of the page's thread (a frame's detach, then a new frame's creation).
        // A stopped run's frame goes at once.
        const gone = entry;
        const natural = end.how === 'returned' || end.how === 'threw' || end.how === 'no-agent';
        if (gone && !natural) gone.remove();
        const epoch = spareEpoch;
        setTimeout(() => {
          if (gone && natural) gone.remove();
          setTimeout(() => {
            if (epoch === spareEpoch) warm(sandboxUrl, undefined, pythonUrl);
            idleCountdown();
          }, 0);
        }, 0);
      }
      resolveDone({ t, ...end });
    }

    function call(name, arg) {
      const f = handlers[name];
      return typeof f === 'function' ? f(arg) : undefined;
    }

    function start() {
      started = true;
      heard();
      entry.win.postMessage({
        rustyYours: entry.token, type: 'start', code: str(options.code), task: str(options.task),
        seed: num(options.seed) >>> 0,
        llm: { baseURL: str(options.llm && options.llm.baseURL), model: str(options.llm && options.llm.model), apiKey: str(options.llm && options.llm.apiKey) },
        toolSchemas: jsonCopy(options.toolSchemas) || [], virtualLimitMs: num(options.virtualLimitMs, 600000),
      }, '*'); // an opaque origin cannot be named; the window itself is the one we made
    }

    function receive(m) {
        if (finished) return;
        if (m.type === 'pong') { pong(); return; } // the frame lives; says nothing of the worker
        heard();
        note(entry, m);
        if (entry.failed) { finish({ how: 'error', ...entry.failed }); return; }
        if (m.type === 'ready') { if (!started) start(); return; }
        if (m.type !== 'out' || !started || !Array.isArray(m.batch)) return;
        const replies = [];
        try {
          for (const item of m.batch.slice(0, MAX_BATCH)) {
            if (!item || typeof item !== 'object') continue;
            if (typeof item.t === 'number' && item.t > t) t = item.t;
            const id = Math.trunc(num(item.id));
            if (item.type === 'serve') {
              const q = item.req || {};
              const req = { id, t: num(q.t), url: str(q.url), method: str(q.method), headers: stringMap(q.headers), body: str(q.body), site: sites(item.site) };
              replies.push({ key: `r${id}`, reply: serveReply(call('serve', req)) });
            } else if (item.type === 'tool') {
              replies.push({ key: `t${id}`, reply: toolReply(call('tool', { id, t: num(item.t), name: str(item.name), args: jsonCopy(item.args), site: sites(item.site) })) });
            } else if (item.type === 'abort') {
              // `spent`: a fetch given a signal that had already fired, which never went out.
              const spent = item.spent && typeof item.spent === 'object'
                ? { spent: { url: str(item.spent.url), method: str(item.spent.method), body: str(item.spent.body).slice(0, 200_000) } } : {};
              call('abort', { id, t: num(item.t), ...spent });
            } else if (item.type === 'log') {
              call('log', { t: num(item.t), level: str(item.level), text: str(item.text) });
            } else if (item.type === 'end') {
              const end = { how: str(item.how), t: num(item.t) };
              if (!['returned', 'threw', 'no-agent', 'stalled', 'time-limit', 'error'].includes(end.how)) end.how = 'error';
              if (typeof item.value === 'string') end.value = item.value;
              if (item.message !== undefined) end.message = str(item.message);
              if (typeof item.name === 'string') end.name = item.name;
              if (Number.isInteger(item.line) && item.line > 0) end.line = item.line;
              const mistake = item.mistake;
              if (mistake && typeof mistake === 'object' && ['package', 'process', 'input'].includes(mistake.kind)) {
                end.mistake = { kind: mistake.kind };
                if (mistake.kind === 'package') end.mistake.name = str(mistake.name).slice(0, 200);
              }
              if (end.how === 'no-agent') end.found = Array.isArray(item.found) ? item.found.slice(0, 20).map((n) => str(n).slice(0, 80)) : [];
              if (end.how === 'error' && typeof item.why === 'string') end.why = item.why.slice(0, 40);
              if (Array.isArray(item.placeholders)) end.placeholders = item.placeholders.slice(0, 10).map((n) => str(n).slice(0, 40));
              // The environment names the page answered (issue 51): names only, never a value.
              if (Array.isArray(item.env)) end.env = item.env.slice(0, 20).map((n) => str(n).slice(0, 60)).filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
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
        if (replies.length) entry.win.postMessage({ rustyYours: entry.token, type: 'replies', replies }, '*');
    }

    // The watchdog: no word from the frame for budgetMs means the code holds its thread (an endless
    // loop, an endless allocation) or the worker died; the frame goes, and the page goes on.
    // Each tick also pings the frame itself: a frame that stops answering too has lost its process
    // (Chromium kills a sandbox process whose worker reached the memory limit; the page lives on).
    //
    // It judges on its own clock, never on the wall's alone: a busy machine must not pass for a
    // busy loop or a crash. Two things it discounts:
    // - the page's own lateness. While this page's thread is held (a long task, or the machine
    //   starving it), the frame's messages wait unread in its queue, and Chromium runs the overdue
    //   tick before them (traced: a pong that arrived during a 1.2 s hold was read after the tick,
    //   10 times in 10). So a late tick counts for at most two periods, whatever the wall says.
    //   Before this, a held page thread alone made "the sandbox crashed" (a ping 1 s old, the worker
    //   silent 1 s, both on the wall) and `blocked` (3 s of wall): "could not start (0 requests)".
    // - a frame that is alive but slow. The code's silence counts toward `blocked` only while the
    //   frame keeps answering its pings promptly: its process then runs, so a worker that says
    //   nothing holds its thread. A frame slow to answer (its process starved) stops that count;
    //   one that does not answer at all for CRASH_MS of the watchdog's clock has crashed.
    // A run the machine starved so long that it could not be judged still ends (`blocked` after
    // STARVED_FACTOR × budgetMs of silence on the watchdog's clock), told `starved: true`, as is a
    // `blocked` whose budget took half as long again on the wall: the page may run it again.
    watchdog = setInterval(() => {
      const nowMs = performance.now();
      const step = Math.min(nowMs - lastTick, 2 * TICK_MS);
      late += nowMs - lastTick - step;
      lastTick = nowMs;
      clock += step;
      const silent = clock - heardAt;
      const answering = pingAt < 0 || clock - pingAt <= KEEP_MS;
      if (started && answering) quiet += step;
      const loading = entry && !entry.loaded;
      if (started && pingAt >= 0 && clock - pingAt >= CRASH_MS && silent >= CRASH_MS) {
        finish({ how: 'error', message: 'the sandbox crashed (most likely it ran out of memory)', watch: watch() });
      } else if (loading && silent > Math.max(budgetMs, loadBudgetMs)) {
        // Python starting is the runner's own work, not the code's: it gets loadBudgetMs.
        finish({ how: 'error', why: 'load', message: `Python did not start within ${Math.max(budgetMs, loadBudgetMs) / 1000} s`, watch: watch() });
      } else if (!started && !loading && silent > START_MS) {
        finish({ how: 'error', message: 'the sandbox did not start', watch: watch() });
      } else if (started && !loading && (quiet >= budgetMs || silent >= STARVED_MS)) {
        const w = watch();
        const starved = quiet < budgetMs || w.silentMs >= 1.5 * budgetMs;
        finish({ how: 'blocked', message: `your code did not give control back within ${budgetMs / 1000} s`, watch: w, ...(starved ? { starved } : {}) });
      } else if (started && pingAt < 0) {
        pingAt = clock;
        pingWall = nowMs;
        entry.win.postMessage({ rustyYours: entry.token, type: 'ping' }, '*');
      }
    }, TICK_MS);

    if (python && !pythonSupported()) {
      finish({ how: 'error', why: 'no-jspi', message: NO_JSPI });
      return { done, stop: () => {} };
    }
    try {
      entry = takeFrame(sandboxUrl, pythonUrl);
      idleCountdown(); // no spare goes while a run is going
      entry.receive = receive;
      entry.phase = (phase, extra) => { try { if (!finished) call('python', { phase, ...extra }); } catch (_) { /* the page's */ } };
      if (entry.failed) { finish({ how: 'error', ...entry.failed }); return { done, stop: () => finish({ how: 'stopped' }) }; }
      if (entry.pythonUrl) entry.phase(entry.loaded ? 'ready' : entry.win && entry.ready ? 'starting' : 'fetching', entry.loaded ? { ms: entry.loadMs, wasmMs: entry.wasmMs } : {});
      if (entry.ready) start();
    } catch (err) {
      finish({ how: 'error', message: `the sandbox could not be made: ${err && err.message}` });
    }

    return { done, stop: () => finish({ how: 'stopped' }) };
  }

  window.RustyYours = Object.freeze({
    run, prepare, release: dropSpares, pythonSupported,
    loadPython: (pythonUrl, onProgress) => loadPython(pythonUrl, onProgress).then((files) => ({ bytes: Object.values(files).reduce((n, b) => n + b.size, 0) })),
  });
})();

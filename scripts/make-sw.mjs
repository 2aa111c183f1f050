// Writes the service worker (sw.js) into a built site, from the files really there: Trunk's
// post-build hook runs it through scripts/split-stage.sh, after the lazy parts are staged.
//
//   node scripts/make-sw.mjs <site-dir>
//
// The worker precaches every file of this build (the hashed JS, wasm and CSS, the lazy parts in
// lazy-<hash>/, index.html, the manifest and its icons), each fetched with its SHA-256 as the
// request's integrity, so a cache never holds a file from another build. Its version is a hash
// of all of them: a rebuild that changes any file changes sw.js, which is how the browser learns
// there is an update. It answers only for those files and for the page itself; every other
// request (a real model endpoint, another origin, any other path) goes to the network untouched
// and is never cached. Why each rule is there is said in the worker's own comments below.
//
// Python's runtime (python/, Pyodide: 12.6 MB, 5.6 MB of gzip) is the exception: precaching it
// would make every visitor download it, and most never run Python. Its files are listed with
// their hashes all the same (they count in the version), but the worker keeps each one only the
// first time the page fetches it (yours/host.js, at a learner's first Python run), checked
// against its hash; from then on it serves it from the cache, offline too. An update carries
// them over from the previous build's cache when their bytes are the same.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const site = process.argv[2];
if (!site || !statSync(site, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('usage: node scripts/make-sw.mjs <site-dir>');
  process.exit(2);
}

// Not precached: the worker itself, and 404.html (a copy of index.html for hosts without a
// fallback; the worker answers the page from index.html).
const SKIP = new Set(['sw.js', '404.html']);
// Cached on first use, not at install: Python's runtime.
const ON_FIRST_USE = /^python\//;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : [path];
  });
}

const files = walk(site)
  .map((path) => relative(site, path).split(sep).join('/'))
  .filter((name) => !SKIP.has(name) && !name.startsWith('.'))
  .sort();
if (!files.includes('index.html')) {
  console.error(`make-sw.mjs: no index.html in ${site}`);
  process.exit(1);
}

const hashed = files.map((name) => {
  const bytes = readFileSync(join(site, name));
  return [name, `sha256-${createHash('sha256').update(bytes).digest('base64')}`];
});
const precache = hashed.filter(([name]) => !ON_FIRST_USE.test(name));
const onFirstUse = hashed.filter(([name]) => ON_FIRST_USE.test(name));
// Every file counts in the version, those kept on first use too: a new Pyodide is a new build.
const version = createHash('sha256').update(JSON.stringify(hashed)).digest('hex').slice(0, 16);

const worker = `// Rusty Lock's service worker, written by scripts/make-sw.mjs at build time. Do not edit.
'use strict';
const VERSION = ${JSON.stringify(version)};
// [file, integrity], relative to this worker, which sits at the site's root.
const FILES = ${JSON.stringify(precache)};
// The same, for the files kept only once the page first fetches them (Python's runtime).
const LATER = ${JSON.stringify(onFirstUse)};
// One cache per build and per place the site is served from: two copies on one origin
// (say /rusty-lock/ and /test/) never delete each other's files.
const PREFIX = 'rusty-lock ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;
const url = (name) => new URL(name, self.registration.scope).href;
const OWN = new Set(FILES.map(([name]) => url(name)));
const LATER_INTEGRITY = new Map(LATER.map(([name, integrity]) => [url(name), integrity]));
const PAGE = [url('./'), url('index.html')];

/** Whether \`response\`'s bytes have the SHA-256 \`integrity\` names. */
async function matches(response, integrity) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return 'sha256-' + btoa(binary) === integrity;
}

// The files kept on first use that an older build of this site already kept, with the same bytes:
// into the new cache, so an update does not take Python offline (nor fetch it again). Never fails
// the install: a file not carried over is fetched at its next use.
async function carryOver(cache) {
  const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
  await Promise.all(LATER.map(async ([name, integrity]) => {
    for (const key of older) {
      try {
        const hit = await (await caches.open(key)).match(url(name));
        if (hit && await matches(hit, integrity)) return cache.put(url(name), hit);
      } catch (_) { /* fetched at its next use instead */ }
    }
  }));
}

// Fetch every file of this build, checked against its hash and past any HTTP cache, or fail
// the install (the previous build then stays in charge, whole).
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(FILES.map(async ([name, integrity]) => {
    const response = await fetch(new Request(url(name), { cache: 'reload', integrity }));
    if (!response.ok) throw new Error(name + ': HTTP ' + response.status);
    // A host that redirects (index.html to ./, say) gives a redirected response, which must not
    // answer a navigation: keep its body and headers only.
    const clean = response.redirected ? new Response(await response.blob(), { headers: response.headers }) : response;
    await cache.put(url(name), clean);
  })).then(() => carryOver(cache))));
});

// Taking over: delete this site's caches from older builds. A first install also takes the open
// page, so its lazy parts come from here at once; an update only runs once the page asks for it
// (the "reload" notice), never under a running lesson.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

// A file kept on first use: from this build's cache if there, else fetched with its hash as the
// request's integrity (a file of another build fails, as the page would with no network) and kept
// for next time. A fetch that fails is not kept, so the next use tries again.
function firstUse(event, key, integrity) {
  return caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(key);
    if (hit) return hit;
    const response = await fetch(new Request(key, { integrity, credentials: 'same-origin' }));
    if (response.ok && !response.redirected) event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
    return response;
  });
}

// Answer only for this build's own files and the page itself, from this build's cache. Anything
// else (a model endpoint on any origin, other paths, POSTs) is not intercepted at all.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const at = new URL(request.url);
  const bare = at.origin + at.pathname;
  if (at.search === '' && LATER_INTEGRITY.has(bare)) {
    event.respondWith(firstUse(event, bare, LATER_INTEGRITY.get(bare)));
    return;
  }
  let key = null;
  if (request.mode === 'navigate' && PAGE.includes(bare)) key = url('index.html');
  else if (at.search === '' && OWN.has(bare)) key = bare;
  if (!key) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(key))
    .then((hit) => hit || fetch(request)));
});
`;

writeFileSync(join(site, 'sw.js'), worker);
console.log(`make-sw.mjs: sw.js ${version}, ${precache.length} files precached, ${onFirstUse.length} kept on first use (python/)`);

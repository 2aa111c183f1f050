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

const precache = files.map((name) => {
  const bytes = readFileSync(join(site, name));
  return [name, `sha256-${createHash('sha256').update(bytes).digest('base64')}`];
});
const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 16);

const worker = `// Rusty Lock's service worker, written by scripts/make-sw.mjs at build time. Do not edit.
'use strict';
const VERSION = ${JSON.stringify(version)};
// [file, integrity], relative to this worker, which sits at the site's root.
const FILES = ${JSON.stringify(precache)};
// One cache per build and per place the site is served from: two copies on one origin
// (say /rusty-lock/ and /test/) never delete each other's files.
const PREFIX = 'rusty-lock ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;
const url = (name) => new URL(name, self.registration.scope).href;
const OWN = new Set(FILES.map(([name]) => url(name)));
const PAGE = [url('./'), url('index.html')];

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
  }))));
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

// Answer only for this build's own files and the page itself, from this build's cache. Anything
// else (a model endpoint on any origin, other paths, POSTs) is not intercepted at all.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const at = new URL(request.url);
  const bare = at.origin + at.pathname;
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
console.log(`make-sw.mjs: sw.js ${version}, ${files.length} files precached`);

// A small static host for the deploy tests: serves a built site (the release dist/) under any
// path prefix, the way a school server or GitHub Pages would, and records every request it gets,
// so a test can check that nothing was asked for outside that path. Tests start and stop it
// themselves: stopping it is how they take the network away.
import http from 'node:http';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// RUSTY_LOCK_DIST points the tests at another build (a damaged copy, to see a test fail).
export const DIST = process.env.RUSTY_LOCK_DIST || fileURLToPath(new URL('../../dist/', import.meta.url));
const MAKE_SW = fileURLToPath(new URL('../../scripts/make-sw.mjs', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The model list a real endpoint would give, so a test can point the page at this host. */
const MODELS = JSON.stringify({ object: 'list', data: [{ id: 'same-origin-model', object: 'model', owned_by: 'test' }] });

/**
 * Serves `dir` at `prefix` ("/", "/rusty-lock/", ...) on a free loopback port. Returns
 * { base, origin, requests, dir (settable: the next request is served from the new folder),
 * sites (prefix -> folder: more copies on the same origin), cleanUrls, stop() }. Paths under a prefix that
 * name no file get 404.html with status 404, as GitHub Pages does; `<prefix>v1/models` answers
 * like a model server, for the endpoint tests.
 */
export async function serveSite(dir, prefix) {
  const requests = [];
  const sockets = new Set();
  const host = { requests, sites: {} };
  Object.defineProperty(host, 'dir', { get: () => host.sites[prefix], set: (d) => { host.sites[prefix] = d; } });
  host.dir = dir;
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    // The longest prefix that holds the path: a site at / does not hide one at /test/.
    const at = Object.keys(host.sites).filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    if (at === undefined) return send(res, 404, 'text/plain', 'outside the site');
    const root = host.sites[at];
    const rest = path.slice(at.length);
    if (rest === 'v1/models') return send(res, 200, 'application/json', MODELS);
    // Some hosts send /x/index.html on to /x/ ("clean URLs"); `cleanUrls` makes this one do so.
    if (host.cleanUrls && (rest === 'index.html' || rest.endsWith('/index.html'))) {
      res.writeHead(301, { location: at + rest.slice(0, -'index.html'.length) });
      return res.end();
    }
    const name = rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest;
    const file = normalize(join(root, name));
    if (!file.startsWith(normalize(root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      return send(res, 404, TYPES['.html'], readFileSync(join(root, '404.html')));
    }
    // What the README asks of a school server: hashed files forever, the rest revalidated.
    const hashed = /-[0-9a-f]{16}[._]/.test(name) || name.startsWith('lazy-');
    send(res, 200, TYPES[extname(name)] || 'application/octet-stream', readFileSync(file),
      hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  Object.assign(host, {
    origin,
    base: origin + prefix,
    /** Stops answering at once: open connections are cut, new ones refused. */
    stop: () => new Promise((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); }),
  });
  return host;
}

function send(res, status, type, body, cache = 'no-cache') {
  res.writeHead(status, { 'content-type': type, 'cache-control': cache });
  res.end(body);
}

/** Every file of a built site, relative to it, with "/" separators. */
export function siteFiles(dir) {
  const walk = (d) => readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return walk(dir).map((f) => f.slice(normalize(dir + sep).length).split(sep).join('/')).sort();
}

/**
 * Makes a second build out of the first, as a rebuild with a CSS change would: main.css gets a
 * visible change (the title's colour), so its hashed name and its integrity in index.html change,
 * 404.html follows index.html, and the service worker is written again by the build's own
 * generator from the files now there. Returns the new CSS file's name.
 */
export function secondBuild(from, to, rule) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const old = readdirSync(to).find((f) => /^main-[0-9a-f]+\.css$/.test(f));
  const css = readFileSync(join(to, old), 'utf8') + rule;
  const fresh = `main-${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
  writeFileSync(join(to, fresh), css);
  rmSync(join(to, old));
  let html = readFileSync(join(to, 'index.html'), 'utf8');
  const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
  const tag = html.match(new RegExp(`<link[^>]*${old.replace('.', '\\.')}[^>]*>`))[0];
  html = html.replace(tag, tag.replace(old, fresh).replace(/sha384-[A-Za-z0-9+/=]+/, integrity));
  writeFileSync(join(to, 'index.html'), html);
  writeFileSync(join(to, '404.html'), html);
  rmSync(join(to, 'sw.js'));
  execFileSync('node', [MAKE_SW, to]);
  return fresh;
}

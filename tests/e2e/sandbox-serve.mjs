// The sandbox specs' own servers, so they need no wasm build: one serves assets/yours/ at /yours/
// and the harness page at /harness.html; a spy, on another port, counts every request it gets
// (code in the sandbox must never reach it).
import http from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, normalize, sep } from 'node:path';
import { minimalLock, trimmedStdlib } from '../../scripts/python-files.mjs';

const YOURS = fileURLToPath(new URL('../../assets/yours/', import.meta.url));
const HARNESS = fileURLToPath(new URL('./sandbox-host.html', import.meta.url));
const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', wasm: 'application/wasm', json: 'application/json', zip: 'application/zip' };
// Pyodide's files, at /python/ as the site serves them (scripts/python-files.mjs copies the same list).
const PYODIDE = fileURLToPath(new URL('../../node_modules/pyodide/', import.meta.url));
const PYTHON_FILES = ['pyodide-lock.json', 'pyodide.mjs', 'pyodide.asm.mjs', 'python_stdlib.zip', 'pyodide.asm.wasm'];
// The standard library as the build copies it (trimmed), or whole with PYTHON_STDLIB=full.
let stdlib = null;
const stdlibBytes = () => (stdlib ??= process.env.PYTHON_STDLIB === 'full' ? readFileSync(join(PYODIDE, 'python_stdlib.zip')) : trimmedStdlib());

async function listen(handler) {
  const sockets = new Set();
  const server = http.createServer(handler);
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); }),
  };
}

/** Serves the harness and the sandbox's files; `requests` lists every path asked for. */
export async function serveSandbox() {
  const requests = [];
  const host = await listen((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    let file = null;
    if (path === '/harness.html') file = HARNESS;
    else if (path.startsWith('/python/') && PYTHON_FILES.includes(path.slice('/python/'.length))) file = join(PYODIDE, path.slice('/python/'.length));
    else if (path.startsWith('/yours/')) {
      const f = normalize(join(YOURS, path.slice('/yours/'.length)));
      if (f.startsWith(normalize(YOURS + sep)) || f.startsWith(YOURS)) file = f;
    }
    if (!file || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404, { 'content-type': 'text/plain' }); return res.end('not here'); }
    const body = file === join(PYODIDE, 'python_stdlib.zip') ? stdlibBytes()
      : file === join(PYODIDE, 'pyodide-lock.json') ? minimalLock() : readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[file.split('.').pop()] || 'application/octet-stream', 'cache-control': 'no-cache', 'content-length': body.length });
    res.end(body);
  });
  return { ...host, requests, harness: `${host.origin}/harness.html` };
}

/** Answers everything with CORS allowed (so only the sandbox's walls can stop a request). */
export async function spyServer() {
  const requests = [];
  const spy = await listen((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' });
    res.end('/* spy */');
  });
  return { ...spy, requests };
}

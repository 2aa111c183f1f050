#!/usr/bin/env node
// Bundles the "Your own loop" view's two lazy parts (issue 26) from npm packages, with esbuild:
//
//   yours/editor.js   window.RustyEditor (assets/yours/src/editor.js + CodeMirror 6)
//   yours/strip.js    window.RustyStrip  (assets/yours/src/strip.js + sucrase)
//   yours/LICENSES.txt  the licences of every package inside them
//
//   node scripts/bundle-yours.mjs [out-dir]   (default build/yours, gitignored)
//
// Trunk runs it as a pre-build hook (Trunk.toml), before it reads index.html, whose
// `<link data-trunk rel="copy-dir" href="build/yours" data-target-path="yours">` then copies the
// folder into the dist as dist/yours/. Nothing here is committed: the bundles are third-party
// code, made again by every build from the exact versions that package-lock.json pins.
//
// Not hashed, on purpose: the page loads them by fixed URLs (yours/editor.js, yours/strip.js),
// as it does its other copied files (kit.css, presenter.css). The service worker
// (scripts/make-sw.mjs) precaches every file of the dist, these too, each checked against its
// SHA-256 at install, and its version changes with any file, so after the first visit a browser
// holds exactly this build's bundles, offline too. A file is rewritten only when its bytes change,
// so `trunk serve` (which watches the whole tree) does not rebuild for ever.
//
// Minified IIFE scripts, one global each: no module loader needed, and a plain <script> tag added
// by the page loads them.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, process.argv[2] || 'build/yours');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('bundle-yours.mjs: esbuild is not installed: run ./scripts/setup.sh (npm install).');
  process.exit(1);
}

const PARTS = [
  { name: 'editor', global: 'RustyEditor', entry: 'assets/yours/src/editor.js' },
  { name: 'strip', global: 'RustyStrip', entry: 'assets/yours/src/strip.js' },
];

/** Writes `bytes` to `path` unless the file already holds exactly them. */
function writeIfChanged(path, bytes) {
  const data = Buffer.from(bytes);
  if (existsSync(path) && readFileSync(path).equals(data)) return false;
  writeFileSync(path, data);
  return true;
}

/** The npm package (name, folder) that an esbuild input path belongs to, or null for our own. */
function packageOf(input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const n = parts[at + 1].startsWith('@') ? 2 : 1;
  return { name: parts.slice(at + 1, at + 1 + n).join('/'), dir: join(root, ...parts.slice(0, at + 1 + n)) };
}

function licenceText(dir) {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : null;
}

mkdirSync(out, { recursive: true });
const packages = new Map(); // name -> { version, license, dir, parts: Set }
const written = [];
for (const part of PARTS) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [part.entry],
    bundle: true,
    minify: true,
    format: 'iife',
    // Every browser the page supports (it needs WebAssembly, CompressionStream and more).
    target: ['es2020'],
    platform: 'browser',
    legalComments: 'none',
    banner: { js: `/* Rusty Lock: ${part.global}, built from npm packages; their licences: LICENSES.txt beside this file. */` },
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // The inputs that left bytes in the bundle (a module tree-shaken away is not in it).
  const [output] = Object.values(result.metafile.outputs);
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = bytesInOutput > 0 ? packageOf(input) : null;
    if (!pkg) continue;
    if (!packages.has(pkg.name)) {
      const meta = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8'));
      packages.set(pkg.name, { version: meta.version, license: meta.license, dir: pkg.dir, parts: new Set() });
    }
    packages.get(pkg.name).parts.add(`${part.name}.js`);
  }
  const [file] = result.outputFiles;
  const path = join(out, `${part.name}.js`);
  if (writeIfChanged(path, file.contents)) written.push(relative(root, path));
}

// One entry per licence text, naming every package that has it (most of CodeMirror's share one).
const byText = new Map();
for (const [name, p] of [...packages.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  const text = licenceText(p.dir) || `(no licence file in the package; its package.json says: ${p.license})`;
  if (!byText.has(text)) byText.set(text, []);
  byText.get(text).push(`${name} ${p.version} (${p.license}, in ${[...p.parts].sort().join(' and ')})`);
}
const licences = [...byText.entries()].map(([text, names]) => `${names.join('\n')}\n\n${text}\n`);
const licencesPath = join(out, 'LICENSES.txt');
if (writeIfChanged(licencesPath, `The packages bundled into editor.js and strip.js, with their licences.\n\n${licences.join(`\n${'-'.repeat(72)}\n\n`)}`)) {
  written.push(relative(root, licencesPath));
}

// The sandbox's own files (ours, not bundled) go beside the bundles, so the view finds all of its
// JavaScript in one folder of the dist: the host the page loads, and the frames it makes (one for
// JavaScript, one for Python; Pyodide's own files go to python/, scripts/python-files.mjs).
for (const name of ['host.js', 'sandbox.html', 'sandbox-py.html']) {
  const path = join(out, name);
  if (writeIfChanged(path, readFileSync(join(root, 'assets/yours', name)))) written.push(relative(root, path));
}

const where = relative(root, out).split(sep).join('/') || '.';
console.log(`bundle-yours.mjs: ${where}/ ${written.length ? `wrote ${written.map((p) => p.split(sep).pop()).join(', ')}` : 'unchanged'} (${packages.size} packages)`);

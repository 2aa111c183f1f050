// Pyodide's files for the Python runner of "Your own loop" (issue 42): only what loadPyodide needs
// to start offline, copied from node_modules/pyodide (pinned in package.json) into a folder the site
// serves. Never committed: the build copies them.
//   node scripts/python-files.mjs [out]   copies into out (default dist/python) and prints sizes
//   node scripts/python-files.mjs --sizes prints raw and gzip -9 sizes only
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PYODIDE_DIR = fileURLToPath(new URL('../node_modules/pyodide/', import.meta.url));
// What the page fetches and hands to the sandbox, in the order it asks for them.
export const PYTHON_FILES = ['pyodide-lock.json', 'pyodide.mjs', 'pyodide.asm.mjs', 'python_stdlib.zip', 'pyodide.asm.wasm'];

export function pyodideVersion() {
  return JSON.parse(readFileSync(join(PYODIDE_DIR, 'package.json'), 'utf8')).version;
}

/** Raw and gzip -9 bytes of each file, and their totals. */
export function sizes() {
  const rows = PYTHON_FILES.map((name) => {
    const bytes = readFileSync(join(PYODIDE_DIR, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}

export function copyTo(out) {
  mkdirSync(out, { recursive: true });
  for (const name of PYTHON_FILES) copyFileSync(join(PYODIDE_DIR, name), join(out, name));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (!statSync(PYODIDE_DIR, { throwIfNoEntry: false })) {
    console.error('node_modules/pyodide is missing: run npm install first');
    process.exit(1);
  }
  if (!args.includes('--sizes')) {
    const out = args.find((a) => !a.startsWith('--')) || fileURLToPath(new URL('../dist/python/', import.meta.url));
    copyTo(out);
    console.log(`pyodide ${pyodideVersion()}: ${PYTHON_FILES.length} files copied to ${out}`);
  }
  const { rows, total } = sizes();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(11);
  for (const r of rows) console.log(`${r.name.padEnd(20)} raw ${kb(r.raw)}  gzip -9 ${kb(r.gzip)}`);
  console.log(`${'total'.padEnd(20)} raw ${kb(total.raw)}  gzip -9 ${kb(total.gzip)}`);
}

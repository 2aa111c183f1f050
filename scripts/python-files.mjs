// Pyodide's files for the Python runner of "Your own loop" (issue 42): only what loadPyodide needs
// to start offline, copied from node_modules/pyodide (pinned in package.json) into a folder the site
// serves. Never committed: the build copies them.
//   node scripts/python-files.mjs [out]   copies into out (default dist/python) and prints sizes
//   node scripts/python-files.mjs --sizes prints raw and gzip -9 sizes only
//   --full                                 the whole standard library (by default it is trimmed of
//                                          what a loop cannot use here: see DROPPED)
//   --quiet                                one line, no sizes (the build's hook: Trunk.toml)
// The build runs it as a Trunk pre-build hook into build/python/ (gitignored), which index.html's
// copy-dir link copies to dist/python/. A file is rewritten only when its bytes change, so
// `trunk serve` (which watches the whole tree) does not rebuild for ever.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PYODIDE_DIR = fileURLToPath(new URL('../node_modules/pyodide/', import.meta.url));
// What the page fetches and hands to the sandbox, in the order it asks for them.
export const PYTHON_FILES = ['pyodide-lock.json', 'pyodide.mjs', 'pyodide.asm.mjs', 'python_stdlib.zip', 'pyodide.asm.wasm'];

export function pyodideVersion() {
  return JSON.parse(readFileSync(join(PYODIDE_DIR, 'package.json'), 'utf8')).version;
}

/** Raw and gzip -9 bytes of each file, and their totals (trim: with the trimmed stdlib). */
export function sizes({ trim = false } = {}) {
  const rows = PYTHON_FILES.map((name) => {
    const bytes = trim && name === 'python_stdlib.zip' ? trimmedStdlib()
      : name === 'pyodide-lock.json' ? minimalLock() : readFileSync(join(PYODIDE_DIR, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}

/** Copies the files into `out`; returns the names written (a file already holding exactly its
 * bytes is left alone). */
export function copyTo(out, { trim = false } = {}) {
  mkdirSync(out, { recursive: true });
  const written = [];
  for (const name of PYTHON_FILES) {
    const bytes = trim && name === 'python_stdlib.zip' ? trimmedStdlib()
      : name === 'pyodide-lock.json' ? minimalLock() : readFileSync(join(PYODIDE_DIR, name));
    const path = join(out, name);
    if (existsSync(path) && readFileSync(path).equals(bytes)) continue;
    writeFileSync(path, bytes);
    written.push(name);
  }
  return written;
}

/** The lock file without its 357 packages: none can be fetched here (no network), and an import
 * of one then fails as any missing package does. Pyodide checks only its `info`. */
export function minimalLock() {
  const lock = JSON.parse(readFileSync(join(PYODIDE_DIR, 'pyodide-lock.json'), 'utf8'));
  return Buffer.from(JSON.stringify({ info: lock.info, packages: {} }));
}

// ---- A trimmed standard library (--trim): what no agent loop in this sandbox can use ----
// Debuggers, REPLs, test runners, processes, mail and RPC clients, and the single-byte code pages
// (CJK codecs, UTF-*, Latin-1 and cp1252 stay). A learner's import of one of these then fails with
// ModuleNotFoundError, as it would for a package.
const DROPPED = [
  /^_pyrepl\//, /^unittest\//, /^multiprocessing\//, /^xmlrpc\//, /^wsgiref\//, /^__phello__\//,
  /^(pdb|bdb|doctest|pydoc|pickletools|tabnanny|trace|mailbox|imaplib|poplib|smtplib|antigravity|this|__hello__|webbrowser|pty|tty|zipapp|modulefinder|pyclbr|cProfile|profile|pstats)\.py$/,
  /^encodings\/(?!(cp1252|cp437|cp932|cp949|cp950|iso8859_1|iso8859_15)\.py$)(cp\d+|mac_\w+|iso8859_\d+|koi8_\w|kz1048|ptcp154|hp_roman8|palmos|tis_620)\.py$/,
];
export const keepInStdlib = (name) => !DROPPED.some((re) => re.test(name));

/** python_stdlib.zip without the DROPPED entries: each kept entry is copied byte for byte. */
export function trimmedStdlib(zip = readFileSync(join(PYODIDE_DIR, 'python_stdlib.zip'))) {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('python_stdlib.zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  const cdStart = zip.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0, at = cdStart; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('python_stdlib.zip: bad central directory');
    const size = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28));
    entries.push({ name, central: zip.subarray(at, at + size), offset: zip.readUInt32LE(at + 42) });
    at += size;
  }
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  byOffset.forEach((e, i) => { e.end = i + 1 < byOffset.length ? byOffset[i + 1].offset : cdStart; });
  const locals = [];
  const centrals = [];
  let written = 0;
  for (const e of entries) {
    if (!keepInStdlib(e.name)) continue;
    const central = Buffer.from(e.central);
    central.writeUInt32LE(written, 42);
    locals.push(zip.subarray(e.offset, e.end));
    centrals.push(central);
    written += e.end - e.offset;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(written, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, cd, end]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (!statSync(PYODIDE_DIR, { throwIfNoEntry: false })) {
    console.error('node_modules/pyodide is missing: run npm install first');
    process.exit(1);
  }
  const trim = !args.includes('--full');
  if (!args.includes('--sizes')) {
    const out = args.find((a) => !a.startsWith('--')) || fileURLToPath(new URL('../dist/python/', import.meta.url));
    const written = copyTo(out, { trim });
    console.log(`pyodide ${pyodideVersion()}: ${PYTHON_FILES.length} files in ${out}${trim ? ' (standard library trimmed)' : ''}, ${written.length ? `wrote ${written.join(', ')}` : 'unchanged'}`);
    if (args.includes('--quiet')) process.exit(0);
  }
  const { rows, total } = sizes({ trim });
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(11);
  for (const r of rows) console.log(`${r.name.padEnd(20)} raw ${kb(r.raw)}  gzip -9 ${kb(r.gzip)}`);
  console.log(`${'total'.padEnd(20)} raw ${kb(total.raw)}  gzip -9 ${kb(total.gzip)}`);
}

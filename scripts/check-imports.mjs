#!/usr/bin/env node
// Reads every `crate::…` path in src/ and finds the module circles: modules that import each
// other, directly or around a loop, so none of them can be read without the rest.
//
// The page's modules import one way only (app → components → actions and hooks → state →
// split points → web adapters → engine), so any module can be read without the ones above it.
// The check fails on any circle and names its modules.
//
// Usage: node scripts/check-imports.mjs [--print]   (--print lists every circle found)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'src');

/** `src/ui/scene/mod.rs` → `ui::scene`; `src/state.rs` → `state`; `src/main.rs` → `crate`. */
function moduleOf(file) {
  const path = relative(src, file).replace(/\.rs$/, '').split('/');
  if (path[path.length - 1] === 'mod') path.pop();
  if (path.length === 1 && path[0] === 'main') return 'crate';
  return path.join('::');
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.rs') ? [path] : [];
  });
}

const modules = new Map(files(src).map((f) => [moduleOf(f), f]));

/** The longest known module a `crate::a::b::c` path names. */
function target(path) {
  const parts = path.split('::');
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('::');
    if (modules.has(name)) return name;
  }
  return null;
}

/** Every `crate::…` path in a file, braces of `use crate::{a, b::c}` expanded one level. */
function importsOf(text) {
  const out = [];
  const code = text.replace(/\/\/.*$/gm, '');
  for (const m of code.matchAll(/crate::\{([^}]*)\}/g)) {
    for (const item of m[1].split(',')) out.push(item.trim().replace(/::\{.*$/, ''));
  }
  for (const m of code.matchAll(/crate::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)/g)) out.push(m[1]);
  return out;
}

const edges = new Map();
for (const [name, file] of modules) {
  const to = new Set();
  for (const path of importsOf(readFileSync(file, 'utf8'))) {
    const t = target(path);
    // A module's own children are its inside, not an import; a parent's `mod` lines are not either.
    if (t && t !== name && !t.startsWith(`${name}::`)) to.add(t);
  }
  edges.set(name, to);
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const info = new Map();
const circles = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v) || []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) {
      info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const v of modules.keys()) if (!info.has(v)) visit(v);

const inCircles = new Set(circles.flat());

if (process.argv.includes('--print')) {
  for (const c of circles) console.log(`circle of ${c.length}: ${c.join(', ')}`);
}
console.log(`${modules.size} modules, ${circles.length} import circle(s)`);
if (circles.length) {
  for (const c of circles) console.error(`import circle: ${c.join(', ')}`);
  console.error('Imports run one way (app → components → actions and hooks → state → split points →');
  console.error('web adapters → engine): move what the lower module needs down, or pass it in.');
  process.exit(1);
}

// The layers, top to bottom: a module may import its own layer's modules and the layers below,
// never one above. `text` holds the words and imports only the engine.
const LAYERS = ['crate', 'app', 'ui', 'hooks', 'actions', 'state', 'parts', 'web', 'text'];
const layerOf = (name) => LAYERS.indexOf(name.split('::')[0]);
const upward = [];
for (const [name, to] of edges) {
  for (const t of to) {
    if (layerOf(t) < layerOf(name)) upward.push(`${name} imports ${t}, a layer above it`);
  }
}
const unplaced = [...modules.keys()].filter((m) => layerOf(m) < 0);
console.log(`layers ${LAYERS.slice(1).join(' → ')}: ${upward.length} upward import(s), ${unplaced.length} module(s) outside a layer`);
if (upward.length || unplaced.length) {
  for (const u of upward) console.error(u);
  for (const m of unplaced) console.error(`${m} is in no layer: add its folder to LAYERS in scripts/check-imports.mjs`);
  process.exit(1);
}

// The engine: the loop (engine/src/run/) never imports presentation (engine/src/show/), so the
// loop reads on its own. The engine's root re-exports nothing, so every path into presentation
// says `crate::show::` (a `super::` from run/ stays inside the loop).
const engineRun = join(root, 'engine', 'src', 'run');
const engineShow = join(root, 'engine', 'src', 'show');
const wrong = [];
const engineRoot = readFileSync(join(root, 'engine', 'src', 'lib.rs'), 'utf8').replace(/\/\/.*$/gm, '');
if (/\bpub use\b/.test(engineRoot)) wrong.push('engine/src/lib.rs re-exports at the root: reach items by their real path');
for (const file of files(engineRun)) {
  for (const path of importsOf(readFileSync(file, 'utf8'))) {
    if (path.split('::')[0] === 'show') wrong.push(`${relative(root, file)} imports crate::${path}`);
  }
}
console.log(`engine: ${files(engineRun).length} loop modules, ${files(engineShow).length} presentation modules, ${wrong.length} wrong-way import(s)`);
if (wrong.length) {
  for (const w of wrong) console.error(w);
  console.error('The loop (engine/src/run/) must not import presentation (engine/src/show/), and the root re-exports');
  console.error('nothing, so that every path into presentation says crate::show::.');
  process.exit(1);
}

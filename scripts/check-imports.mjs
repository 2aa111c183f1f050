#!/usr/bin/env node
// Reads every `crate::…` and `super::…` path in src/ and engine/src/ and finds the module
// circles: modules that import each other, directly or around a loop, so none of them can be
// read without the rest.
//
// The page's modules import one way only (app → components → actions and hooks → state →
// split points → web adapters → engine), so any module can be read without the ones above it.
// The engine's rooms do too (show → yours → run). The check fails on any circle, or any import
// up the layers, and names its modules.
//
// Usage: node scripts/check-imports.mjs [--print]   (--print lists every circle found)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'src');
const engineSrc = join(root, 'engine', 'src');
const print = process.argv.includes('--print');

/** `src/ui/scene/mod.rs` → `ui::scene`; `src/state.rs` → `state`; `main.rs` or `lib.rs` → `crate`. */
function moduleOf(base, file) {
  const path = relative(base, file).replace(/\.rs$/, '').split('/');
  if (path[path.length - 1] === 'mod') path.pop();
  if (path.length === 1 && (path[0] === 'main' || path[0] === 'lib')) return 'crate';
  return path.join('::');
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.rs') ? [path] : [];
  });
}

/** Every path a file imports: `crate::…` (braces of `use crate::{a, b::c}` expanded one level),
 * and `super::…` made whole from `self`, the file's module. `super::*` is a test module's view of
 * its own file, not an import. */
function importsOf(text, self) {
  const out = [];
  const code = text.replace(/\/\/.*$/gm, '');
  for (const m of code.matchAll(/crate::\{([^}]*)\}/g)) {
    for (const item of m[1].split(',')) out.push(item.trim().replace(/::\{.*$/, ''));
  }
  for (const m of code.matchAll(/crate::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)/g)) out.push(m[1]);
  const parent = self.split('::').slice(0, -1).join('::');
  for (const m of code.matchAll(/\bsuper::(\{[^}]*\}|[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)/g)) {
    const items = m[1].startsWith('{') ? m[1].slice(1, -1).split(',') : [m[1]];
    for (const item of items) {
      const name = item.trim().replace(/::\{.*$/, '');
      if (/^[a-z_]/.test(name)) out.push(parent ? `${parent}::${name}` : name);
    }
  }
  return out;
}

/** The modules of a crate's source folder, and the modules each one imports. */
function graph(base) {
  const modules = new Map(files(base).map((f) => [moduleOf(base, f), f]));
  // The longest known module a `a::b::c` path names.
  const target = (path) => {
    const parts = path.split('::');
    for (let n = parts.length; n > 0; n--) {
      const name = parts.slice(0, n).join('::');
      if (modules.has(name)) return name;
    }
    return null;
  };
  const edges = new Map();
  for (const [name, file] of modules) {
    const to = new Set();
    for (const path of importsOf(readFileSync(file, 'utf8'), name)) {
      const t = target(path);
      // A module's own children are its inside, not an import; a parent's `mod` lines are not either.
      if (t && t !== name && t !== 'crate' && !t.startsWith(`${name}::`)) to.add(t);
    }
    edges.set(name, to);
  }
  return { modules, edges };
}

/** Tarjan's strongly connected components: every import circle, each as its sorted modules. */
function circlesOf(edges) {
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
  for (const v of edges.keys()) if (!info.has(v)) visit(v);
  return circles;
}

/** The imports that go up `layers` (top first; a module's layer is its first path segment), and
 * the modules in no layer. A module may import its own layer's modules and the layers below. */
function wrongWay({ modules, edges }, layers) {
  const layerOf = (name) => layers.indexOf(name.split('::')[0]);
  const upward = [];
  for (const [name, to] of edges) {
    for (const t of to) if (layerOf(t) < layerOf(name)) upward.push(`${name} imports ${t}, a layer above it`);
  }
  const unplaced = [...modules.keys()].filter((m) => layerOf(m) < 0);
  return { upward, unplaced };
}

/** Checks one crate: no circle, nothing imported up its layers. */
function check(what, base, layers, advice) {
  const g = graph(base);
  const circles = circlesOf(g.edges);
  if (print) for (const c of circles) console.log(`${what} circle of ${c.length}: ${c.join(', ')}`);
  const { upward, unplaced } = wrongWay(g, layers);
  console.log(
    `${what}: ${g.modules.size} modules, ${circles.length} import circle(s); ` +
      `layers ${layers.slice(1).join(' → ')}: ${upward.length} upward import(s), ${unplaced.length} module(s) outside a layer`,
  );
  for (const c of circles) console.error(`${what} import circle: ${c.join(', ')}`);
  for (const u of upward) console.error(`${what}: ${u}`);
  for (const m of unplaced) console.error(`${what}: ${m} is in no layer: add its folder to the layers in scripts/check-imports.mjs`);
  if (circles.length || upward.length || unplaced.length) {
    console.error(advice);
    return false;
  }
  return true;
}

// The page: `text` holds the words and imports only the engine.
const pageOk = check(
  'page',
  src,
  ['crate', 'app', 'ui', 'hooks', 'actions', 'state', 'parts', 'web', 'text'],
  'Imports run one way (app → components → actions and hooks → state → split points → web adapters →\n' +
    'engine): move what the lower module needs down, or pass it in.',
);

// The engine: the loop (run/) never imports the learner's-loop room (yours/) or presentation
// (show/), so it reads on its own; yours/ grades with the loop's vocabulary and never reaches into
// show/, which presents both.
const engineOk = check(
  'engine',
  engineSrc,
  ['crate', 'show', 'yours', 'run'],
  "The engine's rooms import one way (show → yours → run): move what the lower module needs down,\n" +
    'or pass it in.',
);

// The engine's root re-exports nothing, so every path into a room says which room it is.
const engineRoot = readFileSync(join(engineSrc, 'lib.rs'), 'utf8').replace(/\/\/.*$/gm, '');
const rootReExports = /\bpub use\b/.test(engineRoot);
if (rootReExports) console.error('engine/src/lib.rs re-exports at the root: reach items by their real path');

if (!pageOk || !engineOk || rootReExports) process.exit(1);

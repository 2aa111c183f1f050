// The type stripper of the "Your own loop" view (issue 26), our own small wrapper around sucrase.
// scripts/bundle-yours.mjs bundles it with esbuild into dist/yours/strip.js, which only the
// ?view=yours page fetches.
//
//   window.RustyStrip.strip(code) -> { ok: true, code } | { ok: false, message, line, column }
//
// TypeScript in, plain JavaScript out: type annotations, interfaces, `type` aliases, `as` and
// `<T>` casts, `!`, `satisfies`, generics, `declare`, parameter properties and type-only imports
// go; enums become objects; ES module `import`/`export` become CommonJS (`require(...)`,
// `exports.name = ...`), which the sandbox's runtime provides. Plain JavaScript passes through
// unchanged but for that.
//
// What it keeps, on purpose:
// - top-level `await` (sucrase leaves it where it is; the runtime wraps the code in an async
//   function);
// - every line where it was: sucrase never adds or removes a line, so a line number in an error
//   the code throws later is the editor's line number;
// - modern syntax as written (`?.`, `??`, class fields): `disableESTransforms`, as every browser
//   that runs this page has them;
// - a "use strict" first line (sucrase's CommonJS output adds it): the code runs as module code
//   does, so a typo such as `reslt = 1` throws instead of making a global.
//
// A syntax error never throws out of strip(): it comes back with a message and a 1-based line and
// column (counted in UTF-16 code units, a tab counting one, as the editor counts). Sucrase checks
// the syntax, not the rules a JavaScript engine checks when it compiles (`let x` declared twice,
// `await` in a function that is not async): those come back from the sandbox as the code's
// own error when it runs.
import { transform } from 'sucrase';

const OPTIONS = Object.freeze({
  transforms: ['typescript', 'imports'],
  disableESTransforms: true,
  production: true,
});

// Sucrase drops a TypeScript `namespace X { ... }` (or `module X { ... }`) without a word, which
// would surface later as "X is not defined": say so at once instead. A `declare namespace` has no
// code and is fine.
const NAMESPACE = /^([ \t]*(?:export[ \t]+)?)(?:namespace|module)[ \t]+[A-Za-z_$][\w$.]*[ \t]*\{/m;

function failure(message, line, column) {
  return { ok: false, message, line, column };
}

function positionOf(code, index) {
  let line = 1;
  let start = 0;
  for (let i = 0; i < index && i < code.length; i++) {
    if (code.charCodeAt(i) === 10) { line++; start = i + 1; }
  }
  return { line, column: Math.min(index, code.length) - start + 1 };
}

function strip(code) {
  if (typeof code !== 'string') return failure('The code must be text.', 1, 1);
  try {
    const out = transform(code, OPTIONS).code;
    const ns = NAMESPACE.exec(code);
    if (ns) {
      const at = positionOf(code, ns.index + ns[1].length);
      return failure('TypeScript namespaces are not supported here: use a plain object instead.', at.line, at.column);
    }
    return { ok: true, code: out };
  } catch (error) {
    // Sucrase's errors end in " (line:column)" and carry `loc` (1-based line and column) and
    // `pos` (the index in the code); anything else is reported at the start.
    const raw = error && typeof error.message === 'string' ? error.message : String(error);
    const message = raw.replace(/\s*\(\d+:\d+\)\s*$/, '') || 'Syntax error';
    let line = 1;
    let column = 1;
    if (error && error.loc && Number.isInteger(error.loc.line) && Number.isInteger(error.loc.column)) {
      ({ line, column } = error.loc);
    } else if (error && Number.isInteger(error.pos)) {
      ({ line, column } = positionOf(code, error.pos));
    }
    return failure(message, line, column);
  }
}

window.RustyStrip = Object.freeze({ strip });

// The "Your own loop" view's two lazy parts (issue 26, part B), in real headless Chromium, on a
// small fixture page of this spec's own (the view itself is tested elsewhere):
//   yours/editor.js  window.RustyEditor.mount(element, { doc, label, onChange, language }) -> { get, set, focus, destroy, setLanguage, mark, unmark }
//   yours/strip.js   window.RustyStrip.strip(code) -> { ok, code } | { ok: false, message, line, column }
// The fixture is served at the test server's origin; the bundles come from the release build
// (dist/yours/, which the server serves) when there is one, else from build/yours/, where
// scripts/bundle-yours.mjs writes them (run here if they are missing), so these tests also run
// before a full page build.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { test, expect } from './fixtures.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const FROM_DIST = existsSync(join(ROOT, 'dist/yours/editor.js')) && existsSync(join(ROOT, 'dist/yours/strip.js'));
// The reference text's from-scratch TypeScript loop is read from the shared seeds at test time,
// when they are there; it is never copied into this repository.
const SEED = join(ROOT, '../shared/seeds/002_77e0143caf37405b.txt');

test.beforeAll(() => {
  if (!FROM_DIST && !existsSync(join(ROOT, 'build/yours/editor.js'))) {
    execFileSync('node', [join(ROOT, 'scripts/bundle-yours.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }
});

const FIXTURE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Editor fixture</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f6f1e7; color: #1f1a14; }
  main { padding: 12px; max-width: 900px; }
  #host { --code-size: 16px; }
</style></head>
<body><main>
  <h1>Your own loop</h1>
  <button id="before" type="button">Before</button>
  <p id="keys">Escape then Tab leaves the editor.</p>
  <div id="host"></div>
  <button id="after" type="button">Run</button>
</main>
<script src="yours/editor.js"></script>
<script src="yours/strip.js"></script>
</body></html>`;

/** Opens the fixture page; the bundles come from dist/ through the server, or from build/. */
async function openFixture(page) {
  await page.route('**/__yours-fixture.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: FIXTURE }));
  if (!FROM_DIST) {
    await page.route('**/yours/*.js', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(ROOT, 'build/yours', name)) });
    });
  }
  await page.goto('__yours-fixture.html');
  await page.waitForFunction(() => window.RustyEditor && window.RustyStrip);
}

const START = 'async function runAgent(task) {\n  return task\n}\n';

/** Mounts an editor on #host, recording each onChange into window.changes. */
async function mount(page, doc = START, label = 'Your agent loop') {
  await page.evaluate(({ doc, label }) => {
    window.changes = [];
    window.editor = window.RustyEditor.mount(document.getElementById('host'), {
      doc, label, onChange: (text) => window.changes.push(text), describedBy: 'keys',
    });
  }, { doc, label });
  return page.locator('#host .cm-content');
}

const active = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || '');

test.describe('editor', () => {
  test('mounts with line numbers, and its content has its accessible name', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await expect(page.locator('#host .cm-editor')).toHaveCount(1);
    await expect(page.locator('#host .cm-lineNumbers .cm-gutterElement:visible')).toHaveText(['1', '2', '3', '4']);
    await expect(page.getByRole('textbox', { name: 'Your agent loop' })).toBeVisible();
    await expect(content).toHaveAttribute('aria-label', 'Your agent loop');
    await expect(content).toHaveAttribute('aria-describedby', 'keys');
    await expect(content).toHaveAttribute('aria-multiline', 'true');
    expect(await page.evaluate(() => window.editor.get())).toBe(START);
    // Colours: the keyword `async` is in its own span with its own colour.
    const colour = await page.locator('#host .cm-line').first().locator('span').first().evaluate((el) => getComputedStyle(el).color);
    expect(colour).not.toBe('rgb(31, 26, 20)');
  });

  test('typing by keyboard changes the document and calls onChange with it', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('// mine');
    await expect.poll(() => page.evaluate(() => window.editor.get())).toBe(`${START}// mine`);
    await expect.poll(() => page.evaluate(() => window.changes.at(-1))).toBe(`${START}// mine`);
    // Brackets close themselves and undo takes the typing back.
    await page.keyboard.press('Enter');
    await page.keyboard.type('f(');
    await expect.poll(() => page.evaluate(() => window.editor.get())).toBe(`${START}// mine\nf()`);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.editor.get().endsWith('f()'))).toBe(false);
  });

  test('an edit still waiting reaches onChange when the editor loses the focus', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await page.locator('#after').click(); // at once: no time for the debounce
    expect(await page.evaluate(() => window.changes.at(-1))).toBe(`${START}x`);
  });

  test('Tab indents, Shift-Tab outdents, and the focus stays in the editor', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await content.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Tab');
    expect((await page.evaluate(() => window.editor.get())).split('\n')[0]).toBe('  async function runAgent(task) {');
    expect(await page.evaluate(() => document.activeElement.classList.contains('cm-content'))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect((await page.evaluate(() => window.editor.get())).split('\n')[0]).toBe('async function runAgent(task) {');
  });

  test('Escape then Tab leaves the editor, forwards and backwards, without changing the text', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await content.click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await active(page)).toBe('after');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement.classList.contains('cm-content'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    expect(await active(page)).toBe('before');
    expect(await page.evaluate(() => window.editor.get())).toBe(START);
    // And the focus ring shows where the keyboard is. CodeMirror sets its cm-focused class when it
    // handles the focus change, which may come a moment after the key: poll, do not read once.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement.classList.contains('cm-content'))).toBe(true);
    const ring = () => page.locator('#host .cm-editor').evaluate((el) => getComputedStyle(el).outlineStyle);
    await expect.poll(ring).toBe('solid');
  });

  test('set replaces the document without onChange and can be undone; destroy removes it all', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await page.evaluate(() => window.editor.set('const a = 1\nconst b = 2\n'));
    expect(await page.evaluate(() => window.editor.get())).toBe('const a = 1\nconst b = 2\n');
    await expect(page.locator('#host .cm-lineNumbers .cm-gutterElement:visible')).toHaveText(['1', '2', '3']);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.changes)).toEqual([]);
    await page.evaluate(() => window.editor.focus());
    expect(await page.evaluate(() => document.activeElement.classList.contains('cm-content'))).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.editor.get())).toBe(START);
    await expect.poll(() => page.evaluate(() => window.changes.at(-1))).toBe(START);
    await page.evaluate(() => window.editor.destroy());
    await expect(content).toHaveCount(0);
    expect(await page.locator('#host').evaluate((el) => el.childElementCount)).toBe(0);
    expect(await page.evaluate(() => { window.editor.set('ignored'); window.editor.destroy(); return window.editor.get(); })).toBe(START);
  });

  test('the text takes the page\'s --code-size, for presenter mode', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    expect(await content.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    await page.evaluate(() => document.getElementById('host').style.setProperty('--code-size', '28px'));
    expect(await content.evaluate((el) => getComputedStyle(el).fontSize)).toBe('28px');
  });

  test('on a 390 px phone, long lines wrap and nothing runs past the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFixture(page);
    const long = `const message = 'a line far longer than a phone is wide, ${'so that it has to wrap '.repeat(4)}'\n`;
    const content = await mount(page, START + long);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.locator('#host .cm-editor').boundingBox();
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Line 4 takes several screen lines.
    const line = content.locator('.cm-line').nth(3);
    expect((await line.boundingBox()).height).toBeGreaterThan(40);
    // The caret goes in and typing works.
    await content.click();
    await page.keyboard.type('z');
    await expect.poll(() => page.evaluate(() => window.editor.get().includes('z'))).toBe(true);
  });

  test('Python (issue 42): its colours and 4-space indent, set at mount or switched in place with the text, undo and marks kept', async ({ page }) => {
    await openFixture(page);
    const PY = 'import json\n\ndef run_agent(task):\n    # \u270e your retry here\n    return task\n';
    const content = await page.evaluate((doc) => {
      window.changes = [];
      window.editor = window.RustyEditor.mount(document.getElementById('host'), {
        doc, label: 'Your agent loop', onChange: (text) => window.changes.push(text), language: 'python',
      });
    }, PY).then(() => page.locator('#host .cm-content'));
    // The colour of the first span that holds exactly `text`, or the ink's when none does.
    const colourOf = (text) => page.evaluate((t) => {
      const span = [...document.querySelectorAll('#host .cm-line span')].find((el) => el.textContent === t);
      return span ? getComputedStyle(span).color : 'rgb(31, 26, 20)';
    }, text);
    // `def` and `import` are keywords, `# …` a comment: each its own colour, not the ink's.
    expect(await colourOf('def')).toBe('rgb(138, 59, 18)');
    expect(await colourOf('import')).toBe('rgb(138, 59, 18)');
    expect(await page.locator('#host .cm-line', { hasText: 'your retry here' }).locator('span').first()
      .evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    // The gap (a `#` comment with ✎) is marked as in JavaScript.
    await expect(page.locator('#host .cm-gap-line')).toHaveCount(1);
    // Enter after a line ending in `:` indents by 4 spaces.
    await content.click();
    await page.evaluate(() => window.editor.set('def f():'));
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('pass');
    await expect.poll(() => page.evaluate(() => window.editor.get())).toBe('def f():\n    pass');
    // Switched to JavaScript: same text, no onChange for the switch, `def` is no keyword any more,
    // a mark stays, and undo still takes the typing back.
    await page.evaluate(() => window.editor.mark(2, 5, 'here'));
    await expect.poll(() => page.evaluate(() => window.changes.length)).toBeGreaterThan(0);
    const before = await page.evaluate(() => window.changes.length);
    await page.evaluate(() => window.editor.setLanguage('javascript'));
    expect(await page.evaluate(() => window.editor.get())).toBe('def f():\n    pass');
    await expect(page.locator('#host .cm-mistake-line')).toHaveCount(1);
    expect(await colourOf('def')).not.toBe('rgb(138, 59, 18)');
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.changes.length)).toBe(before);
    await page.evaluate(() => window.editor.setLanguage('python'));
    expect(await colourOf('def')).toBe('rgb(138, 59, 18)');
    await page.evaluate(() => window.editor.focus());
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.editor.get())).not.toContain('pass');
    // An unknown language is refused, at mount and when switching; the editor is unharmed.
    expect(await page.evaluate(() => { try { window.editor.setLanguage('ruby'); return 'no error'; } catch (e) { return e.name; } })).toBe('TypeError');
    expect(await page.evaluate(() => { try { window.RustyEditor.mount(document.createElement('div'), { label: 'x', language: 'ruby' }); return 'no error'; } catch (e) { return e.name; } })).toBe('TypeError');
    await page.evaluate(() => { window.editor.destroy(); window.editor.setLanguage('javascript'); });
  });

  test('axe finds no critical or serious violation, idle and focused', async ({ page }) => {
    await openFixture(page);
    const content = await mount(page);
    await page.addScriptTag({ path: AXE });
    const run = () => page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(await run()).toEqual([]);
    await content.click();
    await page.keyboard.type('// typed');
    expect(await run()).toEqual([]);
  });
});

/** The TypeScript block of the reference text (under "**TypeScript**"), or null without it. */
function referenceLoop() {
  if (!existsSync(SEED)) return null;
  const text = readFileSync(SEED, 'utf8');
  const match = /\*\*TypeScript\*\*\s*```ts\n([\s\S]*?)\n```/.exec(text);
  return match ? match[1] : null;
}

/** Strips `code` in the page, then compiles (and, with `run`, runs) it in an async wrapper. */
async function stripAndRun(page, code, run = false) {
  return page.evaluate(async ({ code, run }) => {
    const stripped = window.RustyStrip.strip(code);
    if (!stripped.ok) return { stripped };
    const AsyncFunction = (async () => {}).constructor;
    const exports = {};
    const module = { exports };
    const required = [];
    const require = (name) => { required.push(name); return { helper: (x) => `helped ${x}` }; };
    let fn;
    try {
      // `lookAt`: the page's tool, standing in for the reference loop's own (as in the sandbox).
      fn = new AsyncFunction('exports', 'module', 'require', 'lookAt', stripped.code);
    } catch (e) {
      return { stripped, compileError: String(e) };
    }
    if (!run) return { stripped, compiled: true };
    // The reference loop's model: one final answer, no tool call.
    const fetch = async () => ({ ok: true, status: 200, json: async () => ({ choices: [{ message: { role: 'assistant', content: 'The door is open.' }, finish_reason: 'stop' }] }) });
    const realFetch = window.fetch;
    window.fetch = fetch;
    try {
      const value = await fn(exports, module, require, async () => 'A door.');
      const names = Object.keys(exports);
      const result = {};
      for (const name of names) result[name] = typeof exports[name] === 'function' ? 'function' : exports[name];
      const answer = typeof exports.runAgent === 'function' ? await exports.runAgent('Open the temple door.') : undefined;
      return { stripped, compiled: true, value, exports: result, answer, required };
    } catch (e) {
      return { stripped, compiled: true, runError: String(e && e.stack || e) };
    } finally {
      window.fetch = realFetch;
    }
  }, { code, run });
}

test.describe('type stripper', () => {
  test('the reference text\'s TypeScript loop becomes JavaScript that compiles and runs in an async wrapper', async ({ page }) => {
    const loop = referenceLoop();
    test.skip(!loop, `the reference text is not at ${SEED}`);
    await openFixture(page);
    const result = await stripAndRun(page, loop, true);
    expect(result.stripped.ok, JSON.stringify(result.stripped)).toBe(true);
    const js = result.stripped.code;
    // No type is left, the export is CommonJS, the top-level await is still there.
    expect(js).not.toMatch(/\btype\s+Message\b|: Message\[\]|Promise<string>|Record<string, string>/);
    expect(js).not.toMatch(/^\s*export\s/m);
    expect(js).toContain('exports.runAgent = runAgent');
    expect(js).toMatch(/^await runAgent\('Open the temple door\.'\)/m);
    // Every line stays where it was, so an error's line number is the editor's.
    expect(js.split('\n').length).toBe(loop.split('\n').length);
    expect(result.compileError).toBeUndefined();
    expect(result.runError).toBeUndefined();
    expect(result.exports).toEqual({ runAgent: 'function' });
    expect(result.answer).toBe('The door is open.');
  });

  test('our own TypeScript samples: annotations, interfaces, type aliases, casts, generics, enums, import and export', async ({ page }) => {
    await openFixture(page);
    const sample = [
      "import type { Plan } from './plan'",
      "import { helper } from 'rusty-helpers'",
      'interface Step { name: string; waitMs?: number }',
      "type Outcome = 'opened' | 'stuck'",
      'enum Level { Low = 1, High }',
      'const enum Tries { Max = 3 }',
      'abstract class Counter<T> {',
      '  private seen: T[] = []',
      '  constructor(public readonly label: string) {}',
      '  add(item: T): number { this.seen.push(item); return this.seen.length }',
      '}',
      'class Steps extends Counter<Step> {}',
      'function first<T>(items: readonly T[]): T | undefined { return items[0] }',
      "const steps = <Step[]>[{ name: 'oil', waitMs: 2 }]",
      'const chosen = first<Step>(steps) as Step',
      'const sure = chosen!.name satisfies string',
      "export const answer: string = helper(sure)",
      "export async function runAgent(task: string, plan?: Plan): Promise<Outcome> {",
      "  const counter = new Steps('steps')",
      '  counter.add(chosen)',
      "  return task.length > 0 && counter.label === 'steps' ? 'opened' : 'stuck'",
      '}',
      'export default Level.High + Tries.Max',
      'declare const SOMETHING_THE_PAGE_GIVES: number',
      "const outcome: Outcome = await runAgent('open')",
      'return outcome',
    ].join('\n');
    const result = await stripAndRun(page, sample, true);
    expect(result.stripped.ok, JSON.stringify(result.stripped)).toBe(true);
    expect(result.runError).toBeUndefined();
    expect(result.value).toBe('opened');
    expect(result.exports).toEqual({ answer: 'helped oil', runAgent: 'function', default: 5 });
    expect(result.required).toEqual(['rusty-helpers']); // the type-only import is gone
    expect(result.stripped.code.split('\n').length).toBe(sample.split('\n').length);
    expect(result.stripped.code).not.toMatch(/interface|: string|<T>|as Step|satisfies/);
  });

  test('plain JavaScript passes through as written, modern syntax and all', async ({ page }) => {
    await openFixture(page);
    const js = "const base = LLM?.baseURL ?? 'none'\nclass A { #n = 1; get n() { return this.#n } }\nfor await (const x of [1]) {}\nreturn [base, new A().n]";
    const result = await page.evaluate((code) => window.RustyStrip.strip(code), js);
    expect(result).toEqual({ ok: true, code: `"use strict";${js}` });
    const run = await page.evaluate(async (code) => {
      const AsyncFunction = (async () => {}).constructor;
      return new AsyncFunction('LLM', code)({ baseURL: 'http://x/v1' });
    }, result.code);
    expect(run).toEqual(['http://x/v1', 1]);
  });

  test('broken code gives a message with its line and column, and strip never throws', async ({ page }) => {
    await openFixture(page);
    const cases = await page.evaluate(() => {
      const s = (code) => { try { return window.RustyStrip.strip(code); } catch (e) { return { threw: String(e) }; } };
      return {
        missingValue: s('const a = 1\nlet b: number = ;\n'),
        unclosedCall: s('async function runAgent(task: string) {\n  await fetch(`${LLM.baseURL}/chat`,\n}\n'),
        unterminatedString: s("const ok = true\n\tconst s = 'abc\n"),
        unicodeBefore: s("const s = 'é😀'; let x = ;"),
        unclosedBlock: s('function f() {\n  if (x) {\n'),
        namespace: s('const a = 1\n  namespace Tools { export const n = 1 }\n'),
        notText: [s(null), s(undefined), s(42), s({})],
        empty: s(''),
      };
    });
    expect(cases.missingValue).toEqual({ ok: false, message: 'Unexpected token', line: 2, column: 17 });
    expect(cases.unclosedCall.ok).toBe(false);
    expect(cases.unclosedCall.line).toBe(3);
    expect(cases.unclosedCall.column).toBe(1);
    expect(cases.unterminatedString).toEqual({ ok: false, message: 'Unterminated string constant', line: 2, column: 12 });
    // Columns count UTF-16 code units, as the editor's positions do: the emoji counts two.
    expect(cases.unicodeBefore).toMatchObject({ ok: false, line: 1, column: 26 });
    expect(cases.unclosedBlock.ok).toBe(false);
    expect(cases.unclosedBlock.line).toBeGreaterThanOrEqual(2);
    expect(cases.namespace).toMatchObject({ ok: false, line: 2, column: 3 });
    expect(cases.namespace.message).toMatch(/namespace/);
    for (const r of cases.notText) expect(r).toEqual({ ok: false, message: 'The code must be text.', line: 1, column: 1 });
    expect(cases.empty).toEqual({ ok: true, code: '"use strict";' });
    for (const r of [cases.missingValue, cases.unclosedCall, cases.unterminatedString, cases.unclosedBlock]) {
      expect(typeof r.message).toBe('string');
      expect(r.message.length).toBeGreaterThan(3);
      expect(r.message).not.toMatch(/\(\d+:\d+\)/);
    }
  });
});

test('a release build ships both bundles in dist/yours/, precached by the service worker', async () => {
  test.skip(!existsSync(join(ROOT, 'dist/sw.js')), 'no release build with a service worker in dist/');
  expect(FROM_DIST).toBe(true);
  const sw = readFileSync(join(ROOT, 'dist/sw.js'), 'utf8');
  for (const name of ['yours/editor.js', 'yours/strip.js']) expect(sw).toContain(`["${name}","sha256-`);
  // Not in the first load: no script or link of index.html names them.
  const html = readFileSync(join(ROOT, 'dist/index.html'), 'utf8');
  expect(html).not.toMatch(/<(script|link)\b[^>]*yours\//);
});

test('a release build ships Python (issue 42): both frames and the host in dist/yours/, Pyodide in dist/python/, kept by the service worker on first use only', async () => {
  test.skip(!existsSync(join(ROOT, 'dist/sw.js')), 'no release build with a service worker in dist/');
  for (const name of ['host.js', 'sandbox.html', 'sandbox-py.html']) {
    expect(readFileSync(join(ROOT, 'dist/yours', name)).equals(readFileSync(join(ROOT, 'assets/yours', name))), `dist/yours/${name}`).toBe(true);
  }
  // The same five files, byte for byte, as the Python sandbox's specs are served (sandbox-serve.mjs).
  const { PYTHON_FILES, PYODIDE_DIR, minimalLock, trimmedStdlib } = await import('../../scripts/python-files.mjs');
  const expected = { 'pyodide-lock.json': minimalLock(), 'python_stdlib.zip': trimmedStdlib() };
  for (const name of PYTHON_FILES) {
    const want = expected[name] ?? readFileSync(join(PYODIDE_DIR, name));
    expect(readFileSync(join(ROOT, 'dist/python', name)).equals(want), `dist/python/${name}`).toBe(true);
  }
  const sw = readFileSync(join(ROOT, 'dist/sw.js'), 'utf8');
  const list = (name) => JSON.parse(sw.match(new RegExp(`^const ${name} = (.*);$`, 'm'))[1]).map(([file]) => file);
  expect(list('FILES')).toContain('yours/sandbox-py.html');
  expect(list('FILES').filter((f) => f.startsWith('python/'))).toEqual([]);
  expect(list('LATER').sort()).toEqual(PYTHON_FILES.map((f) => `python/${f}`).sort());
});

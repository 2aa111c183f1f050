// The code editor of the "Your own loop" view (issue 26), our own small wrapper around
// CodeMirror 6. scripts/bundle-yours.mjs bundles it with esbuild into dist/yours/editor.js, which
// only the ?view=yours page fetches (never the playground's first load).
//
//   const editor = window.RustyEditor.mount(element, { doc, label, onChange, describedBy, language })
//   editor.get() -> string   editor.set(doc)   editor.focus()   editor.destroy()
//   editor.mark(line, column, message)   editor.unmark()   (a mistake the page found, at its line)
//   editor.markFindings([{ line, message }])   (the lines that decided the report card's open row)
//   editor.setLanguage(language)   ('javascript' or 'python': the colours, indentation and brackets)
//
// - `doc`: the starting text. `label`: the accessible name of the editable content (required,
//   in the page's language). `onChange(doc)`: called with the whole text after the user edits it,
//   debounced (DEBOUNCE_MS after the last keystroke), and at once when the editor loses the focus
//   or is destroyed with an edit still waiting, so a Run button pressed right after typing sees it
//   through get() or onChange alike. `set(doc)` replaces the whole text; it does not call onChange
//   (the page knows what it set) and drops an onChange still waiting; it can be undone (Ctrl-Z),
//   so "back to the starting code" never loses the user's own code. `describedBy` (optional, not
//   in the shared contract): an element id for aria-describedby, e.g. the page's hint that says
//   how to leave the editor with the keyboard. `language`: 'javascript' (the default: TypeScript's
//   grammar, which colours plain JavaScript too) or 'python' (issue 42); setLanguage() switches it
//   in place, keeping the text, the undo history and the marks. Python indents by 4 spaces (PEP 8,
//   and what a pasted loop uses), JavaScript by 2. Any other name throws a TypeError.
// - Keyboard: Tab and Shift-Tab indent and outdent the selected lines (CodeMirror's
//   indentWithTab), so Tab does not leave the editor while one edits. To leave it: Escape, then
//   Tab (or Shift-Tab) within two seconds moves the focus on as everywhere else (CodeMirror's tab
//   focus mode, which Escape turns on for 2 s); Ctrl-M (Shift-Alt-M on a Mac) switches Tab to
//   moving the focus until pressed again. Undo Ctrl-Z, redo Ctrl-Shift-Z or Ctrl-Y.
// - Size: the text takes the page's CSS variables --code-size (font size, default .95rem) and
//   --code-font (font family), so presenter mode can make it projector-sized; long lines wrap,
//   so nothing hides past the right edge on a 390 px phone or at a big font size. The editor is
//   as tall as its text unless the page gives `element` a height (it then fills it and scrolls).
//
// - An exercise's gap (the comment that starts with ✎, and the comment lines that follow it) is
//   marked: the lines are tinted and the gutter carries a band beside them, so the place to write
//   is found at a glance; and the editor brings it on screen when it opens and after set(), at
//   1280×720 as on a phone, where the gap may be a thousand pixels below the fold.
//
// - A mistake the page found (mark): its line tinted, underlined from its column, and a sign in a
//   gutter of its own, until the text changes or the page calls unmark().
//
// Kept lean on purpose: no search panel, no autocompletion pop-ups, no lint; line numbers,
// indentation, JavaScript/TypeScript or Python colours, bracket matching and closing, undo history.
import { EditorState, EditorSelection, Annotation, Compartment, StateField, StateEffect, RangeSet, RangeSetBuilder } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
  Decoration, GutterMarker, gutterLineClass, gutter,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  indentOnInput, bracketMatching, syntaxHighlighting, HighlightStyle, indentUnit, LanguageSupport,
} from '@codemirror/language';
import { typescriptLanguage } from '@codemirror/lang-javascript';
import { pythonLanguage } from '@codemirror/lang-python';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { tags as t } from '@lezer/highlight';

const DEBOUNCE_MS = 250;

// The page's palette (style/main.css): each colour is at least 4.5:1 against the editor's
// background (#fffdf8) and the active line's (#f7efe0), so axe's contrast rule passes.
const INK = '#1f1a14';
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.modifier, t.definitionKeyword], color: '#8a3b12', fontWeight: '600' },
  { tag: [t.string, t.special(t.string)], color: '#17703a' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#1d4ed8' },
  { tag: [t.regexp, t.escape], color: '#b42318' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: '#5c5346', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.definition(t.variableName)), t.function(t.propertyName)], color: '#4b3a8f' },
  { tag: [t.typeName, t.className, t.namespace, t.typeOperator], color: '#8a5200' },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName)], color: INK },
  { tag: t.invalid, color: '#b42318', textDecoration: 'underline wavy' },
]);

const theme = EditorView.theme({
  '&': {
    color: INK,
    backgroundColor: '#fffdf8',
    border: '1px solid #d9cfbd',
    borderRadius: '8px',
    fontSize: 'var(--code-size, .95rem)',
    height: '100%',
    maxWidth: '100%',
  },
  // The page's focus ring (style/main.css, "One focus ring on every surface").
  '&.cm-focused': { outline: '3px solid #1f1a14', outlineOffset: '2px', boxShadow: '0 0 0 7px #fffdf8' },
  '.cm-scroller': {
    fontFamily: 'var(--code-font, ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace)',
    lineHeight: '1.5',
    overflow: 'auto',
    borderRadius: '8px',
  },
  '.cm-content': { padding: '.5em 0', caretColor: INK },
  '.cm-line': { padding: '0 .6em 0 .4em' },
  '.cm-cursor, .cm-dropCursor': { borderLeft: '2px solid #1f1a14' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: '#f1d9b8' },
  '.cm-activeLine': { backgroundColor: '#f7efe0' },
  '.cm-gutters': { backgroundColor: '#f6f1e7', color: '#5c5346', borderRight: '1px solid #d9cfbd', borderRadius: '8px 0 0 8px' },
  '.cm-activeLineGutter': { backgroundColor: '#efe4d0', color: INK },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 .5em 0 .6em', minWidth: '2ch' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: '#e3f5e9', outline: '1px solid #17703a' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: '#fde8e6', outline: '1px solid #b42318' },
  // The gap: a warm tint behind its lines (the comment colour keeps 4.5:1 on it) and a band
  // down the gutter beside them.
  '.cm-gap-line': { backgroundColor: '#fff1cc' },
  '.cm-gap-line.cm-activeLine': { backgroundColor: '#fbe7b5' },
  // A mistake's line: a pale red behind it (the text keeps 4.5:1 on it), a wavy underline from
  // its column, and a sign in its own gutter.
  '.cm-mistake-line': { backgroundColor: '#fde8e6' },
  '.cm-mistake-line.cm-activeLine': { backgroundColor: '#f9d7d3' },
  '.cm-mistake-span': { textDecoration: 'underline wavy #b42318', textDecorationSkipInk: 'none' },
  '.cm-mistake-gutter .cm-gutterElement': { color: '#b42318', padding: '0 .25em', fontWeight: '700' },
  '.cm-gutterElement.cm-gap-gutter': { backgroundColor: '#fff1cc', boxShadow: 'inset 5px 0 0 #b45309', color: '#1f1a14' },
  // A finding of the report card's open row: a pale blue behind its line, a sign beside it.
  '.cm-finding-line': { backgroundColor: '#e6eefc', boxShadow: 'inset 3px 0 0 #1d4ed8' },
  '.cm-finding-line.cm-activeLine': { backgroundColor: '#d9e4fa' },
  '.cm-finding-gutter .cm-gutterElement': { color: '#1d4ed8', padding: '0 .25em', fontWeight: '700' },
}, { dark: false });

// ---- The exercise's gap ----
// The gap is a comment whose first line holds ✎, in the page's language; the comment lines right
// after it belong to it. Found again whenever the text changes: once the learner writes over the
// comment, the mark goes with it.
const GAP_SIGN = '\u270e';
const COMMENT = /^\s*(\/\/|#)/;

/** The gap's first and last line numbers (1-based), or null. */
function gapLines(doc) {
  for (let n = 1; n <= doc.lines; n++) {
    const line = doc.line(n).text;
    if (!line.includes(GAP_SIGN) || !COMMENT.test(line)) continue;
    let last = n;
    while (last < doc.lines && COMMENT.test(doc.line(last + 1).text)) last++;
    return { first: n, last };
  }
  return null;
}

const gapLine = Decoration.line({ class: 'cm-gap-line' });
const gapGutter = new (class extends GutterMarker { get elementClass() { return 'cm-gap-gutter'; } })();

function gapMarks(doc) {
  const lines = new RangeSetBuilder();
  const gutter = new RangeSetBuilder();
  const gap = gapLines(doc);
  if (gap) {
    for (let n = gap.first; n <= gap.last; n++) {
      const from = doc.line(n).from;
      lines.add(from, from, gapLine);
      gutter.add(from, from, gapGutter);
    }
  }
  return { lines: lines.finish(), gutter: gutter.finish() };
}

const gapField = StateField.define({
  create: (state) => gapMarks(state.doc),
  update: (marks, tr) => (tr.docChanged ? gapMarks(tr.state.doc) : marks),
  provide: (field) => [
    EditorView.decorations.from(field, (marks) => marks.lines),
    gutterLineClass.from(field, (marks) => marks.gutter),
  ],
});

/** The effect that brings the gap on screen: the whole comment and the line after it, where the
 *  learner's code goes, with some room around. No smooth scrolling, so reduced motion holds. */
function revealGap(state) {
  const gap = gapLines(state.doc);
  if (!gap) return null;
  const from = state.doc.line(gap.first).from;
  const to = state.doc.line(Math.min(state.doc.lines, gap.last + 1)).to;
  return EditorView.scrollIntoView(EditorSelection.range(from, to), { y: 'center', yMargin: 48 });
}

// ---- A mistake at a line ----
// The page marks the line of a mistake it found (a syntax error, a bug at a line): a red tint
// behind it, a wavy underline from its column, and a sign in a gutter of its own. The sign's
// title is the page's sentence; the sentence itself is said in the page's status line (the
// gutter is hidden from screen readers). Any edit takes the mark away: it was about the old text.
const setMistake = StateEffect.define();
const mistakeLine = Decoration.line({ class: 'cm-mistake-line' });
const mistakeSpan = Decoration.mark({ class: 'cm-mistake-span' });
class MistakeSign extends GutterMarker {
  constructor(message) { super(); this.message = message; }
  eq(other) { return other.message === this.message; }
  toDOM() {
    const sign = document.createElement('span');
    sign.className = 'cm-mistake-sign';
    sign.textContent = '\u2716';
    if (this.message) sign.title = this.message;
    return sign;
  }
}

/** The mark for a mistake at `line` (1-based; past the end, the last line), from `column`. */
function mistakeMarks(doc, mistake) {
  if (!mistake) return null;
  const line = doc.line(Math.max(1, Math.min(doc.lines, mistake.line)));
  const lines = new RangeSetBuilder();
  lines.add(line.from, line.from, mistakeLine);
  const from = mistake.column > 0 ? Math.min(line.to, line.from + mistake.column - 1) : line.from;
  if (line.to > from) lines.add(from, line.to, mistakeSpan);
  const signs = new RangeSetBuilder();
  signs.add(line.from, line.from, new MistakeSign(mistake.message));
  return { line: line.number, decorations: lines.finish(), signs: signs.finish() };
}

const mistakeField = StateField.define({
  create: () => null,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setMistake)) return mistakeMarks(tr.state.doc, effect.value);
    return tr.docChanged ? null : marks;
  },
  provide: (field) => EditorView.decorations.from(field, (marks) => (marks ? marks.decorations : Decoration.none)),
});

const mistakeGutter = gutter({
  class: 'cm-mistake-gutter',
  markers: (view) => view.state.field(mistakeField)?.signs ?? RangeSet.empty,
});

// ---- The findings of the report card's open row ----
// The lines that decided a finding (the request with no deadline, the tool call whose error went
// back bare): a blue tint and a sign whose title is the finding's words. The card says the same
// in words beside each verdict ("line 12"). Any edit takes them away.
const setFindings = StateEffect.define();
const findingLine = Decoration.line({ class: 'cm-finding-line' });
class FindingSign extends GutterMarker {
  constructor(message) { super(); this.message = message; }
  eq(other) { return other.message === this.message; }
  toDOM() {
    const sign = document.createElement('span');
    sign.className = 'cm-finding-sign';
    sign.textContent = '\u25C6';
    if (this.message) sign.title = this.message;
    return sign;
  }
}

/** The marks for `findings` ([{ line, message }]), one per line (messages of a line joined). */
function findingMarks(doc, findings) {
  if (!Array.isArray(findings) || findings.length === 0) return null;
  const byLine = new Map();
  for (const f of findings) {
    const n = Math.trunc(Number(f && f.line));
    if (!(n >= 1) || n > doc.lines) continue;
    const said = String((f && f.message) ?? '');
    byLine.set(n, byLine.has(n) ? `${byLine.get(n)}\n${said}` : said);
  }
  if (byLine.size === 0) return null;
  const lines = new RangeSetBuilder();
  const signs = new RangeSetBuilder();
  for (const n of [...byLine.keys()].sort((a, b) => a - b)) {
    const line = doc.line(n);
    lines.add(line.from, line.from, findingLine);
    signs.add(line.from, line.from, new FindingSign(byLine.get(n)));
  }
  return { first: Math.min(...byLine.keys()), decorations: lines.finish(), signs: signs.finish() };
}

const findingField = StateField.define({
  create: () => null,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setFindings)) return findingMarks(tr.state.doc, effect.value);
    return tr.docChanged ? null : marks;
  },
  provide: (field) => EditorView.decorations.from(field, (marks) => (marks ? marks.decorations : Decoration.none)),
});

const findingGutter = gutter({
  class: 'cm-finding-gutter',
  markers: (view) => view.state.field(findingField)?.signs ?? RangeSet.empty,
});

// Marks the transactions of set(): they are the page's, not the user's, so no onChange.
const fromPage = Annotation.define();

// The languages the editor knows: each grammar alone, in a LanguageSupport, not `javascript()` or
// `python()`, which add completion sources that nothing here would show. TypeScript's grammar
// also colours plain JavaScript. The extensions are made once, so switching back and forth
// reconfigures with the same objects.
const LANGUAGES = {
  javascript: [new LanguageSupport(typescriptLanguage), indentUnit.of('  '), EditorState.tabSize.of(2)],
  python: [new LanguageSupport(pythonLanguage), indentUnit.of('    '), EditorState.tabSize.of(4)],
};
function languageExtension(name) {
  const found = Object.prototype.hasOwnProperty.call(LANGUAGES, name) ? LANGUAGES[name] : null;
  if (!found) throw new TypeError(`RustyEditor: unknown language ${JSON.stringify(name)} (javascript or python)`);
  return found;
}

function mount(element, options = {}) {
  if (!(element instanceof Element)) throw new TypeError('RustyEditor.mount: the first argument must be an element');
  const { doc = '', label, onChange, describedBy, language = 'javascript' } = options;
  if (typeof label !== 'string' || label.trim() === '') throw new TypeError('RustyEditor.mount: `label` (the accessible name) is required');
  const languageSlot = new Compartment();
  let currentLanguage = String(language);
  const initialLanguage = languageExtension(currentLanguage);
  const notify = typeof onChange === 'function' ? onChange : null;

  let timer = 0;
  let pending = false;
  let destroyed = false;
  const flush = () => {
    clearTimeout(timer);
    timer = 0;
    if (!pending) return;
    pending = false;
    if (notify) notify(view.state.doc.toString());
  };
  const cancel = () => { clearTimeout(timer); timer = 0; pending = false; };

  const attributes = { 'aria-label': label };
  if (describedBy) attributes['aria-describedby'] = String(describedBy);

  const view = new EditorView({
    parent: element,
    state: EditorState.create({
      doc: String(doc),
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        drawSelection(),
        languageSlot.of(initialLanguage),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        syntaxHighlighting(highlight),
        gapField,
        mistakeField,
        mistakeGutter,
        findingField,
        findingGutter,
        EditorView.lineWrapping,
        theme,
        EditorView.contentAttributes.of(attributes),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || update.transactions.every((tr) => tr.annotation(fromPage))) return;
          pending = true;
          clearTimeout(timer);
          timer = setTimeout(flush, DEBOUNCE_MS);
        }),
        EditorView.domEventHandlers({ blur: () => { flush(); return false; } }),
      ],
    }),
  });

  // An exercise opens on its gap, once the page around the editor has been laid out.
  const showGap = () => {
    if (destroyed) return;
    const effect = revealGap(view.state);
    if (effect) view.dispatch({ effects: effect });
  };
  requestAnimationFrame(showGap);

  let last = '';
  return {
    get: () => (destroyed ? last : view.state.doc.toString()),
    set(text) {
      if (destroyed) return;
      cancel();
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: String(text ?? '') },
        selection: { anchor: 0 },
        scrollIntoView: true,
        annotations: fromPage.of(true),
      });
      showGap();
    },
    focus() { if (!destroyed) view.focus(); },
    // The page's mark for a mistake at `line` (1-based), from `column` (1-based, 0 for the whole
    // line), with its sentence; unmark() takes it away. Either is a no-op once destroyed.
    mark(line, column, message) {
      if (destroyed || !(Number(line) >= 1)) return;
      view.dispatch({ effects: setMistake.of({ line: Math.trunc(Number(line)), column: Math.trunc(Number(column) || 0), message: String(message ?? '') }) });
    },
    unmark() {
      if (destroyed) return;
      if (view.state.field(mistakeField)) view.dispatch({ effects: setMistake.of(null) });
    },
    // The lines of the report card's open row, [{ line, message }] (or its JSON): marked, and the
    // first brought into view; an empty list takes them away. A no-op once destroyed.
    markFindings(findings) {
      if (destroyed) return;
      let list = findings;
      if (typeof list === 'string') { try { list = JSON.parse(list); } catch (_) { list = []; } }
      const effects = [setFindings.of(Array.isArray(list) ? list : [])];
      const marks = findingMarks(view.state.doc, list);
      if (marks) effects.push(EditorView.scrollIntoView(view.state.doc.line(marks.first).from, { y: 'center' }));
      if (!marks && !view.state.field(findingField)) return;
      view.dispatch({ effects });
    },
    // Switches the grammar (and the indent unit) in place: the text, the undo history, the
    // selection and any mark stay; no onChange (the text did not change). A no-op once destroyed
    // or when `name` is already the language; an unknown name throws a TypeError.
    setLanguage(name) {
      const extension = languageExtension(String(name));
      if (destroyed || String(name) === currentLanguage) return;
      currentLanguage = String(name);
      view.dispatch({ effects: languageSlot.reconfigure(extension) });
    },
    destroy() {
      if (destroyed) return;
      flush();
      last = view.state.doc.toString();
      destroyed = true;
      view.destroy();
    },
  };
}

window.RustyEditor = Object.freeze({ mount });

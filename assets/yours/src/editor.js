// The code editor of the "Your own loop" view (issue 26), our own small wrapper around
// CodeMirror 6. scripts/bundle-yours.mjs bundles it with esbuild into dist/yours/editor.js, which
// only the ?view=yours page fetches (never the playground's first load).
//
//   const editor = window.RustyEditor.mount(element, { doc, label, onChange, describedBy })
//   editor.get() -> string   editor.set(doc)   editor.focus()   editor.destroy()
//
// - `doc`: the starting text. `label`: the accessible name of the editable content (required,
//   in the page's language). `onChange(doc)`: called with the whole text after the user edits it,
//   debounced (DEBOUNCE_MS after the last keystroke), and at once when the editor loses the focus
//   or is destroyed with an edit still waiting, so a Run button pressed right after typing sees it
//   through get() or onChange alike. `set(doc)` replaces the whole text; it does not call onChange
//   (the page knows what it set) and drops an onChange still waiting; it can be undone (Ctrl-Z),
//   so "back to the starting code" never loses the user's own code. `describedBy` (optional, not
//   in the shared contract): an element id for aria-describedby, e.g. the page's hint that says
//   how to leave the editor with the keyboard.
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
// Kept lean on purpose: no search panel, no autocompletion pop-ups, no lint; line numbers,
// indentation, JavaScript/TypeScript colours, bracket matching and closing, undo history.
import { EditorState, Annotation } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  indentOnInput, bracketMatching, syntaxHighlighting, HighlightStyle, indentUnit, LanguageSupport,
} from '@codemirror/language';
import { typescriptLanguage } from '@codemirror/lang-javascript';
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
}, { dark: false });

// Marks the transactions of set(): they are the page's, not the user's, so no onChange.
const fromPage = Annotation.define();

function mount(element, options = {}) {
  if (!(element instanceof Element)) throw new TypeError('RustyEditor.mount: the first argument must be an element');
  const { doc = '', label, onChange, describedBy } = options;
  if (typeof label !== 'string' || label.trim() === '') throw new TypeError('RustyEditor.mount: `label` (the accessible name) is required');
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
        indentUnit.of('  '),
        EditorState.tabSize.of(2),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        // TypeScript's grammar also colours plain JavaScript. The language alone, not
        // `javascript()`, which adds completion sources that nothing here would show.
        new LanguageSupport(typescriptLanguage),
        syntaxHighlighting(highlight),
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
    },
    focus() { if (!destroyed) view.focus(); },
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

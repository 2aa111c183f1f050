//! The code editor: CodeMirror from `dist/yours/editor.js`, mounted once the script has come,
//! with a plain text area in its place until then, and for good if it cannot be fetched (the
//! code runs the same). The text lives in [`Yours::code`], never only in the editor.

use crate::state::yours::Yours;
use crate::text;
use crate::web::code_editor::Editor;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Whether the editor came, is on its way, or could not be fetched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mounted {
    Waiting,
    Editor,
    Missing,
}

#[component]
pub fn CodePane() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let host = NodeRef::<leptos::html::Div>::new();
    let mounted = RwSignal::new(Mounted::Waiting);
    let editor = StoredValue::new_local(None::<Editor>);
    // A new text from outside the editor (Starting code, a file): put it in the editor.
    let pushed = StoredValue::new(String::new());
    Effect::new(move |_| {
        let Some(el) = host.get() else { return };
        if mounted.get_untracked() != Mounted::Waiting || editor.with_value(Option::is_some) {
            return;
        }
        let el: web_sys::HtmlElement = el.into();
        let doc = yours.code.get_untracked();
        pushed.set_value(doc.clone());
        spawn_local(async move {
            let on_change = move |text: String| {
                pushed.try_set_value(text.clone());
                yours.code.try_set(text);
            };
            let made =
                Editor::mount(el, &doc, text::yours_editor_label(), yours.code_lang_untracked(), on_change).await;
            // The view may be gone by now (a language switch redraws it, a link leaves it).
            match made {
                Ok(ed) => {
                    // `try_set` gives the value back only when the view is gone.
                    if mounted.try_set(Mounted::Editor).is_none() {
                        // Text typed in the stand-in while the editor came is kept.
                        let now = yours.code.get_untracked();
                        if ed.get().as_deref() != Some(now.as_str()) {
                            ed.set(&now);
                        }
                        editor.set_value(Some(ed));
                    }
                }
                Err(_) => {
                    mounted.try_set(Mounted::Missing);
                }
            }
        });
    });
    // The editor's highlighting follows the language the code runs as.
    Effect::new(move |_| {
        // Changes only when the language does (the detection is a memo), not per keystroke.
        let lang = yours.code_lang();
        if mounted.get() == Mounted::Editor {
            editor.with_value(|e| {
                if let Some(e) = e {
                    e.set_language(lang);
                }
            });
        }
    });
    Effect::new(move |_| {
        let code = yours.code.get();
        if pushed.with_value(|p| *p != code) {
            pushed.set_value(code.clone());
            editor.with_value(|e| {
                if let Some(e) = e {
                    e.set(&code);
                }
            });
        }
    });
    // A mistake the page found is marked at its line, once the editor is there; an edit makes
    // it stale, so it goes (the editor drops its mark on any edit by itself).
    Effect::new(move |_| {
        let problem = yours.problem.get();
        if mounted.get() != Mounted::Editor {
            return;
        }
        editor.with_value(|e| {
            let Some(e) = e else { return };
            match problem.as_ref().and_then(|p| p.line().map(|l| (p, l))) {
                Some((p, line)) => {
                    e.mark(line, p.column().unwrap_or(0), &text::yours_problem(p, yours.code_lang_untracked()))
                }
                None => e.unmark(),
            }
        });
    });
    // The lines that decided the card's row opened last: marked beside the mistake's, and gone
    // with the first edit (the editor drops them by itself; the state follows below).
    Effect::new(move |_| {
        let marked = yours.marked.get();
        if mounted.get() != Mounted::Editor {
            return;
        }
        editor.with_value(|e| {
            if let Some(e) = e {
                e.mark_findings(&marked);
            }
        });
    });
    Effect::new(move |seen: Option<String>| {
        let now = yours.code.get();
        if seen.is_some_and(|before| before != now) {
            yours.problem.set(None);
            if yours.marked.with_untracked(|m| !m.is_empty()) {
                yours.marked.set(Vec::new());
            }
        }
        now
    });
    on_cleanup(move || {
        editor.try_update_value(Option::take);
    });
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        pushed.set_value(value.clone());
        yours.code.set(value);
    };
    view! {
        <div class="code-pane" data-testid="code-pane" data-code-lang=move || yours.code_lang().slug() data-code-chars=move || yours.code.with(|c| c.chars().count())
            data-problem-line=move || yours.problem.with(|p| p.as_ref().and_then(|p| p.line()))
            data-marked-lines=move || yours.marked.with(|m| m.iter().map(|(l, _)| l.to_string()).collect::<Vec<_>>().join(" ")) data-editor=move || match mounted.get() { Mounted::Waiting => "waiting", Mounted::Editor => "ready", Mounted::Missing => "missing" }>
            <div class="code-editor" node_ref=host hidden=move || mounted.get() != Mounted::Editor></div>
            <Show when=move || mounted.get() != Mounted::Editor>
                <textarea class="code-plain" data-testid="code-plain" spellcheck="false" aria-label=text::yours_editor_label()
                    prop:value=move || yours.code.get() on:input=on_input></textarea>
            </Show>
            <Show when=move || mounted.get() == Mounted::Missing>
                <p class="hint" role="status">{text::yours_editor_missing()}</p>
            </Show>
        </div>
    }
}

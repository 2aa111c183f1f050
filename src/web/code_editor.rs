//! The page's end of the code editor (`dist/yours/editor.js`, CodeMirror 6, which defines
//! `window.RustyEditor`): mount it in an element, read and replace its text, switch its language,
//! take it down.

use crate::web::script::{self, ScriptMissing};
use rusty_lock_engine::yours::code_lang::CodeLang;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

pub const EDITOR_URL: &str = "yours/editor.js";

/// The editor's name for a language (`mount`'s `language`, `setLanguage`): its colours and indent.
fn language_name(code: CodeLang) -> &'static str {
    match code {
        CodeLang::JavaScript => "javascript",
        CodeLang::Python => "python",
    }
}

/// A mounted editor. Dropping it takes it down and lets go of its change handler.
pub struct Editor {
    handle: JsValue,
    _on_change: Closure<dyn Fn(JsValue)>,
}

impl Editor {
    /// Mounts the editor in `element` with `doc` in `language`, its text area named `label` for
    /// screen readers; `on_change` gets the whole text after each edit.
    pub async fn mount(
        element: web_sys::HtmlElement,
        doc: &str,
        label: &str,
        language: CodeLang,
        on_change: impl Fn(String) + 'static,
    ) -> Result<Editor, ScriptMissing> {
        script::load(EDITOR_URL, "RustyEditor").await?;
        let on_change = Closure::<dyn Fn(JsValue)>::new(move |v: JsValue| {
            if let Some(text) = v.as_string() {
                on_change(text);
            }
        });
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"doc".into(), &JsValue::from_str(doc));
        let _ = js_sys::Reflect::set(&options, &"label".into(), &JsValue::from_str(label));
        let _ = js_sys::Reflect::set(&options, &"onChange".into(), on_change.as_ref());
        let _ = js_sys::Reflect::set(&options, &"language".into(), &JsValue::from_str(language_name(language)));
        let editor = js_sys::Reflect::get(&js_sys::global(), &"RustyEditor".into()).map_err(|_| ScriptMissing)?;
        let mount: js_sys::Function =
            js_sys::Reflect::get(&editor, &"mount".into()).ok().and_then(|f| f.dyn_into().ok()).ok_or(ScriptMissing)?;
        let handle = mount.call2(&editor, &element, &options).map_err(|_| ScriptMissing)?;
        Ok(Editor { handle, _on_change: on_change })
    }

    fn call(&self, name: &str, arg: Option<&JsValue>) -> Option<JsValue> {
        let f: js_sys::Function = js_sys::Reflect::get(&self.handle, &JsValue::from_str(name)).ok()?.dyn_into().ok()?;
        match arg {
            Some(a) => f.call1(&self.handle, a).ok(),
            None => f.call0(&self.handle).ok(),
        }
    }

    pub fn get(&self) -> Option<String> {
        self.call("get", None).and_then(|v| v.as_string())
    }

    pub fn set(&self, doc: &str) {
        self.call("set", Some(&JsValue::from_str(doc)));
    }

    /// Marks a mistake at `line` (1-based), from `column` (1-based; 0 for the whole line), with
    /// its sentence as the sign's title. An edit, or [`Editor::unmark`], takes it away.
    pub fn mark(&self, line: u32, column: u32, message: &str) {
        let Some(f) = js_sys::Reflect::get(&self.handle, &JsValue::from_str("mark"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            return;
        };
        let _ = f.call3(&self.handle, &JsValue::from(line), &JsValue::from(column), &JsValue::from_str(message));
    }

    pub fn unmark(&self) {
        self.call("unmark", None);
    }

    /// Marks the lines (1-based) that decided a finding of the report card, each with the
    /// finding's words as its sign's title; an empty list takes them away, and so does an edit.
    pub fn mark_findings(&self, findings: &[(u32, String)]) {
        let list: Vec<serde_json::Value> =
            findings.iter().map(|(line, message)| serde_json::json!({ "line": line, "message": message })).collect();
        let json = serde_json::Value::Array(list).to_string();
        self.call("markFindings", Some(&JsValue::from_str(&json)));
    }

    /// Switches the editor's colours and indentation to `code`'s, keeping the text, its undo
    /// history and any mark (no change is reported: the text is the same).
    pub fn set_language(&self, code: CodeLang) {
        self.call("setLanguage", Some(&JsValue::from_str(language_name(code))));
    }
}

impl Drop for Editor {
    fn drop(&mut self) {
        self.call("destroy", None);
    }
}

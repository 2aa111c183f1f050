//! The page's end of the sandbox that runs your own loop (`dist/yours/host.js`, which defines
//! `window.RustyYours`), and of the type stripper (`dist/yours/strip.js`, `window.RustyStrip`).
//! What crosses is JSON text both ways, so the shapes are the engine's serde types and this file
//! knows none of them: the caller reads each request and writes each answer.

use crate::web::script::{self, ScriptMissing};
use rusty_lock_engine::yours::code_lang::CodeLang;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Where the view's JavaScript lives, beside index.html.
pub const HOST_URL: &str = "yours/host.js";
pub const STRIP_URL: &str = "yours/strip.js";
pub const SANDBOX_URL: &str = "yours/sandbox.html";
/// Python's frame, and where Pyodide's files are (fetched by the host from the page's origin on
/// the first Python run, never before).
pub const PYTHON_SANDBOX_URL: &str = "yours/sandbox-py.html";
pub const PYTHON_URL: &str = "python/";

/// What the sandbox asks of the page while the code runs, each as JSON text in and out
/// (shapes in the engine's `yours` module). Called synchronously from the host's message handler.
pub struct Handlers {
    pub serve: Box<dyn Fn(String) -> String>,
    pub tool: Box<dyn Fn(String) -> String>,
    pub abort: Box<dyn Fn(String)>,
    pub log: Box<dyn Fn(String)>,
    /// How Python's start is going (`{phase, loaded?, total?}`); never called for JavaScript.
    pub python: Box<dyn Fn(String)>,
}

/// One run in a fresh sandbox: `options` is the JSON of the host's options; the future gives the
/// JSON of how it ended. Never fails: a host that cannot be fetched or started ends as `error`.
/// Clones share the one sandbox: any of them stops it.
#[derive(Clone)]
pub struct SandboxRun {
    stop: Rc<RefCell<Option<js_sys::Function>>>,
}

impl SandboxRun {
    /// Tears the sandbox down now (Stop, a new run, the view going away); its end then says
    /// `stopped`.
    pub fn stop(&self) {
        if let Some(stop) = self.stop.borrow_mut().take() {
            let _ = stop.call0(&JsValue::NULL);
        }
    }
}

/// The JSON of a run that could not start, in the host's own `End` shape: `why: "page"`, the
/// page's own part missing or refusing (another try in a fresh sandbox would change nothing).
fn start_error(message: &str) -> String {
    serde_json::json!({ "how": "error", "why": "page", "t": 0, "message": message }).to_string()
}

/// Starts the code in a sandbox. `on_end` gets the `End` JSON once, unless [`SandboxRun::stop`]
/// came first (it then gets the host's `stopped`).
pub async fn run(options: String, handlers: Handlers, on_end: impl FnOnce(String) + 'static) -> SandboxRun {
    let stop = Rc::new(RefCell::new(None));
    let run = SandboxRun { stop: stop.clone() };
    if script::load(HOST_URL, "RustyYours").await.is_err() {
        on_end(start_error("host"));
        return run;
    }
    let Ok(options) = js_sys::JSON::parse(&options) else {
        on_end(start_error("options"));
        return run;
    };
    let Handlers { serve, tool, abort, log, python } = handlers;
    // Each handler turns the host's object into JSON text and back; a value the host cannot
    // read back would end its run, never the page.
    let json_in = |v: &JsValue| js_sys::JSON::stringify(v).ok().and_then(|s| s.as_string()).unwrap_or_default();
    let serve = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |req: JsValue| {
        js_sys::JSON::parse(&serve(json_in(&req))).unwrap_or(JsValue::NULL)
    });
    let tool = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |call: JsValue| {
        js_sys::JSON::parse(&tool(json_in(&call))).unwrap_or(JsValue::NULL)
    });
    let abort = Closure::<dyn Fn(JsValue)>::new(move |a: JsValue| abort(json_in(&a)));
    let log = Closure::<dyn Fn(JsValue)>::new(move |l: JsValue| log(json_in(&l)));
    let python = Closure::<dyn Fn(JsValue)>::new(move |p: JsValue| python(json_in(&p)));
    let object = js_sys::Object::new();
    for (name, f) in [
        ("serve", serve.as_ref()),
        ("tool", tool.as_ref()),
        ("abort", abort.as_ref()),
        ("log", log.as_ref()),
        ("python", python.as_ref()),
    ] {
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), f);
    }
    let started = call_path(&["RustyYours", "run"], &[options, object.into()]);
    let Some(started) = started else {
        on_end(start_error("start"));
        return run;
    };
    let done = js_sys::Reflect::get(&started, &JsValue::from_str("done"))
        .ok()
        .and_then(|d| d.dyn_into::<js_sys::Promise>().ok());
    if let Some(f) = js_sys::Reflect::get(&started, &JsValue::from_str("stop"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let bound = f.bind0(&started);
        *stop.borrow_mut() = Some(bound);
    }
    let Some(done) = done else {
        on_end(start_error("start"));
        return run;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let end = wasm_bindgen_futures::JsFuture::from(done).await;
        // The handlers live as long as the run: the host calls none of them after its end.
        drop((serve, tool, abort, log, python));
        stop.borrow_mut().take();
        let end = match end {
            Ok(v) => json_in(&v),
            Err(_) => start_error("host"),
        };
        on_end(end);
    });
    run
}

/// Fetches the host and the stripper, and has `frames` sandboxes loaded ahead, so the next Run
/// or report card starts at once. Anything missing is left for Run to say. For Python the
/// spares start the interpreter too (its files fetched on this first call), so only a view
/// set to Python asks for them.
pub async fn warm(frames: u32, code: CodeLang) {
    if script::load(HOST_URL, "RustyYours").await.is_ok() {
        match code {
            CodeLang::JavaScript => {
                call_path(&["RustyYours", "prepare"], &[JsValue::from_str(SANDBOX_URL), JsValue::from(frames)]);
            }
            CodeLang::Python if python_supported() => {
                call_path(
                    &["RustyYours", "prepare"],
                    &[JsValue::from_str(PYTHON_SANDBOX_URL), JsValue::from(frames), JsValue::from_str(PYTHON_URL)],
                );
            }
            CodeLang::Python => {}
        }
    }
    if code == CodeLang::JavaScript {
        let _ = script::load(STRIP_URL, "RustyStrip").await;
    }
}

/// Whether this browser can run Python (WebAssembly JSPI). Asked of the host once it is loaded;
/// `true` before, so nothing is said until it is known.
pub fn python_supported() -> bool {
    call_path(&["RustyYours", "pythonSupported"], &[]).and_then(|v| v.as_bool()).unwrap_or(true)
}

/// Loads the host (the script that knows whether Python can run here).
pub async fn load_host() -> bool {
    script::load(HOST_URL, "RustyYours").await.is_ok()
}

/// Takes down the spare sandboxes (the view is going away).
pub fn release() {
    if script::defined("RustyYours") {
        call_path(&["RustyYours", "release"], &[]);
    }
}

/// `window.a.b(args…)`, with `this` = `window.a`; `None` when any step is missing or throws.
fn call_path(path: &[&str], args: &[JsValue]) -> Option<JsValue> {
    let mut this: JsValue = js_sys::global().into();
    let mut value: JsValue = this.clone();
    for name in path {
        this = value.clone();
        value = js_sys::Reflect::get(&value, &JsValue::from_str(name)).ok()?;
    }
    let f: js_sys::Function = value.dyn_into().ok()?;
    f.apply(&this, &args.iter().cloned().collect::<js_sys::Array>()).ok()
}

/// Strips TypeScript's types (and turns `export` into CommonJS), in the browser, with the
/// stripper fetched on first use. `Ok(code)`, or `Err` with the stripper's message, line and
/// column; `Err(None)` when the stripper itself could not be fetched.
pub async fn strip(code: &str) -> Result<String, Option<Stripped>> {
    script::load(STRIP_URL, "RustyStrip").await.map_err(|ScriptMissing| None)?;
    let result = call_path(&["RustyStrip", "strip"], &[JsValue::from_str(code)]).ok_or(None)?;
    let get = |k: &str| js_sys::Reflect::get(&result, &JsValue::from_str(k)).ok();
    if get("ok").and_then(|v| v.as_bool()) == Some(true) {
        return get("code").and_then(|c| c.as_string()).ok_or(None);
    }
    Err(Some(Stripped {
        message: get("message").and_then(|m| m.as_string()).unwrap_or_default(),
        line: get("line").and_then(|v| v.as_f64()).unwrap_or(0.0) as u32,
        column: get("column").and_then(|v| v.as_f64()).unwrap_or(0.0) as u32,
    }))
}

/// Why code could not be read: the stripper's own message and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stripped {
    pub message: String,
    pub line: u32,
    pub column: u32,
}

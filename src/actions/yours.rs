//! Your own loop's actions: open the view (the code a link carries), run the code against one
//! failure and play what it did in the scene, grade it on every failure of the matrix, stop.
//!
//! The code runs in a sandbox (`web::sandbox`); every request it makes is answered here by the
//! page's own server and every tool call by the page's tools (the engine's `yours` module), and
//! each is written down as it happens. What it did is then read into the playground's events and
//! graded, by the engine, from that record alone.

use crate::state::yours::{CardRow, LoggedLine, PythonStart, Status, Yours};
use crate::state::Playground;
use crate::text;
use crate::web::packed_code::unpack;
use crate::web::sandbox::{self, Handlers, SandboxRun, Stripped};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{findings_at, grade_beside, reference, CaseId};
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::observe::{events_of, tools_used, End, LogLevel, Mistake, Observed, SiteOf};
use rusty_lock_engine::yours::problem::CodeProblem;
use rusty_lock_engine::yours::server::{HttpRequest, ServerReply};
use rusty_lock_engine::yours::session::Session;
use rusty_lock_engine::yours::PLACEHOLDER_KEY;
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

/// Real time a sandbox may go without giving control back before it is taken down.
pub const BUDGET_MS: u64 = 3000;
/// Virtual time after which a run that is still waiting is ended.
pub const VIRTUAL_LIMIT_MS: u64 = 10 * 60 * 1000;
/// Requests after which a loop that keeps calling is stopped: a robust loop needs a dozen.
pub const MAX_REQUESTS: usize = 80;
/// Cases of the report card run at once, each in its own sandbox.
const AT_ONCE: usize = 3;
/// Python's at once: each frame restores an interpreter (about half a second of a core), and the
/// host keeps at most two Python spares.
const PYTHON_AT_ONCE: usize = 2;
/// Times a case the page failed (its sandbox crashed or did not start, or the machine starved it
/// into `blocked`) is run again, in a fresh sandbox, alone, once the others are done.
const RERUNS: u32 = 2;
/// Reruns in a row that fail again after which a batch stops rerunning: the page, not the
/// machine, cannot run this code (or the code blocks everywhere), and each try costs seconds.
const RERUNS_FAILING: u32 = 3;
/// Real time Python may take to start (its files fetched on a slow line, then compiled) before
/// the run is ended as not started; the code's own budget counts from there.
const PYTHON_LOAD_BUDGET_MS: u64 = 120_000;

/// The view's state, starting with `code` (an exercise's, or the robust loop), or with the code
/// of the link (`code=`, deflated) when it carries one: read after the view is up, and a damaged
/// one said, with the starting code kept.
pub fn open(search: &str, code: String) -> Yours {
    let yours = Yours::new(code);
    // The language the link set (`code-lang=`), where the code alone would be read as the other.
    let linked_lang = form_urlencoded_value(search, "code-lang").and_then(|s| CodeLang::from_slug(&s));
    if let Some(lang) = linked_lang {
        choose_lang(yours, lang);
    }
    // The case a copied link was on (`case=`): the picker opens on it, ready for Run.
    if let Some(case) = form_urlencoded_value(search, "case").and_then(|slug| CaseId::from_slug(&slug)) {
        yours.case.set(case);
    }
    // The sandbox and the stripper come while the learner reads the code.
    spawn_local(async move {
        crate::web::idle::idle().await;
        let Some(code) = yours.code.try_with_untracked(|c| linked_lang.unwrap_or_else(|| CodeLang::detect(c))) else {
            return;
        };
        sandbox::warm(1, code).await;
    });
    let packed = form_urlencoded_value(search, "code");
    if let Some(packed) = packed {
        spawn_local(async move {
            match unpack(&packed).await {
                Some(code) if !code.trim().is_empty() => {
                    let detected = CodeLang::detect(&code);
                    yours.code.try_set(code.clone());
                    yours.start.try_set(Some(code));
                    yours.chosen_lang.try_set(linked_lang.filter(|l| *l != detected));
                }
                _ => {
                    yours.status.try_set(Status::Said(text::yours_link_damaged().to_string()));
                }
            }
        });
    }
    yours
}

/// Sets the language the code runs as: kept only where the code looks like the other one.
pub fn choose_lang(yours: Yours, lang: CodeLang) {
    let detected = yours.detected.get_untracked();
    yours.chosen_lang.set((lang != detected).then_some(lang));
}

/// An edit that changes what the code looks like (a paste of another language, most often)
/// drops the learner's earlier choice: the code is read as it now looks.
pub fn code_looks_changed(yours: Yours) {
    if yours.chosen_lang.get_untracked().is_some() {
        yours.chosen_lang.set(None);
    }
}

/// The language choice beside the editor: the code stays if the learner wrote it; the page's
/// own starting code (or the exercise's) is swapped for the same in the chosen language.
/// Then Python's spares start, so the first Run finds one ready.
pub fn switch_lang(pg: Playground, yours: Yours, starting_code: impl Fn(CodeLang) -> String, lang: CodeLang) {
    let was = yours.code_lang_untracked();
    if was == lang {
        return;
    }
    stop_everything(pg, yours);
    let untouched = yours.code.with_untracked(|c| *c == starting_code(was) || c.trim().is_empty());
    if untouched {
        yours.code.set(starting_code(lang));
    }
    choose_lang(yours, lang);
    yours.card.set(Vec::new());
    yours.problem.set(None);
    spawn_local(async move {
        sandbox::warm(1, lang).await;
    });
}

/// `search` with `key` set to `value` (in place, or appended), everything else as it was.
pub fn with_param(search: &str, key: &str, value: &str) -> String {
    let query = search.strip_prefix('?').unwrap_or(search);
    let mut pairs: Vec<String> = query.split('&').filter(|p| !p.is_empty()).map(str::to_string).collect();
    let set = format!("{key}={value}");
    match pairs.iter_mut().find(|p| p.split('=').next() == Some(key)) {
        Some(pair) => *pair = set,
        None => pairs.push(set),
    }
    format!("?{}", pairs.join("&"))
}

/// The first value of `key` in a query string.
pub fn form_urlencoded_value(search: &str, key: &str) -> Option<String> {
    let query = search.strip_prefix('?').unwrap_or(search);
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then(|| v.replace("%2D", "-").replace("%5F", "_"))
    })
}

/// Stops every sandbox of the view, and whatever their ends would have shown.
pub fn stop(yours: Yours) {
    yours.generation.try_update_value(|g| *g += 1);
    if let Some(runs) = yours.sandboxes.try_update_value(std::mem::take) {
        for run in runs {
            run.stop();
        }
    }
    if yours.status.try_get_untracked().is_some_and(|s| matches!(s, Status::Running | Status::Grading { .. })) {
        yours.status.try_set(Status::Idle);
    }
}

/// Stop as the learner means it (the button, Escape, "Starting code"): the sandboxes, and the run
/// playing in the scene, which may go on long after the code itself has finished (its run is
/// played at the chosen speed, backoffs and all).
pub fn stop_everything(pg: Playground, yours: Yours) {
    stop(yours);
    if pg.running.try_get_untracked() == Some(true) {
        crate::actions::run::stop(pg);
    }
}

/// The view is going away: its sandboxes, and the spares made for it, go too.
pub fn close(yours: Yours) {
    stop(yours);
    sandbox::release();
}

/// A new generation: older sandboxes are stopped and their ends dropped, and the last run's
/// problem goes (this run will find it again if it is still there).
fn begin(yours: Yours) -> u64 {
    stop(yours);
    yours.problem.set(None);
    yours.marked.set(Vec::new());
    yours.generation.get_value()
}

fn current(yours: Yours, generation: u64) -> bool {
    yours.generation.try_get_value() == Some(generation)
}

/// The code as the sandbox runs it, and its language: JavaScript with its types stripped, Python
/// as written. `None` once the problem is said.
async fn stripped(yours: Yours, generation: u64) -> Option<(String, CodeLang)> {
    // The view may have gone while the sandbox was fetched (a link, a language's part).
    let code = yours.code.try_get_untracked()?;
    let lang = yours.code_lang_untracked();
    if lang == CodeLang::Python {
        if sandbox::load_host().await && !sandbox::python_supported() {
            if current(yours, generation) {
                yours.status.set(Status::Said(text::yours_no_python().to_string()));
            }
            return None;
        }
        return current(yours, generation).then_some((code, lang));
    }
    let result = sandbox::strip(&code).await;
    if !current(yours, generation) {
        return None;
    }
    match result {
        Ok(js) => Some((js, lang)),
        Err(Some(problem)) => {
            // Said by the status line, the report card and the exercise's result alike, in the
            // page's language, and marked at its line in the editor.
            let Stripped { message, line, column } = problem;
            yours.status.set(Status::Idle);
            yours.problem.set(Some(CodeProblem::Syntax { message, line, column }));
            None
        }
        Err(None) => {
            yours.status.set(Status::Said(text::yours_stripper_missing().to_string()));
            None
        }
    }
}

/// Runs the code against `case` and plays what it did in the scene.
pub fn run_case(pg: Playground, yours: Yours, case: CaseId) {
    let generation = begin(yours);
    crate::actions::run::end_run(pg);
    yours.status.set(Status::Running);
    yours.logs.set(Vec::new());
    let lang = text::lang();
    let seed = pg.scenario.with_untracked(|s| s.config.seed);
    spawn_local(async move {
        let Some((js, code_lang)) = stripped(yours, generation).await else { return };
        let logs = move |line: LoggedLine| {
            if current(yours, generation) {
                yours.logs.update(|l| l.push(line));
            }
        };
        let logs: Rc<dyn Fn(LoggedLine)> = Rc::new(logs);
        let mut ran = in_sandbox(yours, js.clone(), code_lang, case, lang, seed, logs.clone()).await;
        // The page's failure, not the code's: the same case again in a fresh sandbox.
        for _ in 0..ran.again.min(RERUNS) {
            if !current(yours, generation) {
                return;
            }
            yours.logs.set(Vec::new());
            ran = in_sandbox(yours, js.clone(), code_lang, case, lang, seed, logs.clone()).await;
            if ran.again == 0 {
                break;
            }
        }
        if !current(yours, generation) {
            return;
        }
        let said = said_of(&ran.observed, code_lang);
        yours.tools_used.set(tools_used(&ran.observed, lang));
        yours.env_read.set(Vec::new());
        merge_env(yours, &ran.env);
        let events = events_of(&ran.observed, lang, script(lang).task);
        crate::actions::run::play(pg, events);
        yours.status.set(said.map_or(Status::Idle, Status::Said));
        yours.problem.set(CodeProblem::of_run(&ran.observed));
    });
}

/// Grades the code on every case of the matrix, a few sandboxes at a time, each case's row in
/// the card as soon as it is done.
pub fn run_card(pg: Playground, yours: Yours) {
    let seed = pg.scenario.with_untracked(|s| s.config.seed);
    // Each case at the link's seed; the jitter's 503 plays at its own second seed from it.
    let runs = CaseId::ALL.into_iter().map(|c| (c, seed)).collect();
    run_many(pg, yours, runs, |_| {});
}

/// What a batch calls once every run is in.
type WhenDone = Box<dyn FnOnce(Vec<BatchRun>)>;

/// One run of a batch: its case and the link's seed (the case played at its own from it,
/// [`CaseId::seed`]), what the code did, and the real time it took.
pub struct BatchRun {
    pub case: CaseId,
    pub seed: u64,
    pub observed: Vec<Observed>,
    pub real_ms: f64,
}

/// The card's rows that `finished` completes, among `runs` at the link's `seed`: its own, and
/// any row set beside it ([`CaseId::partner`]) whose run was in first. A row whose partner has
/// not finished yet waits for it, so each row is graded once.
fn rows_done(runs: &[BatchRun], finished: CaseId, seed: u64, lang: Lang) -> Vec<CardRow> {
    let at_seed = |c: CaseId| runs.iter().find(|r| r.case == c && r.seed == seed);
    let waiting = CaseId::ALL.into_iter().filter(|c| c.partner() == Some(finished));
    std::iter::once(finished)
        .chain(waiting)
        .filter_map(|case| {
            let run = at_seed(case)?;
            let partner = match case.partner() {
                Some(p) => Some(at_seed(p)?.observed.as_slice()),
                None => None,
            };
            let yours = grade_beside(case, lang, &run.observed, partner);
            Some(CardRow {
                case,
                findings: findings_at(&yours, &run.observed),
                yours,
                reference: reference(case, lang),
                events: std::sync::Arc::new(events_of(&run.observed, lang, script(lang).task)),
                real_ms: run.real_ms,
            })
        })
        .collect()
}

/// Runs the code on each `(case, seed)`, [`AT_ONCE`] sandboxes at a time. The runs at the link's
/// seed fill the card as they finish; `done` gets every run once all are in (never for a batch
/// stopped, replaced, or whose view went away).
pub fn run_many(pg: Playground, yours: Yours, runs: Vec<(CaseId, u64)>, done: impl FnOnce(Vec<BatchRun>) + 'static) {
    let generation = begin(yours);
    let total = runs.len();
    yours.card.set(Vec::new());
    yours.tools_used.set(Default::default());
    yours.env_read.set(Vec::new());
    yours.status.set(Status::Grading { done: 0, total });
    let lang = text::lang();
    let seed = pg.scenario.with_untracked(|s| s.config.seed);
    spawn_local(async move {
        let code_lang = yours.code_lang_untracked();
        let at_once = if code_lang == CodeLang::Python { PYTHON_AT_ONCE } else { AT_ONCE };
        sandbox::warm(at_once as u32, code_lang).await;
        let Some((js, code_lang)) = stripped(yours, generation).await else { return };
        let queue = Rc::new(RefCell::new(runs.into_iter().collect::<VecDeque<_>>()));
        let results: Rc<RefCell<Vec<BatchRun>>> = Rc::new(RefCell::new(Vec::new()));
        // Why Python could not start, said once every case is in.
        let said: Rc<RefCell<Option<String>>> = Rc::new(RefCell::new(None));
        let done: Rc<RefCell<Option<WhenDone>>> = Rc::new(RefCell::new(Some(Box::new(done))));
        // A finished run into the card (the last of its case's tries).
        let record = Rc::new(move |case: CaseId, run_seed: u64, ran: Ran| {
            yours.tools_used.update(|u| u.merge(&tools_used(&ran.observed, lang)));
            merge_env(yours, &ran.env);
            if code_lang == CodeLang::Python {
                if let Some(why) = said_of(&ran.observed, code_lang) {
                    said.borrow_mut().replace(why);
                }
            }
            // The first mistake of the code a run shows is said at once, over the card.
            if yours.problem.with_untracked(Option::is_none) {
                if let Some(problem) = CodeProblem::of_run(&ran.observed) {
                    yours.problem.set(Some(problem));
                }
            }
            let run = BatchRun { case, seed: run_seed, observed: ran.observed, real_ms: ran.real_ms };
            results.borrow_mut().push(run);
            if run_seed == seed {
                let rows = rows_done(&results.borrow(), case, seed, lang);
                if !rows.is_empty() {
                    yours.card.update(|card| {
                        card.extend(rows);
                        card.sort_by_key(|r| CaseId::ALL.iter().position(|c| *c == r.case));
                    });
                }
            }
            let finished = results.borrow().len();
            if finished == total {
                yours.status.set(said.borrow_mut().take().map_or(Status::Idle, Status::Said));
                if let Some(done) = done.borrow_mut().take() {
                    done(std::mem::take(&mut *results.borrow_mut()));
                }
            } else {
                yours.status.set(Status::Grading { done: finished, total });
            }
        });
        // The runs the page failed (not the code), to run again once every other run is in:
        // (case, seed, the run that failed, tries so far).
        let again: Rc<RefCell<Again>> = Rc::new(RefCell::new(VecDeque::new()));
        let busy = Rc::new(Cell::new(at_once));
        for _ in 0..at_once {
            let (queue, js, record, again, busy) =
                (queue.clone(), js.clone(), record.clone(), again.clone(), busy.clone());
            spawn_local(async move {
                loop {
                    let next = queue.borrow_mut().pop_front();
                    let Some((case, run_seed)) = next else { break };
                    if !current(yours, generation) {
                        return;
                    }
                    let ran = in_sandbox(yours, js.clone(), code_lang, case, lang, run_seed, Rc::new(|_| {})).await;
                    if !current(yours, generation) {
                        return;
                    }
                    if ran.again > 0 {
                        again.borrow_mut().push_back((case, run_seed, ran, 0));
                    } else if never_reached(&ran.observed) {
                        // The code ended by itself before its first request: no fault can reach it
                        // on any case (they all act on requests), so every case still queued
                        // ends the same way, and the card says why at once instead of running
                        // the whole matrix for nothing.
                        let rest: Vec<(CaseId, u64)> = queue.borrow_mut().drain(..).collect();
                        let observed = ran.observed.clone();
                        record(case, run_seed, ran);
                        for (case, run_seed) in rest {
                            record(
                                case,
                                run_seed,
                                Ran { observed: observed.clone(), real_ms: 0.0, again: 0, env: Vec::new() },
                            );
                        }
                    } else {
                        record(case, run_seed, ran);
                    }
                }
                // The last sandbox still going reruns the page's failures, one at a time: alone,
                // a run the machine starved gets the CPU the others took.
                busy.set(busy.get() - 1);
                if busy.get() > 0 {
                    return;
                }
                let mut failing = 0;
                loop {
                    let Some((case, run_seed, last, tries)) = again.borrow_mut().pop_front() else { return };
                    if tries >= last.again.min(RERUNS) || failing >= RERUNS_FAILING {
                        record(case, run_seed, last);
                        continue;
                    }
                    if !current(yours, generation) {
                        return;
                    }
                    let ran = in_sandbox(yours, js.clone(), code_lang, case, lang, run_seed, Rc::new(|_| {})).await;
                    if !current(yours, generation) {
                        return;
                    }
                    if ran.again > 0 {
                        failing += 1;
                        again.borrow_mut().push_back((case, run_seed, ran, tries + 1));
                    } else {
                        failing = 0;
                        record(case, run_seed, ran);
                    }
                }
            });
        }
    });
}

/// A run that ended by the code's own doing (a return, a throw, no `runAgent`) without ever
/// sending a request: not a run the page failed (a crash, a starved sandbox), which may go
/// otherwise in a fresh one.
fn never_reached(observed: &[Observed]) -> bool {
    let asked = observed.iter().any(|o| matches!(o, Observed::Request { .. } | Observed::SpentSignal { .. }));
    let own_end = observed.iter().any(|o| {
        matches!(o, Observed::End { how: End::Returned { .. } | End::Threw { .. } | End::NoAgent { .. }, .. })
    });
    !asked && own_end
}

/// The runs of a batch the page failed, each with its case, seed, last try and tries so far.
type Again = VecDeque<(CaseId, u64, Ran, u32)>;

/// What the code did in one sandbox, and the real time it took.
struct Ran {
    observed: Vec<Observed>,
    real_ms: f64,
    /// Times the case is worth running again because its end was the page's failure, not the
    /// code's ([`reruns_for`]); 0 when the end stands.
    again: u32,
    /// The environment names the code read that the page answered (a key, an address, a
    /// model): said under the editor, so the learner knows where those values came from.
    env: Vec<String>,
}

/// The environment names in the host's end (`env`), names only: at most twenty, each an
/// identifier of at most 60 characters; anything else is dropped.
fn env_of(end: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in end["env"].as_array().into_iter().flatten().filter_map(Value::as_str).take(20) {
        let ok = !name.is_empty()
            && name.len() <= 60
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if ok && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// Adds `more` to the names said under the editor, each once, in the order first read.
fn merge_env(yours: Yours, more: &[String]) {
    if more.is_empty() {
        return;
    }
    yours.env_read.update(|names| {
        for name in more {
            if !names.contains(name) && names.len() < 20 {
                names.push(name.clone());
            }
        }
    });
}

/// How many more tries an end earns because the page, not the code, caused it: a sandbox that
/// crashed, did not start or could not start Python, twice ([`RERUNS`]), except where another
/// try would change nothing (a browser without JSPI, Python's files that could not be fetched,
/// the page's own host missing); a `blocked` the host says the machine may have caused
/// (`starved`: the watchdog saw the page or the frame held up), once; anything else, none.
/// A try that still cannot run keeps its end: `SandboxError`, which counts neither way.
fn reruns_for(end: &Value, over: bool) -> u32 {
    if over {
        return 0;
    }
    match end["how"].as_str() {
        Some("blocked") if end["starved"].as_bool() == Some(true) => 1,
        Some("returned" | "threw" | "no-agent" | "stalled" | "blocked" | "time-limit" | "stopped") => 0,
        _ => match end["why"].as_str() {
            Some("no-jspi" | "fetch" | "page") => 0,
            _ => RERUNS,
        },
    }
}

/// A sentence for an end the status line should say (the budget ran out, the sandbox could not
/// start); the scene says the rest.
fn said_of(observed: &[Observed], code: CodeLang) -> Option<String> {
    observed.iter().rev().find_map(|o| match o {
        Observed::End { how: End::Blocked { budget_ms }, .. } => Some(text::yours_blocked(*budget_ms)),
        // Python's own reasons are worded by `end_of`.
        Observed::End { how: End::SandboxError { message }, .. } if code == CodeLang::Python && !message.is_empty() => {
            Some(message.clone())
        }
        Observed::End { how: End::SandboxError { .. }, .. } => Some(text::yours_sandbox_missing().to_string()),
        _ => None,
    })
}

/// Runs `js` against `case` in a fresh sandbox and writes down everything it did: the page's end
/// of the run is one engine [`Session`], which answers and records each request and tool call.
async fn in_sandbox(
    yours: Yours,
    js: String,
    code_lang: CodeLang,
    case: CaseId,
    lang: Lang,
    seed: u64,
    on_log: Rc<dyn Fn(LoggedLine)>,
) -> Ran {
    let started = js_sys::Date::now();
    let session = Rc::new(RefCell::new(Session::new(case.personality(), lang, case.plan())));
    let over = Rc::new(Cell::new(false));
    let slot: Rc<RefCell<Option<SandboxRun>>> = Rc::new(RefCell::new(None));
    let t_of = |v: &Value| whole(&v["t"]);
    let id_of = |v: &Value| whole(&v["id"]);
    let handlers = {
        let (serve_s, tool_s, abort_s, log_s) = (session.clone(), session.clone(), session.clone(), session.clone());
        let (over, slot) = (over.clone(), slot.clone());
        Handlers {
            serve: Box::new(move |req: String| {
                let mut value: Value = serde_json::from_str(&req).unwrap_or(Value::Null);
                // Virtual time is a float in JavaScript (a jittered wait); the engine counts whole
                // milliseconds.
                if let Some(t) = value.get_mut("t") {
                    *t = Value::from(whole(t));
                }
                let request: HttpRequest = serde_json::from_value(value.clone()).unwrap_or_default();
                if serve_s.borrow().requests() as usize >= MAX_REQUESTS {
                    // A loop that keeps calling: stopped from a task of its own, never from
                    // inside the host's message handler.
                    if !over.replace(true) {
                        let slot = slot.clone();
                        spawn_local(async move {
                            if let Some(run) = slot.borrow().as_ref() {
                                run.stop();
                            }
                        });
                    }
                    return serde_json::to_string(&ServerReply::Hang).unwrap_or_default();
                }
                let reply = serve_s.borrow_mut().serve(id_of(&value), &request);
                serve_s.borrow_mut().site(SiteOf::Request, id_of(&value), &lines_of(&value["site"]));
                serde_json::to_string(&reply).unwrap_or_default()
            }),
            tool: Box::new(move |call: String| {
                let call: Value = serde_json::from_str(&call).unwrap_or(Value::Null);
                let name = call["name"].as_str().unwrap_or_default().to_string();
                let args = serde_json::to_string(&call["args"]).unwrap_or_else(|_| "null".into());
                let result = tool_s.borrow_mut().tool(id_of(&call), t_of(&call), &name, &args);
                tool_s.borrow_mut().site(SiteOf::Tool, id_of(&call), &lines_of(&call["site"]));
                match result {
                    Ok(output) => json!({ "ok": true, "output": output }),
                    Err(message) => json!({ "ok": false, "message": message }),
                }
                .to_string()
            }),
            abort: Box::new(move |a: String| {
                let a: Value = serde_json::from_str(&a).unwrap_or(Value::Null);
                // A fetch given a signal that had already fired: it never reached the server.
                if let Some(spent) = a.get("spent").filter(|v| v.is_object()) {
                    let field = |k: &str| spent[k].as_str().unwrap_or_default().to_string();
                    abort_s.borrow_mut().spent_signal(t_of(&a), &field("url"), &field("body"));
                } else {
                    abort_s.borrow_mut().abort(id_of(&a), t_of(&a));
                }
            }),
            python: Box::new(move |p: String| {
                let p: Value = serde_json::from_str(&p).unwrap_or(Value::Null);
                let shown = match p["phase"].as_str() {
                    Some("fetching") => Some(PythonStart::Fetching {
                        loaded: p["loaded"].as_f64().unwrap_or(0.0),
                        total: p["total"].as_f64().unwrap_or(0.0),
                    }),
                    Some("starting") => Some(PythonStart::Starting),
                    _ => None,
                };
                yours.python.try_set(shown);
            }),
            log: Box::new(move |l: String| {
                let l: Value = serde_json::from_str(&l).unwrap_or(Value::Null);
                let level: LogLevel = serde_json::from_value(l["level"].clone()).unwrap_or(LogLevel::Log);
                let text: String = l["text"].as_str().unwrap_or_default().chars().take(2000).collect();
                log_s.borrow_mut().log(t_of(&l), level, &text);
                on_log(LoggedLine { t_ms: t_of(&l), level, text });
            }),
        }
    };
    let s = script(lang);
    let python = code_lang == CodeLang::Python;
    let options = json!({
        "sandboxUrl": if python { sandbox::PYTHON_SANDBOX_URL } else { sandbox::SANDBOX_URL },
        "language": if python { "python" } else { "javascript" },
        "pythonUrl": sandbox::PYTHON_URL,
        "loadBudgetMs": PYTHON_LOAD_BUDGET_MS,
        "code": js,
        "task": s.task,
        // The case's own seed from the link's: the jitter's second 503 plays at another.
        "seed": (case.seed(seed) & 0xffff_ffff),
        "llm": { "baseURL": "https://rusty-lock.invalid/v1", "model": "rusty-lock-builtin", "apiKey": PLACEHOLDER_KEY },
        "toolSchemas": tool_specs(s),
        "budgetMs": BUDGET_MS,
        "virtualLimitMs": VIRTUAL_LIMIT_MS,
    });
    let (send, ended) = futures::channel::oneshot::channel::<String>();
    let run = sandbox::run(options.to_string(), handlers, move |end| {
        let _ = send.send(end);
    })
    .await;
    *slot.borrow_mut() = Some(run.clone());
    yours.sandboxes.try_update_value(|runs| runs.push(run));
    let end = ended.await.unwrap_or_default();
    yours.python.try_set(None);
    let end: Value = serde_json::from_str(&end).unwrap_or(Value::Null);
    let how = if over.get() { End::TooManyRequests } else { end_of(&end) };
    let again = reruns_for(&end, over.get());
    session.borrow_mut().end(t_of(&end), how);
    slot.borrow_mut().take();
    let observed = session.borrow().observed().to_vec();
    Ran { observed, real_ms: js_sys::Date::now() - started, again, env: env_of(&end) }
}

/// The lines of the code a call came from, as the sandbox told them: whole, positive, at most
/// three; anything else is dropped.
fn lines_of(v: &Value) -> Vec<u32> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_u64())
                .filter_map(|n| u32::try_from(n).ok())
                .filter(|n| *n > 0)
                .take(3)
                .collect()
        })
        .unwrap_or_default()
}

/// A number from JavaScript (virtual time is a float after a jittered wait) as a whole,
/// non-negative count; anything else is 0.
fn whole(v: &Value) -> u64 {
    v.as_f64().filter(|n| n.is_finite()).unwrap_or(0.0).max(0.0) as u64
}

/// The host's end, as the engine reads it. A throw carries the line it came from when its stack
/// told, and what the runtime recognised in it (a package, `process`); an error the JavaScript
/// engine raised at a line of the code is a bug in it.
fn end_of(end: &Value) -> End {
    let text = |k: &str| end[k].as_str().map(str::to_string);
    match end["how"].as_str().unwrap_or("error") {
        "returned" => End::Returned { value: text("value") },
        "threw" => {
            let line = end["line"].as_u64().and_then(|l| u32::try_from(l).ok()).filter(|l| *l > 0);
            let mistake = match end["mistake"]["kind"].as_str() {
                Some("package") => {
                    Some(Mistake::Package { name: end["mistake"]["name"].as_str().unwrap_or_default().into() })
                }
                Some("process") => Some(Mistake::Process),
                Some("input") => Some(Mistake::Input),
                // A web page's own name (`document`), or `prompt`, is not a bug to fix in place:
                // the code was written for another place.
                _ => end["name"]
                    .as_str()
                    .and_then(|name| Mistake::of_reference_error(name, end["message"].as_str().unwrap_or_default()))
                    .or_else(|| line.and(end["name"].as_str()).and_then(Mistake::bug_named)),
            };
            End::Threw { message: text("message").unwrap_or_default(), line, mistake }
        }
        "no-agent" => End::NoAgent {
            found: end["found"]
                .as_array()
                .map(|a| a.iter().filter_map(|n| n.as_str().map(str::to_string)).collect())
                .unwrap_or_default(),
        },
        "stalled" => End::Stalled,
        "blocked" => End::Blocked { budget_ms: BUDGET_MS },
        "time-limit" => End::TimeLimit,
        "stopped" => End::Stopped,
        // Python could not start: why, in the page's words.
        _ => End::SandboxError {
            message: match end["why"].as_str() {
                Some("no-jspi") => text::yours_no_python().to_string(),
                Some("fetch") => text::yours_python_fetch_failed().to_string(),
                Some("load" | "worker") => text::yours_python_not_started().to_string(),
                _ => text("message").unwrap_or_default(),
            },
        },
    }
}

//! Where the page splits. Each function here is a split point: its body, and all the code only it
//! reaches, is cut out of the first download into a wasm file of its own (one per group name),
//! fetched the first time the function is called. A release build splits them with
//! `scripts/bin/wasm-bindgen`; the rest of the page calls them through [`crate::web::lazy::part`].
//!
//! | group | what waits in it |
//! | --- | --- |
//! | `engine` | the loop itself: harness, built-in model, chaos, world (fetched on the first Run or opened trace), the trace replay, and the log's lines |
//! | `real_model` | the endpoint form, the HTTP model and its stream, the CORS diagnosis |
//! | `compare` | the naive loop's scene in compare mode |
//! | `lessons` | the lesson list and the lesson card |
//! | `traces` | saving and opening trace files |
//! | `verdict` | the resilience verdict after a run |
//! | `below` | the panels below the fold: code, board, share, history, settings (see `web::engaged`), and the update notice |
//! | `strip` | the backoff strip, beside the scene and in the verdict (fetched when a wait is first on screen or judged) |
//! | `herd` | the herd view (`?view=herd`): its simulator and its charts |
#![allow(improper_ctypes_definitions)]

use crate::ui::backoff_strip::{SceneStrip, VerdictStrips};
use crate::ui::board::Board;
use crate::ui::code_panel::CodePanel;
use crate::ui::compare::CompareView;
use crate::ui::cors_diagnosis::CorsDiagnosis;
use crate::ui::endpoint_form::EndpointForm;
use crate::ui::herd::HerdView;
use crate::ui::history::History;
use crate::ui::lesson_card::LessonCard;
use crate::ui::lessons_list::LessonsList;
use crate::ui::log_lines::LogLines;
use crate::ui::settings_panel::SettingsPanel;
use crate::ui::share_bar::ShareBar;
use crate::ui::stream_bubble::StreamBubble;
use crate::ui::update_notice::UpdateNotice;
use crate::ui::verdict_panel::VerdictPanel;
use crate::web::driver::Speed;
use crate::web::http_provider::{HttpProvider, HttpSettings, StreamUpdate};
use crate::web::lazy::PartMissing;
use crate::web::runner::RunSetup;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use rusty_lock_engine::scenario::{Notice, Scenario};
use rusty_lock_engine::trace::{Trace, TraceError};
use rusty_lock_engine::{CancelToken, Comparison, Event, FaultPlan, Provider, RunConfig};
use std::rc::Rc;

#[wasm_split(engine, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn start_run(setup: RunSetup, token: CancelToken) -> Result<(), PartMissing> {
    crate::web::runner::start_run(setup, token);
    Ok(())
}

#[wasm_split(engine, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn start_replay(
    events: Vec<Event>,
    speed: Speed,
    deliver: Rc<dyn Fn(Event)>,
    token: CancelToken,
) -> Result<(), PartMissing> {
    crate::web::replay::replay(events, speed, deliver, token);
    Ok(())
}

#[wasm_split(engine, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn log_lines() -> Result<AnyView, PartMissing> {
    Ok(view! { <LogLines /> }.into_any())
}

#[wasm_split(compare, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn compare_runs(config: RunConfig, plan: FaultPlan) -> Result<Comparison, PartMissing> {
    Ok(rusty_lock_engine::compare(&config, plan))
}

#[wasm_split(real_model, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn endpoint_form(endpoint: Memo<Option<(String, String)>>) -> Result<AnyView, PartMissing> {
    Ok(view! { <EndpointForm endpoint=endpoint /> }.into_any())
}

#[wasm_split(real_model, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn cors_diagnosis() -> Result<AnyView, PartMissing> {
    Ok(view! { <CorsDiagnosis /> }.into_any())
}

#[wasm_split(real_model, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn stream_bubble() -> Result<AnyView, PartMissing> {
    Ok(view! { <StreamBubble /> }.into_any())
}

#[wasm_split(real_model, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn http_provider(
    settings: HttpSettings,
    on_stream: Rc<dyn Fn(StreamUpdate)>,
) -> Result<Box<dyn Provider>, PartMissing> {
    Ok(Box::new(HttpProvider { settings, on_stream }))
}

#[wasm_split(compare, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn compare_view() -> Result<AnyView, PartMissing> {
    Ok(view! { <CompareView /> }.into_any())
}

#[wasm_split(lessons, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn lessons_list(open: RwSignal<bool>) -> Result<AnyView, PartMissing> {
    Ok(view! { <LessonsList open=open /> }.into_any())
}

#[wasm_split(lessons, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn lesson_card() -> Result<AnyView, PartMissing> {
    Ok(view! { <LessonCard /> }.into_any())
}

#[wasm_split(traces, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn export_trace(scenario: Scenario, events: Vec<Event>, secrets: Vec<String>) -> Result<String, PartMissing> {
    let secrets: Vec<&str> = secrets.iter().map(String::as_str).collect();
    Ok(rusty_lock_engine::trace::export(&scenario, &events, &secrets))
}

/// What opening a trace file gives: the run, or why the file was refused.
pub type Opened = Result<(Trace, Scenario, Vec<Notice>), TraceError>;

#[wasm_split(traces, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn import_trace(text: String) -> Result<Opened, PartMissing> {
    Ok(rusty_lock_engine::trace::import(&text))
}

#[wasm_split(verdict, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn verdict_panel() -> Result<AnyView, PartMissing> {
    Ok(view! { <VerdictPanel /> }.into_any())
}

#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn code_panel() -> Result<AnyView, PartMissing> {
    Ok(view! { <CodePanel /> }.into_any())
}

#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn board() -> Result<AnyView, PartMissing> {
    Ok(view! { <Board /> }.into_any())
}

#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn share_bar() -> Result<AnyView, PartMissing> {
    Ok(view! { <ShareBar /> }.into_any())
}

#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn history() -> Result<AnyView, PartMissing> {
    Ok(view! { <History /> }.into_any())
}

/// "A new version is ready — reload" (see `web::service_worker`).
#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn update_notice() -> Result<AnyView, PartMissing> {
    Ok(view! { <UpdateNotice /> }.into_any())
}

#[wasm_split(below, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn settings_panel() -> Result<AnyView, PartMissing> {
    Ok(view! { <SettingsPanel /> }.into_any())
}

#[wasm_split(herd, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn herd_view() -> Result<AnyView, PartMissing> {
    Ok(view! { <HerdView /> }.into_any())
}

#[wasm_split(strip, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn scene_strip() -> Result<AnyView, PartMissing> {
    Ok(view! { <SceneStrip /> }.into_any())
}

#[wasm_split(strip, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn verdict_strips() -> Result<AnyView, PartMissing> {
    Ok(view! { <VerdictStrips /> }.into_any())
}

//! Where the page splits. Each function here is a split point: its body, and all the code only it
//! reaches, is cut out of the first download into a wasm file of its own (one per group name),
//! fetched the first time the function is called. A build with the cargo feature `split` (the
//! release build) splits them with `scripts/bin/wasm-bindgen`; without it they are plain `async`
//! functions in one wasm file (see `crate::parts::split_point`). The rest of the page calls them
//! through [`crate::ui::lazy::part`].
//! These are the views; the split points that are not views (the loop, the HTTP model, the trace
//! tools) are in `crate::parts`.
//!
//! | group | what waits in it |
//! | --- | --- |
//! | `engine` | the loop itself: harness, built-in model, chaos, world (fetched on the first Run or opened trace), the trace replay, and the log's lines |
//! | `real_model` | the endpoint form, the HTTP model and its stream, the CORS diagnosis |
//! | `compare` | the naive loop's scene in compare mode, and its listing in the code panel |
//! | `lessons` | the lesson list, the lesson card (a built-in lesson's or a teacher's own), and the form that makes a teacher's lesson |
//! | `traces` | saving and opening trace files, and the label over a replayed trace |
//! | `verdict` | the resilience verdict after a run |
//! | `below` | the panels below the fold: code, board, share, history, settings (fetched at the first idle moment after the first paint, see `ui::lazy::below_fold`), the update notice, the service worker's registration (`crate::parts::register_worker`), and what fetches the `engine` and `verdict` parts before the first Run (`warm_run_parts`, beside the board's split point) |
//! | `strip` | the backoff strip, beside the scene and in the verdict (fetched when a wait is first on screen or judged; the verdict's split point sits in `ui::verdict::backoff_strip`) |
//! | `herd` | the herd view (`?view=herd`): its simulator and its charts |
//! | `kit` | the workshop kit: the agenda and handout (`?view=agenda`), presenter mode's phone QR code, with the QR encoder, and the presenter view (`?view=presenter`) with its end of the channel in the projected window |
//! | `yours` | your own loop (`?view=yours`): its view, the page's own OpenAI-compatible server, the reading of what the code did and its report card (the editor, the type stripper and the sandbox are JavaScript files of their own, `dist/yours/`); its split point sits in `ui::yours`, beside the view, which borrows the playground's log |
//! | `faults` | the fault toggles in the settings column: on the first screen, so fetched as the page starts, and built in their own frame (`ui::lazy::staged_part`) |
//! | `notices` | the link notices: what a damaged link asked for that was not used, and why, in every language |
#![allow(improper_ctypes_definitions)]

use crate::parts::{split_point, PartMissing};
use crate::ui::compare::code_panel::CodePanel;
use crate::ui::compare::compare_view::CompareView;
use crate::ui::compare::naive_code::NaiveCode;
use crate::ui::endpoint::cors_diagnosis::CorsDiagnosis;
use crate::ui::endpoint::endpoint_form::{EndpointForm, RunBlocked};
use crate::ui::herd::HerdView;
use crate::ui::kit::agenda_view::AgendaView;
use crate::ui::kit::closing_view::ClosingView;
use crate::ui::kit::phone_qr::PhoneQr;
use crate::ui::lazy::{part, Build};
use crate::ui::lessons::lesson_card::LessonCard;
use crate::ui::lessons::lessons_list::LessonsList;
use crate::ui::lessons::own_lesson_form::OwnLessonForm;
use crate::ui::log::history::History;
use crate::ui::log::log_lines::LogLines;
use crate::ui::presenter::presenter_view::PresenterView;
use crate::ui::scene::stream_bubble::StreamBubble;
use crate::ui::settings::fault_panel::FaultPanel;
use crate::ui::settings::settings_panel::SettingsPanel;
use crate::ui::share::link_notices::LinkNotices;
use crate::ui::share::replay_label::ReplayLabel;
use crate::ui::share::share_bar::ShareBar;
use crate::ui::share::update_notice::UpdateNotice;
use crate::ui::verdict::backoff_strip::SceneStrip;
use crate::ui::verdict::board::Board;
use crate::ui::verdict::verdict_panel::VerdictPanel;
use leptos::prelude::*;
use rusty_lock_engine::show::listing::Lang;
use rusty_lock_engine::show::scene::Anchor;

split_point! { engine,
    pub fn log_lines() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <LogLines /> }.into_any()))
    }
}

split_point! { real_model,
    pub fn endpoint_form(endpoint: Memo<Option<(String, String)>>) -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <EndpointForm endpoint=endpoint /> }.into_any()))
    }
}

split_point! { real_model,
    pub fn cors_diagnosis() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <CorsDiagnosis /> }.into_any()))
    }
}

split_point! { real_model,
    pub fn run_blocked() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <RunBlocked /> }.into_any()))
    }
}

split_point! { real_model,
    pub fn stream_bubble() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <StreamBubble /> }.into_any()))
    }
}

split_point! { compare,
    pub fn compare_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <CompareView /> }.into_any()))
    }
}

// The naive loop's listing, beside the robust one in the code panel (which is in `below`).
split_point! { compare,
    pub fn naive_code(lang: RwSignal<Lang>, caught: RwSignal<Option<Anchor>>) -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <NaiveCode lang=lang caught=caught /> }.into_any()))
    }
}

split_point! { lessons,
    pub fn lessons_list(open: RwSignal<bool>) -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <LessonsList open=open /> }.into_any()))
    }
}

split_point! { lessons,
    pub fn lesson_card() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <LessonCard /> }.into_any()))
    }
}

// "Make a lesson from this scenario", opened from the share bar (which is in `below`).
split_point! { lessons,
    pub fn own_lesson_form() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <OwnLessonForm /> }.into_any()))
    }
}

/// The share bar's lesson form, which waits in the `lessons` part.
fn lesson_form() -> AnyView {
    part(own_lesson_form()).into_any()
}

split_point! { verdict,
    pub fn verdict_panel() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <VerdictPanel /> }.into_any()))
    }
}

// The fault toggles, on the first screen: fetched as the page starts, built in their frame
// (`ui::lazy::staged_part`).
split_point! { faults,
    pub fn fault_panel() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <FaultPanel /> }.into_any()))
    }
}

split_point! { below,
    pub fn code_panel() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <CodePanel naive=naive_listing /> }.into_any()))
    }
}

/// The code panel's naive listing, which waits in the `compare` part.
fn naive_listing(lang: RwSignal<Lang>, caught: RwSignal<Option<Anchor>>) -> AnyView {
    part(naive_code(lang, caught)).into_any()
}

split_point! { below,
    pub fn board() -> Result<Build, PartMissing> {
        warm_run_parts();
        Ok(Box::new(move || {
            crate::hooks::url_sync::write_opening_link();
            view! { <Board /> }.into_any()
        }))
    }
}

/// Fetches the parts every run needs, the loop's and the verdict's (about 85 KB gzip in some
/// twenty files), and links the lessons' styles (`crate::web::lesson_styles`), once the page is
/// up and the browser is idle, so the first Run starts at once: fetched on the click, they were
/// most of a fresh page's first 1,000-turn run (about 250 ms of it in headless Chromium here).
/// Each file is fetched in a task of its own and compiled off the main thread, so this makes no
/// long task; a part that cannot be fetched now is fetched again by the
/// Run that needs it. It is called by the board's split point, so it travels in the part of the
/// panels below the fold (the board is on the page in every mode) and the first load carries
/// none of it. What each split point returns is dropped unbuilt: only the fetch was wanted.
fn warm_run_parts() {
    leptos::task::spawn_local(async {
        crate::web::idle::page_is_up().await;
        // The lessons' styles too, so a lesson picked later is styled from its first frame (a
        // page that opened on one has them already).
        crate::web::lesson_styles::link();
        // The restyle the sheet brings, in a moment of its own, not beside the parts' fetches.
        crate::web::idle::idle().await;
        if log_lines().await.is_ok() {
            crate::web::idle::idle().await;
            let _ = verdict_panel().await;
        }
    });
}

// Only ever shown after a trace was opened, which fetched this part already.
split_point! { traces,
    pub fn replay_label() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <ReplayLabel /> }.into_any()))
    }
}

split_point! { below,
    pub fn share_bar() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <ShareBar lesson_form=lesson_form /> }.into_any()))
    }
}

split_point! { below,
    pub fn history() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <History /> }.into_any()))
    }
}

split_point! { below,
    /// "A new version is ready — reload" (see `web::service_worker`).
    pub fn update_notice() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <UpdateNotice /> }.into_any()))
    }
}

split_point! { below,
    pub fn settings_panel() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <SettingsPanel /> }.into_any()))
    }
}

split_point! { herd,
    pub fn herd_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <HerdView /> }.into_any()))
    }
}

// The workshop agenda, which prints as the handout (`?view=agenda`).
split_point! { kit,
    pub fn agenda_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <AgendaView /> }.into_any()))
    }
}

// The presenter view (`?view=presenter`), the teacher's second window.
split_point! { kit,
    pub fn presenter_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <PresenterView /> }.into_any()))
    }
}

// The workshop's closing screen (`?view=closing`), after the plan's last lesson.
split_point! { kit,
    pub fn closing_view() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <ClosingView /> }.into_any()))
    }
}

// Presenter mode's "Open on your phone" button and its QR code.
split_point! { kit,
    pub fn phone_qr() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <PhoneQr /> }.into_any()))
    }
}

// What a damaged link asked for that was not used, and why.
split_point! { notices,
    pub fn link_notices() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <LinkNotices /> }.into_any()))
    }
}

split_point! { strip,
    pub fn scene_strip() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <SceneStrip /> }.into_any()))
    }
}

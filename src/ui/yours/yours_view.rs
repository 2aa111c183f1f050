//! The view of your own loop (`?view=yours`): the editor and its controls on one side, the
//! playground's own scene, player, board and log on the other, the report card below. It
//! provides a [`Playground`] of its own, so every panel it borrows draws your loop's run exactly
//! as it draws the page's; the state is made once, outside what a new language redraws.

use crate::state::{language::Language, Playground};
use crate::text;
use crate::ui::icons::KeyIcon;
use crate::ui::language::language_switch::LanguageSwitch;
use crate::ui::lazy::{below_fold, part, Below};
use crate::ui::log::event_log::EventLog;
use crate::ui::parts;
use crate::ui::player::playback::PlaybackBar;
use crate::ui::scene::outcome_banner::OutcomeBanner;
use crate::ui::scene::MainScene;
use crate::ui::verdict::layer_row::LayerRow;
use crate::ui::yours::code_pane::CodePane;
use crate::ui::yours::console_log::ConsoleLog;
use crate::ui::yours::exercise_panel::ExercisePanel;
use crate::ui::yours::exercise_track::ExerciseTrack;
use crate::ui::yours::link_bar::LinkBar;
use crate::ui::yours::provides::Provides;
use crate::ui::yours::report_card::ReportCard;
use crate::ui::yours::run_bar::RunBar;
use crate::web::address::Address;
use leptos::prelude::*;
use rusty_lock_engine::show::scenario::{decode, encode, Mode};

#[component]
pub fn YoursView() -> impl IntoView {
    let address = crate::state::expect_context::<Address>();
    let pg = Playground::new();
    provide_context(pg);
    // The link's settings (layout, speed, seed), read once: this view writes none of them back.
    let search = address.search_untracked();
    pg.scenario.set(decode(&search).0);
    on_cleanup(move || crate::actions::run::stop(pg));
    crate::hooks::playback_glue::install(pg);
    crate::hooks::playback_glue::use_ticker(pg);
    crate::hooks::playback_glue::use_playback_keys(pg);
    crate::hooks::root_mode::use_root_mode(pg);
    // The language switch writes the scenario's language; this view keeps its own address, so it
    // carries the language there (a replace), and the language hook follows it as on any page.
    Effect::new(move |_| {
        if let Some(lang) = pg.scenario.with(|s| s.lang) {
            let now = address.search_untracked();
            let next = crate::actions::yours::with_param(&now, "lang", lang.code());
            if next != now {
                address.replace(&next);
            }
        }
    });
    let exercises = crate::actions::exercise::open(&search);
    provide_context(exercises);
    // The link's language (`code-lang=`) picks the starting code's, before any code it carries.
    let code_lang = crate::actions::yours::form_urlencoded_value(&search, "code-lang")
        .and_then(|s| rusty_lock_engine::yours::code_lang::CodeLang::from_slug(&s))
        .unwrap_or_default();
    let code = exercises.task.with_value(|task| crate::actions::exercise::starting_code(task, text::lang(), code_lang));
    let yours = crate::actions::yours::open(&search, code);
    provide_context(yours);
    on_cleanup(move || crate::actions::yours::close(yours));
    let back = move || {
        let s = pg.scenario.get().in_mode(Mode::Full);
        format!("?{}", encode(&s))
    };
    let shown = crate::state::expect_context::<crate::state::shown::Shown>();
    let strip_on = Memo::new(move |seen: Option<&bool>| {
        seen.copied().unwrap_or(false) || shown.view.with(|v| v.waiting.is_some())
    });
    let mode = move || pg.mode();
    let language = crate::state::expect_context::<Language>();
    move || {
        language.track();
        view! {
            <div class=move || format!("app yours-app mode-{}", mode().slug()) data-testid="yours-view">
                // The view's own styles come with it (src/ui/yours/yours.css), not in the first load.
                <link rel="stylesheet" href="yours/yours.css" />
                <header class="top">
                    <div class="brand">
                        <span class="logo"><KeyIcon size=40 /></span>
                        <div>
                            <h1>{text::yours_title()}</h1>
                            <p class="tagline">{text::yours_tagline()}</p>
                        </div>
                    </div>
                    <div class="top-actions">
                        <a class="btn btn-lessons" data-testid="yours-back" href=back>{text::yours_back()}</a>
                        <LanguageSwitch />
                    </div>
                    <crate::ui::yours::run_bar::RunStrip />
                </header>
                <main class="yours-layout">
                    <section class="yours-code" aria-label=text::yours_editor_label()>
                        <ExerciseTrack />
                        <ExercisePanel />
                        <RunBar />
                        <CodePane />
                        <crate::ui::yours::own_tools_note::OwnToolsNote />
                        <LinkBar />
                        <Provides />
                        <ConsoleLog />
                    </section>
                    <section class="yours-scene">
                        <div class="side-stack">
                            <OutcomeBanner />
                        </div>
                        <MainScene />
                        <LayerRow />
                        <PlaybackBar />
                        <Show when=move || strip_on.get()>{part(parts::scene_strip())}</Show>
                        {below_fold(Below::Board, || Box::pin(parts::board()))}
                    </section>
                    <aside class="yours-log">
                        <EventLog />
                    </aside>
                </main>
                <ReportCard />
            </div>
        }
    }
}

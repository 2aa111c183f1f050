//! The page's layout: controls across the top, settings on the left, the room and the board in
//! the middle, the log on the right. Embed mode keeps the scene, the board and playback;
//! presenter mode enlarges everything and tucks the settings away.

use crate::hooks::keys::use_presenter_keys;
use crate::hooks::language::use_language;
use crate::hooks::url_sync::use_url_sync;
use crate::state::language::Language;
use crate::state::{speed_factor, Playground};
use crate::text;
use crate::ui::endpoint::endpoint_panel::EndpointPanel;
use crate::ui::icons::KeyIcon;
use crate::ui::language::language_switch::LanguageSwitch;
use crate::ui::lazy::{after_header, below_fold, next_task, part, staged_part, Below, Stage};
use crate::ui::lessons::lessons_menu::LessonsMenu;
use crate::ui::log::event_log::EventLog;
use crate::ui::parts;
use crate::ui::player::playback::PlaybackBar;
use crate::ui::player::run_controls::RunControls;
use crate::ui::scene::outcome_banner::OutcomeBanner;
use crate::ui::scene::MainScene;
use crate::ui::share::notice_bar::NoticeBar;
use crate::ui::verdict::layer_row::LayerRow;
use crate::web::address::Address;
use crate::web::service_worker::use_service_worker;
use leptos::prelude::*;
use rusty_lock_engine::show::route::{Route, View};
use rusty_lock_engine::show::scenario::{encode, Mode, ProviderChoice};

/// `missing`: a language the link or the browser asked for whose words could not be fetched.
#[component]
pub fn App(missing: Option<crate::text::Lang>) -> impl IntoView {
    // The address bar is read once here, for the playground and the herd view alike.
    let address = crate::web::address::install();
    provide_context(address);
    let language = Language::new(missing);
    provide_context(language);
    use_language(language, address);
    view! { <Pages /> }
}

/// The playground, or the herd view when the link says `view=herd`, the workshop agenda when it
/// says `view=agenda`, or the presenter view when it says `view=presenter`. Each view comes in a lazy part of its own, so the playground's first
/// load pays only for this check.
#[component]
fn Pages() -> impl IntoView {
    let address = crate::state::expect_context::<Address>();
    let page = Memo::new(move |_| Route::of(&address.search()).view);
    let language = crate::state::expect_context::<Language>();
    // The views of their own are drawn again in a new language; the playground keeps its state
    // outside what it redraws (see `Playground`).
    move || match page.get() {
        View::Playground => view! { <Playground /> }.into_any(),
        View::Herd => {
            language.track();
            part(parts::herd_view()).into_any()
        }
        View::Agenda => {
            language.track();
            part(parts::agenda_view()).into_any()
        }
        View::Presenter => {
            language.track();
            part(parts::presenter_view()).into_any()
        }
        View::Closing => {
            language.track();
            part(parts::closing_view()).into_any()
        }
        // Your own loop keeps its code and its run across a language switch: it redraws its
        // words itself, from state made once.
        View::Yours => part(crate::ui::yours::yours_view()).into_any(),
    }
}

/// The skip link: focus moves to the player (which scrolls it into view), and the address bar,
/// which holds the scenario, is left alone.
fn skip_to_player(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    if let Some(player) = document().get_element_by_id("player") {
        if let Ok(player) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(player) {
            let _ = player.focus();
        }
    }
}

#[component]
fn Playground() -> impl IntoView {
    let pg = Playground::new();
    provide_context(pg);
    // A link to another view takes the playground down: its run stops with it.
    on_cleanup(move || crate::actions::run::stop(pg));
    crate::hooks::playback_glue::install(pg);
    crate::hooks::playback_glue::use_ticker(pg);
    crate::hooks::playback_glue::use_playback_keys(pg);
    crate::hooks::root_mode::use_root_mode(pg);
    crate::hooks::playback_glue::use_pause_at_failure(pg);
    let address = crate::state::expect_context::<Address>();
    use_url_sync(pg, address);
    use_presenter_keys(pg, address);
    crate::hooks::presenter_link::use_presenter_link(pg, address);
    let updates = use_service_worker(crate::parts::register_worker);
    provide_context(updates);
    let mode = move || pg.mode();
    let show_settings = RwSignal::new(false);
    // The lazy parts load only once their condition first holds.
    let lesson_on = move || pg.in_lesson();
    let http_on = move || pg.scenario.with(|s| matches!(s.provider, ProviderChoice::Http { .. }));
    // The backoff strip's part comes the first time a wait is on screen, and then stays.
    let shown = crate::state::expect_context::<crate::state::shown::Shown>();
    let strip_on = Memo::new(move |seen: Option<&bool>| {
        seen.copied().unwrap_or(false) || shown.view.with(|v| v.waiting.is_some())
    });
    // Your own loop, in the page's language and on the same seed, so its run replays this one's.
    let yours_link =
        move || format!("?view=yours&lang={}&seed={}", crate::text::lang().code(), pg.scenario.with(|s| s.config.seed));
    let full_link = move || {
        let s = pg.scenario.get().in_mode(Mode::Full);
        format!("?{}", encode(&s))
    };
    // The page's classes in one string: `instant` and `comparing` (which style/main.css reads),
    // `with-lesson` (the embed's lesson layout) and `settings-open` (the phone's sheet). One
    // closure, because a `class=` closure writes the whole attribute each time it runs and would
    // wipe a `class:` toggle beside it. The last two are classes here rather than `:has()` rules
    // in the CSS: those had the browser restyle much of the page each time something was put in
    // it (the panels below, at load).
    let app_class = move || {
        let mut class = format!("app mode-{}", mode().slug());
        for (on, name) in [
            (speed_factor(pg.speed.get()) <= 0.0, " instant"),
            (pg.playback.compare.get(), " comparing"),
            (lesson_on(), " with-lesson"),
            (show_settings.get(), " settings-open"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        class
    };
    // A new language redraws the whole page from the same signals: the run, the settings and the
    // step on screen stay as they were.
    let language = crate::state::expect_context::<Language>();
    move || {
        language.track();
        view! {
        <div class=app_class>
            <a class="skip-link" href="#player" on:click=skip_to_player>{text::skip_to_player()}</a>
            <header class="top">
                <div class="brand">
                    <span class="logo"><KeyIcon size=40 /></span>
                    <div>
                        <h1>{text::title()}</h1>
                        <p class="tagline">{text::tagline()}</p>
                    </div>
                </div>
                <div class="top-actions">
                    <Show when=move || mode() != Mode::Embed>
                        <LessonsMenu />
                    </Show>
                    <Show when=move || mode() == Mode::Full>
                        <a class="btn btn-lessons btn-yours" data-testid="open-yours" href=yours_link>{text::yours_link()}</a>
                    </Show>
                    <Show when=move || mode() == Mode::Present>
                        <button class="btn btn-lessons" data-testid="toggle-settings" aria-expanded=move || show_settings.get().to_string() on:click=move |_| show_settings.update(|s| *s = !*s)>
                            {text::show_settings()}
                        </button>
                    </Show>
                    // On a phone the faults and settings are a sheet over the page, in reach of Run.
                    <Show when=move || mode() == Mode::Full>
                        <button class="btn btn-lessons btn-sheet" data-testid="toggle-sheet" aria-controls="settings-sheet" aria-expanded=move || show_settings.get().to_string() on:click=move |_| show_settings.update(|s| *s = !*s)>
                            {move || if show_settings.get() { text::close_faults() } else { text::open_faults() }}
                        </button>
                    </Show>
                    <RunControls />
                    <Show when=move || mode() != Mode::Embed>
                        <LanguageSwitch />
                    </Show>
                    <Show when=move || mode() == Mode::Present>{part(parts::phone_qr())}</Show>
                    <Show when=move || mode() == Mode::Embed>
                        <a class="open-full" data-testid="open-full" href=full_link target="_blank" rel="noopener">{text::open_full()}</a>
                    </Show>
                </div>
            </header>
            // A task after the header and Run (see `after_header`).
            {after_header(Box::new(move || view! {
                <main class="layout" class:settings-open=move || show_settings.get()>
                    <div class="center">
                        // Beside the scene in presenter mode, above it otherwise.
                        <div class="side-stack">
                            <Show when=move || updates.ready.get()>{part(parts::update_notice())}</Show>
                            <NoticeBar />
                            <Show when=lesson_on>{part(parts::lesson_card())}</Show>
                            <Show when=move || pg.replayed.with(Option::is_some)>{part(parts::replay_label())}</Show>
                            // Projected, the backoff strip is in this column, beside the scene, not under the player.
                            <Show when=move || strip_on.get() && mode() == Mode::Present>{part(parts::scene_strip())}</Show>
                            // The home screen says what the page is (on a phone, the header cannot).
                            <Show when=move || !lesson_on() && mode() == Mode::Full>
                                <crate::ui::lessons::start_here::HomeTagline />
                            </Show>
                            <OutcomeBanner />
                        </div>
                        <Show when=http_on>
                            {part(parts::cors_diagnosis())}
                            {part(parts::stream_bubble())}
                        </Show>
                        <Show when=move || pg.playback.compare.get()>{part(parts::compare_view())}</Show>
                        <MainScene />
                        {next_task(Stage::Player, || view! { <LayerRow /> <PlaybackBar /> }.into_any())}
                        <Show when=move || strip_on.get() && mode() != Mode::Present>{part(parts::scene_strip())}</Show>
                        <Show when=move || mode() != Mode::Embed>
                            {below_fold(Below::Code, || Box::pin(parts::code_panel()))}
                        </Show>
                        {below_fold(Below::Board, || Box::pin(parts::board()))}
                        <Show when=move || pg.finished()>{part(parts::verdict_panel())}</Show>
                        <Show when=move || mode() != Mode::Embed>
                            {below_fold(Below::Share, || Box::pin(parts::share_bar()))}
                            {below_fold(Below::History, || Box::pin(parts::history()))}
                        </Show>
                    </div>
                    // The settings come after the scene and the player in the page, so Tab reaches Run
                    // and the player before fifty settings fields; style/main.css still draws them in
                    // the first column (`order`).
                    <Show when=move || mode() == Mode::Full || (mode() == Mode::Present && show_settings.get())>
                        <aside class="side" id="settings-sheet" data-testid="settings">
                            {next_task(Stage::Settings, || view! { <EndpointPanel /> }.into_any())}
                            {staged_part(Stage::Faults, Box::pin(parts::fault_panel()))}
                            {below_fold(Below::Settings, || Box::pin(parts::settings_panel()))}
                        </aside>
                    </Show>
                    <Show when=move || mode() == Mode::Full>
                        {next_task(Stage::Log, || view! { <EventLog /> }.into_any())}
                    </Show>
                </main>
            }.into_any()))}
        </div>
        }
    }
}

//! The workshop agenda (`?view=agenda`): every lesson in order with its suggested minutes, its
//! goal, the question and a link that opens it, for the teacher to plan with; printed, the same
//! page is the handout (the buttons drop out, the answers come in under the fold). On screen the
//! answers stay hidden until asked for, so the agenda can be projected without spoiling them.
//!
//! The teacher chooses the workshop's plan here (`lessons=`, `exercises=`; see
//! `engine::show::plan`): which lessons and exercises to keep, in which order, the minutes adding
//! up as they choose. The address follows the choice, so the link is the plan; the ways on to the
//! lessons carry it, and printed, the handout holds the plan's lessons and exercises only.
//!
//! Teachers' own lessons come after the built-in ones: the agenda link carries each one's link
//! (`?view=agenda&extra=<link>&extra=<link>`, see `agenda::decode_agenda`), and what it could
//! not read is said above the list. The agenda on screen is remembered for this tab, so "Add to
//! the agenda" keeps its lessons.

use crate::text;
use crate::ui::kit::agenda_exercises::AgendaExercises;
use crate::ui::kit::agenda_lesson::{AgendaLesson, Entry};
use crate::ui::kit::loopback_note::LoopbackNote;
use crate::ui::kit::plan_chooser::PlanChooser;
use crate::ui::kit::plan_toggle::{Item, PlanToggle};
use crate::ui::kit::print_button::PrintButton;
use crate::web::address::Address;
use crate::web::agenda_memory;
use crate::web::share::page_base;
use leptos::prelude::*;
use rusty_lock_engine::show::agenda::{decode_agenda, encode_agenda};
use rusty_lock_engine::show::lessons::LESSONS;
use rusty_lock_engine::show::own_lesson::{OwnLesson, OWN_LESSON_MINUTES};
use rusty_lock_engine::show::route::Route;
use rusty_lock_engine::show::scenario::{decode, encode, Mode, Scenario, Watching};
use rusty_lock_engine::yours::exercise::ExerciseId;

/// A teacher's own lesson as the agenda lists it: its number among them, its words, the link
/// printed and where its title leads when projected.
#[derive(Clone)]
struct Own {
    n: usize,
    lesson: OwnLesson,
    link: String,
    open: Option<String>,
}

#[component]
pub fn AgendaView() -> impl IntoView {
    let answers = RwSignal::new(false);
    // Full links, built from the page's own address, so a printed one works wherever it is served.
    let base = page_base();
    // The links keep the handout's language, so a QR code scanned in the room opens in it.
    let lang = match text::lang() {
        text::Lang::En => String::new(),
        other => format!("&lang={}", other.code()),
    };
    let address = crate::state::expect_context::<Address>();
    // How the room watches, from the agenda's own link (the Lessons menu passes it on): projected,
    // the agenda's ways back to the lessons keep presenter mode, its speed and its pace.
    let watching = Watching::of(&decode(&address.search_untracked()).0);
    let plan = RwSignal::new(watching.plan);
    let projected_watch = (watching.mode == Mode::Present).then_some(watching);
    let (extras, notices) = decode_agenda(&address.search_untracked());
    let agenda_query = encode_agenda(&extras);
    let code = text::lang();
    let own: Vec<Own> = extras
        .into_iter()
        .enumerate()
        .filter_map(|(i, mut s)| {
            let lesson = s.own_lesson.clone()?;
            s.lang = (code != text::Lang::En).then_some(code);
            let link = format!("{base}?{}", encode(&s));
            let open = projected_watch.map(|w| {
                let (mode, speed, pace) = (w.mode, w.speed, w.pace);
                format!("?{}", encode(&Scenario { mode, speed, pace, ..s }))
            });
            Some(Own { n: i + 1, lesson, link, open })
        })
        .collect();
    let own_count = own.len();
    // The address is the plan: each choice replaces it (no history entry per click), and the
    // tab remembers it for "Add to the agenda".
    let (tail_watch, lang_tail) = (watching, lang.clone());
    Effect::new(move |made: Option<()>| {
        let p = plan.get();
        let kept = if tail_watch.mode == Mode::Present { Watching { plan: p, ..tail_watch }.tail() } else { p.tail() };
        address.replace(&format!("?{agenda_query}{kept}{lang_tail}"));
        agenda_memory::remember(&format!("{agenda_query}{}", p.tail()));
        // A plan the teacher made here (not the one the agenda opened on): the device keeps it
        // for "Start the workshop".
        if made.is_some() {
            agenda_memory::remember_plan(&p.tail());
        }
    });
    let summary = move || {
        let p = plan.get();
        let minutes = p.minutes() + OWN_LESSON_MINUTES * own_count as u32;
        text::plan_summary(p.lesson_count() + own_count, p.exercise_count(), minutes)
    };
    // Projected (`?view=agenda&mode=present`): the root type grows with the screen, as in the
    // playground's presenter mode (src/ui/kit/kit.css scales the agenda from it).
    let projected = Route::of(&address.search_untracked()).mode == Mode::Present;
    if let Some(root) = document().document_element() {
        let _ = if projected { root.set_attribute("data-mode", "present") } else { root.remove_attribute("data-mode") };
    }
    let with_plan = move || Watching { plan: plan.get(), ..watching };
    let present_lang = lang.clone();
    let present = move || {
        let w = with_plan().presenting();
        let first = w.plan.neighbour(None, 1).unwrap_or(&LESSONS[0]);
        format!("{}{present_lang}", w.lesson_link(first))
    };
    let back_lang = lang.clone();
    let back = move || format!("?v=1{}{back_lang}", with_plan().tail());
    let list_base = base.clone();
    let lessons = move || {
        let p = plan.get();
        let row = |lesson: &'static rusty_lock_engine::show::lessons::Lesson| {
            let open = projected_watch.map(|w| format!("{}{lang}", Watching { plan: p, ..w }.lesson_link(lesson)));
            let entry = Entry::builtin(lesson, format!("{list_base}?lesson={}{lang}", lesson.id));
            let controls =
                view! { <PlanToggle plan=plan item=Item::Lesson(lesson.id) title=entry.title.clone() /> }.into_any();
            (entry, open, Some(controls))
        };
        let kept = p.lessons().map(row).collect::<Vec<_>>();
        let own_rows = own.iter().cloned().map(|o| (Entry::own(o.n, &o.lesson, o.link), o.open, None));
        let n = kept.len() + own_count;
        let kept = kept
            .into_iter()
            .chain(own_rows)
            .enumerate()
            .map(|(i, (entry, open, controls))| view! { <AgendaLesson number=i + 1 entry=entry open=open controls=controls /> })
            .collect_view();
        let out = LESSONS
            .iter()
            .filter(|l| !p.has_lesson(l.id))
            .enumerate()
            .map(|(i, lesson)| {
                let (entry, open, controls) = row(lesson);
                view! { <AgendaLesson number=n + i + 1 entry=entry open=open controls=controls /> }
            })
            .collect_view();
        view! {
            <ol class="kit-lessons" data-testid="plan-lessons">{kept}</ol>
            <AgendaExercises base=list_base.clone() ids=p.exercises().collect() plan=plan />
            {(p.lesson_count() < LESSONS.len() || p.exercise_count() < ExerciseId::ALL.len()).then(|| view! {
                <section class="kit-out" data-testid="plan-left-out" aria-labelledby="kit-out-title">
                    <h2 id="kit-out-title">{text::left_out_title()}</h2>
                    <ol class="kit-lessons">{out}</ol>
                    <AgendaExercises
                        base=list_base.clone()
                        ids=ExerciseId::ALL.into_iter().filter(|e| !p.has_exercise(*e)).collect()
                        plan=plan
                        left_out=true
                    />
                </section>
            })}
        }
    };
    view! {
        <div class="app kit-page" class:kit-answers=move || answers.get() data-testid="agenda">
            // The kit's own styles come with it (src/ui/kit/kit.css), not in the first load.
            <link rel="stylesheet" href="kit.css" />
            <header class="top kit-top">
                <div class="brand">
                    <div>
                        <h1><span class="kit-screen">{text::agenda_title()}</span><span class="kit-print">{text::handout_title()}</span></h1>
                        <p class="tagline" data-testid="agenda-summary">{summary}</p>
                    </div>
                </div>
                <div class="top-actions kit-tools">
                    <a class="btn btn-stop" data-testid="agenda-back" href=back>{text::back_to_playground()}</a>
                    <a class="btn btn-stop" data-testid="agenda-present" href=present>{text::start_in_presenter()}</a>
                    <label class="kit-toggle">
                        <input type="checkbox" data-testid="agenda-answers" bind:checked=answers />
                        {text::show_answers()}
                    </label>
                    <PrintButton />
                </div>
            </header>
            <main class="kit">
                <p class="hint kit-hint">{text::print_hint()}</p>
                // Every code below points at this machine on a loopback address: said on screen and
                // printed on the handout.
                <LoopbackNote />
                {(!notices.is_empty()).then(|| view! {
                    <div class="notice kit-notice" role="status" data-testid="agenda-notice">
                        <div>
                            <strong>{text::link_notice_title()}</strong>
                            <ul>
                                {notices.into_iter().map(|n| view! { <li><code>{n.key}</code>" "{text::notice(&n.problem)}</li> }).collect_view()}
                            </ul>
                        </div>
                    </div>
                })}
                <PlanChooser plan=plan />
                {lessons}
            </main>
        </div>
    }
}

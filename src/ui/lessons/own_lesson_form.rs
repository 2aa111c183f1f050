//! "Make a lesson from this scenario": a teacher writes a question, picks the layer that handles
//! the run and a takeaway, and gets the link of the scenario on screen with that lesson in it
//! (`expect=`, `title=`, `ask=`, `takeaway=`), to copy or open; and the link of the workshop
//! agenda with the lesson added, keeping the teacher's lessons of the agenda opened last in this
//! tab. In the `lessons` part, fetched when the share bar's button first opens it.

use crate::state::Playground;
use crate::text;
use crate::ui::layer_icon::LayerIcon;
use crate::web::agenda_memory;
use crate::web::events::target_value;
use crate::web::share::{copy_text, page_base};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::show::agenda::{decode_agenda, encode_agenda};
use rusty_lock_engine::show::lessons::find;
use rusty_lock_engine::show::own_lesson::{OwnLesson, MAX_TEXT_CHARS, MAX_TITLE_CHARS};
use rusty_lock_engine::show::scenario::{encode, MAX_LINK_LEN};

/// A link's query if it fits in a link, or how long it would be.
type Made = Option<Result<String, usize>>;

fn fits(query: String) -> Result<String, usize> {
    if query.len() <= MAX_LINK_LEN {
        Ok(query)
    } else {
        Err(query.len())
    }
}

#[component]
pub fn OwnLessonForm() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    // A teacher's lesson on screen is edited; a built-in one lends its answer.
    let start = pg.scenario.with_untracked(|s| s.own_lesson.clone());
    let builtin = pg.scenario.with_untracked(|s| s.lesson.and_then(find).map(|(_, l)| l.answer));
    let text_of = |pick: fn(&OwnLesson) -> &String| start.as_ref().map(|o| pick(o).clone()).unwrap_or_default();
    let title = RwSignal::new(text_of(|o| &o.title));
    let question = RwSignal::new(text_of(|o| &o.question));
    let takeaway = RwSignal::new(text_of(|o| &o.takeaway));
    let expect = RwSignal::new(start.as_ref().map(|o| o.answer).or(builtin));
    // The teacher's lessons of the agenda opened last in this tab, kept unless unticked.
    let previous = decode_agenda(&agenda_memory::recall()).0;
    let kept = previous.len();
    let keep = RwSignal::new(kept > 0);
    let lesson = Memo::new(move |_| {
        let answer = expect.get()?;
        let mut s = pg.scenario.get();
        s.lesson = None;
        s.own_lesson = Some(
            OwnLesson { title: title.get(), question: question.get(), answer, takeaway: takeaway.get() }.cleaned(),
        );
        Some(s)
    });
    let lesson_link = Signal::derive(move || lesson.get().map(|s| fits(encode(&s))));
    let agenda_link = Signal::derive(move || {
        lesson.get().map(|s| {
            let lang = s.lang;
            let mut list = if keep.get() { previous.clone() } else { Vec::new() };
            list.push(s);
            let mut query = encode_agenda(&list);
            if let Some(lang) = lang {
                query.push_str("&lang=");
                query.push_str(lang.code());
            }
            fits(query)
        })
    });
    let field =
        move |sig: RwSignal<String>| move |ev: leptos::ev::Event| sig.set(target_value(&ev).unwrap_or_default());
    view! {
        // The form's styles are in the kit's file (src/ui/kit/kit.css), not in the first load.
        <link rel="stylesheet" href="kit.css" />
        <div class="own-form" id="own-lesson-form" data-testid="own-form">
            <label class="own-field">
                <span>{text::form_title()}</span>
                <input type="text" data-testid="own-title-field" maxlength=MAX_TITLE_CHARS dir="auto"
                    prop:value=move || title.get() on:input=field(title) />
            </label>
            <label class="own-field">
                <span>{text::form_question()}</span>
                <textarea rows="2" data-testid="own-question-field" maxlength=MAX_TEXT_CHARS dir="auto"
                    placeholder=text::question() prop:value=move || question.get() on:input=field(question)></textarea>
            </label>
            <fieldset class="own-expect" data-testid="own-expect">
                <legend>{text::form_expect()}</legend>
                {[Layer::Model, Layer::Code, Layer::Nobody].into_iter().map(|layer| view! {
                    <label class=format!("own-layer own-layer-{}", layer.slug())>
                        <input type="radio" name="own-expect" value=layer.slug() data-testid=format!("own-expect-{}", layer.slug())
                            prop:checked=move || expect.get() == Some(layer) on:change=move |_| expect.set(Some(layer)) />
                        <LayerIcon layer=layer />{text::layer_name(layer)}
                    </label>
                }).collect_view()}
            </fieldset>
            <label class="own-field">
                <span>{text::form_takeaway()}</span>
                <textarea rows="2" data-testid="own-takeaway-field" maxlength=MAX_TEXT_CHARS dir="auto"
                    prop:value=move || takeaway.get() on:input=field(takeaway)></textarea>
            </label>
            <p class="hint">{text::form_hint()}</p>
            <Show when=move || expect.with(Option::is_none)>
                <p class="own-choose" data-testid="own-choose">{text::form_choose()}</p>
            </Show>
            <MadeLink made=lesson_link label=text::form_link() open=text::form_open() testid="own-link" />
            <Show when=move || expect.with(Option::is_some)>
                <h3 class="own-agenda-title">{text::form_agenda()}</h3>
                {(kept > 0).then(|| view! {
                    <label class="own-keep">
                        <input type="checkbox" data-testid="own-keep-agenda" bind:checked=keep />
                        {text::form_keep_agenda(kept)}
                    </label>
                })}
                <MadeLink made=agenda_link label=text::form_agenda_link() open=text::form_agenda_open() testid="own-agenda-link" />
            </Show>
        </div>
    }
}

/// One link the form made: the whole link in a field to copy, a Copy button and a link that opens
/// it here; or, when it would be too long for a link, why there is none.
#[component]
fn MadeLink(made: Signal<Made>, label: &'static str, open: &'static str, testid: &'static str) -> impl IntoView {
    let copied = RwSignal::new(false);
    let base = page_base();
    move || {
        let query = match made.get()? {
            Ok(query) => query,
            Err(len) => {
                return Some(
                    view! { <p class="own-too-long" role="alert" data-testid=format!("{testid}-too-long")>{text::link_too_long(len, MAX_LINK_LEN)}</p> }
                        .into_any(),
                )
            }
        };
        copied.set(false);
        let full = format!("{base}?{query}");
        let to_copy = full.clone();
        let copy = move |_| {
            let url = to_copy.clone();
            spawn_local(async move {
                copied.try_set(copy_text(&url).await);
            });
        };
        Some(
            view! {
                <div class="own-made">
                    <label class="share-link">
                        <span>{label}</span>
                        <input type="text" readonly data-testid=testid prop:value=full />
                    </label>
                    <div class="own-made-actions">
                        <button type="button" class="btn-small" data-testid=format!("{testid}-copy") on:click=copy>
                            {move || if copied.get() { text::copied() } else { text::copy_link() }}
                        </button>
                        <a class="btn-small" data-testid=format!("{testid}-open") href=format!("?{query}")>{open}</a>
                    </div>
                </div>
            }
            .into_any(),
        )
    }
}

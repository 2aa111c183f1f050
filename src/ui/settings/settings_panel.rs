//! The model, the guards and the retry policy: the knobs that decide who handles what.

use crate::state::Playground;
use crate::text;
use crate::ui::settings::fields::{CheckField, NumberField};
use crate::ui::verdict::retry_preview::RetryPreview;
use leptos::prelude::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::config::{LostReply, RunConfig};
use rusty_lock_engine::run::error_text::ErrorText;
use rusty_lock_engine::show::scenario::{encode, Setting};

#[component]
pub fn SettingsPanel() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let sc = pg.scenario;
    // Reads one number out of the config and writes it back: keeps each field a one-liner.
    let num = move |get: fn(&RunConfig) -> u64, set: fn(&mut RunConfig, u64)| {
        (
            Signal::derive(move || sc.with(|s| get(&s.config))),
            Callback::new(move |v: u64| sc.update(|s| set(&mut s.config, v))),
        )
    };
    let flag = move |get: fn(&RunConfig) -> bool, set: fn(&mut RunConfig, bool)| {
        (
            Signal::derive(move || sc.with(|s| get(&s.config))),
            Callback::new(move |v: bool| sc.update(|s| set(&mut s.config, v))),
        )
    };
    let (max_turns, set_max_turns) = num(|c| c.guards.max_turns as u64, |c, v| c.guards.max_turns = v as u32);
    let (errors, set_errors) =
        num(|c| c.guards.max_errors_in_a_row as u64, |c, v| c.guards.max_errors_in_a_row = v as u32);
    let (watchdog, set_watchdog) = num(|c| c.guards.watchdog_ms, |c, v| c.guards.watchdog_ms = v);
    let (repeat, set_repeat) = flag(|c| c.guards.stop_on_repeat, |c, v| c.guards.stop_on_repeat = v);
    let (attempts, set_attempts) = num(|c| c.retry.max_attempts as u64, |c, v| c.retry.max_attempts = v as u32);
    let (base, set_base) = num(|c| c.retry.base_delay_ms, |c, v| c.retry.base_delay_ms = v);
    let (cap, set_cap) = num(|c| c.retry.max_delay_ms, |c, v| c.retry.max_delay_ms = v);
    let (jitter, set_jitter) = flag(|c| c.retry.jitter, |c, v| c.retry.jitter = v);
    let (ra_cap, set_ra_cap) = num(|c| c.retry.retry_after_cap_ms, |c, v| c.retry.retry_after_cap_ms = v);
    let (seed, set_seed) = num(|c| c.seed, |c, v| c.seed = v);
    let (retry_all, set_retry_all) = flag(|c| c.retry.retry_everything, |c, v| c.retry.retry_everything = v);
    view! {
        <section class="panel settings" aria-labelledby="model-title">
            <h2 id="model-title">{text::model()}</h2>
            <select
                class="wide"
                aria-labelledby="model-title"
                data-testid="personality"
                on:change=move |ev| {
                    let Some(raw) = crate::web::events::target_value(&ev) else { return };
                    let p = if raw == "stubborn" { Personality::Stubborn } else { Personality::Helpful };
                    sc.update(|s| s.config.personality = p);
                }
            >
                <option value="helpful" selected=move || sc.with(|s| s.config.personality == Personality::Helpful)>{text::personality_name(Personality::Helpful)}</option>
                <option value="stubborn" selected=move || sc.with(|s| s.config.personality == Personality::Stubborn)>{text::personality_name(Personality::Stubborn)}</option>
            </select>
            // What the model reads when a tool fails: the harness's choice, not the model's.
            <label class="field">
                <span class="field-label" id="error-text-title">{text::error_text()}</span>
                <select
                    class="wide"
                    aria-labelledby="error-text-title"
                    data-testid="error-text"
                    on:change=move |ev| {
                        let Some(raw) = crate::web::events::target_value(&ev) else { return };
                        if let Some(school) = ErrorText::from_slug(&raw) {
                            sc.update(|s| s.config.error_text = school);
                        }
                    }
                >
                    {ErrorText::ALL
                        .into_iter()
                        .map(|school| view! {
                            <option value=school.slug() selected=move || sc.with(|s| s.config.error_text == school)>
                                {text::error_text_name(school)}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <h2>{text::guards()}</h2>
            <div class="grid2">
                <NumberField label=text::max_turns() testid="max-turns" bounds=Setting::Turns value=max_turns on_change=set_max_turns />
                <NumberField label=text::max_errors() testid="max-errors" bounds=Setting::Errors hint=text::off_when_zero() value=errors on_change=set_errors />
                <NumberField label=text::watchdog() testid="watchdog" bounds=Setting::Watchdog hint=text::off_when_zero() value=watchdog on_change=set_watchdog />
                <CheckField label=text::repeat_guard() testid="repeat-guard" value=repeat on_change=set_repeat />
            </div>
            <h2>{text::retry()}</h2>
            <div class="grid2">
                <NumberField label=text::max_attempts() testid="max-attempts" bounds=Setting::Attempts hint=text::no_retry_hint() value=attempts on_change=set_attempts />
                <NumberField label=text::base_delay() testid="base-delay" bounds=Setting::Base value=base on_change=set_base />
                <NumberField label=text::max_delay() testid="max-delay" bounds=Setting::Cap value=cap on_change=set_cap />
                <NumberField label=text::retry_after_cap() testid="retry-after-cap" bounds=Setting::RaCap value=ra_cap on_change=set_ra_cap />
                <CheckField label=text::jitter() testid="jitter" value=jitter on_change=set_jitter />
                <NumberField label=text::seed() testid="seed" bounds=Setting::Seed value=seed on_change=set_seed />
            </div>
            <CheckField label=text::retry_everything() testid="retry-everything" value=retry_all on_change=set_retry_all />
            // What your code does when a tool that may have acted loses its reply.
            <label class="field">
                <span class="field-label">{text::lost_reply()}</span>
                <select
                    class="wide"
                    data-testid="lost-reply"
                    on:change=move |ev| {
                        let Some(raw) = crate::web::events::target_value(&ev) else { return };
                        let school = LostReply::from_slug(&raw).unwrap_or_default();
                        sc.update(|s| s.config.lost_reply = school);
                    }
                >
                    {LostReply::ALL
                        .into_iter()
                        .map(|school| {
                            let name = match school {
                                LostReply::TellModel => text::lost_reply_tell(),
                                LostReply::RetryTool => text::lost_reply_retry(),
                            };
                            view! {
                                <option value=school.slug() selected=move || sc.with(|s| s.config.lost_reply == school)>
                                    {name}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <RetryPreview policy=Signal::derive(move || sc.with(|s| s.config.retry.clone())) />
            <a class="herd-link" data-testid="open-herd" href=move || format!("?{}&view=herd", encode(&pg.scenario.get()))>{text::herd_link()}</a>
        </section>
    }
}

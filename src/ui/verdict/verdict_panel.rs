//! The resilience verdict: after a run, what the chosen policy did well and what it cost,
//! judged from the events alone by the engine's `verdict` rules.

use crate::state::Playground;
use crate::text;
use crate::ui::lazy::part;
use crate::ui::verdict::backoff_strip::verdict_strips;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::show::verdict::{judge, Severity};

/// Shown only once a run has finished (the page mounts it then), so it judges whole runs.
#[component]
pub fn VerdictPanel() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let findings =
        Memo::new(move |_| pg.run.with(|rec| pg.scenario.with_untracked(|s| judge(&s.config, rec.events()))));
    view! {
        <section class="panel verdict" aria-labelledby="verdict-title" data-testid="verdict">
            <h2 id="verdict-title">{text::verdict()}</h2>
            <Show when=move || findings.with(Vec::is_empty)>
                <p class="hint">{text::verdict_nothing()}</p>
            </Show>
            <ul>
                {move || findings.get().into_iter().map(|f| {
                    let severity = f.severity;
                    view! {
                        <li class=format!("finding finding-{}", severity.slug()) data-slug=f.slug data-severity=severity.slug()>
                            <span class="finding-mark" aria-hidden="true">{match severity { Severity::Good => "✓", Severity::Warning => "!", Severity::Bad => "✗" }}</span>
                            <span class="sr-only">{text::severity_name(severity)}</span>
                            <span>{text::finding(&f.said)}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <Show when=move || pg.run.with(|rec| rec.events().iter().any(|e| matches!(e, Event::RetryScheduled { .. })))>
                {part(verdict_strips())}
            </Show>
        </section>
    }
}

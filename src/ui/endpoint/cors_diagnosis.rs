//! When a real endpoint fails with "no answer" until the retries run out, say what probably
//! happened and how to fix it for the chosen preset. To fetch, a CORS block looks exactly like a
//! dropped connection, so this is the one failure whose layer the code cannot know: the page
//! asks the server once more in a mode the browser allows, to tell "down" from "blocked", with
//! the same probe and the same words as "Test connection".

use crate::state::Playground;
use crate::text;
use crate::ui::endpoint::finding::Finding;
use crate::web::http_provider::blind_probe;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::run::connection::Diagnosis;
use rusty_lock_engine::run::events::{FailReason, Outcome};
use rusty_lock_engine::run::provider::CallFailure;
use rusty_lock_engine::show::scenario::ProviderChoice;

#[component]
pub fn CorsDiagnosis() -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let pg = crate::state::expect_context::<Playground>();
    let finding = RwSignal::new(None::<(Diagnosis, String)>);
    Effect::new(move |_| {
        let outcome = pg.run.with(|rec| rec.view().outcome.clone());
        finding.set(None);
        let no_answer = matches!(
            outcome,
            Some(Outcome::Failed {
                reason: FailReason::RetriesExhausted { last: CallFailure::Network, .. }
                    | FailReason::Fatal { failure: CallFailure::Network }
            })
        );
        let ProviderChoice::Http { endpoint, .. } = pg.scenario.with_untracked(|s| s.provider.clone()) else { return };
        if !no_answer {
            return;
        }
        spawn_local(async move {
            let found = blind_probe(&endpoint).await;
            // The panel may be gone by the time the server answers.
            finding.try_set(Some((found, endpoint)));
        });
    });
    move || {
        finding.get().map(|(found, endpoint)| {
            let slug = found.slug();
            view! {
                <section class="panel diagnosis" data-testid="cors-diagnosis" data-finding=slug>
                    <h2>{text::diagnosis_title()}</h2>
                    <Finding found=found endpoint=endpoint />
                    <p class="lesson-point">{text::diag_layer_point()}</p>
                </section>
            }
        })
    }
}

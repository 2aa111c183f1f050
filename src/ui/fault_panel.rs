//! The fault toggles, grouped by what they break. Each one hits a chosen turn; server faults
//! can repeat over several attempts to use up the retries.

use crate::state::{FaultToggle, Playground};
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::{Fault, FaultGroup};

#[component]
pub fn FaultPanel() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let groups = [FaultGroup::Server, FaultGroup::Model, FaultGroup::Harness];
    view! {
        <section class="panel faults" aria-labelledby="faults-title">
            <h2 id="faults-title">{text::FAULTS}</h2>
            <p class="hint">{text::FAULTS_HINT}</p>
            {groups
                .into_iter()
                .map(|group| view! {
                    <fieldset class="fault-group">
                        <legend>{text::fault_group_name(group)}</legend>
                        {Fault::ALL
                            .into_iter()
                            .enumerate()
                            .filter(|(_, f)| f.group() == group)
                            .map(|(i, f)| view! { <FaultRow index=i fault=f pg=pg /> })
                            .collect_view()}
                    </fieldset>
                })
                .collect_view()}
        </section>
    }
}

#[component]
fn FaultRow(index: usize, fault: Fault, pg: Playground) -> impl IntoView {
    let row = Memo::new(move |_| pg.faults.with(|f| f[index]));
    let edit = move |change: &dyn Fn(&mut FaultToggle)| pg.faults.update(|f| change(&mut f[index]));
    let slug = fault.slug();
    let server = fault.group() == FaultGroup::Server;
    view! {
        <div class="fault-row" class:on=move || row.get().on>
            <button
                class="fault-toggle"
                data-testid=format!("fault-{slug}")
                aria-pressed=move || row.get().on.to_string()
                on:click=move |_| edit(&|t| t.on = !t.on)
            >
                <span class="switch" aria-hidden="true"></span>
                {text::fault_name(fault)}
            </button>
            <label class="mini">
                <span class="sr-only">{format!("{} ", text::fault_name(fault))}</span>
                {text::ON_TURN}
                <select
                    data-testid=format!("fault-{slug}-turn")
                    on:change=move |ev| {
                        let turn = event_target_value(&ev).parse::<u32>().unwrap_or(2).clamp(1, 50);
                        edit(&|t| t.turn = turn);
                    }
                    prop:value=move || row.get().turn.to_string()
                >
                    {(1..=10u32).map(|n| view! { <option value=n.to_string() selected=move || row.get().turn == n>{n}</option> }).collect_view()}
                </select>
            </label>
            {server.then(|| view! {
                <label class="mini">
                    <span class="sr-only">{format!("{} attempts", text::fault_name(fault))}</span>
                    {text::TIMES}
                    <select
                        data-testid=format!("fault-{slug}-times")
                        on:change=move |ev| {
                            let times = event_target_value(&ev).parse::<u32>().unwrap_or(1).clamp(1, 10);
                            edit(&|t| t.times = times);
                        }
                        prop:value=move || row.get().times.to_string()
                    >
                        {(1..=5u32).map(|n| view! { <option value=n.to_string() selected=move || row.get().times == n>{n}</option> }).collect_view()}
                    </select>
                </label>
            })}
        </div>
    }
}

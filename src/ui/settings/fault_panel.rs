//! The fault toggles, grouped by what they break. Each row shows the first rule for its fault in
//! the plan; switching it off removes every rule for that fault. Server faults can repeat over
//! several attempts, enough to use up the retries. Every value a link may hold can be shown: the
//! turn is a number up to the turn budget, and a server fault repeats up to 10 times.

use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::run::chaos::{Fault, FaultGroup, FaultPlan, FaultRule};

/// The turn a newly switched-on fault hits: turn 2 is when the agent first tries the key.
const DEFAULT_TURN: u32 = 2;
/// The latest turn and the most attempts in a row a link may give a fault (engine/src/show/scenario.rs).
const LINK_MAX_TURN: u32 = 1000;
const MAX_TIMES: u32 = 10;

#[component]
pub fn FaultPanel() -> impl IntoView {
    let groups = [FaultGroup::Server, FaultGroup::Model, FaultGroup::Tool, FaultGroup::Harness];
    view! {
        <section class="panel faults" aria-labelledby="faults-title">
            <h2 id="faults-title">{text::faults()}</h2>
            <p class="hint">{text::faults_hint()}</p>
            {groups
                .into_iter()
                .map(|group| view! {
                    <fieldset class="fault-group">
                        <legend>{text::fault_group_name(group)}</legend>
                        {Fault::ALL.into_iter().filter(|f| f.group() == group).map(|f| view! { <FaultRow fault=f /> }).collect_view()}
                    </fieldset>
                })
                .collect_view()}
        </section>
    }
}

fn first_rule(plan: &FaultPlan, fault: Fault) -> Option<FaultRule> {
    plan.rules.iter().find(|r| r.fault == fault).copied()
}

/// Sets the turn and count of a fault's first rule, adding the rule if the fault was off.
fn set_rule(plan: &mut FaultPlan, fault: Fault, turn: Option<u32>, times: Option<u32>) {
    match plan.rules.iter_mut().find(|r| r.fault == fault) {
        Some(rule) => {
            rule.turn = turn.unwrap_or(rule.turn);
            rule.times = times.unwrap_or(rule.times);
        }
        None => plan.rules.push(FaultRule { fault, turn: turn.unwrap_or(DEFAULT_TURN), times: times.unwrap_or(1) }),
    }
}

#[component]
fn FaultRow(fault: Fault) -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let rule = Memo::new(move |_| pg.scenario.with(|s| first_rule(&s.faults, fault)));
    let on = move || rule.get().is_some();
    let turn = move || rule.get().map_or(DEFAULT_TURN, |r| r.turn);
    let times = move || rule.get().map_or(1, |r| r.times);
    // Any turn a link may hold can be shown: up to the turn budget, or the rule's own turn.
    let max_turn = move || pg.scenario.with(|s| s.config.guards.max_turns).max(turn()).max(1);
    let toggle = move |_| {
        pg.scenario.update(|s| {
            let plan = &mut s.faults;
            if first_rule(plan, fault).is_some() {
                plan.rules.retain(|r| r.fault != fault);
            } else {
                set_rule(plan, fault, None, None);
            }
        })
    };
    let slug = fault.slug();
    let name = text::fault_name(fault);
    let server = fault.group() == FaultGroup::Server;
    let opening_times = rule.get_untracked().map_or(1, |r| r.times);
    view! {
        <div class="fault-row" class:on=on>
            <button class="fault-toggle" data-testid=format!("fault-{slug}") aria-pressed=move || on().to_string() on:click=toggle>
                <span class="switch" aria-hidden="true"></span>
                {name}
            </button>
            <label class="mini">
                <span class="sr-only">{name}</span>
                {text::on_turn()}
                <input
                    type="number"
                    inputmode="numeric"
                    min="1"
                    max=move || max_turn().to_string()
                    data-testid=format!("fault-{slug}-turn")
                    on:change=move |ev| {
                        let Some(raw) = crate::web::events::target_value(&ev) else { return };
                        let t = raw.trim().parse::<u32>().unwrap_or(DEFAULT_TURN).clamp(1, LINK_MAX_TURN);
                        pg.scenario.update(|s| set_rule(&mut s.faults, fault, Some(t), None));
                    }
                    prop:value=move || turn().to_string()
                />
            </label>
            {server.then(|| view! {
                <label class="mini">
                    <span class="sr-only">{text::attempts_label(name)}</span>
                    {text::times()}
                    <select
                        data-testid=format!("fault-{slug}-times")
                        on:change=move |ev| {
                            let Some(raw) = crate::web::events::target_value(&ev) else { return };
                            let n = raw.parse::<u32>().unwrap_or(1).clamp(1, MAX_TIMES);
                            pg.scenario.update(|s| set_rule(&mut s.faults, fault, None, Some(n)));
                        }
                        prop:value=move || times().to_string()
                    >
                        // The select's value follows the rule (`prop:value`); the options only say
                        // which one it opens on, so they need no reactive attribute each (eighty of
                        // them were a good part of the task that built the settings).
                        {(1..=MAX_TIMES).map(|n| view! { <option value=n.to_string() selected=opening_times == n>{n}</option> }).collect_view()}
                    </select>
                </label>
            })}
        </div>
    }
}

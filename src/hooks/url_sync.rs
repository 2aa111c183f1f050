//! Keeps the address bar and the page in step, both ways, with two pure functions from the
//! engine: `decode` (link → scenario) and `encode` (scenario → link). The link is canonical, so
//! writing the URL and reading it back gives the same scenario and the loop stops there.

use crate::state::Playground;
use crate::web::address::Address;
use leptos::prelude::*;
use rusty_lock_engine::show::route::{Route, View};
use rusty_lock_engine::show::scenario::{decode, encode};

/// Whether `search` is the playground's own address: only then may the playground read it or
/// write over it. A link to another view (`?view=yours`) changes the address before the view
/// switch takes the playground down, and the playground's effects still run once in between;
/// without this check they read that link as a scenario (it has no faults, no lesson, so the
/// playground's default) and wrote the playground's canonical link (`?v=1&lang=en`) over it, and
/// the other view bounced straight back to the playground.
fn is_playground(search: &str) -> bool {
    Route::of(search).view == View::Playground
}

/// Says, in context, that the page below keeps the address in step with the playground: only
/// there may [`write_opening_link`] write it (the your-own-loop view shows the board too, and its
/// address is its own).
#[derive(Clone, Copy)]
struct SyncedAddress;

/// Call once, after the playground is in context.
pub fn use_url_sync(pg: Playground, address: Address) {
    provide_context(SyncedAddress);
    // Read the opening link before any effect can write over it.
    apply_link(pg, &address.search_untracked());
    // Link → page: a lesson link clicked, or back and forward. A link followed during a run ends
    // that run first, as Stop would, whatever it changes; the page's own settings writes do not
    // (a toggle changed mid-run applies to the run going on).
    let seen_moves = StoredValue::new(address.moves_untracked());
    Effect::new(move |_| {
        let search = address.search();
        if !is_playground(&search) {
            return;
        }
        let moves = address.moves_untracked();
        if seen_moves.get_value() != moves {
            seen_moves.set_value(moves);
            if pg.running.get_untracked() {
                crate::actions::run::end_run(pg);
            }
        }
        apply_link(pg, &search);
    });
    // Page → link: every settings change, as a history *replace*. The opening link is written
    // in its canonical form later, by [`write_opening_link`]: a history write and the page's
    // reading of it back cost the first screen's task several ms, and the scenario is the same.
    Effect::new(move |first: Option<()>| {
        if first.is_none() {
            pg.scenario.track();
            return;
        }
        let link = format!("?{}", encode(&pg.scenario.get()));
        let now = address.search_untracked();
        if is_playground(&now) && now != link {
            address.replace(&link);
        }
    });
}

/// Writes the opening link in its canonical form, if it is not already. Called where the panels
/// below the fold are built (the `below` part, at the first idle moment), so neither the first
/// screen's task nor the first download pays for it.
pub fn write_opening_link() {
    if use_context::<SyncedAddress>().is_none() {
        return;
    }
    let (Some(pg), Some(address)) = (use_context::<Playground>(), use_context::<Address>()) else { return };
    let Some(link) = pg.scenario.try_with_untracked(|s| format!("?{}", encode(s))) else { return };
    if address.try_search_untracked().is_some_and(|now| is_playground(&now) && now != link) {
        address.replace(&link);
    }
}

fn apply_link(pg: Playground, search: &str) {
    let (mut scenario, notices) = decode(search);
    // The page's own links (a lesson, the workshop) say nothing of the language: a language
    // chosen on the page stays, and stays in the address.
    if scenario.lang.is_none() {
        scenario.lang = pg.scenario.with_untracked(|s| s.lang);
    }
    if scenario != pg.scenario.get_untracked() {
        crate::actions::run::apply_scenario(pg, scenario);
    }
    if !notices.is_empty() {
        pg.notices.set(notices);
    }
}

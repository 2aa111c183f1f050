//! Keeps the address bar and the page in step, both ways, with two pure functions from the
//! engine: `decode` (link → scenario) and `encode` (scenario → link). The link is canonical, so
//! writing the URL and reading it back gives the same scenario and the loop stops there.

use crate::state::Playground;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::NavigateOptions;
use rusty_lock_engine::scenario::{decode, encode};

/// Call once, inside the router, after the playground is in context.
pub fn use_url_sync(pg: Playground) {
    let location = use_location();
    let navigate = use_navigate();
    // Read the opening link before any effect can write over it.
    apply_link(pg, &location.search.get_untracked());
    // Link → page: a lesson link clicked, or back and forward.
    Effect::new(move |_| apply_link(pg, &location.search.get()));
    // Page → link: every settings change, as a history *replace*.
    Effect::new(move |_| {
        let link = encode(&pg.scenario());
        if location.search.get_untracked() != link {
            let path = location.pathname.get_untracked();
            navigate(
                &format!("{path}?{link}"),
                NavigateOptions { replace: true, scroll: false, resolve: false, ..Default::default() },
            );
        }
    });
}

fn apply_link(pg: Playground, search: &str) {
    let (scenario, notices) = decode(search);
    if scenario != pg.scenario_untracked() {
        pg.apply_scenario(scenario);
    }
    if !notices.is_empty() {
        pg.notices.set(notices);
    }
}

//! The words the model reads: every language's table is whole, its templates' holes are all
//! filled, and the built-in model reads its own language's results.

mod holes;
use holes::holes;
use rusty_lock_engine::run::chaos::FaultPlan;
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::run::events::{Event, Outcome};
use rusty_lock_engine::run::script::{fill, list, matches, script, Lang, Script, ERROR_PREFIX};
use rusty_lock_engine::run::sim::simulate;

/// Every template with the holes it must have.
fn templates(s: &Script) -> Vec<(&'static str, &'static [&'static str])> {
    vec![
        (s.nothing_there, &["thing", "targets"]),
        (s.nothing_happens, &["item", "target"]),
        (s.no_such_tool, &["name", "tools"]),
        (s.args_not_json, &["name", "example"]),
        (s.args_not_object, &["name", "example"]),
        (s.field_missing, &["name", "field", "example"]),
        (s.field_unknown, &["name", "field", "fields"]),
        (s.field_not_text, &["name", "field"]),
        (s.not_carried, &["value", "field", "allowed"]),
        (s.think_after_unknown_tool, &["name"]),
        (s.think_after_bad_args, &["name"]),
    ]
}

#[test]
fn every_template_has_exactly_its_holes_in_every_language() {
    for lang in Lang::ALL {
        for (template, expected) in templates(script(lang)) {
            let mut expected: Vec<String> = expected.iter().map(|h| h.to_string()).collect();
            expected.sort();
            assert_eq!(holes(template), expected, "{lang:?}: {template}");
            let values: Vec<(&str, &str)> = expected.iter().map(|h| (h.as_str(), "XYZ")).collect();
            let filled = fill(template, &values);
            assert!(holes(&filled).is_empty() && filled.matches("XYZ").count() == expected.len(), "{filled}");
            assert!(matches(&filled, template), "{lang:?} recognises its own {filled}");
        }
    }
}

#[test]
fn fill_leaves_an_unknown_hole_visible_and_literal_braces_alone() {
    assert_eq!(fill("a {x} b {y}", &[("x", "1")]), "a 1 b {y}");
    assert_eq!(fill(r#"such as {"target": "door"}."#, &[]), r#"such as {"target": "door"}."#);
}

#[test]
fn templates_tell_errors_apart() {
    let s = script(Lang::En);
    let unknown = fill(s.no_such_tool, &[("name", "open_door"), ("tools", &list(s, &["look_at", "use"]))]);
    assert_eq!(unknown, "There is no tool called open_door. The tools you can call are look_at and use.");
    assert!(matches(&unknown, s.no_such_tool));
    assert!(!matches(&unknown, s.args_not_json));
    assert!(!matches(s.key_stuck, s.no_such_tool));
    assert_eq!(list(s, &["a", "b", "c"]), "a, b and c");
}

#[test]
fn a_run_in_each_language_is_held_in_that_language_and_opens_the_door() {
    for lang in Lang::ALL {
        let s = script(lang);
        let config = RunConfig { lang, ..RunConfig::default() };
        let sim = simulate(&config, FaultPlan::default());
        assert_eq!(sim.outcome, Some(Outcome::Answered { text: s.done.into() }), "{lang:?}");
        let Some(Event::RunStarted { task, lang: said, .. }) = sim.events.first() else { panic!("no start") };
        assert_eq!((task.as_str(), *said), (s.task, lang));
        let stuck = sim.events.iter().any(
            |e| matches!(e, Event::ToolFailed { output, .. } if output.strip_prefix(ERROR_PREFIX) == Some(s.key_stuck)),
        );
        assert!(stuck, "{lang:?}: the rusted lock speaks the run's language");
        let history = rusty_lock_engine::show::view::history(&sim.events);
        assert_eq!(history[0].content.as_deref(), Some(s.system_prompt));
    }
}

//! The page's tools, as a learner's code calls them, are the engine's own: the same schema
//! checks and sentences, so a wrong argument throws the sentence the model would have read; the
//! tool-timeout fault acts and then throws, once per turn; the room is there after each call.

use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::script::{fill, script, Lang};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::yours::tools::{kind_of_error, PageTools};

#[test]
fn the_tools_play_the_adventure_and_show_the_room() {
    let s = script(Lang::En);
    let mut t = PageTools::new(Lang::En, FaultPlan::default());
    assert_eq!(t.call("look_at", r#"{"target":"door"}"#), Ok(s.see_door_shut.to_string()));
    assert_eq!(t.call("use", r#"{"item":"key","target":"door"}"#), Err(s.key_stuck.to_string()));
    assert_eq!(t.call("use", r#"{"item":"oil_can","target":"lock"}"#), Ok(s.oil_poured.to_string()));
    assert!(t.room().lock_oiled && !t.room().door_open);
    assert_eq!(t.call("use", r#"{"item":"key","target":"door"}"#), Ok(s.door_opens.to_string()));
    assert!(t.room().door_open);
}

#[test]
fn an_invalid_argument_throws_a_clear_sentence_of_its_kind() {
    let mut t = PageTools::new(Lang::En, FaultPlan::default());
    for (name, args, kind) in [
        ("use", r#"{"item":"crowbar","target":"door"}"#, ToolErrorKind::SchemaInvalid),
        ("use", r#"{"item":"key"}"#, ToolErrorKind::SchemaInvalid),
        ("look_at", r#"{"target":42}"#, ToolErrorKind::SchemaInvalid),
        ("look_at", r#""{\"target\":\"door\"}""#, ToolErrorKind::SchemaInvalid),
        ("look_at", "{\"target\":", ToolErrorKind::BadJson),
        ("open_door", "{}", ToolErrorKind::UnknownTool),
        ("use", r#"{"item":"key","target":"door"}"#, ToolErrorKind::ToolFailed),
    ] {
        let err = t.call(name, args).unwrap_err();
        assert!(!err.starts_with("Error: ") && err.len() > 15, "{err}");
        assert_eq!(kind_of_error(&err, Lang::En), kind, "{name} {args}: {err}");
    }
    // Nothing passed at all (`use()`): an empty object, so a missing field.
    assert_eq!(kind_of_error(&t.call("use", "").unwrap_err(), Lang::En), ToolErrorKind::SchemaInvalid);
}

#[test]
fn a_tool_timeout_acts_then_throws_once_per_turn() {
    let s = script(Lang::En);
    let mut t = PageTools::new(Lang::En, FaultPlan::single(2, Fault::ToolTimeout, 1));
    t.at_turn(1);
    assert!(t.call("use", r#"{"item":"oil_can","target":"lock"}"#).is_ok());
    t.at_turn(2);
    let lost = t.call("use", r#"{"item":"key","target":"door"}"#).unwrap_err();
    assert_eq!(lost, fill(s.reply_lost, &[("name", "use")]));
    assert_eq!(kind_of_error(&lost, Lang::En), ToolErrorKind::ReplyLost);
    assert!(t.room().door_open, "the tool acted before its reply was lost");
    // The next call of that turn gets its answer (the key turns back).
    assert_eq!(t.call("use", r#"{"item":"key","target":"door"}"#), Ok(s.door_relocks.to_string()));
    // A call turned down before it ran has nothing to lose.
    let mut u = PageTools::new(Lang::En, FaultPlan::single(1, Fault::ToolTimeout, 1));
    u.at_turn(1);
    assert_eq!(kind_of_error(&u.call("nope", "{}").unwrap_err(), Lang::En), ToolErrorKind::UnknownTool);
    assert_eq!(
        kind_of_error(&u.call("look_at", r#"{"target":"door"}"#).unwrap_err(), Lang::En),
        ToolErrorKind::ReplyLost
    );
}

#[test]
fn every_language_reads_its_own_sentences_back_to_their_kind() {
    for lang in Lang::ALL {
        let mut t = PageTools::new(lang, FaultPlan::default());
        assert_eq!(kind_of_error(&t.call("nope", "{}").unwrap_err(), lang), ToolErrorKind::UnknownTool);
        assert_eq!(kind_of_error(&t.call("use", "{").unwrap_err(), lang), ToolErrorKind::BadJson);
        assert_eq!(kind_of_error(&t.call("use", "{}").unwrap_err(), lang), ToolErrorKind::SchemaInvalid);
        let stuck = t.call("use", r#"{"item":"key","target":"door"}"#).unwrap_err();
        assert_eq!(kind_of_error(&stuck, lang), ToolErrorKind::ToolFailed);
    }
}

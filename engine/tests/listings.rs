//! The code panel's listings: the robust loop and the naive one, in every language. Their markers
//! all parse, their comments are slugs the page writes in its own language, and every catch the
//! naive loop is missing points at a line of the robust loop that makes it.

mod common;

use common::{plan, stubborn};
use rusty_lock_engine::run::chaos::{Fault, FaultPlan};
use rusty_lock_engine::run::config::RunConfig;
use rusty_lock_engine::show::compare::compare;
use rusty_lock_engine::show::listing::{listing, missing_line, naive_listing, naive_source, robust_source, Lang, Line};
use rusty_lock_engine::show::scene::{anchor_of, Anchor};

/// Both listings of `lang`, named, with their sources.
fn both(lang: Lang) -> [(&'static str, &'static str, Vec<Line>); 2] {
    [("robust", robust_source(lang), listing(lang)), ("naive", naive_source(lang), naive_listing(lang))]
}

/// The slugs a raw line's marker names: ` @@a` gives `[a]`, ` !!a,b` gives `[a, b]`.
fn raw_slugs<'a>(raw: &'a str, marker: &str) -> Vec<&'a str> {
    let Some((_, tail)) = raw.split_once(marker) else { return Vec::new() };
    let tail = tail.split(" !!").next().unwrap_or("");
    tail.split(',').map(str::trim).collect()
}

#[test]
fn every_marker_of_every_listing_names_an_anchor() {
    for lang in Lang::ALL {
        for (school, source, lines) in both(lang) {
            assert_eq!(source.lines().count(), lines.len());
            for (raw, line) in source.lines().zip(&lines) {
                let anchors = raw_slugs(raw, " @@");
                assert_eq!(anchors.len(), usize::from(line.anchor.is_some()), "{school} {}: {raw:?}", lang.name());
                if let Some(anchor) = line.anchor {
                    assert_eq!(anchors, [anchor.slug()]);
                }
                let missing = raw_slugs(raw, " !!");
                let parsed: Vec<_> = line.missing.iter().map(|a| a.slug()).collect();
                assert_eq!(missing, parsed, "{school} {}: a missing marker names no anchor in {raw:?}", lang.name());
                for marker in ["@@", "!!", "{note", "note:"] {
                    assert!(!line.text.contains(marker), "{school} {}: {marker} left in {:?}", lang.name(), line.text);
                }
            }
        }
    }
}

#[test]
fn the_robust_listing_has_no_missing_catch() {
    for lang in Lang::ALL {
        assert!(listing(lang).iter().all(|l| l.missing.is_empty()), "{}", lang.name());
    }
}

#[test]
fn every_comment_is_a_known_note_and_no_words_are_left_in_the_code() {
    for lang in Lang::ALL {
        let comment = if lang == Lang::Python { "#" } else { "//" };
        for (school, _, lines) in both(lang) {
            for line in &lines {
                match line.note {
                    Some(_) => {
                        assert!(line.text.trim_end().ends_with(comment), "{school} {}: {:?}", lang.name(), line.text);
                    }
                    // A line without a note holds no comment: its words would escape translation,
                    // and a `{note:…}` that names no `Note` leaves its comment here too.
                    None => assert!(
                        !line.text.contains(&format!("{comment} ")),
                        "{school} {}: {:?}",
                        lang.name(),
                        line.text
                    ),
                }
            }
        }
    }
}

#[test]
fn each_school_has_the_same_notes_and_marks_in_every_language() {
    let shape = |lines: &[Line]| -> Vec<_> {
        lines
            .iter()
            .filter(|l| l.note.is_some() || l.anchor.is_some() || !l.missing.is_empty())
            .map(|l| (l.note, l.anchor, l.missing.clone()))
            .collect()
    };
    for lang in Lang::ALL {
        assert_eq!(shape(&listing(lang)), shape(&listing(Lang::Rust)), "robust {}", lang.name());
        assert_eq!(shape(&naive_listing(lang)), shape(&naive_listing(Lang::Rust)), "naive {}", lang.name());
    }
}

#[test]
fn every_missing_catch_is_on_one_naive_line_and_made_on_one_robust_line() {
    let catches = [
        Anchor::Transient,
        Anchor::Wait,
        Anchor::Watchdog,
        Anchor::Decide,
        Anchor::Catch,
        Anchor::Repeat,
        Anchor::Errors,
    ];
    for lang in Lang::ALL {
        let naive = naive_listing(lang);
        let robust = listing(lang);
        for anchor in catches {
            let n = naive.iter().filter(|l| l.missing.contains(&anchor)).count();
            assert_eq!(n, 1, "naive {} misses {} on {n} lines", lang.name(), anchor.slug());
            let r = robust.iter().filter(|l| l.anchor == Some(anchor)).count();
            assert_eq!(r, 1, "robust {} catches {} on {r} lines", lang.name(), anchor.slug());
        }
        // And nothing else is called missing.
        let all: usize = naive.iter().map(|l| l.missing.len()).sum();
        assert_eq!(all, catches.len(), "naive {}", lang.name());
        // No naive line is lit twice by one step.
        for anchor in Anchor::ALL {
            assert!(
                naive.iter().filter(|l| l.anchor == Some(anchor)).count() <= 1,
                "naive {} {}",
                lang.name(),
                anchor.slug()
            );
        }
        assert!(naive.iter().all(|l| l.text.chars().count() <= 64), "a line of the naive {} is too long", lang.name());
    }
}

#[test]
fn where_the_loops_part_the_naive_listing_has_a_missing_catch_line() {
    let scenarios = [
        ("503", RunConfig::default(), plan(2, Fault::Http503, 1), Anchor::Transient),
        ("429", RunConfig::default(), plan(2, Fault::RateLimited, 1), Anchor::Transient),
        ("hang", RunConfig::default(), plan(2, Fault::Hang, 1), Anchor::Watchdog),
        ("unknown tool", RunConfig::default(), plan(2, Fault::UnknownTool, 1), Anchor::Catch),
        ("broken JSON", RunConfig::default(), plan(2, Fault::BadJson, 1), Anchor::Catch),
        ("stubborn", stubborn(), FaultPlan::default(), Anchor::Catch),
    ];
    for (name, config, faults, expected) in scenarios {
        let c = compare(&config, faults);
        let at = c.diverge_at.unwrap_or_else(|| panic!("{name}: the loops should part"));
        let anchor = anchor_of(&c.robust.events[at]).unwrap_or_else(|| panic!("{name}: no robust line"));
        assert_eq!(anchor, expected, "{name}");
        for lang in Lang::ALL {
            assert!(missing_line(&naive_listing(lang), anchor).is_some(), "{name}: naive {} has no line", lang.name());
        }
    }
    // A failure that neither loop catches does not part them: nothing is missing.
    let c = compare(&RunConfig::default(), plan(2, Fault::Unauthorized, 1));
    assert_eq!(c.diverge_at, None);
}

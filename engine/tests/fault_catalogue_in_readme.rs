//! The faults and the report card's cases are declared once, in the engine; the README's lists
//! of them are checked against it here, so the two cannot drift apart.

use rusty_lock_engine::run::chaos::Fault;
use rusty_lock_engine::yours::card::CaseId;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README.md")
}

/// The backquoted names (lower-case letters and digits: `finish_reason: "stop"` is a quote, not
/// a name) of the README's paragraph that starts with `start`, up to its blank line.
fn quoted_words_of_paragraph(readme: &str, start: &str) -> Vec<String> {
    let from = readme.find(start).unwrap_or_else(|| panic!("the README has no paragraph starting {start:?}"));
    let paragraph = readme[from..].split("\n\n").next().unwrap_or_default();
    paragraph
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| quoted.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
        .collect()
}

#[test]
fn every_fault_has_its_report_card_case_but_the_harness_bug() {
    for fault in Fault::ALL {
        match CaseId::of_fault(fault) {
            Some(case) => {
                assert_eq!(case.fault(), Some(fault), "{fault:?}'s case injects another fault");
                assert!(CaseId::ALL.contains(&case), "{fault:?}'s case {case:?} is not on the card");
                assert_eq!(case.slug(), fault.slug(), "a fault's case keeps the fault's slug in links");
            }
            None => assert_eq!(fault, Fault::HarnessBug, "{fault:?} has no case on the report card"),
        }
    }
}

#[test]
fn every_case_meets_a_fault_of_the_catalogue_or_none() {
    for case in CaseId::ALL {
        if let Some(fault) = case.fault() {
            assert!(Fault::ALL.contains(&fault), "{case:?} injects {fault:?}, which is not in Fault::ALL");
        }
    }
}

#[test]
fn the_readme_names_exactly_the_faults_of_the_catalogue() {
    let named = quoted_words_of_paragraph(&readme(), "Fault names:");
    let mut named_sorted = named.clone();
    named_sorted.sort();
    let mut ours: Vec<String> = Fault::ALL.iter().map(|f| f.slug().to_string()).collect();
    ours.sort();
    assert_eq!(named_sorted, ours, "the README's \"Fault names:\" paragraph and Fault::ALL differ");
    assert_eq!(named.len(), Fault::ALL.len(), "a fault named twice in the README");
}

#[test]
fn the_readme_counts_the_report_cards_cases_as_the_engine_does() {
    let words = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "twenty-one",
        "twenty-two",
        "twenty-three",
        "twenty-four",
        "twenty-five",
    ];
    let count = words[CaseId::ALL.len()];
    let readme = readme();
    assert!(
        readme.contains(&format!("**Report card** to meet all {count}")),
        "the README says the report card meets another number of cases than {count}"
    );
}

//! The scenario link: a round trip for generated scenarios, damaged links that still load, and a
//! fuzz run over random input and mutations of a committed corpus of real and broken links.

use proptest::prelude::*;
use rusty_lock_engine::lessons::LESSONS;
use rusty_lock_engine::scenario::{
    decode, encode, is_loopback_host, FaultProblem, Mode, Problem, ProviderChoice, Scenario, MAX_LINK_LEN, SPEEDS,
};
use rusty_lock_engine::{simulate, Fault, FaultGroup, FaultPlan, FaultRule, Personality};

fn keys(notices: &[rusty_lock_engine::scenario::Notice]) -> Vec<&str> {
    notices.iter().map(|n| n.key.as_str()).collect()
}

#[test]
fn the_default_scenario_is_just_the_version() {
    assert_eq!(encode(&Scenario::new()), "v=1");
    assert_eq!(decode("v=1"), (Scenario::new(), vec![]));
    assert_eq!(decode(""), (Scenario::new(), vec![]));
}

#[test]
fn faults_are_written_the_way_a_teacher_would_type_them() {
    let mut s = Scenario::new();
    s.faults = FaultPlan::new(vec![
        FaultRule { turn: 2, fault: Fault::Http503, times: 2 },
        FaultRule { turn: 3, fault: Fault::BadJson, times: 1 },
    ]);
    s.config.personality = Personality::Stubborn;
    assert_eq!(encode(&s), "v=1&faults=t2%3A503x2%2Ct3%3Abadjson&model=stubborn");
    // Typed by hand, without percent-encoding, it reads the same.
    assert_eq!(decode("v=1&faults=t2:503x2,t3:badjson&model=stubborn"), (s, vec![]));
}

#[test]
fn the_same_link_replays_the_same_events() {
    let (s, _) = decode("v=1&faults=t2:503x2,t3:badjson&seed=9");
    let a = simulate(&s.config, s.faults.clone());
    let (again, _) = decode(&encode(&s));
    let b = simulate(&again.config, again.faults.clone());
    let json = |sim: &rusty_lock_engine::Simulation| serde_json::to_string(&sim.events).unwrap();
    assert_eq!(json(&a), json(&b));
}

#[test]
fn an_unknown_fault_is_named_and_the_rest_of_the_link_still_applies() {
    let (s, notices) = decode("v=1&faults=t2:5o3,t3:badjson&model=stubborn");
    assert_eq!(s.faults.rules, vec![FaultRule { turn: 3, fault: Fault::BadJson, times: 1 }]);
    assert_eq!(s.config.personality, Personality::Stubborn);
    assert_eq!(keys(&notices), ["faults"]);
    assert_eq!(notices[0].problem, Problem::Fault { value: "t2:5o3".into(), why: FaultProblem::UnknownFault });
}

#[test]
fn out_of_range_values_fall_back_to_defaults_with_a_notice_each() {
    let (s, notices) = decode("v=1&turns=0&attempts=1000&seed=-4&faults=t0:503,t2:503x99");
    assert_eq!(s.config, Scenario::new().config);
    assert!(s.faults.rules.is_empty());
    assert_eq!(keys(&notices), ["turns", "attempts", "seed", "faults", "faults"]);
    assert_eq!(notices[0].problem, Problem::OutOfRange { min: 1, max: 1000 });
    assert_eq!(notices[2].problem, Problem::NotANumber { value: "-4".into() });
    assert_eq!(
        notices[3].problem,
        Problem::Fault { value: "t0:503".into(), why: FaultProblem::TurnRange { min: 1, max: 1000 } }
    );
    assert_eq!(
        notices[4].problem,
        Problem::Fault { value: "t2:503x99".into(), why: FaultProblem::TimesRange { max: 10 } }
    );
}

#[test]
fn a_duplicated_key_keeps_its_first_value() {
    let (s, notices) = decode("v=1&faults=t2:503&faults=t3:429");
    assert_eq!(s.faults.rules[0].fault, Fault::Http503);
    assert_eq!(s.faults.rules.len(), 1);
    assert_eq!(keys(&notices), ["faults"]);
    assert_eq!(notices[0].problem, Problem::Repeated);
}

#[test]
fn a_link_from_a_newer_format_is_read_as_far_as_possible() {
    let (s, notices) = decode("v=9&faults=t2:503&newthing=1");
    assert_eq!(s.faults.rules.len(), 1);
    assert_eq!(keys(&notices), ["v", "newthing"]);
    assert_eq!(notices[0].problem, Problem::NewerFormat { found: 9, ours: 1 });
    assert_eq!(notices[1].problem, Problem::UnknownKey);
}

#[test]
fn a_truncated_link_keeps_what_came_through_whole() {
    let (s, notices) = decode("v=1&faults=t2:503x2,t3:");
    assert_eq!(s.faults.rules, vec![FaultRule { turn: 2, fault: Fault::Http503, times: 2 }]);
    assert_eq!(keys(&notices), ["faults"]);
}

#[test]
fn an_absurdly_long_link_is_cut_and_says_so() {
    let long = format!("v=1&model=stubborn&seed={}", "9".repeat(MAX_LINK_LEN * 3));
    let (s, notices) = decode(&long);
    assert_eq!(s.config.personality, Personality::Stubborn);
    assert_eq!(keys(&notices), ["link"]);
}

#[test]
fn an_api_key_in_a_link_is_refused_and_never_kept() {
    let (s, notices) = decode("v=1&key=sk-canary-123");
    assert_eq!(keys(&notices), ["key"]);
    assert!(!format!("{s:?}").contains("canary"));
    assert!(!encode(&s).contains("canary"));
}

#[test]
fn an_endpoint_must_be_a_plain_http_address() {
    let (s, notices) = decode("v=1&endpoint=javascript:alert(1)");
    assert_eq!(s.provider, ProviderChoice::Builtin);
    assert_eq!(keys(&notices), ["endpoint"]);
    let (s, _) = decode("v=1&endpoint=http%3A%2F%2Fuser%3Apw%40localhost%3A11434%2Fv1&llm=x");
    assert_eq!(s.provider, ProviderChoice::Builtin, "credentials in a URL are refused");
    let (s, notices) = decode("v=1&endpoint=http://localhost:11434/v1/&llm=llama3.1");
    assert_eq!(
        s.provider,
        ProviderChoice::Http { endpoint: "http://localhost:11434/v1".into(), model: "llama3.1".into() }
    );
    assert!(notices.is_empty());
}

#[test]
fn every_line_of_the_corpus_loads_with_notices_only_for_what_is_wrong() {
    let corpus = include_str!("corpus/links.txt");
    let mut clean = 0;
    for line in corpus.lines() {
        let (s, notices) = decode(line);
        if notices.is_empty() {
            clean += 1;
            // A clean link is read exactly: writing it again and reading that gives the same.
            assert_eq!(decode(&encode(&s)), (s, vec![]), "{line}");
        }
        for n in &notices {
            // What the user typed is quoted, never more than 40 characters of it.
            assert!(format!("{:?}", n.problem).chars().count() < 160, "{line}: {n:?}");
        }
    }
    assert_eq!(clean, 13, "the first twelve corpus lines and the percent-encoded one are valid links");
}

fn fault_rule() -> impl Strategy<Value = FaultRule> {
    (1u32..=1000, 0..Fault::ALL.len(), 1u32..=10).prop_map(|(turn, i, times)| {
        let fault = Fault::ALL[i];
        FaultRule { turn, fault, times: if fault.group() == FaultGroup::Server { times } else { 1 } }
    })
}

prop_compose! {
    fn scenario()(
        faults in proptest::collection::vec(fault_rule(), 0..8),
        stubborn in any::<bool>(),
        turns in 1u32..=1000, errors in 0u32..=100, repeat in any::<bool>(), watchdog in 0u64..=120_000,
        attempts in 1u32..=10, base in 0u64..=60_000, cap in 0u64..=120_000, jitter in any::<bool>(),
        ra_cap in 0u64..=120_000, retryall in any::<bool>(), seed in 0u64..=u32::MAX as u64,
        speed in 0..SPEEDS.len(), mode in 0..3usize, lesson in proptest::option::of(0..LESSONS.len()),
        endpoint in proptest::option::of(("(http|https)://[a-z0-9.]{1,20}(:[0-9]{2,5})?(/v1)?", "[ -~]{0,30}")),
    ) -> Scenario {
        let mut s = Scenario::new();
        s.faults = FaultPlan::new(faults);
        s.config.personality = if stubborn { Personality::Stubborn } else { Personality::Helpful };
        s.config.guards.max_turns = turns;
        s.config.guards.max_errors_in_a_row = errors;
        s.config.guards.stop_on_repeat = repeat;
        s.config.guards.watchdog_ms = watchdog;
        s.config.retry.max_attempts = attempts;
        s.config.retry.base_delay_ms = base;
        s.config.retry.max_delay_ms = cap;
        s.config.retry.jitter = jitter;
        s.config.retry.retry_after_cap_ms = ra_cap;
        s.config.retry.retry_everything = retryall;
        s.config.seed = seed;
        s.speed = speed;
        s.mode = [Mode::Full, Mode::Embed, Mode::Present][mode];
        // Any settings on top of any lesson: the link then says what differs from the lesson.
        s.lesson = lesson.map(|i| LESSONS[i].id.to_string());
        s.provider = match endpoint {
            Some((endpoint, model)) => ProviderChoice::Http { endpoint, model: model.trim().to_string() },
            None => ProviderChoice::Builtin,
        };
        s
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_scenario_survives_the_round_trip_through_its_link(s in scenario()) {
        let link = encode(&s);
        prop_assert_eq!(decode(&link), (s, vec![]));
        prop_assert!(link.len() < 1500);
    }
}

/// One small edit of a corpus link: insert, delete or replace one byte.
fn mutate(line: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = line.as_bytes().to_vec();
    for &(pos, op, byte) in edits {
        let at = if bytes.is_empty() { 0 } else { pos % (bytes.len() + 1) };
        match op % 3 {
            0 => bytes.insert(at, byte),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ if at < bytes.len() => bytes[at] = byte,
            _ => bytes.push(byte),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

const FUZZ_CASES: u32 = 20_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: FUZZ_CASES, ..ProptestConfig::default() })]

    /// The decoder never panics and always yields a scenario that re-encodes cleanly.
    #[test]
    fn the_decoder_survives_mutated_corpus_links(
        index in 0usize..64,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), prop_oneof![any::<u8>(), Just(b'&'), Just(b'='), Just(b','), Just(b':'), Just(b'%')]), 1..6),
    ) {
        let corpus: Vec<&str> = include_str!("corpus/links.txt").lines().collect();
        let line = mutate(corpus[index % corpus.len()], &edits);
        let (s, notices) = decode(&line);
        prop_assert!(notices.len() <= 60);
        prop_assert_eq!(decode(&encode(&s)), (s, vec![]));
    }

    #[test]
    fn the_decoder_survives_random_text(text in any::<String>()) {
        let (s, _) = decode(&text);
        prop_assert_eq!(decode(&encode(&s)), (s, vec![]));
    }
}

#[test]
fn every_speed_label_names_its_factor() {
    use rusty_lock_engine::scenario::SPEED_FACTORS;
    for (label, factor) in SPEEDS.iter().zip(SPEED_FACTORS) {
        let expected = if *label == "instant" { 0.0 } else { label.parse::<f64>().unwrap() };
        assert_eq!(factor, expected, "{label}");
    }
}

#[test]
fn loopback_hosts_are_told_from_ones_a_phone_can_reach() {
    for host in [
        "localhost",
        "LOCALHOST",
        "localhost.",
        "app.localhost",
        "127.0.0.1",
        "127.1.2.3",
        "[::1]",
        "::1",
        "0.0.0.0",
        "[::]",
        "[::ffff:127.0.0.1]",
    ] {
        assert!(is_loopback_host(host), "{host} is loopback");
    }
    for host in [
        "192.168.1.20",
        "10.0.0.5",
        "example.org",
        "rusty-lock.example",
        "[fe80::1]",
        "[2001:db8::1]",
        "localhost.example.org",
        "mylocalhost",
        "128.0.0.1",
        "",
    ] {
        assert!(!is_loopback_host(host), "{host} is not loopback");
    }
}

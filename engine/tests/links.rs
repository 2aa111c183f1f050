//! The scenario link: a round trip for generated scenarios, damaged links that still load, and a
//! fuzz run over random input and mutations of a committed corpus of real and broken links.

use proptest::prelude::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, FaultGroup, FaultPlan, FaultRule};
use rusty_lock_engine::run::events::Layer;
use rusty_lock_engine::run::sim::simulate;
use rusty_lock_engine::show::agenda::{decode_agenda, encode_agenda, MAX_EXTRAS};
use rusty_lock_engine::show::lessons::{LessonId, LESSONS};
use rusty_lock_engine::show::own_lesson::{OwnLesson, MAX_TEXT_CHARS};
use rusty_lock_engine::show::plan::{Plan, ReadyPlan};
use rusty_lock_engine::show::scenario::{
    decode, encode, is_loopback_host, lesson_changes, FaultProblem, Mode, Pace, Problem, ProviderChoice, Scenario,
    MAX_LINK_LEN, SPEEDS,
};
use rusty_lock_engine::yours::exercise::ExerciseId;

fn keys(notices: &[rusty_lock_engine::show::scenario::Notice]) -> Vec<&str> {
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
    let json = |sim: &rusty_lock_engine::run::sim::Simulation| serde_json::to_string(&sim.events).unwrap();
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
    assert_eq!(
        clean, 17,
        "the first twelve corpus lines, the percent-encoded one and four teacher's lessons are valid links"
    );
}

/// A teacher's lesson with any text at all (control characters, direction marks, emoji, markup),
/// cleaned as the page cleans what a teacher types before it makes the link.
fn own_lesson() -> impl Strategy<Value = OwnLesson> {
    (".{0,40}", ".{0,100}", 0..3usize, ".{0,100}").prop_map(|(title, question, layer, takeaway)| {
        OwnLesson { title, question, answer: [Layer::Model, Layer::Code, Layer::Nobody][layer], takeaway }.cleaned()
    })
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
        speed in 0..SPEEDS.len(), mode in 0..3usize, narrate in any::<bool>(), lesson in proptest::option::of(0..LESSONS.len()),
        endpoint in proptest::option::of(("(http|https)://[a-z0-9.]{1,20}(:[0-9]{2,5})?(/v1)?", "[ -~]{0,30}")),
        own in proptest::option::of(own_lesson()),
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
        s.pace = if narrate { Pace::Narrate } else { Pace::Timed };
        // Any settings on top of any lesson: the link then says what differs from the lesson.
        s.lesson = lesson.map(|i| LESSONS[i].id);
        // A teacher's lesson stands alone: a link never holds it and a built-in one together.
        if own.is_some() {
            s.lesson = None;
        }
        s.own_lesson = own;
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
        let most = if s.own_lesson.is_some() { MAX_LINK_LEN } else { 1500 };
        prop_assert!(link.len() < most, "{} bytes", link.len());
        prop_assert_eq!(decode(&link), (s, vec![]));
    }

    #[test]
    fn any_list_of_teachers_lessons_survives_the_round_trip_through_an_agenda_link(
        lessons in proptest::collection::vec((own_lesson(), proptest::collection::vec(fault_rule(), 0..3)), 0..4),
    ) {
        let extras: Vec<Scenario> = lessons.into_iter().map(|(own, faults)| {
            let mut s = Scenario::new();
            s.faults = FaultPlan::new(faults);
            s.own_lesson = Some(own);
            s
        }).collect();
        let link = encode_agenda(&extras);
        prop_assume!(link.len() <= MAX_LINK_LEN);
        prop_assert!(link.starts_with("view=agenda"));
        prop_assert_eq!(decode_agenda(&link), (extras, vec![]));
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
fn presenter_mode_narrates_step_by_step_unless_the_link_asks_for_timed_playback() {
    let (present, notices) = decode("v=1&lesson=server-hiccup&mode=present");
    assert_eq!((present.pace, notices), (Pace::Narrate, vec![]));
    assert_eq!(encode(&present), "v=1&lesson=server-hiccup&mode=present", "the default pace is not written");
    let (timed, _) = decode("v=1&lesson=server-hiccup&mode=present&pace=timed&speed=0.5");
    assert_eq!((timed.pace, timed.speed), (Pace::Timed, 1));
    assert_eq!(encode(&timed), "v=1&lesson=server-hiccup&speed=0.5&pace=timed&mode=present");
    assert_eq!(decode("v=1").0.pace, Pace::Timed, "the playground plays timed");
    let (narrated, _) = decode("v=1&pace=narrate");
    assert_eq!((narrated.pace, encode(&narrated)), (Pace::Narrate, "v=1&pace=narrate".to_string()));
    let (s, notices) = decode("v=1&mode=present&pace=slow");
    assert_eq!(s.pace, Pace::Narrate);
    assert_eq!(notices[0].problem, Problem::UnknownPace { value: "slow".into() });
}

#[test]
fn every_speed_label_names_its_factor() {
    use rusty_lock_engine::show::scenario::SPEED_FACTORS;
    for (label, factor) in SPEEDS.iter().zip(SPEED_FACTORS) {
        let expected = if *label == "instant" { 0.0 } else { label.parse::<f64>().unwrap() };
        assert_eq!(factor, expected, "{label}");
    }
}

#[test]
fn a_presenter_link_taken_to_the_full_page_plays_at_the_full_page_pace() {
    let (present, _) = decode("v=1&lesson=rate-limited&mode=present");
    assert_eq!(encode(&present.in_mode(Mode::Full)), "v=1&lesson=rate-limited");
}

fn problems(notices: &[rusty_lock_engine::show::scenario::Notice]) -> Vec<(&str, &Problem)> {
    notices.iter().map(|n| (n.key.as_str(), &n.problem)).collect()
}

#[test]
fn a_teachers_lesson_is_written_after_the_settings_with_its_layer_first() {
    let mut s = Scenario::new();
    s.faults = FaultPlan::new(vec![FaultRule { turn: 2, fault: Fault::Http503, times: 1 }]);
    s.own_lesson = Some(OwnLesson {
        title: "A hiccup".into(),
        question: "Who retries?".into(),
        answer: Layer::Code,
        takeaway: String::new(),
    });
    let link = encode(&s);
    assert_eq!(link, "v=1&faults=t2%3A503&expect=code&title=A+hiccup&ask=Who+retries%3F");
    assert_eq!(decode(&link), (s, vec![]));
    // Only the layer is needed: the page then asks its standard question.
    let (alone, notices) = decode("v=1&expect=nobody");
    assert_eq!((alone.own_lesson, notices), (Some(OwnLesson::new(Layer::Nobody)), vec![]));
}

#[test]
fn a_teachers_text_is_kept_as_plain_text_markup_and_emoji_included() {
    let (s, notices) =
        decode("v=1&expect=nobody&ask=<script>alert(1)</script>&takeaway=%F0%9F%94%92  <b>bold</b>\u{05e9}");
    assert!(notices.is_empty(), "{notices:?}");
    let own = s.own_lesson.unwrap();
    assert_eq!(own.question, "<script>alert(1)</script>");
    assert_eq!(own.takeaway, "🔒 <b>bold</b>ש");
}

#[test]
fn direction_marks_and_control_characters_are_taken_out_with_a_notice() {
    let (s, notices) = decode("v=1&expect=model&ask=%E2%80%AEdlrow%20olleh&title=a%00b%07c%0A%0Ad&model=stubborn");
    let own = s.own_lesson.unwrap();
    assert_eq!((own.question.as_str(), own.title.as_str()), ("dlrow olleh", "abc d"));
    assert_eq!(s.config.personality, Personality::Stubborn, "the rest of the link still applies");
    assert_eq!(problems(&notices), [("ask", &Problem::TextCleaned), ("title", &Problem::TextCleaned)]);
}

#[test]
fn a_huge_teachers_text_is_cut_with_a_notice_and_the_rest_of_the_link_applies() {
    let link = format!("v=1&expect=code&ask={}&faults=t3:badjson&takeaway=  ok  ", "Why? ".repeat(100));
    let (s, notices) = decode(&link);
    let own = s.own_lesson.unwrap();
    assert!(own.question.chars().count() <= MAX_TEXT_CHARS);
    assert!(own.question.starts_with("Why? Why?") && own.question.ends_with('?'));
    assert_eq!(own.takeaway, "ok", "white space is trimmed");
    assert_eq!(s.faults.rules, vec![FaultRule { turn: 3, fault: Fault::BadJson, times: 1 }]);
    assert_eq!(problems(&notices), [("ask", &Problem::TextTooLong { max: MAX_TEXT_CHARS })]);
}

#[test]
fn an_unknown_expected_layer_is_named_and_the_rest_of_the_link_still_applies() {
    let (s, notices) = decode("v=1&expect=maybe&ask=Who?&faults=t2:503");
    assert_eq!(s.own_lesson, None);
    assert_eq!(s.faults.rules.len(), 1);
    assert_eq!(problems(&notices), [("expect", &Problem::UnknownLayer { value: "maybe".into() })]);
    let (s, notices) = decode("v=1&ask=Who?&takeaway=x&model=stubborn");
    assert_eq!((s.own_lesson, s.config.personality), (None, Personality::Stubborn));
    assert_eq!(problems(&notices), [("expect", &Problem::MissingExpect)]);
}

#[test]
fn a_teachers_lesson_wins_over_a_built_in_lesson_and_keeps_its_settings() {
    let (s, notices) = decode("v=1&lesson=bad-key&expect=code&ask=Who?");
    assert_eq!(s.lesson, None);
    assert_eq!(s.own_lesson.as_ref().map(|o| o.answer), Some(Layer::Code));
    assert_eq!(s.faults.rules, vec![FaultRule { turn: 2, fault: Fault::Unauthorized, times: 1 }]);
    assert_eq!(problems(&notices), [("lesson", &Problem::OwnLessonInstead { value: "bad-key".into() })]);
    // Written again, it is a link of its own, with the lesson's settings spelt out.
    assert_eq!(encode(&s), "v=1&faults=t2%3A401&expect=code&ask=Who%3F");
}

#[test]
fn an_agenda_link_lists_teachers_lessons_in_order_and_names_what_it_left_out() {
    let (one, _) = decode("v=1&faults=t2:503&expect=code&ask=Who retries?&mode=present&lang=fr");
    let (two, _) = decode("v=1&expect=nobody&title=Key");
    let link = encode_agenda(&[one.clone(), two.clone()]);
    assert_eq!(
        link,
        "view=agenda&extra=v%3D1%26faults%3Dt2%253A503%26expect%3Dcode%26ask%3DWho%2Bretries%253F\
         &extra=v%3D1%26expect%3Dnobody%26title%3DKey"
    );
    let (extras, notices) = decode_agenda(&format!("?{link}&lang=fr"));
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(extras.len(), 2);
    assert_eq!((extras[0].mode, extras[0].lang), (Mode::Full, None), "the agenda opens them in full");
    assert_eq!(extras[0].own_lesson, one.own_lesson);
    assert_eq!(extras[1], two);
    // A pasted whole link reads too; a link without a lesson and a damaged one are named.
    let (extras, notices) = decode_agenda(
        "view=agenda&extra=http%3A%2F%2Fx.org%2F%3Fexpect%3Dmodel&extra=v%3D1%26faults%3Dt2%253A503&extra=expect%3Dsoon",
    );
    assert_eq!(extras.len(), 1);
    assert_eq!(
        problems(&notices),
        [
            ("extra 2", &Problem::NotALessonLink { value: "v=1&faults=t2%3A503".into() }),
            ("extra 3: expect", &Problem::UnknownLayer { value: "soon".into() }),
            ("extra 3", &Problem::NotALessonLink { value: "expect=soon".into() }),
        ]
    );
}

#[test]
fn an_agenda_link_holds_at_most_a_dozen_teachers_lessons_and_is_cut_when_too_long() {
    let (one, _) = decode("v=1&expect=code");
    let many = encode_agenda(&vec![one; MAX_EXTRAS + 3]);
    let (extras, notices) = decode_agenda(&many);
    assert_eq!(extras.len(), MAX_EXTRAS);
    assert_eq!(problems(&notices), [("extra", &Problem::TooManyExtras { max: MAX_EXTRAS })]);
    // An accented letter is 6 bytes in a lesson's link and 10 once that link is in the agenda's.
    let (long, _) = decode(&format!("v=1&expect=code&ask={}", "é".repeat(200)));
    let huge = encode_agenda(&vec![long; 3]);
    assert!(huge.len() > MAX_LINK_LEN);
    let (extras, notices) = decode_agenda(&huge);
    assert_eq!(extras.len(), 2, "the lessons that came through whole are kept");
    assert_eq!(notices[0].problem, Problem::LinkTooLong { max: MAX_LINK_LEN });
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

#[test]
fn every_link_key_and_mode_reads_back_from_its_own_slug_and_no_two_share_one() {
    use rusty_lock_engine::show::scenario::{Key, Setting};
    let keys: Vec<Key> = Key::all().collect();
    // The settings and the other keys, each once: 13 + 14.
    assert_eq!(keys.len(), Setting::ALL.len() + 14);
    for key in &keys {
        assert_eq!(Key::from_slug(key.slug()), Some(*key));
    }
    let mut slugs: Vec<&str> = keys.iter().map(|k| k.slug()).collect();
    slugs.sort();
    slugs.dedup();
    assert_eq!(slugs.len(), keys.len());
    for mode in Mode::ALL {
        assert_eq!(Mode::from_slug(mode.slug()), Some(mode));
        let link = encode(&Scenario { mode, ..Scenario::new() });
        assert_eq!(decode(&link).0.mode, mode, "{link}");
    }
    // Every number setting has bounds, and a link outside them is refused with them.
    for setting in Setting::ALL {
        if let Some((lo, hi)) = setting.bounds() {
            let (_, notices) = decode(&format!("{}={}", setting.slug(), hi + 1));
            assert_eq!(notices[0].problem, Problem::OutOfRange { min: lo, max: hi }, "{setting:?}");
        }
    }
}

#[test]
fn the_route_reads_the_view_the_layout_and_the_language_as_the_scenario_does() {
    use rusty_lock_engine::run::script::Lang;
    use rusty_lock_engine::show::lessons::{AGENDA_VIEW, PRESENTER_VIEW};
    use rusty_lock_engine::show::route::{Route, View};
    assert_eq!(Route::of(""), Route::default());
    assert_eq!(Route::of(&format!("?{AGENDA_VIEW}&mode=present&lang=zh")).view, View::Agenda);
    assert_eq!(Route::of(PRESENTER_VIEW).view, View::Presenter);
    assert_eq!(Route::of("v=1&view=herd&clients=1000").view, View::Herd);
    // A view the page does not have opens the playground, as an unknown key would be ignored.
    assert_eq!(Route::of("view=nowhere").view, View::Playground);
    // The first value counts, as in the scenario; a damaged one leaves the default.
    assert_eq!(Route::of("lang=fr&lang=zh").lang, Some(Lang::Fr));
    assert_eq!(Route::of("lang=klingon").lang, None);
    for damaged in ["mode=%20present&lang=%7Afr", "mode=+embed+", "lang=fr%00", "mode=&mode=present"] {
        let (s, _) = decode(damaged);
        assert_eq!((Route::of(damaged).mode, Route::of(damaged).lang), (s.mode, s.lang), "{damaged}");
    }
    for mode in Mode::ALL {
        for lang in [None, Some(Lang::Fr), Some(Lang::Zh)] {
            let link = encode(&Scenario { mode, lang, lesson: Some(LESSONS[3].id), ..Scenario::new() });
            let (s, _) = decode(&link);
            let route = Route::of(&link);
            assert_eq!((route.view, route.mode, route.lang), (View::Playground, s.mode, s.lang), "{link}");
            assert!(route.lesson && s.lesson.is_some(), "{link}");
        }
    }
}

#[test]
fn the_route_knows_every_lesson_the_scenario_opens_on() {
    use rusty_lock_engine::show::route::Route;
    for query in [
        "lesson=rusted-lock",
        "lesson=%20rusted-lock%20",
        "expect=code&title=Mine",
        "expect=nobody&lesson=bad-key",
        "v=1&faults=t2%3A503&speed=instant&expect=code&title=A+hiccup",
    ] {
        let (s, _) = decode(query);
        assert!(s.lesson.is_some() || s.own_lesson.is_some(), "{query}");
        assert!(Route::of(query).lesson, "{query}");
    }
    // No lesson named, none opened: a plain visit never waits for the lessons' styles.
    for query in ["", "v=1", "lesson=", "title=Only+words", "v=1&model=stubborn&turns=1000&speed=instant"] {
        let (s, _) = decode(query);
        assert!(s.lesson.is_none() && s.own_lesson.is_none(), "{query}");
        assert!(!Route::of(query).lesson, "{query}");
    }
}

#[test]
fn a_lesson_link_keeps_how_the_room_watches_mode_speed_and_pace() {
    use rusty_lock_engine::show::scenario::Watching;
    for lesson in &LESSONS {
        for mode in Mode::ALL {
            for speed in 0..SPEEDS.len() {
                for (pace, plan) in [(Pace::Timed, Plan::default()), (Pace::Narrate, ReadyPlan::Hour.plan())] {
                    let watching = Watching { mode, speed, pace, plan };
                    let link = watching.lesson_link(lesson);
                    let (s, notices) = decode(&link);
                    assert_eq!(notices, vec![], "{link}");
                    assert_eq!(s.lesson, Some(lesson.id), "{link}");
                    assert_eq!(Watching::of(&s), watching, "{link}");
                }
            }
        }
    }
    // The full page at its own pace and speed adds nothing; presenter mode names itself only.
    assert_eq!(Watching::default().tail(), "");
    assert_eq!(Watching::in_mode(Mode::Present).tail(), "&mode=present");
    // Starting the workshop from the full page gives presenter mode's own pace, not the page's.
    let timed_full = Watching { pace: Pace::Timed, ..Watching::default() };
    assert_eq!(timed_full.presenting(), Watching::in_mode(Mode::Present));
    let slow_timed = Watching { mode: Mode::Present, speed: 1, pace: Pace::Timed, plan: Plan::default() };
    assert_eq!(slow_timed.presenting(), slow_timed);
    // A plan chosen on the full page's agenda goes with the room into presenter mode.
    let planned = Watching { plan: ReadyPlan::HalfHour.plan(), ..Watching::default() };
    assert_eq!(planned.presenting().plan, ReadyPlan::HalfHour.plan());
}

#[test]
fn a_plan_in_a_link_is_read_kept_by_encode_and_its_unknown_items_named() {
    let (s, notices) = decode("?lesson=bad-key&mode=present&lessons=rusted-lock.bad-key.nope&exercises=retry-503");
    assert_eq!(s.plan, Plan::of(&[LessonId::RustedLock, LessonId::BadKey], &[ExerciseId::Retry]));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "lessons");
    assert!(matches!(&notices[0].problem, Problem::UnknownPlanItem { value } if value == "nope"));
    let again = decode(&encode(&s)).0;
    assert_eq!(again, s);
    // The plan is how the room watches, not a setting of the run: the lesson shows nothing changed.
    assert!(lesson_changes(&s).is_empty());
}

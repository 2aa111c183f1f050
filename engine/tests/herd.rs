//! The herd simulator reproduces the shape of the published backoff-and-jitter study, and it is
//! deterministic for a seed. The AWS setting: 100 clients, base 5 ms, cap 2,000 ms; here the
//! server is also down for the first 100 ms and then serves one call per 1 ms slot.

use rusty_lock_engine::run::herd::{simulate_herd, simulate_policy, HerdLine, HerdPolicy, HerdSetup, MAX_SLOTS};
use rusty_lock_engine::run::provider::RetryPolicy;

fn aws(seed: u64) -> HerdSetup {
    HerdSetup {
        clients: 100,
        down_ms: 100,
        capacity: 1,
        slot_ms: 1,
        call_ms: 1,
        base_ms: 5,
        cap_ms: 2000,
        seed,
        ..HerdSetup::default()
    }
}

/// Calls and completion per policy, averaged over 20 seeds as the study averaged its trials.
fn averages() -> Vec<(HerdPolicy, f64, f64)> {
    let seeds = 20;
    let mut sums = vec![(0.0, 0.0); 6];
    for seed in 0..seeds {
        for (i, line) in simulate_herd(&aws(seed)).iter().enumerate() {
            assert!(!line.cut_short, "{:?} was cut short", line.policy);
            sums[i].0 += line.calls as f64;
            sums[i].1 += line.last_success_ms.expect("someone succeeded") as f64;
        }
    }
    HerdPolicy::ALL.iter().zip(sums).map(|(p, (c, t))| (*p, c / seeds as f64, t / seeds as f64)).collect()
}

fn of(avg: &[(HerdPolicy, f64, f64)], p: HerdPolicy) -> (f64, f64) {
    avg.iter().find(|a| a.0 == p).map(|a| (a.1, a.2)).unwrap()
}

#[test]
fn full_jitter_makes_fewer_than_half_the_calls_of_backoff_without_jitter() {
    let avg = averages();
    let (full, _) = of(&avg, HerdPolicy::FullJitter);
    let (exp, _) = of(&avg, HerdPolicy::Exponential);
    assert!(full < exp / 2.0, "full {full}, exponential {exp}");
}

#[test]
fn full_jitter_finishes_sooner_than_backoff_without_jitter() {
    let avg = averages();
    let (_, full) = of(&avg, HerdPolicy::FullJitter);
    let (_, exp) = of(&avg, HerdPolicy::Exponential);
    assert!(full < exp, "full {full} ms, exponential {exp} ms");
}

#[test]
fn no_backoff_makes_the_most_calls() {
    let avg = averages();
    let (none, _) = of(&avg, HerdPolicy::NoBackoff);
    for (p, calls, _) in &avg {
        if *p != HerdPolicy::NoBackoff {
            assert!(none > *calls, "no backoff {none} vs {p:?} {calls}");
        }
    }
}

#[test]
fn equal_jitter_does_about_the_work_of_full_jitter() {
    let avg = averages();
    let (equal, _) = of(&avg, HerdPolicy::EqualJitter);
    let (full, _) = of(&avg, HerdPolicy::FullJitter);
    assert!((equal - full).abs() <= 0.15 * full, "equal {equal}, full {full}");
}

#[test]
fn the_aws_table() {
    // Printed with `--nocapture` for the closing note.
    for (p, calls, done) in averages() {
        println!("{:<14} {:>9.0} calls {:>9.0} ms", p.slug(), calls, done);
    }
}

#[test]
fn a_herd_is_a_function_of_its_setup() {
    let setup = HerdSetup { clients: 300, ..HerdSetup::default() };
    assert_eq!(simulate_herd(&setup), simulate_herd(&setup));
    let other = HerdSetup { seed: 43, ..setup.clone() };
    assert_ne!(
        simulate_policy(&setup, HerdPolicy::FullJitter),
        simulate_policy(&other, HerdPolicy::FullJitter),
        "the seed must matter to a jittered policy"
    );
    assert_eq!(
        simulate_policy(&setup, HerdPolicy::Exponential),
        simulate_policy(&other, HerdPolicy::Exponential),
        "and not to one without jitter"
    );
}

fn check_books(setup: &HerdSetup, line: &HerdLine) {
    let in_slots: u64 = line.calls_per_slot.iter().map(|&n| n as u64).sum();
    assert_eq!(in_slots, line.calls, "{:?}: every call is in one slot", line.policy);
    assert_eq!(line.succeeded + line.gave_up, setup.clients, "{:?}: every client ends", line.policy);
    assert!(line.calls >= setup.clients as u64);
    assert_eq!(line.last_success_ms.is_some(), line.succeeded > 0);
    if let Some(done) = line.last_success_ms {
        assert!(done >= setup.down_ms, "{:?}: nothing passes while the server is down", line.policy);
    }
}

#[test]
fn every_call_is_counted_once_and_every_client_ends() {
    let setup = HerdSetup::default();
    for line in simulate_herd(&setup) {
        check_books(&setup, &line);
        assert!(!line.cut_short);
    }
}

#[test]
fn the_server_never_serves_more_than_its_capacity_in_a_slot() {
    // With no backoff every waiting client calls in every slot, so after the outage each slot
    // has exactly `capacity` successes until the herd is gone.
    let setup =
        HerdSetup { clients: 95, down_ms: 300, capacity: 10, slot_ms: 100, call_ms: 100, ..HerdSetup::default() };
    let line = simulate_policy(&setup, HerdPolicy::NoBackoff);
    assert_eq!(line.calls_per_slot, vec![95, 95, 95, 95, 85, 75, 65, 55, 45, 35, 25, 15, 5]);
    assert_eq!(line.last_success_ms, Some(1200));
}

#[test]
fn your_policy_gives_up_after_its_attempts() {
    let yours = RetryPolicy { max_attempts: 2, ..RetryPolicy::default() };
    // Down for an hour: every client fails twice and stops.
    let setup = HerdSetup { clients: 50, down_ms: 3_000_000, yours, ..HerdSetup::default() };
    let line = simulate_policy(&setup, HerdPolicy::Yours);
    assert_eq!((line.calls, line.gave_up, line.succeeded), (100, 50, 0));
    assert_eq!(line.last_success_ms, None);
}

#[test]
fn your_policy_with_jitter_on_is_full_jitter_and_off_is_exponential() {
    let many = RetryPolicy { max_attempts: 1000, ..RetryPolicy::default() };
    let setup = HerdSetup { clients: 200, yours: many.clone(), ..HerdSetup::default() };
    assert_eq!(
        simulate_policy(&setup, HerdPolicy::Yours).calls_per_slot,
        simulate_policy(&setup, HerdPolicy::FullJitter).calls_per_slot
    );
    let fixed = HerdSetup { yours: RetryPolicy { jitter: false, ..many }, ..setup };
    assert_eq!(
        simulate_policy(&fixed, HerdPolicy::Yours).calls_per_slot,
        simulate_policy(&fixed, HerdPolicy::Exponential).calls_per_slot
    );
}

#[test]
fn a_herd_too_big_to_finish_is_cut_short_and_says_so() {
    let setup = HerdSetup { clients: 10_000, down_ms: 3_600_000, capacity: 1, ..HerdSetup::default() };
    let line = simulate_policy(&setup, HerdPolicy::NoBackoff);
    assert!(line.cut_short);
    assert!(line.calls_per_slot.len() <= MAX_SLOTS);
}

#[test]
fn policy_slugs_round_trip() {
    for p in HerdPolicy::ALL {
        assert_eq!(HerdPolicy::from_slug(p.slug()), Some(p));
    }
    assert_eq!(HerdPolicy::from_slug("nope"), None);
}

#[test]
fn the_default_herd_shows_every_policy_finishing() {
    for line in simulate_herd(&HerdSetup::default()) {
        println!(
            "{:<14} {:>7} calls, last at {:?} ms, {} gave up",
            line.policy.slug(),
            line.calls,
            line.last_success_ms,
            line.gave_up
        );
        assert!(line.succeeded > 0, "{:?}", line.policy);
    }
}

/// The default herd with the default retry settings: the user's policy gives up on most of its
/// clients and has the shortest time of all for that reason alone. It is the one line the page
/// marks as having lost clients (hatched, never drawn as a plain bar).
#[test]
fn a_policy_that_lost_clients_is_marked_even_when_its_time_is_the_shortest() {
    let lines = simulate_herd(&HerdSetup::default());
    let shortest = lines.iter().filter_map(|l| l.last_success_ms.map(|ms| (ms, l.policy))).min_by_key(|(ms, _)| *ms);
    assert_eq!(shortest.map(|s| s.1), Some(HerdPolicy::Yours), "the case this guards: the shortest time lost clients");
    let lost: Vec<HerdPolicy> = lines.iter().filter(|l| l.lost_clients()).map(|l| l.policy).collect();
    assert_eq!(lost, vec![HerdPolicy::Yours]);
    let yours = &lines[5];
    assert!(yours.gave_up > 0, "{yours:?}");
}

#[test]
fn a_line_cut_short_lost_clients_and_one_that_got_nobody_through_without_giving_up_did_not() {
    let line = simulate_policy(&HerdSetup { clients: 50, ..HerdSetup::default() }, HerdPolicy::FullJitter);
    assert!(!line.lost_clients());
    assert!(HerdLine { cut_short: true, ..line.clone() }.lost_clients());
    assert!(HerdLine { gave_up: 1, ..line.clone() }.lost_clients());
    assert!(!HerdLine { last_success_ms: None, succeeded: 0, ..line }.lost_clients());
}

mod links {
    use rusty_lock_engine::run::herd::HerdPolicy;
    use rusty_lock_engine::show::herd::{decode_link, encode_link, HerdLink};
    use rusty_lock_engine::show::scenario::decode;

    #[test]
    fn a_herd_link_round_trips_and_the_scenario_raises_no_notice_for_its_keys() {
        let link = HerdLink { clients: 250, down_ms: 3000, capacity: 7, policy: Some(HerdPolicy::EqualJitter) };
        let query = encode_link(&link);
        assert_eq!(query, "view=herd&clients=250&down=3000&capacity=7&policy=equal");
        assert_eq!(decode_link(&format!("?v=1&{query}&jitter=off")), Some((link, vec![])));
        let (scenario, notices) = decode(&format!("v=1&{query}&jitter=off"));
        assert!(notices.is_empty(), "{notices:?}");
        assert!(!scenario.config.retry.jitter);
    }

    #[test]
    fn only_view_herd_opens_the_herd_and_bad_values_keep_their_defaults() {
        assert_eq!(decode_link("v=1&clients=5"), None);
        let (link, notices) = decode_link("view=herd&clients=0&down=x&capacity=99999999&policy=chaos").unwrap();
        assert_eq!(link, HerdLink::default());
        let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["clients", "down", "capacity", "policy"]);
        assert_eq!(encode_link(&HerdLink::default()), "view=herd");
    }
}

#[test]
fn a_herd_played_in_slices_is_the_herd_played_at_once() {
    use rusty_lock_engine::run::herd::HerdRun;
    let setup = HerdSetup { clients: 700, ..HerdSetup::default() };
    for policy in HerdPolicy::ALL {
        let mut run = HerdRun::new(&setup, policy);
        let mut slices = 0;
        while !run.advance(997) {
            slices += 1;
            assert!(slices < 100_000, "the run must end");
        }
        assert!(slices > 0 || policy == HerdPolicy::Yours, "{policy:?} took more than one slice");
        assert_eq!(run.into_line(), simulate_policy(&setup, policy), "{policy:?}");
    }
}

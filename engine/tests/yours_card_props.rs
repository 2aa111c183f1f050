//! Property checks of the report card (issue 41, "a row never says right and wrong at once"), on
//! the model of the page verdict's (`verdict_props.rs`): over every case of the matrix and a
//! generated set of loop behaviours (how many attempts, the watchdog, the waits, what is done
//! with `Retry-After`, one abort signal or one per attempt, whether tool errors go back to the
//! model, whether `finish_reason` is trusted, a repeat guard), each loop played in the simulated
//! sandbox and its card graded as the page grades it:
//!
//! * no row is both right and wrong: a row with a failing verdict never also shows "right
//!   layer", and a row that shows "right layer" shows nothing else;
//! * the summary is the rows': what passed, what counts (a row left out counts neither way), and
//!   "perfect" only when every case is in and passed.
//!
//! Each property says how many cards and rows it checked.

mod yours_loops;

use futures::future::{select, Either};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{grade_all, summary, CaseId, CaseResult, Summary, Verdict};
use rusty_lock_engine::yours::observe::{End, Observed};
use rusty_lock_engine::yours::sim::{Sandbox, BASE_URL};
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};

/// What a loop does with a server's `Retry-After`.
#[derive(Clone, Copy, Debug)]
enum RetryAfter {
    Ignore,
    Honour,
    Cap(u64),
    /// Gives up on anything over a minute, honours the rest.
    GiveUpWhenLong,
}

/// One loop's behaviour.
#[derive(Clone, Copy, Debug)]
struct Behaviour {
    attempts: u32,
    /// 0: no watchdog.
    watchdog_ms: u64,
    /// The first wait's ceiling; it doubles.
    base_ms: u64,
    jitter: bool,
    retry_after: RetryAfter,
    shared_signal: bool,
    retry_permanent: bool,
    tool_errors_to_model: bool,
    trusts_finish_reason: bool,
    repeat_guard: bool,
}

fn behaviour() -> impl Strategy<Value = Behaviour> {
    let retry_after = prop_oneof![
        Just(RetryAfter::Ignore),
        Just(RetryAfter::Honour),
        (0u64..20_000).prop_map(RetryAfter::Cap),
        Just(RetryAfter::GiveUpWhenLong),
    ];
    (
        1u32..6,
        prop_oneof![Just(0u64), 500u64..20_000],
        0u64..2_000,
        any::<bool>(),
        retry_after,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(
                attempts,
                watchdog_ms,
                base_ms,
                jitter,
                retry_after,
                shared_signal,
                retry_permanent,
                tool_errors_to_model,
                trusts_finish_reason,
                repeat_guard,
            )| Behaviour {
                attempts,
                watchdog_ms,
                base_ms,
                jitter,
                retry_after,
                shared_signal,
                retry_permanent,
                tool_errors_to_model,
                trusts_finish_reason,
                repeat_guard,
            },
        )
}

async fn call_model(
    sb: &Sandbox,
    lang: Lang,
    messages: &[Value],
    b: Behaviour,
    fired: &Cell<bool>,
) -> Result<Value, String> {
    let url = format!("{BASE_URL}/chat/completions");
    for attempt in 1..=b.attempts {
        let body = json!({ "model": "m", "messages": messages, "tools": tool_specs(script(lang)) }).to_string();
        let res = if b.shared_signal && fired.get() {
            sb.fetch_spent(&url, &body).await.ok()
        } else if b.watchdog_ms == 0 {
            sb.fetch(&url, &body).await.ok()
        } else {
            match select(sb.fetch(&url, &body), sb.sleep(b.watchdog_ms)).await {
                Either::Left((res, _)) => res.ok(),
                Either::Right(_) => {
                    fired.set(true);
                    None
                }
            }
        };
        if let Some(res) = res.as_ref().filter(|r| r.ok()) {
            let v: Value = serde_json::from_str(&res.body).map_err(|e| e.to_string())?;
            return Ok(v["choices"][0].clone());
        }
        let status = res.as_ref().map(|r| r.status);
        let passes = b.retry_permanent || status.is_none_or(|s| s == 429 || s >= 500);
        if !passes || attempt == b.attempts {
            return Err(format!("model call failed: {status:?}"));
        }
        let asked = res.as_ref().and_then(|r| r.header("retry-after-ms").and_then(|v| v.parse::<u64>().ok()));
        let ceiling = b.base_ms.saturating_mul(1 << (attempt - 1)) as f64;
        let backoff = if b.jitter { (ceiling * sb.random()) as u64 } else { ceiling as u64 };
        let wait = match (asked, b.retry_after) {
            (None, _) | (Some(_), RetryAfter::Ignore) => backoff,
            (Some(a), RetryAfter::Honour) => a,
            (Some(a), RetryAfter::Cap(cap)) => a.min(cap),
            (Some(a), RetryAfter::GiveUpWhenLong) if a > 60_000 => return Err("the server asks too long".into()),
            (Some(a), RetryAfter::GiveUpWhenLong) => a,
        };
        sb.sleep(wait).await;
    }
    Err("no attempts".into())
}

async fn agent(sb: Sandbox, lang: Lang, b: Behaviour) -> End {
    let mut messages = vec![json!({ "role": "user", "content": script(lang).task })];
    let fired = Cell::new(false);
    let mut previous: Option<String> = None;
    for _ in 0..10 {
        let choice = match call_model(&sb, lang, &messages, b, &fired).await {
            Ok(c) => c,
            Err(message) => return End::threw(message),
        };
        let reply = choice["message"].clone();
        messages.push(reply.clone());
        let calls: Vec<(String, String, String)> = reply["tool_calls"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                let f = &c["function"];
                (
                    c["id"].as_str().unwrap_or_default().into(),
                    f["name"].as_str().unwrap_or_default().into(),
                    f["arguments"].as_str().unwrap_or_default().into(),
                )
            })
            .collect();
        let done = if b.trusts_finish_reason { choice["finish_reason"] != "tool_calls" } else { calls.is_empty() };
        if done {
            return End::Returned { value: reply["content"].as_str().map(str::to_string) };
        }
        let signature = format!("{calls:?}");
        if b.repeat_guard && previous.as_deref() == Some(&signature) {
            return End::Returned { value: Some("Over to you.".into()) };
        }
        previous = Some(signature);
        for (id, name, args) in &calls {
            let output = match sb.tool(name, args) {
                Ok(out) => out,
                Err(message) if b.tool_errors_to_model => format!("Error: {message}"),
                Err(message) => return End::threw(message),
            };
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
        }
    }
    End::threw("no answer after 10 turns")
}

/// The card of a behaviour, every case at its own seed from `seed`, graded as the page does.
fn card(b: Behaviour, seed: u64) -> Vec<CaseResult> {
    let runs: Vec<(CaseId, Vec<Observed>)> = CaseId::ALL
        .into_iter()
        .map(|case| {
            let sb = Sandbox::new(case.personality(), Lang::En, case.plan(), case.seed(seed));
            (case, sb.run(agent(sb.clone(), Lang::En, b)))
        })
        .collect();
    grade_all(Lang::En, &runs)
}

const CARDS: u32 = 96;

#[test]
fn no_row_of_a_generated_loops_card_is_both_right_and_wrong_and_the_summary_is_the_rows() {
    let mut runner = TestRunner::new(Config { cases: CARDS, failure_persistence: None, ..Config::default() });
    let (cards, rows) = (RefCell::new(0u32), RefCell::new(0u32));
    runner
        .run(&(behaviour(), 0u64..1_000), |(b, seed)| {
            let results = card(b, seed);
            *cards.borrow_mut() += 1;
            prop_assert_eq!(results.len(), CaseId::ALL.len());
            for r in &results {
                *rows.borrow_mut() += 1;
                let right = r.verdicts.iter().any(|v| matches!(v, Verdict::RightLayer { .. }));
                // Right layer stands alone: nothing found beside it.
                prop_assert!(!right || r.verdicts.len() == 1, "{:?} {:?}: {:?}", b, r.case, r.verdicts);
                prop_assert_eq!(right, r.passed(), "{:?} {:?}: {:?}", b, r.case, r.verdicts);
                prop_assert!(!r.verdicts.is_empty());
                prop_assert!(!(r.passed() && r.left_out()));
            }
            let Summary { passed, counted, left_out, page_failed, never_reached, perfect } = summary(&results);
            prop_assert_eq!(passed, results.iter().filter(|r| r.passed()).count());
            prop_assert_eq!(left_out + page_failed + never_reached, results.iter().filter(|r| r.left_out()).count());
            prop_assert_eq!(counted + left_out + page_failed + never_reached, results.len());
            prop_assert_eq!(perfect, results.iter().all(CaseResult::passed));
            Ok(())
        })
        .unwrap();
    let (cards, rows) = (cards.into_inner(), rows.into_inner());
    eprintln!("checked {cards} cards of generated loops, {rows} rows ({} cases each)", CaseId::ALL.len());
    assert!(cards >= CARDS && rows == cards * CaseId::ALL.len() as u32);
}

/// A card missing a case is never perfect, and a row left out is out of the count.
#[test]
fn a_card_short_of_a_case_is_never_perfect() {
    let robust_like = Behaviour {
        attempts: 4,
        watchdog_ms: 15_000,
        base_ms: 500,
        jitter: true,
        retry_after: RetryAfter::Cap(10_000),
        shared_signal: false,
        retry_permanent: false,
        tool_errors_to_model: true,
        trusts_finish_reason: false,
        repeat_guard: true,
    };
    let mut results = card(robust_like, 7);
    let whole = summary(&results);
    results.pop();
    let short = summary(&results);
    assert!(!short.perfect, "{whole:?} {short:?}");
    assert_eq!(short.counted + short.left_out, CaseId::ALL.len() - 1);
}

//! The exercises are judged from what a loop did, never from its text: a loop in the learner's
//! shape, with one habit switched at a time, passes or fails each exercise's goal, and the two
//! verdicts the exercises added (a leak into the model's history, a tool retried after its reply
//! was lost) are found on every card. The four policies of issue 41 (a watchdog too short, fixed
//! waits, one abort signal for every retry, a `Retry-After` with no ceiling) each fail exactly
//! their case of the card, with their verdict, and the exercise about them.

mod yours_loops;

use futures::future::{select, Either};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{grade, grade_all, leak_in, CaseId, CaseResult, Leak, Verdict};
use rusty_lock_engine::yours::exercise::{Check, ExerciseId, Goal};
use rusty_lock_engine::yours::observe::{End, Observed};
use rusty_lock_engine::yours::sim::{Sandbox, BASE_URL};
use rusty_lock_engine::yours::PLACEHOLDER_KEY;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;

/// The habits a learner's loop may have.
#[derive(Clone, Copy, Default)]
struct Habits {
    /// A tool error is sent back with a stack trace under it.
    stack_trace: bool,
    /// ...or with the key.
    key: bool,
    /// A failed tool is called once more before the model hears of it.
    retry_tool: bool,
    /// The error for an unknown tool names the tools.
    names_tools: bool,
    /// Waits are fixed, the same whatever the seed.
    fixed_waits: bool,
    /// The repeat guard looks only after running the calls.
    late_repeat_guard: bool,
    /// The watchdog: a call silent this long is cut.
    watchdog_ms: u64,
    /// One abort signal for the whole run, fired by the first watchdog, kept for every retry.
    shared_signal: bool,
    /// The longest `Retry-After` honoured; `None`: whatever the server asks.
    retry_after_cap_ms: Option<u64>,
    /// A `Retry-After` over a minute is given up on at once.
    give_up_on_long_wait: bool,
    /// The loop's own `use` looks the item up in what the hero carries (a `KeyError` for any
    /// other), and every `KeyError` is answered as an unknown tool: the exercise's short version.
    key_error_is_unknown_tool: bool,
}

async fn call_model(
    sb: &Sandbox,
    lang: Lang,
    messages: &[Value],
    h: Habits,
    fired: &Cell<bool>,
) -> Result<Value, String> {
    let url = format!("{BASE_URL}/chat/completions");
    for attempt in 1..=4 {
        let body = json!({ "model": "m", "messages": messages, "tools": tool_specs(script(lang)) }).to_string();
        let res = if h.shared_signal && fired.get() {
            // `fetch` with a signal that has already fired rejects at once.
            sb.fetch_spent(&url, &body).await.ok()
        } else {
            match select(sb.fetch(&url, &body), sb.sleep(h.watchdog_ms)).await {
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
        if !status.is_none_or(|s| s == 429 || s >= 500) || attempt == 4 {
            return Err(format!("model call failed: {status:?}"));
        }
        let asked = res.as_ref().and_then(|r| r.header("retry-after-ms").and_then(|v| v.parse::<u64>().ok()));
        if h.give_up_on_long_wait && asked.is_some_and(|a| a > 60_000) {
            return Err("the server asks to wait too long".into());
        }
        let asked = asked.map(|a| h.retry_after_cap_ms.map_or(a, |cap| a.min(cap)));
        let ceiling = 500.0 * 2f64.powi(attempt - 1);
        let wait = asked.unwrap_or(if h.fixed_waits { ceiling as u64 } else { (ceiling * sb.random()) as u64 + 11 });
        sb.sleep(wait).await;
    }
    unreachable!()
}

fn run_tool(sb: &Sandbox, name: &str, args: &str, h: Habits) -> String {
    if name != "look_at" && name != "use" {
        return if h.names_tools {
            format!("Error: there is no tool {name}; the tools are look_at and use.")
        } else {
            format!("Error: there is no tool {name}.")
        };
    }
    if name == "use" {
        let item: Value = serde_json::from_str(args).unwrap_or_default();
        let item = item["item"].as_str().unwrap_or_default();
        if !["key", "oil_can"].contains(&item) {
            // The loop's own lookup raised `KeyError('crowbar')` inside the tool.
            return if h.key_error_is_unknown_tool {
                format!("Error: there is no tool named {name}.")
            } else {
                format!("Error: {item} is not in the bag: use key or oil_can.")
            };
        }
    }
    let mut result = sb.tool(name, args);
    if result.is_err() && h.retry_tool {
        result = sb.tool(name, args);
    }
    match result {
        Ok(out) => out,
        Err(message) if h.stack_trace => format!(
            "Error: {message}\n    at runTool (blob:null/8c1f:41:17)\n    at async runAgent (blob:null/8c1f:77:30)"
        ),
        Err(message) if h.key => format!("Error: {message} (key {PLACEHOLDER_KEY})"),
        Err(message) => format!("Error: {message}"),
    }
}

async fn agent(sb: Sandbox, lang: Lang, h: Habits) -> End {
    let mut messages = vec![json!({ "role": "user", "content": script(lang).task })];
    let mut previous: Option<String> = None;
    let fired = Rc::new(Cell::new(false));
    for _ in 0..10 {
        let choice = match call_model(&sb, lang, &messages, h, &fired).await {
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
        if calls.is_empty() {
            return End::Returned { value: reply["content"].as_str().map(str::to_string) };
        }
        let signature = format!("{:?}", calls.iter().map(|(_, n, a)| (n, a)).collect::<Vec<_>>());
        if !h.late_repeat_guard && previous.as_deref() == Some(&signature) {
            return End::Returned { value: Some("Over to you: the same call twice.".into()) };
        }
        for (id, name, args) in &calls {
            let output = run_tool(&sb, name, args, h);
            messages.push(json!({ "role": "tool", "tool_call_id": id, "content": output }));
        }
        if h.late_repeat_guard && previous.as_deref() == Some(&signature) {
            return End::Returned { value: Some("Over to you.".into()) };
        }
        previous = Some(signature);
    }
    End::Returned { value: Some("No answer after 10 turns.".into()) }
}

/// What the code did on `case`, played at the case's own seed from the link's `seed`.
fn observe(case: CaseId, seed: u64, h: Habits) -> Vec<Observed> {
    let sb = Sandbox::new(case.personality(), Lang::En, case.plan(), case.seed(seed));
    sb.run(agent(sb.clone(), Lang::En, h))
}

/// Judges `h` on exercise `id` as the page does: every run of its goal, graded, and its check.
fn solves(id: ExerciseId, h: Habits) -> bool {
    solves_at(id, h, 7)
}

fn solves_at(id: ExerciseId, h: Habits, seed: u64) -> bool {
    let goal: Goal = id.goal();
    let runs: Vec<(CaseId, Vec<Observed>)> =
        goal.runs(seed).into_iter().map(|(case, seed)| (case, observe(case, seed, h))).collect();
    let rows = grade_all(Lang::En, &runs);
    let check = goal.check.map(|check: Check| {
        runs.iter().find(|r| r.0 == check.case()).is_some_and(|(_, observed)| check.passes(observed))
    });
    goal.judge(&rows, check).passed
}

/// The whole card of `h`, as the page grades it.
fn card(h: Habits) -> Vec<CaseResult> {
    let runs: Vec<(CaseId, Vec<Observed>)> = CaseId::ALL.into_iter().map(|c| (c, observe(c, 7, h))).collect();
    grade_all(Lang::En, &runs)
}

const GOOD: Habits = Habits {
    stack_trace: false,
    key: false,
    retry_tool: false,
    names_tools: true,
    fixed_waits: false,
    late_repeat_guard: false,
    watchdog_ms: 15_000,
    shared_signal: false,
    retry_after_cap_ms: Some(10_000),
    give_up_on_long_wait: false,
    key_error_is_unknown_tool: false,
};

/// The four policies of issue 41, each with the one case it fails, the verdict it gets there,
/// and the exercise that refuses it.
fn policies() -> Vec<(&'static str, Habits, CaseId, Verdict, Option<ExerciseId>)> {
    vec![
        (
            "a 1 s watchdog",
            Habits { watchdog_ms: 1000, ..GOOD },
            CaseId::SlowAlways,
            Verdict::WatchdogTooShort { cut_after_ms: 1000, answers_after_ms: 2000 },
            Some(ExerciseId::Watchdog),
        ),
        (
            "fixed waits",
            Habits { fixed_waits: true, ..GOOD },
            CaseId::Jitter,
            Verdict::NoJitter { waits_ms: vec![500] },
            Some(ExerciseId::Retry),
        ),
        (
            "one abort signal for every retry",
            Habits { shared_signal: true, ..GOOD },
            CaseId::Hang,
            Verdict::SpentSignal { retries: 3 },
            Some(ExerciseId::Watchdog),
        ),
        (
            "a Retry-After with no ceiling",
            Habits { retry_after_cap_ms: None, ..GOOD },
            CaseId::RateLimitedLong,
            Verdict::NoRetryAfterCeiling { asked_ms: 3_600_000 },
            Some(ExerciseId::RetryAfter),
        ),
    ]
}

fn failing(rows: &[CaseResult]) -> Vec<CaseId> {
    rows.iter().filter(|r| !r.passed()).map(|r| r.case).collect()
}

#[test]
fn each_policy_of_issue_41_fails_exactly_its_case_with_its_verdict() {
    let good = card(GOOD);
    let good_failing = failing(&good);
    for (name, h, case, verdict, _) in policies() {
        let rows = card(h);
        let mut expected = good_failing.clone();
        expected.push(case);
        expected.sort_by_key(|c| CaseId::ALL.iter().position(|x| x == c));
        assert_eq!(failing(&rows), expected, "{name}: {rows:#?}");
        let row = rows.iter().find(|r| r.case == case).unwrap();
        assert_eq!(row.verdicts, vec![verdict], "{name}: {row:#?}");
    }
}

#[test]
fn the_watchdog_retry_after_and_retry_503_exercises_refuse_those_policies() {
    for (name, h, _, _, exercise) in policies() {
        if let Some(id) = exercise {
            assert!(!solves(id, h), "{name}: {id:?} accepted it");
        }
    }
    for id in [ExerciseId::Watchdog, ExerciseId::RetryAfter, ExerciseId::Retry] {
        assert!(solves(id, GOOD), "{id:?}");
    }
}

/// Giving up at once on a `Retry-After` of an hour is as right as waiting a ceiling and retrying.
#[test]
fn giving_up_on_an_hours_retry_after_passes_and_capping_it_passes() {
    let capped = card(GOOD);
    let row = capped.iter().find(|r| r.case == CaseId::RateLimitedLong).unwrap();
    assert!(row.passed(), "{row:#?}");
    let gives_up = card(Habits { give_up_on_long_wait: true, ..GOOD });
    let row = gives_up.iter().find(|r| r.case == CaseId::RateLimitedLong).unwrap();
    assert!(row.passed(), "{row:#?}");
    assert!(solves(ExerciseId::RetryAfter, Habits { give_up_on_long_wait: true, ..GOOD }));
}

#[test]
fn a_loop_with_good_habits_solves_every_exercise() {
    for id in ExerciseId::ALL {
        assert!(solves(id, GOOD), "{id:?}");
    }
}

#[test]
fn each_bad_habit_fails_the_exercise_about_it() {
    assert!(!solves(ExerciseId::UnknownTool, Habits { names_tools: false, ..GOOD }));
    assert!(!solves(ExerciseId::Retry, Habits { fixed_waits: true, ..GOOD }));
    assert!(!solves(ExerciseId::SameCallTwice, Habits { late_repeat_guard: true, ..GOOD }));
    assert!(!solves(ExerciseId::NoLeaks, Habits { stack_trace: true, ..GOOD }));
    assert!(!solves(ExerciseId::NoLeaks, Habits { key: true, ..GOOD }));
    assert!(!solves(ExerciseId::ToolChanged, Habits { retry_tool: true, ..GOOD }));
    // And each habit is only that exercise's business: fixed waits still retry a 503.
    assert!(solves(ExerciseId::NoRetryPermanent, Habits { fixed_waits: true, ..GOOD }));
}

/// Exercise 3: a `KeyError` raised inside the loop's own `use` (an item the hero does not carry)
/// is not an unknown tool. Taking it for one passes both cases (the model tries again either
/// way) and fails only the check: the model was never told the crowbar is what was missing.
#[test]
fn a_key_error_inside_a_tool_taken_for_an_unknown_tool_fails_only_the_check() {
    let short = Habits { key_error_is_unknown_tool: true, ..GOOD };
    let goal = ExerciseId::ErrorInsideTool.goal();
    assert_eq!(goal.check, Some(Check::NamesWhatWasMissing));
    assert_eq!(Check::NamesWhatWasMissing.case(), CaseId::SchemaInvalid);
    let badargs = observe(CaseId::SchemaInvalid, 7, short);
    assert!(!Check::NamesWhatWasMissing.passes(&badargs));
    let rows = grade_all(
        Lang::En,
        &[(CaseId::UnknownTool, observe(CaseId::UnknownTool, 7, short)), (CaseId::SchemaInvalid, badargs)],
    );
    let attempt = goal.judge(&rows, Some(false));
    assert!(attempt.failed.is_empty(), "{rows:#?}");
    assert!(!attempt.passed);
    assert!(!solves(ExerciseId::ErrorInsideTool, short));
    // The same habit is no business of the exercise about unknown tools.
    assert!(solves(ExerciseId::UnknownTool, short));
}

/// The check reads the tool message answering the crowbar's own call: the robust loop's (the
/// page's sentence, naming the crowbar) passes, and so does the loop's own sentence for its `KeyError`.
#[test]
fn the_error_inside_tool_check_passes_when_the_crowbar_is_named() {
    assert!(Check::NamesWhatWasMissing.passes(&observe(CaseId::SchemaInvalid, 7, GOOD)));
    for seed in [1, 7, 42] {
        assert!(solves_at(ExerciseId::ErrorInsideTool, GOOD, seed), "seed {seed}");
    }
    // A run with no crowbar in it has nothing to name: the check does not pass on it.
    assert!(!Check::NamesWhatWasMissing.passes(&observe(CaseId::Plain, 7, GOOD)));
}

#[test]
fn a_leak_and_a_retried_tool_are_verdicts_on_every_card() {
    let leak =
        grade(CaseId::MissingArg, Lang::En, &observe(CaseId::MissingArg, 7, Habits { stack_trace: true, ..GOOD }));
    assert!(leak.verdicts.contains(&Verdict::LeakedToModel { leak: Leak::StackTrace }), "{:?}", leak.verdicts);
    let key = grade(CaseId::ToolTimeout, Lang::En, &observe(CaseId::ToolTimeout, 7, Habits { key: true, ..GOOD }));
    assert!(key.verdicts.contains(&Verdict::LeakedToModel { leak: Leak::Key }), "{:?}", key.verdicts);
    let retried =
        grade(CaseId::ToolTimeout, Lang::En, &observe(CaseId::ToolTimeout, 7, Habits { retry_tool: true, ..GOOD }));
    assert!(retried.verdicts.contains(&Verdict::RetriedUnsafeTool), "{:?}", retried.verdicts);
    // Only a lost reply makes a retry unsafe: in the plain run none is lost, and nothing is found.
    let plain = grade(CaseId::Plain, Lang::En, &observe(CaseId::Plain, 7, Habits { retry_tool: true, ..GOOD }));
    assert!(!plain.has("retried-unsafe-tool"), "{:?}", plain.verdicts);
}

#[test]
fn a_stack_trace_is_told_from_a_sentence_that_mentions_at() {
    assert_eq!(leak_in("Error: boom\n    at runTool (blob:null/x:1:2)"), Some(Leak::StackTrace));
    assert_eq!(leak_in("Error: boom\n    at blob:null/x:12:5"), Some(Leak::StackTrace));
    assert_eq!(leak_in(&format!("Bearer {PLACEHOLDER_KEY}")), Some(Leak::Key));
    assert_eq!(leak_in("Error: look at the door: it is 3:15"), None);
    assert_eq!(leak_in("at the door\nat 10:30"), None);
}

//! The exercises are judged from what a loop did, never from its text: a loop in the learner's
//! shape, with one habit switched at a time, passes or fails each exercise's goal, and the two
//! verdicts the exercises added (a leak into the model's history, a tool retried after its reply
//! was lost) are found on every card.

mod yours_loops;

use futures::future::{select, Either};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{grade, leak_in, CaseId, Leak, Verdict};
use rusty_lock_engine::yours::exercise::{Check, ExerciseId, Goal};
use rusty_lock_engine::yours::observe::{End, Observed};
use rusty_lock_engine::yours::sim::{Sandbox, BASE_URL};
use rusty_lock_engine::yours::PLACEHOLDER_KEY;
use serde_json::{json, Value};

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
}

async fn call_model(sb: &Sandbox, lang: Lang, messages: &[Value], h: Habits) -> Result<Value, String> {
    for attempt in 1..=4 {
        let body = json!({ "model": "m", "messages": messages, "tools": tool_specs(script(lang)) }).to_string();
        let res = match select(sb.fetch(&format!("{BASE_URL}/chat/completions"), &body), sb.sleep(15_000)).await {
            Either::Left((res, _)) => res.ok(),
            Either::Right(_) => None,
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
    for _ in 0..10 {
        let choice = match call_model(&sb, lang, &messages, h).await {
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

fn observe(case: CaseId, seed: u64, h: Habits) -> Vec<Observed> {
    let sb = Sandbox::new(case.personality(), Lang::En, case.plan(), seed);
    sb.run(agent(sb.clone(), Lang::En, h))
}

/// Judges `h` on exercise `id` as the page does: every run of its goal, graded, and its check.
fn solves(id: ExerciseId, h: Habits) -> bool {
    let goal: Goal = id.goal();
    let runs: Vec<(CaseId, u64, Vec<Observed>)> =
        goal.runs(7).into_iter().map(|(case, seed)| (case, seed, observe(case, seed, h))).collect();
    let rows: Vec<_> = runs.iter().filter(|r| r.1 == 7).map(|(c, _, o)| grade(*c, Lang::En, o)).collect();
    let check = goal.check.map(|check: Check| {
        let first = runs.iter().find(|r| r.0 == check.case() && r.1 == 7).map(|r| r.2.as_slice()).unwrap_or_default();
        let second = runs.iter().find(|r| r.0 == check.case() && r.1 != 7).map(|r| r.2.as_slice());
        check.passes(first, second)
    });
    goal.judge(&rows, check).passed
}

const GOOD: Habits = Habits {
    stack_trace: false,
    key: false,
    retry_tool: false,
    names_tools: true,
    fixed_waits: false,
    late_repeat_guard: false,
};

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

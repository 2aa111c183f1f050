//! A card never lies: a loop that never reached the model gets no graded row, a case the page
//! itself could not run counts neither way, a loop that reads an error's body as an answer is
//! told to check the status (not that it forgot to retry), and a tool error sent back with
//! nothing in it to act on fails its row. Each loop here is written in a learner's shape and
//! run in the engine's simulated sandbox, on every case of the card.

use futures::future::LocalBoxFuture;
use rusty_lock_engine::run::builtin::says_nothing;
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::tools::tool_specs;
use rusty_lock_engine::yours::card::{grade, grade_all, summary, CaseId, CaseOutcome, CaseResult, LeftOut, Verdict};
use rusty_lock_engine::yours::observe::{End, Mistake, Observed};
use rusty_lock_engine::yours::sim::{Sandbox, BASE_URL};
use serde_json::{json, Value};

/// How the loop under test is written.
#[derive(Clone, Copy)]
enum Shape {
    /// Reads `choices[0]` of whatever comes back, never looking at the status: an error body has
    /// no `choices`, so it raises a `TypeError` (JavaScript) at that line.
    NoStatusCheck,
    /// Checks the status, retries 429/5xx, and sends a tool error back as Python's `str(e)` of a
    /// `KeyError` for an unknown tool: the bare name.
    BareToolErrors,
    /// The same, with a sentence for the unknown tool.
    SentenceToolErrors,
}

async fn call_model(sb: &Sandbox, messages: &[Value], shape: Shape) -> Result<Value, End> {
    let url = format!("{BASE_URL}/chat/completions");
    for attempt in 1..=4u32 {
        let body = json!({ "model": "m", "messages": messages, "tools": tool_specs(script(Lang::En)) }).to_string();
        let res = sb.fetch(&url, &body).await;
        let Ok(res) = res else {
            sb.sleep(300 * u64::from(attempt)).await;
            continue;
        };
        if let Shape::NoStatusCheck = shape {
            let v: Value = serde_json::from_str(&res.body).unwrap_or_default();
            return match v.get("choices").and_then(|c| c.get(0)) {
                Some(choice) => Ok(choice.clone()),
                // `data.choices[0]` of an error body: the engine raises it, at the code's line.
                None => Err(End::Threw {
                    message: "Cannot read properties of undefined (reading '0')".into(),
                    line: Some(12),
                    mistake: Mistake::bug_named("TypeError"),
                }),
            };
        }
        if res.ok() {
            let v: Value = serde_json::from_str(&res.body).unwrap_or_default();
            return Ok(v["choices"][0].clone());
        }
        if !(res.status == 429 || res.status >= 500) || attempt == 4 {
            return Err(End::threw(format!("the model's server refused ({})", res.status)));
        }
        let asked = res.header("retry-after-ms").and_then(|v| v.parse::<u64>().ok()).map(|a| a.min(10_000));
        let wait = asked.unwrap_or_else(|| (500.0 * 2f64.powi(attempt as i32 - 1) * sb.random()) as u64 + 20);
        sb.sleep(wait).await;
    }
    Err(End::threw("no answer"))
}

fn run_tool(sb: &Sandbox, name: &str, args: &str, shape: Shape) -> String {
    if name != "look_at" && name != "use" {
        return match shape {
            Shape::SentenceToolErrors => {
                format!("Error: there is no tool named {name}; the tools are look_at and use.")
            }
            // `except KeyError as e: return str(e)`: Python's text of a KeyError is the key.
            _ => format!("'{name}'"),
        };
    }
    if serde_json::from_str::<Value>(args).is_err() {
        return "Error: the arguments are not valid JSON: send one JSON object.".into();
    }
    match sb.tool(name, args) {
        Ok(out) => out,
        Err(message) => format!("Error: {message}"),
    }
}

fn agent(sb: Sandbox, shape: Shape) -> LocalBoxFuture<'static, End> {
    Box::pin(async move {
        let mut messages = vec![json!({ "role": "user", "content": script(Lang::En).task })];
        let mut errors = 0;
        for _ in 0..10 {
            let choice = match call_model(&sb, &messages, shape).await {
                Ok(c) => c,
                Err(end) => return end,
            };
            let reply = choice["message"].clone();
            messages.push(reply.clone());
            let calls = reply["tool_calls"].as_array().cloned().unwrap_or_default();
            if calls.is_empty() {
                if choice["finish_reason"] == "length" {
                    return End::threw("cut at the token limit");
                }
                return End::Returned { value: reply["content"].as_str().map(str::to_string) };
            }
            for c in &calls {
                let f = &c["function"];
                let output = run_tool(
                    &sb,
                    f["name"].as_str().unwrap_or_default(),
                    f["arguments"].as_str().unwrap_or_default(),
                    shape,
                );
                errors = if output.starts_with("Error") || output.starts_with('\'') { errors + 1 } else { 0 };
                messages.push(json!({ "role": "tool", "tool_call_id": c["id"], "content": output }));
            }
            if errors >= 3 {
                return End::Returned { value: Some("Stuck: over to you.".into()) };
            }
        }
        End::Returned { value: Some("No answer.".into()) }
    })
}

fn observe(case: CaseId, shape: Shape) -> Vec<Observed> {
    let sb = Sandbox::new(case.personality(), Lang::En, case.plan(), case.seed(7));
    sb.run(agent(sb.clone(), shape))
}

fn card(shape: Shape) -> Vec<CaseResult> {
    let runs: Vec<(CaseId, Vec<Observed>)> = CaseId::ALL.into_iter().map(|c| (c, observe(c, shape))).collect();
    grade_all(Lang::En, &runs)
}

fn row(card: &[CaseResult], case: CaseId) -> &CaseResult {
    card.iter().find(|r| r.case == case).expect("every case has its row")
}

#[test]
fn a_loop_that_never_reached_the_model_gets_no_graded_row() {
    let ends = [
        End::Threw {
            message: "no packages".into(),
            line: Some(1),
            mistake: Some(Mistake::Package { name: "openai".into() }),
        },
        End::Threw { message: "EOF when reading a line".into(), line: Some(3), mistake: Some(Mistake::Input) },
        End::Threw {
            message: "document is not defined".into(),
            line: Some(5),
            mistake: Some(Mistake::WebPage { name: "document".into() }),
        },
        End::Returned { value: Some("done".into()) },
        End::NoAgent { found: vec![] },
        End::Blocked { budget_ms: 3000 },
    ];
    for end in ends {
        let observed = vec![Observed::End { t_ms: 0, how: end.clone() }];
        let runs: Vec<(CaseId, Vec<Observed>)> = CaseId::ALL.into_iter().map(|c| (c, observed.clone())).collect();
        let rows = grade_all(Lang::En, &runs);
        for r in &rows {
            assert_eq!(r.verdicts, vec![Verdict::NeverReachedModel], "{end:?} {:?}", r.case);
            assert!(r.left_out() && !r.passed());
            assert_eq!(r.left_out_because(), Some(LeftOut::NeverReachedModel));
        }
        let s = summary(&rows);
        assert!(s.nothing_ran(), "{end:?}: {s:?}");
        assert_eq!((s.passed, s.counted, s.never_reached), (0, 0, CaseId::ALL.len()));
        assert!(!s.perfect);
    }
}

#[test]
fn a_case_the_page_could_not_run_counts_neither_way_whatever_the_code_did_before() {
    let good = card(Shape::SentenceToolErrors);
    let mut crashed = observe(CaseId::BadJson, Shape::SentenceToolErrors);
    // The sandbox died mid-run: its end is the page's failure.
    crashed.retain(|o| !matches!(o, Observed::End { .. }));
    crashed.push(Observed::End { t_ms: 900, how: End::SandboxError { message: "the sandbox crashed".into() } });
    let r = grade(CaseId::BadJson, Lang::En, &crashed);
    assert_eq!(r.verdicts, vec![Verdict::PageCouldNotRun]);
    assert!(matches!(r.outcome, CaseOutcome::SandboxError { .. }));
    let mut rows: Vec<CaseResult> = good.iter().filter(|r| r.case != CaseId::BadJson).cloned().collect();
    rows.push(r);
    let s = summary(&rows);
    assert_eq!(s.page_failed, 1);
    assert_eq!(s.counted, CaseId::ALL.len() - 1 - s.left_out);
    assert!(!s.nothing_ran() && !s.perfect);
    // The other rows are as they were: the page's failure touched only its own.
    assert_eq!(s.passed, summary(&good).passed - usize::from(row(&good, CaseId::BadJson).passed()));
}

#[test]
fn reading_an_error_body_as_an_answer_fails_and_names_the_missing_status_check() {
    let card = card(Shape::NoStatusCheck);
    for (case, status) in [
        (CaseId::BadRequest, 400),
        (CaseId::Unauthorized, 401),
        (CaseId::Http500, 500),
        (CaseId::Http503, 503),
        (CaseId::RateLimited, 429),
    ] {
        let r = row(&card, case);
        assert!(!r.passed(), "{case:?}: {:?}", r.verdicts);
        assert_eq!(r.verdicts[0], Verdict::ReadErrorAsAnswer { status, error: "TypeError".into() }, "{case:?}");
        // The missing check is the finding, not a missing retry.
        assert!(!r.has("no-retry"), "{case:?}: {:?}", r.verdicts);
    }
    // With no error reply there is nothing to misread.
    assert!(!row(&card, CaseId::Plain).has("read-error-as-answer"));
}

#[test]
fn a_bare_tool_error_fails_its_row_and_a_sentence_passes() {
    let bare = card(Shape::BareToolErrors);
    let r = row(&bare, CaseId::UnknownTool);
    assert!(!r.passed(), "{:?}", r.verdicts);
    assert!(
        r.verdicts.iter().any(|v| matches!(v, Verdict::BareToolError { said } if said.contains("'"))),
        "{:?}",
        r.verdicts
    );
    let told = card(Shape::SentenceToolErrors);
    let r = row(&told, CaseId::UnknownTool);
    assert!(r.passed(), "{:?}", r.verdicts);
    // The same loop's other rows, where the page's own sentences went back, are not touched.
    for case in [CaseId::BadJson, CaseId::SchemaInvalid, CaseId::MissingArg] {
        assert!(!row(&bare, case).has("bare-tool-error"), "{case:?}");
    }
}

#[test]
fn the_models_reader_finds_nothing_to_act_on_in_a_bare_name_an_empty_error_or_a_repr() {
    let bare = [
        "",
        "'open_door'",
        "Error: 'crowbar'",
        "KeyError('open_door')",
        "Error: KeyError: 'item'",
        "ToolError",
        "Error: ",
        r#"{"error": "open_door"}"#,
        "builtins.KeyError: 'target'",
    ];
    for said in bare {
        assert!(says_nothing(said), "{said:?} should read as bare");
    }
    let sentences = [
        "Error: there is no tool named open_door; the tools are look_at and use.",
        "Error: the lock is rusted shut. Oil it first.",
        "KeyError: you carry no crowbar",
        "Erreur : il n'y a pas d'outil open_door.",
        "错误：没有名为 open_door 的工具。",
        r#"{"error": {"message": "unknown tool open_door"}}"#,
        "Error: use failed: KeyError('crowbar')",
    ];
    for said in sentences {
        assert!(!says_nothing(said), "{said:?} is a sentence");
    }
}

/// Each finding is placed at the lines of the calls that decided it, as the sandbox reported
/// them: the request that waited forever, the request that carried a bare error, the line a
/// misread error body threw at.
#[test]
fn a_finding_is_placed_at_the_lines_of_the_calls_that_decided_it() {
    use rusty_lock_engine::yours::card::findings_at;
    use rusty_lock_engine::yours::observe::SiteOf;
    // Every request made from line 14 (a helper), called from line 30.
    let placed = |observed: Vec<Observed>| -> Vec<Observed> {
        let mut out = Vec::new();
        for o in observed {
            let site = match &o {
                Observed::Request { id, .. } => {
                    Some(Observed::Site { of: SiteOf::Request, id: *id, lines: vec![14, 30] })
                }
                _ => None,
            };
            out.push(o);
            out.extend(site);
        }
        out
    };
    let hang = placed(observe(CaseId::Hang, Shape::SentenceToolErrors));
    let r = grade(CaseId::Hang, Lang::En, &hang);
    let found = findings_at(&r, &hang);
    let forever = found.iter().find(|f| f.verdict == Verdict::WaitedForever).expect("no deadline found");
    assert_eq!(forever.lines, vec![14, 30]);

    let bare = placed(observe(CaseId::UnknownTool, Shape::BareToolErrors));
    let r = grade(CaseId::UnknownTool, Lang::En, &bare);
    let found = findings_at(&r, &bare);
    let at = found.iter().find(|f| f.verdict.slug() == "bare-tool-error").expect("the bare error found");
    assert_eq!(at.lines, vec![14, 30]);

    let misread = placed(observe(CaseId::BadRequest, Shape::NoStatusCheck));
    let r = grade(CaseId::BadRequest, Lang::En, &misread);
    let found = findings_at(&r, &misread);
    assert_eq!(found[0].verdict.slug(), "read-error-as-answer");
    assert_eq!(found[0].lines, vec![12, 14, 30], "the throw's line first, then the request's");

    // A row that passed has nothing to place; a run the sandbox told nothing of, no lines.
    let plain = placed(observe(CaseId::Plain, Shape::SentenceToolErrors));
    assert!(findings_at(&grade(CaseId::Plain, Lang::En, &plain), &plain).is_empty());
    let unplaced = observe(CaseId::Hang, Shape::SentenceToolErrors);
    let found = findings_at(&grade(CaseId::Hang, Lang::En, &unplaced), &unplaced);
    assert!(found.iter().all(|f| f.lines.is_empty()));
}

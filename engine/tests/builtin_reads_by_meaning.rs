//! The built-in model reads a tool result by its meaning, as a real model does: the page's own
//! sentences, the reference texts' tools, and results written as people write them, in English,
//! French and Chinese, bare or wrapped (`Error: …`, `{"error": …}`, `{"erreur": …}`,
//! `ValueError: …`, a traceback). A result it cannot read makes it look, then try another move:
//! it never sends a call it could not read again. A failure that says only that it failed is
//! not unreadable: the model tries again, as the reference text says a bare error makes it do.

use rusty_lock_engine::run::builtin::{BuiltinModel, Personality};
use rusty_lock_engine::run::script::meaning::{meaning_of_look, meaning_of_use, reads_its_own, Meaning};
use rusty_lock_engine::run::script::{script, Lang};
use rusty_lock_engine::run::wire::{Message, ToolCall};

#[test]
fn every_table_reads_its_own_sentences_by_meaning() {
    for lang in Lang::ALL {
        let s = script(lang);
        for (what, text, item, want) in [
            ("key_stuck", s.key_stuck, "key", Meaning::Stuck),
            ("door_opens", s.door_opens, "key", Meaning::Opened),
            ("already_open", s.already_open, "key", Meaning::Opened),
            ("door_relocks", s.door_relocks, "key", Meaning::Relocked),
            ("oil_poured", s.oil_poured, "oil_can", Meaning::Oiled),
        ] {
            assert_eq!(meaning_of_use(item, text), want, "{lang:?} {what}: {text}");
        }
        for (what, text, want) in [
            ("see_door_open", s.see_door_open, Meaning::Opened),
            ("see_lock_oiled", s.see_lock_oiled, Meaning::Oiled),
            ("see_lock_rusted", s.see_lock_rusted, Meaning::Stuck),
            ("see_door_shut", s.see_door_shut, Meaning::Unclear),
            ("see_room", s.see_room, Meaning::Unclear),
            ("see_key", s.see_key, Meaning::Unclear),
            ("see_oil_can", s.see_oil_can, Meaning::Unclear),
        ] {
            assert_eq!(meaning_of_look(text), want, "{lang:?} {what}: {text}");
        }
        assert!(reads_its_own(s), "{lang:?}");
    }
}

/// One line of the corpus.
struct Phrasing {
    meaning: Meaning,
    name: String,
    args: String,
    text: String,
}

fn corpus() -> Vec<Phrasing> {
    let text = include_str!("corpus/tool_results.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, " | ");
            let (meaning, call, text) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            let meaning = match meaning {
                "stuck" => Meaning::Stuck,
                "opened" => Meaning::Opened,
                "relocked" => Meaning::Relocked,
                "oiled" => Meaning::Oiled,
                "failed" => Meaning::Failed,
                "unclear" => Meaning::Unclear,
                other => panic!("no meaning {other}"),
            };
            let words: Vec<&str> = call.split(' ').collect();
            let (name, args) = match words.as_slice() {
                ["use", item, target] => ("use", serde_json::json!({ "item": item, "target": target })),
                ["look_at", target] => ("look_at", serde_json::json!({ "target": target })),
                other => panic!("no call {other:?}"),
            };
            Phrasing { meaning, name: name.into(), args: args.to_string(), text: text.into() }
        })
        .collect()
}

/// The shapes loops give a result: a failure's wrappers, or a success's.
fn wrapped(text: &str, failure: bool) -> Vec<String> {
    if failure {
        vec![
            text.to_string(),
            format!("Error: {text}"),
            serde_json::json!({ "error": text }).to_string(),
            serde_json::json!({ "erreur": format!("ValueError: {text}") }).to_string(),
            format!("ValueError: {text}"),
            format!("Traceback (most recent call last):\n  File \"agent.py\", line 12, in use\nValueError: {text}"),
        ]
    } else {
        vec![
            text.to_string(),
            serde_json::json!({ "result": text }).to_string(),
            serde_json::Value::String(text.into()).to_string(),
            serde_json::json!({ "output": text, "isError": false }).to_string(),
        ]
    }
}

/// The next move of the helpful model after a look at the shut door, then `call`, answered by
/// `result`: `None` for an answer.
fn next_after(lang: Lang, name: &str, args: &str, result: &str) -> Option<(String, serde_json::Value)> {
    let s = script(lang);
    let model = BuiltinModel::speaking(Personality::Helpful, lang);
    let look = ToolCall::new("call_1", "look_at", r#"{"target":"door"}"#);
    let call = ToolCall::new("call_2", name, args);
    let messages = vec![
        Message::user(s.task),
        Message {
            role: rusty_lock_engine::run::wire::Role::Assistant,
            content: None,
            tool_calls: Some(vec![look]),
            tool_call_id: None,
        },
        Message::tool_result("call_1", s.see_door_shut.to_string()),
        Message {
            role: rusty_lock_engine::run::wire::Role::Assistant,
            content: None,
            tool_calls: Some(vec![call]),
            tool_call_id: None,
        },
        Message::tool_result("call_2", result.to_string()),
    ];
    let reply = model.decide(&messages);
    reply
        .calls()
        .first()
        .map(|c| (c.function.name.clone(), serde_json::from_str(&c.function.arguments).unwrap_or_default()))
}

/// The move a real model makes after a result of that meaning.
fn moves_on(p: &Phrasing, next: &Option<(String, serde_json::Value)>) -> bool {
    let args: serde_json::Value = serde_json::from_str(&p.args).unwrap();
    let is = |name: &str, a: serde_json::Value| next.as_ref().is_some_and(|(n, x)| n == name && *x == a);
    let key = args.get("item").and_then(|v| v.as_str()) == Some("key");
    match p.meaning {
        Meaning::Stuck => is("use", serde_json::json!({"item": "oil_can", "target": "lock"})),
        Meaning::Opened => next.is_none(),
        Meaning::Relocked => is("use", serde_json::json!({"item": "key", "target": "lock"})),
        Meaning::Oiled if key || p.name == "look_at" || p.args.contains("oil_can") => {
            is("use", serde_json::json!({"item": "key", "target": "door"}))
        }
        Meaning::Oiled => false,
        // Told only that it failed, it acts again (maybe the same call: a bare error gets the
        // same call back, and the loop's repeat guard is there for it).
        Meaning::Failed => next.is_some(),
        // A result it cannot read: never the same call again.
        Meaning::Unclear => next.as_ref().is_none_or(|(n, a)| !(n == &p.name && *a == args)),
    }
}

#[test]
fn every_phrasing_of_the_corpus_means_what_it_says_and_moves_the_model_on() {
    let corpus = corpus();
    let mut checked = 0;
    for p in &corpus {
        let item = serde_json::from_str::<serde_json::Value>(&p.args).unwrap();
        let item = item.get("item").and_then(|v| v.as_str()).unwrap_or_default().to_string();
        let read = if p.name == "look_at" { meaning_of_look(&p.text) } else { meaning_of_use(&item, &p.text) };
        assert_eq!(read, p.meaning, "{:?}", p.text);
        // A key that will not turn is a failure of `use`; a rusted lock seen is a look's success.
        let failure = p.meaning == Meaning::Failed || (p.meaning == Meaning::Stuck && p.name == "use");
        for shape in wrapped(&p.text, failure) {
            for lang in Lang::ALL {
                let next = next_after(lang, &p.name, &p.args, &shape);
                assert!(moves_on(p, &next), "{lang:?}: after {} {} → {shape:?}, it chose {next:?}", p.name, p.args);
                checked += 1;
            }
        }
    }
    // 54 phrasings, each in its shapes, read by a model of each language.
    assert!(corpus.len() >= 50, "{} phrasings", corpus.len());
    eprintln!("{} phrasings, {checked} readings", corpus.len());
}

/// The reference texts beside the checkout (CI has them), if they are there.
fn seeds() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut out: Vec<(String, String)> = entries
        .flatten()
        .filter_map(|e| Some((e.file_name().to_string_lossy().to_string(), std::fs::read_to_string(e.path()).ok()?)))
        .collect();
    out.sort();
    out
}

/// The quoted text that follows `after` on a line, up to its closing quote.
fn quoted_after<'a>(line: &'a str, after: &str) -> Option<&'a str> {
    let rest = &line[line.find(after)? + after.len()..];
    let (open, rest) = rest.split_at(rest.char_indices().nth(1).map_or(rest.len(), |(i, _)| i));
    let close = match open {
        "'" | "\"" | "`" => open,
        "«" => "»",
        "“" => "”",
        _ => return None,
    };
    Some(rest[..rest.find(close)?].trim())
}

/// Every sentence a reference text's tools give, with what it means: the `use` tool's returns
/// and throws (in TypeScript and in Python), and the error the text quotes as the one to write.
fn seed_phrasings() -> Vec<(String, Meaning, &'static str, String)> {
    let mut out = Vec::new();
    for (file, text) in seeds() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let before = if i > 0 { lines[i - 1] } else { "" };
            let thrown = quoted_after(line, "throw new Error(").or_else(|| {
                quoted_after(line, "raise ValueError(f").or_else(|| quoted_after(line, "raise ValueError("))
            });
            if let Some(t) =
                thrown.filter(|t| t.contains("lock") || t.contains("nothing happens") || t.contains("Nothing happens"))
            {
                let t = t
                    .replace("${item}", "hammer")
                    .replace("${target}", "door")
                    .replace("{item}", "hammer")
                    .replace("{target}", "door");
                let meaning = if t.contains("hammer") { Meaning::Failed } else { Meaning::Stuck };
                let item = if t.contains("hammer") { "hammer" } else { "key" };
                out.push((file.clone(), meaning, item, t));
            }
            if let Some(t) = quoted_after(line, "return ") {
                if before.contains("lockOiled = true") || before.contains("\"lock_oiled\"] = True") {
                    out.push((file.clone(), Meaning::Oiled, "oil_can", t.to_string()));
                } else if before.contains("doorOpen = true") || before.contains("\"door_open\"] = True") {
                    out.push((file.clone(), Meaning::Opened, "key", t.to_string()));
                }
            }
            if line.starts_with("- **") && line.contains("oil_can") {
                for open in ["\"", "« ", "“"] {
                    if let Some(t) = quoted_after(line, &format!(": {}", open.trim()))
                        .or_else(|| quoted_after(line, &format!("：{}", open.trim())))
                    {
                        out.push((file.clone(), Meaning::Stuck, "key", t.to_string()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_reference_texts_own_tool_sentences_are_read_as_they_mean() {
    let found = seed_phrasings();
    if seeds().is_empty() {
        eprintln!("the reference texts are not beside this checkout: nothing to read");
        return;
    }
    // Each of the three errors texts: its TypeScript and Python tools, and the error it quotes.
    for file in ["000_", "002_", "004_"] {
        let of_file: Vec<_> = found.iter().filter(|(f, ..)| f.starts_with(file)).collect();
        for m in [Meaning::Stuck, Meaning::Opened, Meaning::Oiled, Meaning::Failed] {
            assert!(of_file.iter().any(|(_, mm, ..)| *mm == m), "{file}: no {m:?} sentence found in {of_file:?}");
        }
    }
    for (file, meaning, item, text) in &found {
        assert_eq!(meaning_of_use(item, text), *meaning, "{file}: {text}");
        let args =
            serde_json::json!({ "item": item, "target": if *item == "oil_can" { "lock" } else { "door" } }).to_string();
        let p = Phrasing { meaning: *meaning, name: "use".into(), args: args.clone(), text: text.clone() };
        let failure = matches!(meaning, Meaning::Stuck | Meaning::Failed);
        for shape in wrapped(text, failure) {
            for lang in Lang::ALL {
                let next = next_after(lang, "use", &args, &shape);
                assert!(moves_on(&p, &next), "{file} {lang:?}: {shape:?} → {next:?}");
            }
        }
    }
    eprintln!("{} sentences of the reference texts read", found.len());
}

/// Plays the helpful model against a loop's own room, whose `use` speaks `say` and whose
/// errors the loop wraps with `wrap`, as the reference texts' loops do. The page's `look_at`.
fn play_own(lang: Lang, say: &dyn Fn(&str) -> String, wrap: &dyn Fn(&str) -> String) -> (bool, Vec<String>) {
    let s = script(lang);
    let model = BuiltinModel::speaking(Personality::Helpful, lang);
    let (mut oiled, mut open) = (false, false);
    let mut messages = vec![Message::user(s.task)];
    let mut calls = Vec::new();
    for _ in 0..10 {
        let reply = model.decide(&messages);
        messages.push(reply.clone());
        let Some(call) = reply.calls().first().cloned() else { return (open, calls) };
        calls.push(format!("{} {}", call.function.name, call.function.arguments));
        let a: serde_json::Value = serde_json::from_str(&call.function.arguments).unwrap_or_default();
        let arg = |k: &str| a.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_string();
        let text = match (call.function.name.as_str(), arg("item").as_str(), arg("target").as_str()) {
            ("look_at", ..) => s.see_door_shut.to_string(),
            ("use", "oil_can", "lock") => {
                oiled = true;
                say("oiled")
            }
            ("use", "key", "door") if !oiled => wrap(&say("stuck")),
            ("use", "key", "door") => {
                open = true;
                say("opened")
            }
            _ => wrap(&say("nothing")),
        };
        messages.push(Message::tool_result(&call.id, text));
    }
    (open, calls)
}

#[test]
fn the_model_opens_a_loops_own_door_in_any_language_and_wrapper() {
    let corpus = corpus();
    let pick = |m: Meaning, from: usize| {
        let all: Vec<&Phrasing> = corpus.iter().filter(|p| p.meaning == m && p.name == "use").collect();
        all[from % all.len()].text.clone()
    };
    type Wrap = fn(&str) -> String;
    let wraps: [Wrap; 4] = [
        |t| format!("Error: {t}"),
        |t| serde_json::json!({ "erreur": format!("ValueError: {t}") }).to_string(),
        |t| format!("ValueError: {t}"),
        |t| t.to_string(),
    ];
    let mut games = 0;
    for lang in Lang::ALL {
        for from in 0..12 {
            for wrap in wraps {
                let say = |what: &str| match what {
                    "oiled" => pick(Meaning::Oiled, from),
                    "stuck" => pick(Meaning::Stuck, from),
                    "opened" => pick(Meaning::Opened, from),
                    _ => pick(Meaning::Failed, from),
                };
                let (open, calls) = play_own(lang, &say, &wrap);
                assert!(open, "{lang:?} #{from}: the door stayed shut after {calls:?}");
                assert!(calls.len() <= 5, "{lang:?} #{from}: {calls:?}");
                games += 1;
            }
        }
    }
    eprintln!("{games} games against a loop's own room");
}

#[test]
fn a_result_it_cannot_read_makes_it_look_then_try_another_move_and_never_repeat_it() {
    for lang in Lang::ALL {
        // Every `use` answers something no model could read.
        let (open, calls) = play_own(lang, &|_| "OK".to_string(), &|t| t.to_string());
        assert!(!open);
        let uses: Vec<&String> = calls.iter().filter(|c| c.starts_with("use")).collect();
        let mut seen = std::collections::HashSet::new();
        for c in &calls {
            assert!(seen.insert(c.clone()), "{lang:?}: {c} sent twice in {calls:?}");
        }
        assert_eq!(calls[0], r#"look_at {"target":"door"}"#);
        assert_eq!(calls[1], r#"use {"item":"key","target":"door"}"#);
        assert_eq!(calls[2], r#"look_at {"target":"lock"}"#, "{lang:?}: it looks first: {calls:?}");
        assert!(uses.len() >= 2, "{lang:?}: then tries something else: {calls:?}");
        // And in the end it says it cannot tell, rather than go round in circles.
        assert!(calls.len() < 10, "{lang:?}: {calls:?}");
    }
}

//! The built-in model with a loop's own tools. A learner's loop declares its own tools (a
//! calculator, `read_file`, a shell, `get_weather`, a `final_answer` …), not the temple's; the
//! adventure model would ignore them and the loop would never get anywhere. The errand plays a
//! short, honest job with whatever tools came: it reads their schemas, calls up to three of
//! them (one a turn, readers first), reads each result by meaning, tries once more after an
//! error, and ends with a plain answer that quotes what it read. It is a pure function of the
//! request, so the same history always gets the same reply, and it never panics on a schema.

use crate::run::chaos::Mangling;
use crate::run::script::meaning::{normalised, wrapped_as_failure};
use crate::run::script::{errand_words, fill, list, script, ErrandWords, Lang, Script};
use crate::run::wire::{Message, Role, ToolCall, ToolSpec};
use serde_json::{Map, Value};
use std::cell::Cell;

/// How many tools the errand calls at most (each once, plus one retry after an error).
pub const MAX_TOOLS: usize = 3;
/// How many assistant messages the errand writes at most before it ends, the ending included.
/// A loop that comes back after the finish tool gets one more: the plain answer.
pub const MAX_TURNS: usize = 5;
/// How deep it follows a schema: a schema nested deeper (or one that refers to itself) gets
/// a plain value there rather than a stack overflow.
const MAX_DEPTH: u8 = 12;
/// How many schema nodes one call's arguments may be built from, and how many branches one
/// schema may merge: a schema whose `$ref`s fan out (each property referring to the whole
/// schema) would otherwise take exponential time. Past it, values are plain.
const NODE_BUDGET: u32 = 4000;
const MERGE_BUDGET: u32 = 64;
/// How many characters of a result the answer quotes.
const QUOTE_CHARS: usize = 80;
/// Results longer than this are not read for cues such as "not found": a file that mentions
/// an error is still a file that was read. Wrappers (`Error: …`, a traceback, `{"error": …}`)
/// are read at any length.
const CUE_CHARS: usize = 200;

/// The built-in model running an errand with a loop's own tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Errand {
    lang: Lang,
}

/// What a tool is for, read from its name and description: it decides the order of the errand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ToolRole {
    /// Hands in the answer (`final_answer`, `finish`, `done` …): called last, to end.
    Finish,
    /// Reads, looks, searches, lists, computes: safe to call first.
    Read,
    /// Runs a command: useful, but it acts.
    Run,
    /// Anything else.
    Other,
    /// Writes, saves, sends: changes something.
    Write,
    /// Deletes or destroys: called only when nothing else is declared.
    Destroy,
}

/// What a tool result says, read by meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultMeaning {
    Success,
    /// An error of any other kind (bad arguments, an exception, a timeout).
    Failed,
    /// What was asked for does not exist.
    NotFound,
    /// The call was refused: it is never made again.
    Refused,
    /// Nothing came back (no result for the call, or an empty one).
    Nothing,
}

/// One call of the errand and what came back.
struct Attempt<'a> {
    call: &'a ToolCall,
    result: Option<&'a str>,
    meaning: ResultMeaning,
}

/// The kind of value a property wants, read from its name (then its description).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueKind {
    Path,
    Dir,
    Url,
    Command,
    Expression,
    City,
    Query,
    Text,
    Email,
    Date,
    Unit,
    Language,
    Latitude,
    Longitude,
    Count,
    Operand,
    Generic,
}

/// Everything a schema is filled with, besides the schema.
#[derive(Clone, Copy)]
struct Filler<'a> {
    words: &'a ErrandWords,
    lang: Lang,
    /// 0 for the first try, more for a try with other values.
    variant: u32,
    /// The tool writes: its path is a new file, not the one just read.
    writer: bool,
    /// The finish tool's text fields carry the answer.
    answer: Option<&'a str>,
    /// The whole schema, for local `$ref`s.
    root: &'a Value,
    /// What is left of [`NODE_BUDGET`].
    budget: &'a Cell<u32>,
}

impl Errand {
    pub fn speaking(lang: Lang) -> Self {
        Errand { lang }
    }

    /// Whether these declared tools are the page's own adventure tools (`look_at` and `use`, by
    /// name): then the adventure model plays, not the errand. Both must be there and nothing
    /// else: a loop that adds a tool of its own, or declares only one of them, gets the errand.
    pub fn is_page_tools(tools: &[ToolSpec]) -> bool {
        let has = |n: &str| tools.iter().any(|t| t.function.name == n);
        has("look_at") && has("use") && tools.iter().all(|t| matches!(t.function.name.as_str(), "look_at" | "use"))
    }

    /// The model's next assistant message, from the tools the request declares and the history
    /// so far (a pure function of its inputs: same input, same output).
    pub fn decide(&self, tools: &[ToolSpec], messages: &[Message]) -> Message {
        let s = script(self.lang);
        let w = errand_words(self.lang);
        if tools.is_empty() {
            return say(w.no_tools.to_string());
        }
        // The errand is the latest task: what came after the last user message.
        let start = messages.iter().rposition(|m| m.role == Role::User).map_or(0, |i| i + 1);
        let history = &messages[start..];
        // A loop that forgets to keep the model's replies still sends their results: counted
        // too, so such a loop also reaches the end.
        let turns = history
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .count()
            .max(history.iter().filter(|m| m.role == Role::Tool).count());
        let attempts = attempts(history);
        let next_id = format!("call_e{}", messages.iter().map(|m| m.calls().len()).sum::<usize>() + 1);

        let finish = tools.iter().find(|t| role_of(t) == ToolRole::Finish);
        let plan = plan(tools);
        let answer = answer_text(s, w, &attempts);
        if let Some(f) = finish {
            let handed: Vec<&Attempt> = attempts.iter().filter(|a| a.call.function.name == f.function.name).collect();
            if let Some(first) = handed.first() {
                // A finish call that failed (broken on the way, say) is made once more, as it
                // should have been; one that went through, or failed twice, ends in plain text.
                let intended = arguments(f, self.lang, 0, Some(&answer));
                let sent = serde_json::from_str::<Value>(&first.call.function.arguments).ok();
                let failed = matches!(first.meaning, ResultMeaning::Failed | ResultMeaning::NotFound);
                if handed.len() == 1 && failed && sent.as_ref() != Some(&intended) && turns <= MAX_TURNS {
                    return call(fill(w.think_finish, &[("name", &f.function.name)]), &next_id, f, &intended);
                }
                return say(answer);
            }
        }
        if turns >= MAX_TURNS || (turns + 1 >= MAX_TURNS && finish.is_none()) {
            return say(answer);
        }
        if turns + 1 < MAX_TURNS {
            if let Some((tool, variant)) = next_work(&plan, &attempts, self.lang) {
                let args = arguments(tool, self.lang, variant, None);
                let last = attempts.last();
                let thought = match last {
                    None => w.think_call,
                    Some(a) if a.meaning == ResultMeaning::Success => w.think_next,
                    Some(a) if a.call.function.name == tool.function.name => w.think_retry,
                    Some(_) => w.think_switch,
                };
                return call(fill(thought, &[("name", &tool.function.name)]), &next_id, tool, &args);
            }
        }
        match finish {
            Some(f) => {
                let args = arguments(f, self.lang, 0, Some(&answer));
                call(fill(w.think_finish, &[("name", &f.function.name)]), &next_id, f, &args)
            }
            None => say(answer),
        }
    }

    /// Damages the first tool call of a reply for a model fault, against this tool set: broken
    /// JSON (cut arguments), an unknown tool (a name not declared), arguments that break the
    /// schema (a wrong type for a required property, or an enum value not allowed), a missing
    /// required argument. Other faults: unchanged.
    ///
    /// Where the schema leaves nothing to break, the call is still damaged the nearest way: with
    /// no property to give a wrong value, the arguments become a JSON array (never the object
    /// the protocol asks for, though a schema of `{}` accepts it); with no required property,
    /// every argument is dropped (`{}`, which such a schema still accepts).
    pub fn break_call(call: &mut ToolCall, how: Mangling, tools: &[ToolSpec]) {
        let f = &mut call.function;
        let schema = tools.iter().find(|t| t.function.name == f.name).map(|t| &t.function.parameters);
        match how {
            Mangling::BadJson => {
                let text = if f.arguments.is_empty() { "{}".to_string() } else { f.arguments.clone() };
                let cut = text.floor_char_boundary(text.len() * 2 / 3);
                let mut broken = text[..cut].to_string();
                if serde_json::from_str::<Value>(&broken).is_ok() {
                    broken = "{\"".to_string();
                }
                f.arguments = broken;
            }
            Mangling::UnknownTool => {
                let mut name = if f.name.is_empty() { "tool".to_string() } else { f.name.clone() };
                while tools.iter().any(|t| t.function.name == name) {
                    name.push_str("_v2");
                }
                f.name = name;
            }
            Mangling::SchemaInvalid => f.arguments = break_schema(&f.arguments, schema).to_string(),
            Mangling::MissingArg => {
                let mut args = match serde_json::from_str::<Value>(&f.arguments) {
                    Ok(Value::Object(o)) => o,
                    _ => Map::new(),
                };
                let node = schema.map(|s| merged(s, s, 0)).unwrap_or_default();
                match required(&node).first() {
                    Some(r) => {
                        args.remove(r.as_str());
                    }
                    None => args.clear(),
                }
                f.arguments = Value::Object(args).to_string();
            }
            // Bent replies, not a broken call: the chaos decorator acts them out on the whole reply.
            Mangling::StopWithCalls | Mangling::CutAtLength => {}
        }
    }
}

fn say(text: String) -> Message {
    Message { role: Role::Assistant, content: Some(text), tool_calls: None, tool_call_id: None }
}

fn call(thought: String, id: &str, tool: &ToolSpec, args: &Value) -> Message {
    Message {
        role: Role::Assistant,
        content: Some(thought),
        tool_calls: Some(vec![ToolCall::new(id, &tool.function.name, &args.to_string())]),
        tool_call_id: None,
    }
}

/// The calls of the errand so far, each with its result read.
fn attempts(history: &[Message]) -> Vec<Attempt<'_>> {
    history
        .iter()
        .filter(|m| m.role == Role::Assistant)
        .flat_map(Message::calls)
        .map(|call| {
            let result = history
                .iter()
                .filter(|m| m.role == Role::Tool && m.tool_call_id.as_deref() == Some(call.id.as_str()))
                .map(|m| m.content.as_deref().unwrap_or_default())
                .next();
            Attempt { call, result, meaning: result.map_or(ResultMeaning::Nothing, meaning_of_result) }
        })
        .collect()
}

/// What a tool result says: a wrapper (`Error: …`, a traceback, `{"error": …}`) or, in a short
/// result, a cue of any language's table, decides; anything else with text is a success.
pub fn meaning_of_result(text: &str) -> ResultMeaning {
    if text.trim().is_empty() {
        return ResultMeaning::Nothing;
    }
    let wrapped = wrapped_as_failure(text);
    if !wrapped && text.chars().count() > CUE_CHARS {
        return ResultMeaning::Success;
    }
    let t = normalised(text);
    let holds = |cues: &[&str]| cues.iter().any(|cue| t.contains(cue));
    let errands = Lang::ALL.map(errand_words);
    let scripts = Lang::ALL.map(script);
    if errands.iter().any(|w| holds(w.refused)) {
        ResultMeaning::Refused
    } else if errands.iter().any(|w| holds(w.not_found)) {
        ResultMeaning::NotFound
    } else if wrapped || scripts.iter().any(|s| holds(s.meanings.failed)) {
        ResultMeaning::Failed
    } else {
        ResultMeaning::Success
    }
}

/// The words of a name or a description, lowercase: `readFile`, `read_file` and `read-file`
/// all give `read file`.
fn words_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if c.is_uppercase() && prev_lower && !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = c.is_lowercase() || c.is_numeric();
            cur.extend(c.to_lowercase());
        } else {
            prev_lower = false;
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn any_word(words: &[String], cues: &[&str]) -> bool {
    words.iter().any(|w| cues.iter().any(|c| w == c || (c.len() >= 4 && w.starts_with(c))))
}

fn role_of(tool: &ToolSpec) -> ToolRole {
    let name = words_of(&tool.function.name);
    let desc = words_of(&tool.function.description);
    let joined = name.join(" ");
    // `final_answer`, `finish`, `task_done`, `submit_answer`, `answer`, `respond`: a tool that
    // hands in the answer. `submit_order` or `get_answer` is not one.
    let finishes = any_word(&name, &["final", "finish", "finished", "done", "conclude"])
        || matches!(joined.as_str(), "answer" | "respond" | "reply" | "submit" | "end" | "complete" | "stop")
        || (name.iter().any(|w| w == "answer")
            && any_word(&name, &["submit", "give", "provide", "return", "send", "user", "write"]));
    let desc_text = desc.join(" ");
    if finishes || desc_text.contains("final answer") || desc_text.contains("finish the task") {
        return ToolRole::Finish;
    }
    let pick = |words: &[String]| {
        let destroy = ["delete", "remove", "rm", "drop", "kill", "destroy", "erase", "wipe", "rmdir", "purge"];
        let write = ["write", "save", "create", "update", "set", "put", "append", "send", "post", "edit", "store"];
        let run = ["shell", "bash", "exec", "execute", "run", "command", "terminal", "sh", "cmd", "python"];
        let read = [
            "read",
            "look",
            "get",
            "search",
            "list",
            "find",
            "fetch",
            "query",
            "lookup",
            "view",
            "show",
            "open",
            "cat",
            "load",
            "weather",
            "describe",
            "info",
            "inspect",
            "browse",
            "ls",
            "calc",
            "calculate",
            "calculator",
            "math",
            "eval",
            "evaluate",
            "compute",
            "add",
            "sum",
            "multiply",
            "convert",
            "check",
            "time",
            "date",
        ];
        if any_word(words, &destroy) {
            Some(ToolRole::Destroy)
        } else if any_word(words, &read) {
            Some(ToolRole::Read)
        } else if any_word(words, &write) {
            Some(ToolRole::Write)
        } else if any_word(words, &run) {
            Some(ToolRole::Run)
        } else {
            None
        }
    };
    pick(&name).or_else(|| pick(&desc)).unwrap_or(ToolRole::Other)
}

/// The tools the errand works with, in the order it calls them: readers first, then what
/// runs, then the rest, each kind in the order declared; destroyers only when nothing else
/// is declared; never more than [`MAX_TOOLS`]; never the finish tool.
fn plan(tools: &[ToolSpec]) -> Vec<&ToolSpec> {
    let mut work: Vec<(ToolRole, usize, &ToolSpec)> = Vec::new();
    for (i, t) in tools.iter().enumerate() {
        let role = role_of(t);
        let seen = work.iter().any(|(_, _, w)| w.function.name == t.function.name);
        if role != ToolRole::Finish && !seen && !t.function.name.is_empty() {
            work.push((role, i, t));
        }
    }
    if work.iter().any(|(r, _, _)| *r != ToolRole::Destroy) {
        work.retain(|(r, _, _)| *r != ToolRole::Destroy);
    }
    work.sort_by_key(|(r, i, _)| (*r, *i));
    work.into_iter().take(MAX_TOOLS).map(|(_, _, t)| t).collect()
}

/// The next work call: the first planned tool that has not worked yet, was not refused and
/// has failed less than twice, with the first arguments it has not been called with.
fn next_work<'a>(plan: &[&'a ToolSpec], attempts: &[Attempt], lang: Lang) -> Option<(&'a ToolSpec, u32)> {
    if attempts.len() > MAX_TOOLS {
        return None;
    }
    for tool in plan {
        let name = tool.function.name.as_str();
        let mine: Vec<&Attempt> = attempts.iter().filter(|a| a.call.function.name == name).collect();
        if mine.iter().any(|a| matches!(a.meaning, ResultMeaning::Success | ResultMeaning::Refused)) || mine.len() >= 2
        {
            continue;
        }
        let tried: Vec<Option<Value>> =
            mine.iter().map(|a| serde_json::from_str::<Value>(&a.call.function.arguments).ok()).collect();
        for variant in 0..3 {
            let args = arguments(tool, lang, variant, None);
            if !tried.iter().any(|t| t.as_ref() == Some(&args)) {
                return Some((tool, variant));
            }
        }
    }
    None
}

/// The final answer: what it read last (a reader's result first), or what went wrong.
fn answer_text(s: &Script, w: &ErrandWords, attempts: &[Attempt]) -> String {
    let ok: Vec<&Attempt> = attempts.iter().filter(|a| a.meaning == ResultMeaning::Success).collect();
    let best = ok.iter().rev().find(|a| !matches!(role_by_name(a), Some(ToolRole::Write))).or(ok.last());
    if let Some(a) = best {
        let mut names: Vec<&str> = Vec::new();
        for a in &ok {
            if !names.contains(&a.call.function.name.as_str()) {
                names.push(&a.call.function.name);
            }
        }
        return fill(w.answer, &[("tools", &list(s, &names)), ("quote", &quote(a.result.unwrap_or_default()))]);
    }
    match attempts.last() {
        Some(a) => {
            let q = a.result.filter(|r| !r.trim().is_empty()).map_or_else(|| w.no_reply.to_string(), quote);
            fill(w.answer_failed, &[("name", &a.call.function.name), ("quote", &q)])
        }
        None => w.answer_nothing.to_string(),
    }
}

/// Whether a call's tool writes, by its name alone: what a writer gives back ("Wrote 22 bytes")
/// is not what the answer quotes while a reader's result is there.
fn role_by_name(a: &Attempt) -> Option<ToolRole> {
    let words = words_of(&a.call.function.name);
    any_word(&words, &["write", "save", "create", "append", "send", "post"]).then_some(ToolRole::Write)
}

/// A short piece of a result, on one line.
fn quote(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out: String = flat.chars().take(QUOTE_CHARS).collect();
    if flat.chars().count() > QUOTE_CHARS {
        out.push('…');
    }
    out
}

/// The arguments of a call: always a JSON object, whatever the schema. `variant` 0 is the
/// first try, more a try with other values; `answer` fills the finish tool's text.
fn arguments(tool: &ToolSpec, lang: Lang, variant: u32, answer: Option<&str>) -> Value {
    let budget = Cell::new(NODE_BUDGET);
    let f = Filler {
        words: errand_words(lang),
        lang,
        variant,
        writer: matches!(role_of(tool), ToolRole::Write | ToolRole::Destroy),
        answer,
        root: &tool.function.parameters,
        budget: &budget,
    };
    match f.value(&tool.function.parameters, "", "", 0) {
        v @ Value::Object(_) => v,
        _ => Value::Object(Map::new()),
    }
}

/// A schema's own keywords with its `allOf` branches, its first `anyOf`/`oneOf` branch and a
/// local `$ref` merged in: properties and required lists are joined, other keywords kept from
/// the schema itself first. Anything that is not an object reads as an empty schema.
fn merged(schema: &Value, root: &Value, depth: u8) -> Map<String, Value> {
    merged_within(schema, root, depth, &Cell::new(MERGE_BUDGET))
}

fn merged_within(schema: &Value, root: &Value, depth: u8, budget: &Cell<u32>) -> Map<String, Value> {
    let Value::Object(own) = schema else { return Map::new() };
    let mut out = own.clone();
    if depth >= MAX_DEPTH || budget.get() == 0 {
        return out;
    }
    budget.set(budget.get() - 1);
    let mut branches: Vec<Map<String, Value>> = Vec::new();
    if let Some(Value::Array(all)) = own.get("allOf") {
        branches.extend(all.iter().map(|b| merged_within(b, root, depth + 1, budget)));
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(first) = own.get(key).and_then(Value::as_array).and_then(|a| a.first()) {
            branches.push(merged_within(first, root, depth + 1, budget));
        }
    }
    if let Some(target) = own.get("$ref").and_then(Value::as_str).and_then(|r| local_ref(root, r)) {
        branches.push(merged_within(target, root, depth + 1, budget));
    }
    for b in branches {
        for (k, v) in b {
            match (k.as_str(), out.get_mut(&k)) {
                ("properties", Some(Value::Object(mine))) => {
                    if let Value::Object(theirs) = v {
                        for (pk, pv) in theirs {
                            mine.entry(pk).or_insert(pv);
                        }
                    }
                }
                ("required", Some(Value::Array(mine))) => {
                    if let Value::Array(theirs) = v {
                        for r in theirs {
                            if !mine.contains(&r) {
                                mine.push(r);
                            }
                        }
                    }
                }
                (_, Some(_)) => {}
                (_, None) => {
                    out.insert(k, v);
                }
            }
        }
    }
    out
}

/// `#/$defs/x`, `#/definitions/x`, `#`: a pointer into the same schema.
fn local_ref<'a>(root: &'a Value, r: &str) -> Option<&'a Value> {
    let pointer = r.strip_prefix('#')?;
    root.pointer(pointer)
}

fn required(node: &Map<String, Value>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in node.get("required").and_then(Value::as_array).into_iter().flatten() {
        if let Some(r) = r.as_str() {
            if !out.iter().any(|o| o == r) {
                out.push(r.to_string());
            }
        }
    }
    out
}

/// The types a schema allows, in its order; empty when it does not say.
fn types(node: &Map<String, Value>) -> Vec<&str> {
    match node.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn fits_type(v: &Value, t: &str) -> bool {
    match t {
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.as_f64().is_some_and(|n| n.fract() == 0.0),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "null" => v.is_null(),
        _ => false,
    }
}

fn fits_types(v: &Value, ts: &[&str]) -> bool {
    ts.is_empty() || ts.iter().any(|t| fits_type(v, t))
}

fn num(node: &Map<String, Value>, key: &str) -> Option<f64> {
    node.get(key).and_then(Value::as_f64).filter(|n| n.is_finite())
}

fn count(node: &Map<String, Value>, key: &str) -> Option<usize> {
    node.get(key).and_then(Value::as_u64).map(|n| n.min(64) as usize)
}

/// Whether a default can be sent as it is: the right type, and within the schema's simple
/// bounds (a default is not checked by validators, so a schema's may be wrong).
fn default_fits(v: &Value, node: &Map<String, Value>, ts: &[&str]) -> bool {
    if !fits_types(v, ts) {
        return false;
    }
    if let Some(allowed) = node.get("enum").and_then(Value::as_array) {
        if !allowed.contains(v) {
            return false;
        }
    }
    match v {
        Value::Number(n) => {
            let n = n.as_f64().unwrap_or(0.0);
            num(node, "minimum").is_none_or(|m| n >= m)
                && num(node, "maximum").is_none_or(|m| n <= m)
                && num(node, "exclusiveMinimum").is_none_or(|m| n > m)
                && num(node, "exclusiveMaximum").is_none_or(|m| n < m)
                && num(node, "multipleOf").is_none_or(|m| m > 0.0 && (n / m).fract() == 0.0)
        }
        Value::String(s) => {
            let len = s.chars().count();
            count(node, "minLength").is_none_or(|m| len >= m) && count(node, "maxLength").is_none_or(|m| len <= m)
        }
        // A default array or object is trusted only when the schema says nothing more of it.
        Value::Array(_) => !node.contains_key("items") && !node.contains_key("minItems"),
        Value::Object(_) => !node.contains_key("properties") && !node.contains_key("required"),
        _ => true,
    }
}

fn kind_of(name: &str, description: &str) -> ValueKind {
    let by = |words: &[String]| {
        let table: &[(&[&str], ValueKind)] = &[
            (&["url", "uri", "link", "href", "endpoint", "website"], ValueKind::Url),
            (&["dir", "directory", "folder", "cwd"], ValueKind::Dir),
            (&["path", "file", "filename", "filepath", "fname"], ValueKind::Path),
            (&["command", "cmd", "shell", "script", "bash"], ValueKind::Command),
            (&["expression", "expr", "formula", "equation", "calculation", "math", "code"], ValueKind::Expression),
            (&["city", "location", "place", "town", "where"], ValueKind::City),
            (&["email", "mail"], ValueKind::Email),
            (&["date", "day", "when"], ValueKind::Date),
            (&["unit", "units"], ValueKind::Unit),
            (&["lang", "language", "locale"], ValueKind::Language),
            (&["lat", "latitude"], ValueKind::Latitude),
            (&["lon", "lng", "longitude"], ValueKind::Longitude),
            (&["count", "limit", "max", "top", "n", "k", "size", "num", "results"], ValueKind::Count),
            (&["a", "b", "x", "y", "left", "right", "operand", "number", "value", "lhs", "rhs"], ValueKind::Operand),
            (&["query", "q", "search", "keyword", "keywords", "term", "question", "prompt", "topic"], ValueKind::Query),
            (
                &[
                    "content", "text", "body", "message", "data", "note", "answer", "result", "response", "output",
                    "summary",
                ],
                ValueKind::Text,
            ),
        ];
        table.iter().find(|(cues, _)| words.iter().any(|w| cues.contains(&w.as_str()))).map(|(_, k)| *k)
    };
    by(&words_of(name)).or_else(|| by(&words_of(description))).unwrap_or(ValueKind::Generic)
}

impl Filler<'_> {
    /// A value that fits `schema`, for the property `name`.
    fn value(&self, schema: &Value, name: &str, description: &str, depth: u8) -> Value {
        let node = merged(schema, self.root, depth);
        let description = node.get("description").and_then(Value::as_str).unwrap_or(description);
        let ts = types(&node);
        if let Some(c) = node.get("const") {
            return c.clone();
        }
        if let Some(allowed) = node.get("enum").and_then(Value::as_array) {
            if let Some(v) = allowed.iter().find(|v| fits_types(v, &ts)).or(allowed.first()) {
                return v.clone();
            }
        }
        if self.variant == 0 {
            if let Some(d) = node.get("default").filter(|d| default_fits(d, &node, &ts)) {
                return d.clone();
            }
        }
        let ty = ts
            .iter()
            .copied()
            .find(|t| *t != "null")
            .or(ts.first().copied())
            .or_else(|| {
                if node.contains_key("properties") || node.contains_key("required") {
                    Some("object")
                } else if node.contains_key("items") || node.contains_key("prefixItems") {
                    Some("array")
                } else if ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
                    .iter()
                    .any(|k| node.contains_key(*k))
                {
                    Some("number")
                } else {
                    None
                }
            })
            .unwrap_or("string");
        let spent = self.budget.get() == 0;
        self.budget.set(self.budget.get().saturating_sub(1));
        if depth >= MAX_DEPTH || spent {
            return match ty {
                "object" => Value::Object(Map::new()),
                "array" => Value::Array(Vec::new()),
                _ => self.leaf(ty, &node, name, description),
            };
        }
        match ty {
            "object" => self.object(&node, depth),
            "array" => self.array(&node, name, description, depth),
            _ => self.leaf(ty, &node, name, description),
        }
    }

    fn object(&self, node: &Map<String, Value>, depth: u8) -> Value {
        let empty = Map::new();
        let props = node.get("properties").and_then(Value::as_object).unwrap_or(&empty);
        let required = required(node);
        let mut out = Map::new();
        for r in &required {
            let schema = props.get(r).unwrap_or(&Value::Bool(true));
            out.insert(r.clone(), self.value(schema, r, "", depth + 1));
        }
        // Optional properties are left out, unless nothing is required (a loop that forgot its
        // `required` list still wants its arguments) or this is a second try.
        let want = count(node, "minProperties").unwrap_or(0);
        for (k, schema) in props {
            let optional_wanted = required.is_empty() || self.variant > 0 || out.len() < want;
            if !out.contains_key(k) && optional_wanted && schema != &Value::Bool(false) {
                out.insert(k.clone(), self.value(schema, k, "", depth + 1));
            }
        }
        let closed = node.get("additionalProperties") == Some(&Value::Bool(false));
        let mut extra = 1;
        while out.len() < want && !closed {
            out.insert(format!("extra_{extra}"), Value::String(self.words.text.to_string()));
            extra += 1;
        }
        Value::Object(out)
    }

    fn array(&self, node: &Map<String, Value>, name: &str, description: &str, depth: u8) -> Value {
        let min = count(node, "minItems").unwrap_or(0);
        let max = count(node, "maxItems");
        let n = max.map_or(min.max(1), |m| min.max(1).min(m.max(min)));
        let tuple = node.get("prefixItems").or(node.get("items")).and_then(Value::as_array);
        let each = node.get("items").filter(|i| !i.is_array());
        let items = (0..n)
            .map(|i| {
                let schema = match tuple {
                    Some(t) => t.get(i).or(each).unwrap_or(&Value::Bool(true)),
                    None => each.unwrap_or(&Value::Bool(true)),
                };
                let f = Filler { variant: self.variant + i as u32, ..*self };
                f.value(schema, name, description, depth + 1)
            })
            .collect();
        Value::Array(items)
    }

    fn leaf(&self, ty: &str, node: &Map<String, Value>, name: &str, description: &str) -> Value {
        let kind = kind_of(name, description);
        match ty {
            "integer" | "number" => self.number(node, kind, ty == "integer"),
            "boolean" => Value::Bool(false),
            "null" => Value::Null,
            _ => self.string(node, kind),
        }
    }

    fn number(&self, node: &Map<String, Value>, kind: ValueKind, integer: bool) -> Value {
        let base = match kind {
            ValueKind::Latitude => 48.85,
            ValueKind::Longitude => 2.35,
            ValueKind::Count => 3.0,
            _ => 2.0,
        };
        let mut v: f64 = base + self.variant as f64;
        let lo = num(node, "minimum");
        let hi = num(node, "maximum");
        // Draft 4 writes an exclusive bound as a flag on `minimum`; later drafts as a number.
        let lo_ex = num(node, "exclusiveMinimum")
            .or_else(|| (node.get("exclusiveMinimum") == Some(&Value::Bool(true))).then_some(lo).flatten());
        let hi_ex = num(node, "exclusiveMaximum")
            .or_else(|| (node.get("exclusiveMaximum") == Some(&Value::Bool(true))).then_some(hi).flatten());
        if integer {
            v = v.round();
        }
        let step = if integer { 1.0 } else { 0.5 };
        if let Some(lo) = lo {
            if v < lo {
                v = if integer { lo.ceil() } else { lo };
            }
        }
        if let Some(lo) = lo_ex {
            if v <= lo {
                v = if integer { lo.floor() + 1.0 } else { lo + step };
            }
        }
        if let Some(hi) = hi {
            if v > hi {
                v = if integer { hi.floor() } else { hi };
            }
        }
        if let Some(hi) = hi_ex {
            if v >= hi {
                v = if integer { hi.ceil() - 1.0 } else { hi - step };
                if let Some(lo) = lo_ex.or(lo) {
                    if v <= lo && !integer {
                        v = (lo + hi) / 2.0;
                    }
                }
            }
        }
        if let Some(m) = num(node, "multipleOf").filter(|m| *m > 0.0) {
            let k = (v / m).ceil();
            let candidate = k * m;
            if hi.is_none_or(|h| candidate <= h) && hi_ex.is_none_or(|h| candidate < h) {
                v = candidate;
            } else {
                v = (v / m).floor() * m;
            }
        }
        if (integer || v.fract() == 0.0) && v.abs() < 9.0e15 {
            Value::from(v as i64)
        } else {
            serde_json::Number::from_f64(v).map_or(Value::from(0), Value::Number)
        }
    }

    fn string(&self, node: &Map<String, Value>, kind: ValueKind) -> Value {
        let w = self.words;
        let alt = self.variant % 2 == 1;
        let format = node.get("format").and_then(Value::as_str).unwrap_or_default();
        let text: String = match (format, kind) {
            ("date-time", _) => "2026-01-01T09:00:00Z".into(),
            ("date", _) | (_, ValueKind::Date) => "2026-01-01".into(),
            ("email", _) | (_, ValueKind::Email) => "ada@example.com".into(),
            ("uri" | "url", _) | (_, ValueKind::Url) => {
                if alt { "https://example.org" } else { "https://example.com" }.into()
            }
            (_, ValueKind::Text) if self.answer.is_some() => self.answer.unwrap_or_default().into(),
            (_, ValueKind::Generic) if self.answer.is_some() => self.answer.unwrap_or_default().into(),
            (_, ValueKind::Path) if self.writer => if alt { "summary-2.txt" } else { "summary.txt" }.into(),
            (_, ValueKind::Path) => if alt { "README.md" } else { "notes.txt" }.into(),
            (_, ValueKind::Dir) => if alt { "./" } else { "." }.into(),
            (_, ValueKind::Command) => if alt { "pwd" } else { "ls" }.into(),
            (_, ValueKind::Expression) => if alt { "1 + 1" } else { "2 + 2" }.into(),
            (_, ValueKind::City) => if alt { w.city_other } else { w.city }.into(),
            (_, ValueKind::Query) => w.query.into(),
            (_, ValueKind::Text) => w.text.into(),
            (_, ValueKind::Unit) => "celsius".into(),
            (_, ValueKind::Language) => self.lang.code().into(),
            (_, ValueKind::Latitude) => "48.85".into(),
            (_, ValueKind::Longitude) => "2.35".into(),
            (_, ValueKind::Count | ValueKind::Operand) => if alt { "3" } else { "2" }.into(),
            (_, ValueKind::Generic) => if alt { "example-2" } else { "example" }.into(),
        };
        let free = matches!(kind, ValueKind::Generic | ValueKind::Text | ValueKind::Query) && format.is_empty();
        let mut text =
            if self.variant > 1 && free && self.answer.is_none() { format!("{text}{}", self.variant) } else { text };
        if let Some(min) = node.get("minLength").and_then(Value::as_u64).map(|n| n.min(4096) as usize) {
            while text.chars().count() < min {
                text.push('x');
            }
        }
        if let Some(max) = count(node, "maxLength") {
            text = text.chars().take(max).collect();
        }
        Value::String(text)
    }
}

/// Arguments that parse but break the schema: a required property (else any declared one)
/// given a value of a type it does not allow, or one outside its `enum`.
fn break_schema(arguments: &str, schema: Option<&Value>) -> Value {
    let Some(schema) = schema else { return Value::Array(vec![Value::from(42)]) };
    let node = merged(schema, schema, 0);
    let mut args = match serde_json::from_str::<Value>(arguments) {
        Ok(Value::Object(o)) => o,
        _ => Map::new(),
    };
    let empty = Map::new();
    let props = node.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    let mut names = required(&node);
    let optional: Vec<String> = props.keys().filter(|k| !names.contains(k)).cloned().collect();
    names.extend(optional);
    for name in names {
        let prop = merged(props.get(&name).unwrap_or(&Value::Bool(true)), schema, 1);
        if let Some(bad) = wrong_value(&prop) {
            args.insert(name, bad);
            return Value::Object(args);
        }
    }
    if node.get("additionalProperties") == Some(&Value::Bool(false)) {
        args.insert("not_a_field".into(), Value::from(42));
        return Value::Object(args);
    }
    Value::Array(vec![Value::from(42)])
}

/// A value a property's schema refuses: a text not in its enum, or a value of a type none of
/// its branches (`anyOf`, `oneOf`) lists. None when some branch accepts any type.
fn wrong_value(prop: &Map<String, Value>) -> Option<Value> {
    if let Some(allowed) = prop.get("enum").and_then(Value::as_array) {
        let mut bad = String::from("not_allowed");
        while allowed.contains(&Value::String(bad.clone())) {
            bad.push('_');
        }
        return Some(Value::String(bad));
    }
    if let Some(c) = prop.get("const") {
        return Some(if c.is_string() { Value::from(42) } else { Value::from("not_allowed") });
    }
    let mut ts: Vec<&str> = types(prop);
    if ts.is_empty() {
        return None;
    }
    for key in ["anyOf", "oneOf"] {
        for branch in prop.get(key).and_then(Value::as_array).into_iter().flatten() {
            let more = branch.as_object().map(types).unwrap_or_default();
            if more.is_empty() {
                return None;
            }
            ts.extend(more);
        }
    }
    let candidates =
        [Value::from(42), Value::from("forty-two"), Value::Bool(true), Value::Array(Vec::new()), Value::Null];
    candidates.into_iter().find(|c| !fits_types(c, &ts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_words_whatever_their_case() {
        assert_eq!(words_of("readFile"), ["read", "file"]);
        assert_eq!(words_of("read_file"), ["read", "file"]);
        assert_eq!(words_of("HTTPGet"), ["httpget"]);
    }

    #[test]
    fn a_result_is_read_by_meaning() {
        assert_eq!(meaning_of_result("4"), ResultMeaning::Success);
        assert_eq!(meaning_of_result("Error: division by zero"), ResultMeaning::Failed);
        assert_eq!(meaning_of_result("Error: file not found: notes.txt"), ResultMeaning::NotFound);
        assert_eq!(meaning_of_result("{\"error\": \"permission denied\"}"), ResultMeaning::Refused);
        assert_eq!(meaning_of_result("Traceback (most recent call last):\n  ValueError: x"), ResultMeaning::Failed);
        assert_eq!(meaning_of_result("   "), ResultMeaning::Nothing);
        assert_eq!(meaning_of_result("错误：文件不存在"), ResultMeaning::NotFound);
        assert_eq!(meaning_of_result("Erreur : accès refusé"), ResultMeaning::Refused);
    }

    #[test]
    fn tools_are_ordered_readers_first_and_the_finish_tool_kept_for_the_end() {
        let t = |n: &str| ToolSpec {
            kind: "function".into(),
            function: crate::run::wire::FunctionSpec {
                name: n.into(),
                description: String::new(),
                parameters: Value::Null,
            },
        };
        for finish in ["final_answer", "finish", "task_done", "submit_answer", "answer", "respond", "FinalAnswer"] {
            assert_eq!(role_of(&t(finish)), ToolRole::Finish, "{finish}");
        }
        for other in ["get_answer", "submit_order", "send_email", "get_completion", "calculator", "end_call_x"] {
            assert_ne!(role_of(&t(other)), ToolRole::Finish, "{other}");
        }
        assert_eq!(role_of(&t("delete_file")), ToolRole::Destroy);
        let tools = [t("write_file"), t("final_answer"), t("delete_file"), t("read_file")];
        let names: Vec<&str> = plan(&tools).iter().map(|t| t.function.name.as_str()).collect();
        assert_eq!(names, ["read_file", "write_file"]);
    }
}

//! The words the model reads, one table per language: the system prompt, the task, the tools'
//! descriptions, what the room says back, every tool error, the built-in model's own lines and
//! the hand-over. Nothing here is shown to a person as interface text (the page owns those words);
//! it is the conversation itself, which a French run holds in French from end to end.
//!
//! Templates name their holes (`{name}`, `{field}` …) and are filled by [`fill`], so a
//! translation may put them in any order. The built-in model recognises an error by the same
//! template ([`matches()`]), so it reads a result in any language the way it was written.

use serde::{Deserialize, Serialize};

mod fr;
pub mod meaning;
mod zh;
pub use fr::FR;
pub use meaning::Meanings;
pub use zh::ZH;

/// The language a run is held in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    #[default]
    En,
    Fr,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Zh];

    /// The code used in links and `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Zh => "zh",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// Every sentence of one language's conversation. A field per message, so a table that lacks
/// one does not compile.
#[derive(Debug)]
pub struct Script {
    pub system_prompt: &'static str,
    pub task: &'static str,
    /// What the loop says when it stops going round in circles and hands over to a person.
    pub handover: &'static str,
    pub describe_look_at: &'static str,
    pub describe_use: &'static str,
    /// `look_at`'s `target` field.
    pub field_target_look: &'static str,
    /// `use`'s `item` field.
    pub field_item: &'static str,
    /// `use`'s `target` field.
    pub field_target_use: &'static str,
    pub see_room: &'static str,
    pub see_door_open: &'static str,
    pub see_door_shut: &'static str,
    pub see_lock_oiled: &'static str,
    pub see_lock_rusted: &'static str,
    pub see_key: &'static str,
    pub see_oil_can: &'static str,
    /// `{thing}`, `{targets}`.
    pub nothing_there: &'static str,
    pub already_oiled: &'static str,
    pub oil_poured: &'static str,
    pub already_open: &'static str,
    /// The tool error the whole playground is built around.
    pub key_stuck: &'static str,
    pub door_opens: &'static str,
    /// A second turn of the key after the door opened: it locks the door again.
    pub door_relocks: &'static str,
    /// `{name}`: a call whose reply was lost after it may have acted (the tool timed out). Says
    /// to check before doing it again, the right school for a tool that changes things.
    pub reply_lost: &'static str,
    /// `{item}`, `{target}`.
    pub nothing_happens: &'static str,
    /// `{name}`, `{tools}`.
    pub no_such_tool: &'static str,
    /// `{name}`, `{example}`.
    pub args_not_json: &'static str,
    /// `{name}`, `{example}`.
    pub args_not_object: &'static str,
    /// `{name}`, `{field}`, `{example}`.
    pub field_missing: &'static str,
    /// `{name}`, `{field}`, `{fields}`.
    pub field_unknown: &'static str,
    /// `{name}`, `{field}`.
    pub field_not_text: &'static str,
    /// `{value}`, `{field}`, `{allowed}`.
    pub not_carried: &'static str,
    /// The word that joins the last two names of a list ("look_at and use").
    pub and: &'static str,
    pub think_look: &'static str,
    pub think_oil: &'static str,
    pub think_key_again: &'static str,
    pub think_key_oiled: &'static str,
    pub think_key_first: &'static str,
    /// `{name}`: the tool it calls instead.
    pub think_after_unknown_tool: &'static str,
    /// `{name}`: the tool it calls again.
    pub think_after_bad_args: &'static str,
    /// `{name}`: the call whose reply was lost; the model looks before calling it again.
    pub think_check_first: &'static str,
    /// The door locked again behind a second turn of the key: turn it once more, on the lock.
    pub think_key_relocked: &'static str,
    pub done: &'static str,
    /// `{name}`: the built-in model could not read what its last call gave back, so it tries
    /// another move rather than the same call again.
    pub think_unclear: &'static str,
    /// The built-in model has tried every move it knows and cannot read what the tools say.
    pub lost: &'static str,
    /// The cues the built-in model reads a tool result by, in this language
    /// ([`meaning`]): how it understands a loop's own tools, worded its own way.
    pub meanings: Meanings,
}

/// What the built-in model says, and the values it fills in where wording matters, when a loop
/// brings its own tools instead of the temple's. A field per sentence, as in [`Script`].
#[derive(Debug)]
pub struct ErrandWords {
    /// The request declared no tools: this model acts only through function calling.
    pub no_tools: &'static str,
    /// `{name}`: the first call of the errand.
    pub think_call: &'static str,
    /// `{name}`: the next tool, after one that worked.
    pub think_next: &'static str,
    /// `{name}`: the same tool again after an error, with other arguments.
    pub think_retry: &'static str,
    /// `{name}`: another tool, after one that failed or was refused.
    pub think_switch: &'static str,
    /// `{name}`: the tool that hands in the answer.
    pub think_finish: &'static str,
    /// `{tools}`, `{quote}`: the errand worked; it quotes what it read last.
    pub answer: &'static str,
    /// `{name}`, `{quote}`: nothing worked; it quotes the last error.
    pub answer_failed: &'static str,
    /// No tool it could use (only a finish tool, or none with a name): nothing was read.
    pub answer_nothing: &'static str,
    /// What it quotes when a call got no result at all.
    pub no_reply: &'static str,
    /// A search query.
    pub query: &'static str,
    /// Text to write, send or note.
    pub text: &'static str,
    /// A city, and another one for a second try.
    pub city: &'static str,
    pub city_other: &'static str,
    /// Cues of a result that says the thing asked for does not exist (lowercase, as in
    /// [`Meanings`]).
    pub not_found: &'static [&'static str],
    /// Cues of a result that says the call was refused: never made again the same way.
    pub refused: &'static [&'static str],
}

/// What a careless harness forwards when a tool raises: the pieces of a Python traceback, the
/// same in every language (a stack trace is not translated; only the sentence inside it is, by
/// the table). Each secret in it is fake and carries a marker the page can find
/// ([`crate::run::error_text::secrets_in`]).
pub mod raw {
    /// The first line of every stack trace.
    pub const TRACE_HEAD: &str = "Traceback (most recent call last):";
    /// Where the fake harness lives on the fake server: every file path in a dump starts so.
    pub const PATH_ROOT: &str = "/srv/temple-agent/";
    /// The scheme of the fake connection string.
    pub const DB_SCHEME: &str = "postgresql://";
    /// The fake password: clearly not a real one, and a canary a test can look for.
    pub const CANARY_PASSWORD: &str = "not-a-real-password-CANARY";
    /// The last line of every dump: the setting a careless harness prints with its exception.
    pub const DB_LINE: &str =
        "  while connected to DATABASE_URL=postgresql://temple_admin:not-a-real-password-CANARY@db.temple.internal:5432/temple";
    /// The frame every dump starts from: the harness's dispatch.
    pub const DISPATCH_FRAME: &str =
        "  File \"/srv/temple-agent/harness/dispatch.py\", line 214, in run_tool\n    result = call_tool(name, raw_args)";
}

/// The prefix that marks a tool result as a failure (Chat Completions has no error flag). It is
/// the same in every language, so a trace's errors can be found whatever it was held in.
pub const ERROR_PREFIX: &str = "Error: ";

pub static EN: Script = Script {
    system_prompt: "You are an adventurer in a temple hall. Act only through the tools. When the task is done, say so in one sentence.",
    task: "Open the temple door.",
    handover: "I'm sorry: I tried the same move twice and it did not work, so I'm stopping here and handing this over to a person.",
    describe_look_at: "Look closely at something in the temple hall and learn its state.",
    describe_use: "Use an item from your inventory on something in the hall.",
    field_target_look: "What to look at: room, door, lock, key or oil_can.",
    field_item: "The inventory item to use.",
    field_target_use: "What to use it on, such as door or lock.",
    see_room: "A quiet temple hall. Ahead stands a stone door with an iron lock. You carry a key and an oil can.",
    see_door_open: "The stone door stands open. Daylight spills through.",
    see_door_shut: "A heavy stone door, shut, with an iron lock.",
    see_lock_oiled: "The lock glistens with fresh oil.",
    see_lock_rusted: "The iron lock is crusted orange with rust.",
    see_key: "An old bronze key. It should fit the door's lock.",
    see_oil_can: "A small can of oil, nearly full.",
    nothing_there: "There is no {thing} here. You can look at: {targets}.",
    already_oiled: "The lock is already oiled.",
    oil_poured: "You pour oil into the lock. The rust softens.",
    already_open: "The door is already open.",
    key_stuck: "The key will not turn: the lock is rusted solid. Oil it first with use(item=\"oil_can\", target=\"lock\").",
    door_opens: "The key turns with a click and the temple door swings open.",
    door_relocks: "The key turns back with a clunk: the door swings shut and is locked again.",
    reply_lost: "{name} timed out before it replied. It may have gone through anyway: look before you call it again.",
    nothing_happens: "Nothing happens when you use the {item} on the {target}.",
    no_such_tool: "There is no tool called {name}. The tools you can call are {tools}.",
    args_not_json: "The arguments for {name} were not valid JSON. Send a JSON object such as {example}.",
    args_not_object: "The arguments for {name} must be a JSON object such as {example}.",
    field_missing: "{name} needs the field {field}, and it was missing. Example: {example}.",
    field_unknown: "{name} has no field {field}. Its fields are {fields}.",
    field_not_text: "The field {field} of {name} must be a string, like \"door\".",
    not_carried: "{value} is not an item you carry. {field} must be one of: {allowed}.",
    and: " and ",
    think_look: "I should look at the door first.",
    think_oil: "The lock is rusted. I'll oil it before trying the key again.",
    think_key_again: "I'll try the key again. It has to turn this time.",
    think_key_oiled: "The lock is oiled now. Trying the key.",
    think_key_first: "The door is shut. I'll try my key on it.",
    think_after_unknown_tool: "That tool does not exist. I'll call {name} instead.",
    think_after_bad_args: "My arguments were wrong. Calling {name} again, corrected.",
    think_check_first: "No reply from {name}, but it may have worked. I'll look before doing it again.",
    think_key_relocked: "The door locked again. I'll turn the key in the lock once more.",
    done: "The temple door is open. The lock was rusted, so I oiled it, and then the key turned.",
    think_unclear: "I can't make sense of what that call gave back. I'll try {name} instead.",
    lost: "I can't tell what the tools are telling me, so I'm stopping here: the door may still be shut.",
    meanings: Meanings {
        stuck: &[
            "rust", "won't turn", "will not turn", "wont turn", "doesn't turn", "does not turn", "can't turn",
            "cannot turn", "oil it first", "oil the lock first", "needs oil", "stuck", "jammed", "seized",
        ],
        opened: &[
            "swings open", "door opens", "door is open", "is now open", "already open", "stands open", "is open",
            "opened", "unlocked",
        ],
        relocked: &["locked again", "swings shut", "shut again", "closes again", "relock", "locks again"],
        oiled: &["oiled", "you oil", "pour oil", "poured oil", "fresh oil", "glistens", "lubricat"],
        failed: &[
            "nothing happens", "nothing happened", "unknown tool", "no tool", "not a tool", "invalid", "error",
            "failed", "exception", "can't", "cannot", "unable", "not valid", "don't have", "do not have",
            "not carried", "not in your inventory",
        ],
    },
};

/// The built-in model's words for an errand with a loop's own tools, in this language: a table
/// of its own beside [`Script`], so the adventure's tables (the first load's) do not carry it.
pub static ERRAND_EN: ErrandWords = ErrandWords {
    no_tools: "I can only act through tools (function calling), and this request declared none, so I can't call anything. Send your tools in the request's `tools` field and I'll use them.",
    think_call: "I'll start with {name}.",
    think_next: "That worked. Now {name}.",
    think_retry: "{name} gave an error. I'll call it once more with other arguments.",
    think_switch: "That did not work. I'll try {name} instead.",
    think_finish: "I have what I need. Handing in my answer with {name}.",
    answer: "Done. I used {tools}, and the last result read: \"{quote}\"",
    answer_failed: "I stopped: {name} did not work, and I won't keep trying blindly. The last error said: \"{quote}\"",
    answer_nothing: "I found no tool I could use for this errand, so I have nothing to report.",
    no_reply: "(no result came back)",
    query: "temple door",
    text: "Notes from the errand.",
    city: "Paris",
    city_other: "London",
    not_found: &[
        "not found", "no such file", "no such", "does not exist", "doesn't exist", "not exist", "unknown",
        "no results", "cannot find", "can't find", "could not find",
    ],
    refused: &[
        "permission denied", "denied", "refused", "forbidden", "not allowed", "not permitted", "unauthorized",
        "blocked",
    ],
};

/// The table of a language.
pub fn script(lang: Lang) -> &'static Script {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
        Lang::Zh => &ZH,
    }
}

/// The errand's table of a language ([`crate::run::errand`]).
pub fn errand_words(lang: Lang) -> &'static ErrandWords {
    match lang {
        Lang::En => &ERRAND_EN,
        Lang::Fr => &fr::ERRAND,
        Lang::Zh => &zh::ERRAND,
    }
}

/// Fills a template's named holes. A hole with no value is left as written, which a test of
/// every table catches.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').map(|close| (&after[..close], close)) {
            Some((name, close)) if name.chars().all(|c| c.is_ascii_lowercase()) && !name.is_empty() => {
                match values.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether `text` could have been written from `template`: its fixed pieces appear in order,
/// the first at the start. How the built-in model tells one error from another.
pub fn matches(text: &str, template: &str) -> bool {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        pieces.push(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    pieces.push(rest);
    let Some(first) = pieces.first() else { return true };
    let Some(mut at) = text.strip_prefix(first) else { return false };
    for piece in pieces.iter().skip(1).filter(|p| !p.is_empty()) {
        match at.find(piece) {
            Some(i) => at = &at[i + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Joins names the way the language lists them: "a, b and c".
pub fn list(s: &Script, names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [head @ .., last] => format!("{}{}{last}", head.join(", "), s.and),
    }
}

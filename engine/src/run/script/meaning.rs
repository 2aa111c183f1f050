//! What a tool result means, whoever wrote it. A loop brings its own tools and words their
//! results its own way ("Oil it first: use oil_can with lock.", `{"erreur": "ValueError: …"}`,
//! "锁锈死了"), so the built-in model reads a result by the cues each language's table lists
//! ([`Meanings`]), as a real model reads meaning rather than one exact sentence. It reads every
//! language's cues at once: a French page may run a loop whose tools speak English.

use super::{Lang, Script};

/// The cues of one language: short pieces of text, lowercase, with straight apostrophes. A
/// result holds a meaning when it holds one of its cues.
#[derive(Debug)]
pub struct Meanings {
    /// The key will not turn because the lock is rusted: oil it first.
    pub stuck: &'static [&'static str],
    /// The door opened, or is open.
    pub opened: &'static [&'static str],
    /// A turn of the key shut and locked the door again.
    pub relocked: &'static [&'static str],
    /// The lock is oiled.
    pub oiled: &'static [&'static str],
    /// Something went wrong, or nothing happened: the call did not do what was asked.
    pub failed: &'static [&'static str],
}

/// What one result says about the room, read by meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// The lock is rusted; the key will not turn.
    Stuck,
    Opened,
    Relocked,
    Oiled,
    /// A failure that says nothing more the model can use.
    Failed,
    /// Nothing the model understands.
    Unclear,
}

/// A result made comparable with the cues: lowercase, curly apostrophes straightened, JSON's
/// escaped quotes and non-breaking spaces plain, and a space in front, so a cue that starts a
/// word with a space finds the first word too.
pub fn normalised(text: &str) -> String {
    format!(" {text}")
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}', '\u{02bc}'], "'")
        .replace(['\u{a0}', '\u{202f}'], " ")
        .replace("\\\"", "\"")
        .replace("\\'", "'")
}

/// The words of a result: a JSON result's strings (a loop's `{"output": …, "isError": false}`
/// is read by its output, not by its keys), or the text itself.
fn words(text: &str) -> String {
    fn strings(v: &serde_json::Value, out: &mut String) {
        match v {
            serde_json::Value::String(s) => {
                out.push(' ');
                out.push_str(s);
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
            _ => {}
        }
    }
    let t = text.trim();
    if t.starts_with(['{', '[', '"']) {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(t) {
            let mut out = String::new();
            strings(&v, &mut out);
            return normalised(&out);
        }
    }
    normalised(text)
}

fn tables() -> [&'static Meanings; 3] {
    Lang::ALL.map(|l| &super::script(l).meanings)
}

fn holds(text: &str, pick: fn(&Meanings) -> &'static [&'static str]) -> bool {
    tables().into_iter().any(|m| pick(m).iter().any(|cue| text.contains(cue)))
}

/// Whether a result reads as a failure by its wrapper: `Error: …`, `ValueError: …`,
/// `{"error": …}`, `{"erreur": …}`, `{"ok": false}`, `{"is_error": true}`, `错误：…`, or a
/// Python traceback. (A result that only *says* something went wrong is read by its cues.)
pub fn wrapped_as_failure(text: &str) -> bool {
    let t = text.trim_start();
    let lower = normalised(t);
    let lower = lower.trim_start();
    if lower.starts_with("traceback") {
        return true;
    }
    // `Error:`, `ValueError:`, `RuntimeError :`, `Exception:`, `erreur :`, `错误：`: one word, then
    // a colon, on the first line.
    let first_line = lower.lines().next().unwrap_or_default();
    if let Some(colon) = first_line.find([':', '：']) {
        let head = first_line[..colon].trim();
        if !head.is_empty()
            && !head.contains(' ')
            && (head.ends_with("error") || head.ends_with("exception") || head == "erreur" || head == "错误")
        {
            return true;
        }
    }
    if t.starts_with('{') {
        if let Ok(serde_json::Value::Object(o)) = serde_json::from_str::<serde_json::Value>(t) {
            let truthy = |k: &str| o.get(k).is_some_and(|v| v.as_bool() == Some(true));
            return ["error", "erreur", "err", "错误", "exception"]
                .iter()
                .any(|k| o.get(*k).is_some_and(|v| !v.is_null()))
                || o.get("ok").and_then(|v| v.as_bool()) == Some(false)
                || o.get("success").and_then(|v| v.as_bool()) == Some(false)
                || truthy("is_error")
                || truthy("isError");
        }
    }
    false
}

/// What a result of `use(item, …)` means. A key's result is read for the rust first ("the key
/// won't turn: oil it first" names oil too), then for a door locked again, then for an open
/// door; a result wrapped as a failure never opened anything.
pub fn meaning_of_use(item: &str, text: &str) -> Meaning {
    let t = words(text);
    let failed = wrapped_as_failure(text) || holds(&t, |m| m.failed);
    // Oil poured says what it did to the rust ("the rust softens"): an oil can's result is read
    // for a failure only.
    if item == "oil_can" {
        return if failed { Meaning::Failed } else { Meaning::Oiled };
    }
    if holds(&t, |m| m.stuck) {
        return Meaning::Stuck;
    }
    if failed {
        return Meaning::Failed;
    }
    if holds(&t, |m| m.relocked) {
        return Meaning::Relocked;
    }
    if holds(&t, |m| m.opened) {
        return Meaning::Opened;
    }
    if holds(&t, |m| m.oiled) {
        return Meaning::Oiled;
    }
    Meaning::Unclear
}

/// What a successful look shows: an open door, an oiled lock (read before the rust: "the rust
/// softens" is an oiled lock), a rusted one, or nothing of note.
pub fn meaning_of_look(text: &str) -> Meaning {
    let t = words(text);
    if wrapped_as_failure(text) {
        return Meaning::Failed;
    }
    if holds(&t, |m| m.opened) && !holds(&t, |m| m.failed) {
        return Meaning::Opened;
    }
    if holds(&t, |m| m.oiled) {
        return Meaning::Oiled;
    }
    if holds(&t, |m| m.stuck) {
        return Meaning::Stuck;
    }
    Meaning::Unclear
}

/// Whether the table's own sentences read as they mean: used by the tests of every table.
pub fn reads_its_own(s: &Script) -> bool {
    meaning_of_use("key", s.key_stuck) == Meaning::Stuck
        && meaning_of_use("key", s.door_opens) == Meaning::Opened
        && meaning_of_use("key", s.already_open) == Meaning::Opened
        && meaning_of_use("key", s.door_relocks) == Meaning::Relocked
        && meaning_of_use("oil_can", s.oil_poured) == Meaning::Oiled
        && meaning_of_use("oil_can", s.already_oiled) == Meaning::Oiled
        && meaning_of_look(s.see_door_open) == Meaning::Opened
        && meaning_of_look(s.see_lock_oiled) == Meaning::Oiled
        && meaning_of_look(s.see_lock_rusted) == Meaning::Stuck
        && meaning_of_look(s.see_door_shut) == Meaning::Unclear
        && meaning_of_look(s.see_room) == Meaning::Unclear
}

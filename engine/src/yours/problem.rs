//! A mistake in the learner's code, as the page tells it, at its line: found by the type stripper
//! before anything ran (a syntax error), or read from how a run ended (a bug the JavaScript engine
//! caught, a package or Node's `process` the page does not have, no `runAgent` to run). Data only:
//! the page words it in its language and marks its line in the editor.

use crate::yours::observe::{End, Mistake, Observed};
use serde::{Deserialize, Serialize};

/// What is wrong with the code itself, rather than with how it met a failure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CodeProblem {
    /// The code could not be read (the stripper's message), at this line and column.
    Syntax { message: String, line: u32, column: u32 },
    /// The JavaScript engine raised `name` (a `TypeError`...) with `message` at this line.
    Bug { name: String, message: String, line: u32 },
    /// `import` or `require` of a package, at its line when the stack told it.
    Package { name: String, line: Option<u32> },
    /// Node's `process` (`process.env.OPENAI_API_KEY`), at its line when the stack told it.
    Process { line: Option<u32> },
    /// No `runAgent` (nor `run_agent`), and the top level asked nothing: the functions it did
    /// define.
    NoAgent { found: Vec<String> },
    /// `input()` (or `prompt()`) before any request: the code waits for someone to type.
    Input { line: Option<u32> },
    /// A name only a web page has (`document`, `window`): code written for a page's DOM.
    WebPage { name: String, line: Option<u32> },
    /// The code ended without sending the model a single request: it returned, or threw an
    /// error of its own (`threw`, at `line`), before its first call.
    NoRequest { threw: Option<String>, line: Option<u32> },
}

/// The names of the errors JavaScript and Python raise for a bug in the code: thrown at a line
/// of it, one of these is a mistake in the code, not a failure the page played.
const ENGINE_ERRORS: [&str; 13] = [
    "TypeError",
    "ReferenceError",
    "RangeError",
    "SyntaxError",
    "EvalError",
    // Python's
    "NameError",
    "AttributeError",
    "IndentationError",
    "TabError",
    "UnboundLocalError",
    "KeyError",
    "IndexError",
    "ZeroDivisionError",
];

/// Names that only a web page's main thread has: code that reaches for one was written for a
/// page's DOM. `prompt` is apart: it asks a person to type ([`Mistake::Input`]).
const WEB_PAGE_NAMES: [&str; 8] =
    ["document", "window", "localStorage", "sessionStorage", "alert", "confirm", "location", "history"];

impl Mistake {
    /// The mistake a throw of `name` at a known line of the code shows, if the engine raises it.
    pub fn bug_named(name: &str) -> Option<Mistake> {
        ENGINE_ERRORS.contains(&name).then(|| Mistake::Bug { name: name.to_string() })
    }

    /// The mistake a `ReferenceError` (JavaScript) of `message` shows when the name it could not
    /// find is a web page's own, or `prompt`: read from V8's own wording, `x is not defined`.
    pub fn of_reference_error(name: &str, message: &str) -> Option<Mistake> {
        if name != "ReferenceError" {
            return None;
        }
        let missing = message.strip_suffix(" is not defined").or_else(|| message.split(" is not defined").next())?;
        let missing = missing.trim();
        if missing == "prompt" {
            Some(Mistake::Input)
        } else if WEB_PAGE_NAMES.contains(&missing) {
            Some(Mistake::WebPage { name: missing.to_string() })
        } else {
            None
        }
    }
}

impl CodeProblem {
    /// The problem a run's end shows, if any: a throw the page recognised, or no `runAgent`.
    /// A throw of the code's own (`throw new Error(...)` when a call fails for good) is the
    /// loop's decision, not a problem of the code.
    pub fn of_end(how: &End) -> Option<CodeProblem> {
        match how {
            End::Threw { message, line, mistake: Some(mistake) } => Some(match mistake {
                Mistake::Package { name } => CodeProblem::Package { name: name.clone(), line: *line },
                Mistake::Process => CodeProblem::Process { line: *line },
                Mistake::Bug { name } => {
                    CodeProblem::Bug { name: name.clone(), message: message.clone(), line: (*line)? }
                }
                Mistake::Input => CodeProblem::Input { line: *line },
                Mistake::WebPage { name } => CodeProblem::WebPage { name: name.clone(), line: *line },
            }),
            End::NoAgent { found } => Some(CodeProblem::NoAgent { found: found.clone() }),
            _ => None,
        }
    }

    /// The problem of a recorded run, from its end; and a run that ended by itself (a return,
    /// a throw of its own) without sending a single request never reached the model.
    pub fn of_run(observed: &[Observed]) -> Option<CodeProblem> {
        let how = observed.iter().rev().find_map(|o| match o {
            Observed::End { how, .. } => Some(how),
            _ => None,
        })?;
        if let Some(problem) = CodeProblem::of_end(how) {
            return Some(problem);
        }
        let asked = observed.iter().any(|o| matches!(o, Observed::Request { .. } | Observed::SpentSignal { .. }));
        match how {
            _ if asked => None,
            End::Returned { .. } => Some(CodeProblem::NoRequest { threw: None, line: None }),
            End::Threw { message, line, .. } => {
                Some(CodeProblem::NoRequest { threw: Some(message.clone()), line: *line })
            }
            _ => None,
        }
    }

    /// The editor's line it is at (1-based), when known.
    pub fn line(&self) -> Option<u32> {
        match self {
            CodeProblem::Syntax { line, .. } | CodeProblem::Bug { line, .. } => Some(*line),
            CodeProblem::Package { line, .. }
            | CodeProblem::Process { line }
            | CodeProblem::Input { line }
            | CodeProblem::WebPage { line, .. }
            | CodeProblem::NoRequest { line, .. } => *line,
            CodeProblem::NoAgent { .. } => None,
        }
    }

    /// The column it is at (1-based), when known: only the stripper gives one.
    pub fn column(&self) -> Option<u32> {
        match self {
            CodeProblem::Syntax { column, .. } => Some(*column),
            _ => None,
        }
    }

    /// A short, stable name for test hooks.
    pub fn slug(&self) -> &'static str {
        match self {
            CodeProblem::Syntax { .. } => "syntax",
            CodeProblem::Bug { .. } => "bug",
            CodeProblem::Package { .. } => "package",
            CodeProblem::Process { .. } => "process",
            CodeProblem::NoAgent { .. } => "no-agent",
            CodeProblem::Input { .. } => "input",
            CodeProblem::WebPage { .. } => "web-page",
            CodeProblem::NoRequest { .. } => "no-request",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bug_is_a_problem_only_at_a_line_and_a_throw_of_the_codes_own_never_is() {
        let bug = Mistake::bug_named("TypeError");
        assert_eq!(bug, Some(Mistake::Bug { name: "TypeError".into() }));
        assert_eq!(Mistake::bug_named("Error"), None);
        // Python's bugs too; its HTTP and network errors are failures the page played.
        assert_eq!(Mistake::bug_named("NameError"), Some(Mistake::Bug { name: "NameError".into() }));
        assert_eq!(Mistake::bug_named("HTTPError"), None);
        assert_eq!(Mistake::bug_named("TimeoutError"), None);
        let at = |line| End::Threw { message: "x is undefined".into(), line, mistake: bug.clone() };
        assert_eq!(
            CodeProblem::of_end(&at(Some(7))),
            Some(CodeProblem::Bug { name: "TypeError".into(), message: "x is undefined".into(), line: 7 })
        );
        assert_eq!(CodeProblem::of_end(&at(None)), None);
        let own = End::Threw { message: "the server refused (401)".into(), line: Some(40), mistake: None };
        assert_eq!(CodeProblem::of_end(&own), None);
    }

    #[test]
    fn a_package_process_and_no_agent_are_problems_with_their_line() {
        let package = End::Threw {
            message: "no packages".into(),
            line: Some(1),
            mistake: Some(Mistake::Package { name: "openai".into() }),
        };
        let p = CodeProblem::of_end(&package).unwrap();
        assert_eq!((p.slug(), p.line(), p.column()), ("package", Some(1), None));
        let process =
            End::Threw { message: "process is not defined".into(), line: None, mistake: Some(Mistake::Process) };
        assert_eq!(CodeProblem::of_end(&process), Some(CodeProblem::Process { line: None }));
        let none = End::NoAgent { found: vec!["agentLoop".into()] };
        let observed = [Observed::End { t_ms: 0, how: none }];
        assert_eq!(CodeProblem::of_run(&observed), Some(CodeProblem::NoAgent { found: vec!["agentLoop".into()] }));
        assert_eq!(CodeProblem::of_end(&End::Returned { value: None }), None);
    }

    #[test]
    fn a_web_pages_names_and_prompt_are_told_apart_from_other_missing_names() {
        let of = Mistake::of_reference_error;
        assert_eq!(of("ReferenceError", "document is not defined"), Some(Mistake::WebPage { name: "document".into() }));
        assert_eq!(of("ReferenceError", "window is not defined"), Some(Mistake::WebPage { name: "window".into() }));
        assert_eq!(of("ReferenceError", "prompt is not defined"), Some(Mistake::Input));
        assert_eq!(of("ReferenceError", "callModel is not defined"), None);
        assert_eq!(of("TypeError", "document is not defined"), None);
        let at = |mistake| End::Threw { message: "m".into(), line: Some(4), mistake: Some(mistake) };
        assert_eq!(CodeProblem::of_end(&at(Mistake::Input)), Some(CodeProblem::Input { line: Some(4) }));
        let page = CodeProblem::of_end(&at(Mistake::WebPage { name: "document".into() })).unwrap();
        assert_eq!((page.slug(), page.line()), ("web-page", Some(4)));
    }

    #[test]
    fn a_run_that_ended_before_its_first_request_never_reached_the_model() {
        let end = |how| [Observed::End { t_ms: 0, how }];
        assert_eq!(
            CodeProblem::of_run(&end(End::Returned { value: Some("done".into()) })),
            Some(CodeProblem::NoRequest { threw: None, line: None })
        );
        let own = End::Threw { message: "no key".into(), line: Some(9), mistake: None };
        assert_eq!(
            CodeProblem::of_run(&end(own)),
            Some(CodeProblem::NoRequest { threw: Some("no key".into()), line: Some(9) })
        );
        // Stopped, blocked or crashed: said elsewhere, not a problem of the code's own end.
        assert_eq!(CodeProblem::of_run(&end(End::Stopped)), None);
        assert_eq!(CodeProblem::of_run(&end(End::SandboxError { message: "x".into() })), None);
    }

    #[test]
    fn the_ends_new_fields_read_from_the_hosts_json_and_old_records_still_read() {
        let end: End = serde_json::from_str(r#"{"type":"threw","message":"m"}"#).unwrap();
        assert_eq!(end, End::threw("m"));
        let end: End =
            serde_json::from_str(r#"{"type":"threw","message":"m","line":3,"mistake":{"kind":"process"}}"#).unwrap();
        assert_eq!(end, End::Threw { message: "m".into(), line: Some(3), mistake: Some(Mistake::Process) });
        let end: End = serde_json::from_str(r#"{"type":"no-agent","found":["agentLoop"]}"#).unwrap();
        assert_eq!(end, End::NoAgent { found: vec!["agentLoop".into()] });
    }
}

//! Your own loop's words (`?view=yours`), all three languages, and its starting code: a
//! from-scratch loop in our own words whose comments speak the page's language. Only the view's
//! part reads them.

mod en;
pub mod exercises;
mod fr;
mod python;
mod zh;

use rusty_lock_engine::yours::code_lang::CodeLang;

pub use en::YOURS as EN;
pub use fr::YOURS as FR;
pub use zh::YOURS as ZH;

/// What the page answered for the environment names a run read: a key, a server's address, a
/// model's name (the sandboxes' rule, by the name's ending: `_KEY`/`_TOKEN`/`_SECRET`, `_URL`/
/// `_ENDPOINT`/`_BASE`, `_MODEL`), so the line under the editor says only what was given.
pub(crate) fn env_kinds(names: &[String]) -> (bool, bool, bool) {
    let ends = |n: &str, tails: &[&str]| tails.iter().any(|t| n == t.trim_start_matches('_') || n.ends_with(t));
    let upper = |n: &String| n.to_ascii_uppercase();
    let key = names.iter().any(|n| ends(&upper(n), &["_KEY", "_TOKEN", "_SECRET"]));
    let url = names.iter().any(|n| ends(&upper(n), &["_URL", "_ENDPOINT", "_BASE"]));
    let model = names.iter().any(|n| ends(&upper(n), &["_MODEL", "_MODEL_NAME", "_MODEL_ID"]));
    (key, url, model)
}

/// The code the editor starts with in `lang`, written in `code`: it earns a perfect report card.
/// One template per language of code (`src/text/loop/loop.js`, `src/text/loop/loop.py`: the same
/// loop, one function per layer), so a fix to the loop is made once there; each page language
/// fills its `⟦n⟧` lines with its own words (`LOOP` in `en.rs`, `fr.rs`, `zh.rs`; `PY_LOOP` in
/// `python/en.rs`, `python/fr.rs`, `python/zh.rs`).
pub fn starting_code_in(lang: super::Lang, code: CodeLang) -> String {
    let marked = starting_code_marked(lang, code);
    let lines: Vec<&str> = marked.split('\n').filter(|l| !(l.starts_with('⟪') && l.ends_with('⟫'))).collect();
    lines.join("\n")
}

/// The template of the loop in `code`.
fn template(code: CodeLang) -> &'static str {
    match code {
        CodeLang::JavaScript => include_str!("../loop/loop.js"),
        CodeLang::Python => include_str!("../loop/loop.py"),
    }
}

/// The starting code with its regions' markers (`⟪name⟫ … ⟪/⟫`) still in: what the exercises cut.
fn starting_code_marked(lang: super::Lang, code: CodeLang) -> String {
    let words: &[&str] = match (code, lang) {
        (CodeLang::JavaScript, super::Lang::En) => &en::LOOP,
        (CodeLang::JavaScript, super::Lang::Fr) => &fr::LOOP,
        (CodeLang::JavaScript, super::Lang::Zh) => &zh::LOOP,
        (CodeLang::Python, lang) => python::loop_words(lang),
    };
    let template = template(code);
    let mut out = String::with_capacity(template.len() + 1024);
    for (i, line) in template.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let slot = line.strip_prefix('⟦').and_then(|l| l.strip_suffix('⟧')).and_then(|n| n.parse::<usize>().ok());
        match slot.and_then(|n| words.get(n)) {
            Some(filled) => out.push_str(filled),
            None => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starting_code(lang: super::super::Lang) -> String {
        starting_code_in(lang, CodeLang::JavaScript)
    }

    #[test]
    fn every_language_fills_every_line_of_the_starting_code() {
        let slots = include_str!("../loop/loop.js").matches('⟦').count();
        for lang in super::super::Lang::ALL {
            let code = starting_code(lang);
            assert!(!code.contains('⟦') && !code.contains('⟧'), "{lang:?} left a slot empty");
            assert!(code.contains("async function runAgent(task)"), "{lang:?}");
        }
        assert_eq!(slots, en::LOOP.len());
        assert_eq!(slots, fr::LOOP.len());
        assert_eq!(slots, zh::LOOP.len());
    }

    /// Every mistake of the code is said in each language: its line, what it found, and what to
    /// write instead (`LLM.apiKey`, `fetch` with the server's address, `runAgent`).
    #[test]
    fn every_code_problem_is_said_at_its_line_with_what_to_write_instead() {
        use crate::text::Yours as _;
        use rusty_lock_engine::yours::problem::CodeProblem;
        let problems = [
            (
                CodeProblem::Syntax { message: "Unexpected token".into(), line: 3, column: 9 },
                vec!["3", "9", "Unexpected token"],
            ),
            (
                CodeProblem::Bug { name: "TypeError".into(), message: "x.map is not a function".into(), line: 12 },
                vec!["12", "TypeError", "x.map is not a function"],
            ),
            (
                CodeProblem::Package { name: "openai".into(), line: Some(1) },
                vec!["1", "openai", "fetch(`${LLM.baseURL}/chat/completions`", "look_at", "LLM.apiKey"],
            ),
            (CodeProblem::Process { line: Some(4) }, vec!["4", "LLM.apiKey", "LLM.baseURL", "LLM.model"]),
            (
                CodeProblem::NoAgent { found: vec!["agentLoop".into(), "callModel".into()] },
                vec!["runAgent", "run_agent", "agentLoop", "callModel"],
            ),
            (CodeProblem::NoAgent { found: vec![] }, vec!["runAgent"]),
            (CodeProblem::Input { line: Some(6) }, vec!["6", "prompt()", "runAgent(task)"]),
            (CodeProblem::WebPage { name: "document".into(), line: Some(2) }, vec!["2", "document", "fetch"]),
            (CodeProblem::NoRequest { threw: None, line: None }, vec!["runAgent(task)"]),
            (CodeProblem::NoRequest { threw: Some("no key set".into()), line: Some(8) }, vec!["8", "no key set"]),
        ];
        let words: [&dyn crate::text::Yours; 3] = [&crate::text::en::En, &crate::text::fr::Fr, &crate::text::zh::Zh];
        for (i, said) in words.iter().enumerate() {
            let mut seen = Vec::new();
            for (problem, must) in &problems {
                let sentence = said.yours_problem(problem, rusty_lock_engine::yours::code_lang::CodeLang::JavaScript);
                for part in must {
                    assert!(
                        sentence.contains(part),
                        "language {i}, {}: {part:?} missing from {sentence:?}",
                        problem.slug()
                    );
                }
                assert!(!seen.contains(&sentence), "two problems said alike: {sentence}");
                seen.push(sentence);
            }
            // Without a line, no line is made up.
            let unplaced = said.yours_problem(
                &CodeProblem::Process { line: None },
                rusty_lock_engine::yours::code_lang::CodeLang::JavaScript,
            );
            assert!(!unplaced.chars().any(|c| c.is_ascii_digit()), "{unplaced}");
            // In Python: input() and run_agent, never JavaScript's prompt() or runAgent.
            let python = rusty_lock_engine::yours::code_lang::CodeLang::Python;
            let input = said.yours_problem(&CodeProblem::Input { line: Some(3) }, python);
            assert!(input.contains("input()") && input.contains("EOFError") && input.contains('3'), "{input}");
            let none = said.yours_problem(&CodeProblem::NoRequest { threw: None, line: None }, python);
            assert!(none.contains("run_agent(task)") && !none.contains("runAgent"), "{none}");
        }
    }

    /// The browser tests build their solutions from the English starting code: this keeps their
    /// copy (`tests/e2e/loops/robust-en.js`) the same. `UPDATE_FIXTURES=1` rewrites it.
    #[test]
    fn the_browser_tests_copy_of_the_starting_code_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/loops/robust-en.js");
        let code = starting_code(super::super::Lang::En) + "\n";
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &code).expect("write the fixture");
        }
        let copy = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            copy == code,
            "{path} is stale: run UPDATE_FIXTURES=1 cargo test -p rusty-lock --bins copy_of_the_starting_code"
        );
    }
}

//! The exercises' words and code, all three languages, in the view's part (and the kit's, which
//! lists them). Each exercise's starting code is the robust loop (`src/text/loop/loop.js`) with one
//! region (`⟪name⟫ … ⟪/⟫`) replaced by a gap: a few lines of code that fall short, under a
//! comment in the page's language saying what to do. Its solution is that region as the robust
//! loop has it. So the loop is written once, and a fix to it reaches every exercise.

mod en;
mod fr;
mod python;
mod zh;

use crate::text::Lang;
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::exercise::{Check, ExerciseId};

/// The track's fixed words. Sentences with `{name}` are filled by [`fill`].
pub struct ExerciseLabels {
    pub track_title: &'static str,
    pub track_hint: &'static str,
    pub exercise_of: &'static str,
    pub solved_count: &'static str,
    pub solved_mark: &'static str,
    pub goal: &'static str,
    pub must_pass: &'static str,
    /// Between a case's name and what went wrong with it (a colon, in the language's spacing).
    pub case_sep: &'static str,
    pub check_button: &'static str,
    pub checking: &'static str,
    pub hint_button: &'static str,
    pub solution_button: &'static str,
    pub solution_note: &'static str,
    pub passed: &'static str,
    pub failed: &'static str,
    pub check_failed: &'static str,
    pub cost: &'static str,
    pub next: &'static str,
    pub last: &'static str,
    pub copy_progress: &'static str,
    pub progress_copied: &'static str,
    pub reset_progress: &'static str,
    pub reset_done: &'static str,
    pub progress_from_link: &'static str,
    pub progress_damaged: &'static str,
    pub exercise_damaged: &'static str,
    pub teacher_title: &'static str,
    pub teacher_goal: &'static str,
    pub teacher_damaged: &'static str,
    pub make_your_own: &'static str,
    pub start_track: &'static str,
    pub agenda_title: &'static str,
    pub agenda_hint: &'static str,
}

/// One exercise's words.
pub struct ExerciseWords {
    pub title: &'static str,
    /// The goal, in one sentence.
    pub goal: &'static str,
    pub hint: &'static str,
    /// Shown once it passes: which layer this was, and why it matters.
    pub explanation: &'static str,
    /// The gap's comment, a line per line (without `//`).
    pub gap: &'static str,
}

pub fn labels(lang: Lang) -> &'static ExerciseLabels {
    match lang {
        Lang::En => &en::LABELS,
        Lang::Fr => &fr::LABELS,
        Lang::Zh => &zh::LABELS,
    }
}

pub fn words(lang: Lang, id: ExerciseId) -> &'static ExerciseWords {
    let all = match lang {
        Lang::En => &en::EXERCISES,
        Lang::Fr => &fr::EXERCISES,
        Lang::Zh => &zh::EXERCISES,
    };
    &all[id.number() - 1]
}

/// What a check asks for, as a sentence that ends "one thing is still missing: …".
pub fn check_words(lang: Lang, check: Check) -> &'static str {
    let all = match lang {
        Lang::En => &en::CHECKS,
        Lang::Fr => &fr::CHECKS,
        Lang::Zh => &zh::CHECKS,
    };
    all[match check {
        Check::NamesTheTools => 0,
        Check::StopsAtFirstRepeat => 1,
        Check::NamesWhatWasMissing => 2,
    }]
}

/// `template` with each `{name}` replaced by its value: the engine's own filler, as the
/// sentences of the run use it.
pub use rusty_lock_engine::run::script::fill;

/// The region of the loop an exercise opens, and the code that stands in it at the start.
/// `⟦gap⟧` is the gap's comment, at that line's indent.
fn gap_of(id: ExerciseId) -> (&'static str, &'static str) {
    match id {
        ExerciseId::ToolErrorBack => ("tool-call", "  ⟦gap⟧\n  return { output: await tool(args), isError: false };"),
        ExerciseId::UnknownTool => ("unknown-tool", "    ⟦gap⟧\n    throw new Error(`no tool named ${name}`);"),
        // The loop's own `use` checks the bag first; a bag without the item throws a TypeError,
        // and so does calling a tool that is not there: one catch takes both for an unknown tool.
        ExerciseId::ErrorInsideTool => (
            "dispatch",
            r#"⟦gap⟧
const bag = new Set(['key', 'oil_can']);
const myTools = {
  ...tools,
  use: (args) => {
    if (!bag.has(args.item)) throw new TypeError(`${args.item} is not in the bag`);
    return tools.use(args);
  },
};

async function runTool(call) {
  const name = call.function.name;
  try {
    const args = JSON.parse(call.function.arguments || '{}');
    return { output: await myTools[name](args), isError: false };
  } catch (err) {
    if (err instanceof TypeError) return { output: `Error: there is no tool named ${name}.`, isError: true };
    return { output: `Error: ${err.message}`, isError: true };
  }
}"#,
        ),
        ExerciseId::Retry => (
            "retry",
            r#"  ⟦gap⟧
  const res = await fetch(`${LLM.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${LLM.apiKey}` },
    body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`the model's server answered ${res.status}`);
  return (await res.json()).choices[0];"#,
        ),
        ExerciseId::NoRetryPermanent => ("permanent", "    ⟦gap⟧\n    const passes = true;"),
        ExerciseId::RetryAfter => ("retry-after", "  ⟦gap⟧"),
        ExerciseId::Watchdog => ("watchdog", "        ⟦gap⟧"),
        ExerciseId::SameCallTwice => (
            "guard",
            r#"    ⟦gap⟧
    for (const call of calls) {
      const { output } = await runTool(call);
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }"#,
        ),
        ExerciseId::NoLeaks => (
            "tool-error",
            "    ⟦gap⟧\n    return { output: `Error in ${name}: ${err.stack} [config: ${JSON.stringify(LLM)}]`, isError: true };",
        ),
        ExerciseId::ToolChanged => (
            "tool-call",
            r#"  ⟦gap⟧
  for (let attempt = 1; ; attempt++) {
    try {
      return { output: await tool(args), isError: false };
    } catch (err) {
      if (attempt === 2) return { output: `Error: ${String(err.message).split('\n')[0]}`, isError: true };
    }
  }"#,
        ),
    }
}

/// The marker line's region name: `⟪name⟫` opens, `⟪/⟫` closes (`Some("")`).
fn marker(line: &str) -> Option<&str> {
    line.strip_prefix('⟪').and_then(|l| l.strip_suffix('⟫')).map(|n| n.strip_prefix('/').map_or(n, |_| ""))
}

/// The region of the loop in `code` an exercise opens, and the code that stands in it at the start.
fn gap_in(id: ExerciseId, code: CodeLang) -> (&'static str, &'static str) {
    match code {
        CodeLang::JavaScript => gap_of(id),
        CodeLang::Python => python::gap_of(id),
    }
}

/// The robust loop in `lang` and `code`, with `region` (if any) replaced by `with`, and every
/// marker gone. Returns the code, and the region's own lines as the robust loop has them.
fn assemble(lang: Lang, code: CodeLang, region: Option<&str>, with: &str) -> (String, String) {
    let filled = super::starting_code_marked(lang, code);
    let mut out: Vec<String> = Vec::new();
    let mut inside: Vec<String> = Vec::new();
    let mut depth = 0usize; // markers open inside the replaced region
    let mut replacing = false;
    for line in filled.split('\n') {
        match marker(line) {
            Some(name) if !name.is_empty() => {
                if replacing {
                    depth += 1;
                } else if Some(name) == region {
                    replacing = true;
                    out.push(with.to_string());
                }
            }
            Some(_) => {
                if replacing && depth > 0 {
                    depth -= 1;
                } else if replacing {
                    replacing = false;
                }
            }
            None if replacing => inside.push(line.to_string()),
            None => out.push(line.to_string()),
        }
    }
    (out.join("\n"), inside.join("\n"))
}

/// The comment of the gap, at `indent`, as a comment of `code` (`//` or `#`). Python's takes its
/// own words where the JavaScript ones name what Python does not have (`fetch`, `isError`).
fn gap_comment(lang: Lang, id: ExerciseId, indent: &str, code: CodeLang) -> String {
    let (mark, text) = match code {
        CodeLang::JavaScript => ("//", words(lang, id).gap),
        CodeLang::Python => ("#", super::python::gap(lang, id).unwrap_or(words(lang, id).gap)),
    };
    text.lines().map(|l| format!("{indent}{mark} {l}")).collect::<Vec<_>>().join("\n")
}

/// The exercise's starting code in `lang`, written in `code`: the robust loop with its gap.
pub fn starting_code_in(lang: Lang, id: ExerciseId, code: CodeLang) -> String {
    let (region, gap) = gap_in(id, code);
    let with: Vec<String> = gap
        .split('\n')
        .map(|line| match line.trim_start() {
            "⟦gap⟧" => gap_comment(lang, id, &line[..line.len() - "⟦gap⟧".len()], code),
            _ => line.to_string(),
        })
        .collect();
    assemble(lang, code, Some(region), &with.join("\n")).0
}

/// The exercise's solution in `code`: the lines of its robust loop that fill the gap.
pub fn solution_in(lang: Lang, id: ExerciseId, code: CodeLang) -> String {
    let (region, _) = gap_in(id, code);
    let lines = assemble(lang, code, Some(region), "").1;
    // Shown on its own: the common indent goes.
    let indent =
        lines.lines().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    lines.lines().map(|l| l.get(indent..).unwrap_or(l.trim_start())).collect::<Vec<_>>().join("\n")
}

/// The exercise's hint for a loop written in `code`: Python's names where JavaScript's would not
/// fit (`urlopen`, `json.dumps`, `logging`).
pub fn hint_in(lang: Lang, id: ExerciseId, code: CodeLang) -> &'static str {
    match code {
        CodeLang::JavaScript => words(lang, id).hint,
        CodeLang::Python => super::python::hint(lang, id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starting_code(lang: Lang, id: ExerciseId) -> String {
        starting_code_in(lang, id, CodeLang::JavaScript)
    }

    fn solution(lang: Lang, id: ExerciseId) -> String {
        solution_in(lang, id, CodeLang::JavaScript)
    }

    #[test]
    fn every_exercise_opens_a_region_that_the_loop_has_and_leaves_no_marker() {
        for lang in Lang::ALL {
            let whole = super::super::starting_code_in(lang, CodeLang::JavaScript);
            assert!(!whole.contains('⟪') && !whole.contains('⟫'), "{lang:?}");
            for id in ExerciseId::ALL {
                let code = starting_code(lang, id);
                assert!(!code.contains('⟪') && !code.contains('⟦'), "{lang:?} {id:?}");
                assert_ne!(code, whole, "{lang:?} {id:?}: the gap changed nothing");
                assert!(code.contains("✎"), "{lang:?} {id:?}: no gap comment");
                assert!(code.contains("async function runAgent(task)"), "{lang:?} {id:?}");
                let solution = solution(lang, id);
                assert!(!solution.trim().is_empty(), "{lang:?} {id:?}: empty solution");
                assert!(!solution.contains('⟪'), "{lang:?} {id:?}");
            }
        }
    }

    #[test]
    fn nested_regions_are_replaced_whole_and_the_rest_stays_the_robust_loop() {
        // The tool-call region holds the tool-error region: replacing the outer drops the inner.
        let code = starting_code(Lang::En, ExerciseId::ToolErrorBack);
        assert!(!code.contains("console.warn(err)"));
        assert!(code.contains("there is no tool named"), "the unknown-tool branch is kept");
        // The inner alone leaves the outer's try around it.
        let code = starting_code(Lang::En, ExerciseId::NoLeaks);
        assert!(code.contains("} catch (err) {\n    // ✎"));
        assert!(code.contains("err.stack"));
        assert_eq!(solution(Lang::En, ExerciseId::Watchdog), "signal: AbortSignal.timeout(CALL_TIMEOUT_MS),");
    }

    #[test]
    fn every_language_says_every_exercise() {
        for lang in Lang::ALL {
            for id in ExerciseId::ALL {
                let w = words(lang, id);
                for (field, text) in [
                    ("title", w.title),
                    ("goal", w.goal),
                    ("hint", w.hint),
                    ("explanation", w.explanation),
                    ("gap", w.gap),
                ] {
                    assert!(!text.trim().is_empty(), "{lang:?} {id:?} {field}");
                }
            }
            let l = labels(lang);
            assert!(l.exercise_of.contains("{n}") && l.exercise_of.contains("{total}"), "{lang:?}");
            assert!(l.cost.contains("{yours}") && l.cost.contains("{best}"), "{lang:?}");
        }
    }
}

//! The exercises' gaps in Python: the same regions of the robust loop as in JavaScript
//! (`src/text/loop/loop.py` marks them with the same names), so one exercise cuts the same skill
//! in either language. Each gap is code that falls short, under the gap's comment.

use rusty_lock_engine::yours::exercise::ExerciseId;

/// The region of `loop.py` an exercise opens, and the code that stands in it at the start.
/// `⟦gap⟧` is the gap's comment (`# ` lines), at that line's indent.
pub(super) fn gap_of(id: ExerciseId) -> (&'static str, &'static str) {
    match id {
        ExerciseId::ToolErrorBack => ("tool-call", "    ⟦gap⟧\n    return tool(**args), False"),
        ExerciseId::UnknownTool => ("unknown-tool", "        ⟦gap⟧\n        raise KeyError(f\"no tool named {name}\")"),
        // The loop's own `use` looks the item up in the bag (a KeyError for one the hero does not
        // carry), and so does `MY_TOOLS[name]` for a tool that is not there: one except takes both.
        ExerciseId::ErrorInsideTool => (
            "dispatch",
            r#"⟦gap⟧
BAG = {"key": "key", "oil_can": "oil_can"}


def use_from_bag(item, target):
    return TOOLS["use"](item=BAG[item], target=target)


MY_TOOLS = {**TOOLS, "use": use_from_bag}


def run_tool(call):
    name = call["function"]["name"]
    try:
        args = json.loads(call["function"].get("arguments") or "{}")
        return MY_TOOLS[name](**args), False
    except KeyError:
        return f"Error: there is no tool named {name}.", True
    except Exception as err:
        return f"Error: {err}", True"#,
        ),
        ExerciseId::Retry => (
            "retry",
            r#"    ⟦gap⟧
    with urllib.request.urlopen(request, timeout=CALL_TIMEOUT) as response:
        return json.load(response)["choices"][0]"#,
        ),
        ExerciseId::NoRetryPermanent => ("permanent", "        ⟦gap⟧\n        passes = True"),
        ExerciseId::RetryAfter => ("retry-after", "    ⟦gap⟧"),
        ExerciseId::Watchdog => {
            ("watchdog", "            ⟦gap⟧\n            with urllib.request.urlopen(request) as response:")
        }
        ExerciseId::SameCallTwice => (
            "guard",
            r#"        ⟦gap⟧
        for call in calls:
            output, _ = run_tool(call)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": output})"#,
        ),
        ExerciseId::NoLeaks => (
            "tool-error",
            r#"        ⟦gap⟧
        import traceback

        return f"Error in {name}: {traceback.format_exc()} [config: {json.dumps(LLM)}]", True"#,
        ),
        ExerciseId::ToolChanged => (
            "tool-call",
            r#"    ⟦gap⟧
    for attempt in range(1, 3):
        try:
            return tool(**args), False
        except Exception as err:
            if attempt == 2:
                return f"Error: {err}", True"#,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{solution_in, starting_code_in};
    use crate::text::yours::{python, starting_code_in as robust_in, starting_code_marked};
    use crate::text::Lang;
    use rusty_lock_engine::yours::code_lang::CodeLang::{JavaScript, Python};
    use rusty_lock_engine::yours::exercise::ExerciseId;

    const TEMPLATE: &str = include_str!("../../loop/loop.py");

    fn is_marker(line: &str) -> bool {
        line.starts_with('⟪') && line.ends_with('⟫')
    }

    /// The robust loop's lines before `region`, in it, and after it (markers dropped), read from
    /// the marked text on their own: not with the code under test.
    fn split_at_region(lang: Lang, region: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
        let marked = starting_code_marked(lang, Python);
        let lines: Vec<&str> = marked.split('\n').collect();
        let open = lines.iter().position(|l| *l == format!("⟪{region}⟫")).expect("the region is in loop.py");
        let mut depth = 0;
        let mut close = None;
        for (i, l) in lines.iter().enumerate().skip(open + 1) {
            if *l == "⟪/⟫" {
                if depth == 0 {
                    close = Some(i);
                    break;
                }
                depth -= 1;
            } else if is_marker(l) {
                depth += 1;
            }
        }
        let close = close.expect("the region closes");
        let keep = |ls: &[&str]| ls.iter().filter(|l| !is_marker(l)).map(|l| l.to_string()).collect::<Vec<_>>();
        (keep(&lines[..open]), keep(&lines[open + 1..close]), keep(&lines[close + 1..]))
    }

    /// Python's shape, as far as it shows without a parser: spaces only, four to a level, brackets
    /// that close, a block after every line that opens one, and no JavaScript left in.
    fn assert_python_shaped(code: &str, what: &str) {
        let mut depth = 0i32;
        let lines: Vec<&str> = code.split('\n').collect();
        let statement = |l: &str| !l.trim().is_empty() && !l.trim_start().starts_with('#');
        for (i, line) in lines.iter().enumerate() {
            assert!(!line.contains('\t'), "{what}: a tab at line {}", i + 1);
            if !statement(line) {
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let text = line.trim();
            if depth == 0 {
                assert_eq!(indent % 4, 0, "{what}: line {} is indented by {indent}: {line}", i + 1);
            }
            for js in ["//", "const ", "let ", "=>", "===", "`", "async function", "console."] {
                assert!(!text.contains(js) || text.contains("://"), "{what}: JavaScript at line {}: {line}", i + 1);
            }
            assert!(!text.ends_with(';'), "{what}: line {} ends with ';'", i + 1);
            for c in text.chars() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
            }
            assert!(depth >= 0, "{what}: a bracket closes that never opened, line {}", i + 1);
            if depth == 0 && text.ends_with(':') {
                let next = lines[i + 1..].iter().find(|l| statement(l));
                let next_indent = next.map_or(0, |n| n.len() - n.trim_start().len());
                assert!(next_indent > indent, "{what}: nothing in the block opened at line {}: {line}", i + 1);
            }
        }
        assert_eq!(depth, 0, "{what}: a bracket never closes");
    }

    #[test]
    fn every_language_fills_every_slot_of_the_python_loop_with_python_comments() {
        let slots = TEMPLATE.matches('⟦').count();
        for lang in Lang::ALL {
            assert_eq!(slots, python::loop_words(lang).len(), "{lang:?}");
            let code = robust_in(lang, Python);
            assert!(!code.contains(['⟦', '⟧', '⟪', '⟫']), "{lang:?} left a slot or a marker");
            for needed in
                ["def call_model(messages):", "def run_tool(call):", "def run_agent(task):", "timeout=CALL_TIMEOUT"]
            {
                assert!(code.contains(needed), "{lang:?}: {needed}");
            }
            // Every slot of a comment is a comment, in this language's words.
            for (n, words) in python::loop_words(lang).iter().enumerate() {
                let first = words.trim_start();
                if first.starts_with('#') {
                    assert!(words.lines().all(|l| l.trim_start().starts_with("# ")), "{lang:?} slot {n}");
                }
            }
            assert_python_shaped(&code, &format!("{lang:?}"));
        }
        // Each language says its own words, and the same code around them.
        let code = |lang| robust_in(lang, Python);
        assert_ne!(code(Lang::En), code(Lang::Fr));
        assert_ne!(code(Lang::En), code(Lang::Zh));
        let statements = |c: String| c.lines().filter(|l| l.contains(" = ") && !l.contains('"')).count();
        assert_eq!(statements(code(Lang::En)), statements(code(Lang::Zh)));
    }

    #[test]
    fn a_python_exercise_differs_from_the_robust_loop_only_in_its_region_and_its_solution_is_that_region() {
        for lang in Lang::ALL {
            let robust = robust_in(lang, Python);
            for id in ExerciseId::ALL {
                let (region, _) = super::gap_of(id);
                let (before, inside, after) = split_at_region(lang, region);
                assert_eq!(robust, [&before[..], &inside[..], &after[..]].concat().join("\n"), "{lang:?} {id:?}");
                let code = starting_code_in(lang, id, Python);
                let lines: Vec<&str> = code.split('\n').collect();
                assert!(lines.len() >= before.len() + after.len(), "{lang:?} {id:?}");
                assert_eq!(lines[..before.len()], before, "{lang:?} {id:?}: changed before its region");
                assert_eq!(lines[lines.len() - after.len()..], after, "{lang:?} {id:?}: changed after its region");
                let gap = &lines[before.len()..lines.len() - after.len()];
                assert_ne!(gap, &inside[..], "{lang:?} {id:?}: the gap changed nothing");
                assert!(gap.iter().any(|l| l.trim_start().starts_with("# ✎")), "{lang:?} {id:?}: no gap comment");
                assert_python_shaped(&code, &format!("{lang:?} {id:?}"));
                // The solution is the region, its common indent gone.
                let indent =
                    inside.iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min();
                let shown: Vec<&str> = inside.iter().map(|l| l.get(indent.unwrap_or(0)..).unwrap_or("")).collect();
                assert_eq!(solution_in(lang, id, Python), shown.join("\n"), "{lang:?} {id:?}");
            }
        }
        assert_eq!(
            solution_in(Lang::En, ExerciseId::Watchdog, Python),
            "with urllib.request.urlopen(request, timeout=CALL_TIMEOUT) as response:"
        );
        assert_eq!(
            solution_in(Lang::Fr, ExerciseId::NoRetryPermanent, Python),
            "passes = http_error is None or status in (408, 429) or status >= 500"
        );
    }

    #[test]
    fn a_python_gap_comment_names_nothing_that_only_javascript_has() {
        for lang in Lang::ALL {
            for id in ExerciseId::ALL {
                let code = starting_code_in(lang, id, Python);
                let comment: Vec<&str> = code.lines().filter(|l| l.trim_start().starts_with("# ")).collect();
                let comment = comment.join("\n");
                for js in ["fetch", "isError", "_MS", "runTool", "Object.keys", "console", "signal", "catch", "throw"] {
                    assert!(!comment.contains(js), "{lang:?} {id:?}: {js} in a Python comment");
                }
            }
            // A Python gap of its own stands in only where the JavaScript one would not fit.
            for id in ExerciseId::ALL {
                if let Some(own) = python::gap(lang, id) {
                    assert_ne!(own, super::super::words(lang, id).gap, "{lang:?} {id:?}");
                    assert!(own.starts_with('✎'), "{lang:?} {id:?}");
                }
            }
        }
    }

    #[test]
    fn a_python_hint_says_python_names_not_javascript_ones() {
        use super::super::hint_in;
        for lang in Lang::ALL {
            for id in ExerciseId::ALL {
                let hint = hint_in(lang, id, Python);
                assert!(!hint.trim().is_empty(), "{lang:?} {id:?}");
                for js in [
                    "fetch",
                    "isError",
                    "_MS",
                    "Object.keys",
                    "console",
                    "signal",
                    "try/catch",
                    "throw",
                    "JSON.",
                    "Math.",
                    "===",
                    "res.",
                ] {
                    assert!(!hint.contains(js), "{lang:?} {id:?}: {js} in a Python hint");
                }
                assert_eq!(hint_in(lang, id, JavaScript), super::super::words(lang, id).hint);
            }
        }
    }

    #[test]
    fn the_nested_python_regions_are_replaced_whole() {
        let code = starting_code_in(Lang::En, ExerciseId::ToolErrorBack, Python);
        assert!(!code.contains("logging.warning"), "the tool-error region went with tool-call");
        assert!(code.contains("there is no tool named"), "the unknown-tool branch is kept");
        let code = starting_code_in(Lang::En, ExerciseId::NoLeaks, Python);
        assert!(code.contains("    except Exception as err:\n        # ✎"));
        assert!(code.contains("traceback.format_exc()"));
        let code = starting_code_in(Lang::En, ExerciseId::Retry, Python);
        assert!(!code.contains("time.sleep(wait_before("), "the retry loop is gone");
        assert!(code.contains("def wait_before(attempt, http_error):"), "its helper stays");
    }

    /// The browser test of the Python loop (`sandbox-python-loop.spec.mjs`) runs the English
    /// starting code from its copy, `tests/e2e/loops/robust-en.py`. `UPDATE_FIXTURES=1` rewrites it.
    /// `DUMP_PYTHON=dir` also writes every Python code the page can show into `dir`: the starting
    /// code and each exercise's, in each language, and each exercise with its solution put back
    /// (for `python3 -m py_compile dir/*.py`).
    #[test]
    fn the_browser_tests_copy_of_the_python_starting_code_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/loops/robust-en.py");
        let code = robust_in(Lang::En, Python) + "\n";
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &code).expect("write the fixture");
        }
        if let Some(dir) = std::env::var_os("DUMP_PYTHON") {
            let dir = std::path::PathBuf::from(dir);
            std::fs::create_dir_all(&dir).expect("make the dump's folder");
            for lang in Lang::ALL {
                let l = format!("{lang:?}").to_lowercase();
                std::fs::write(dir.join(format!("robust-{l}.py")), robust_in(lang, Python)).expect("write");
                for id in ExerciseId::ALL {
                    let n = id.number();
                    let gapped = starting_code_in(lang, id, Python);
                    std::fs::write(dir.join(format!("ex{n}-{l}.py")), &gapped).expect("write");
                    // The solution put back in place of the gap, at the gap's indent.
                    let (region, _) = super::gap_of(id);
                    let (before, _, after) = split_at_region(lang, region);
                    let lines: Vec<&str> = gapped.split('\n').collect();
                    let gap = &lines[before.len()..lines.len() - after.len()];
                    let indent = gap
                        .iter()
                        .filter(|l| !l.trim().is_empty())
                        .map(|l| l.len() - l.trim_start().len())
                        .min()
                        .unwrap_or(0);
                    let placed: Vec<String> = solution_in(lang, id, Python)
                        .lines()
                        .map(|s| if s.is_empty() { String::new() } else { format!("{}{s}", " ".repeat(indent)) })
                        .collect();
                    let solved = [&before[..], &placed[..], &after[..]].concat().join("\n");
                    assert_eq!(
                        solved,
                        robust_in(lang, Python),
                        "{lang:?} {id:?}: the solution put back is the robust loop"
                    );
                    std::fs::write(dir.join(format!("ex{n}-{l}-solved.py")), solved).expect("write");
                }
            }
        }
        let copy = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            copy == code,
            "{path} is stale: run UPDATE_FIXTURES=1 cargo test -p rusty-lock --bins copy_of_the_python_starting_code"
        );
    }
}

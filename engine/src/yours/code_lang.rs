//! The language a learner's loop is written in. The sandbox runs JavaScript (TypeScript is
//! stripped to it) or Python; everything else about a run (the server, the tools, the card) is the
//! same. The page guesses it from the code as pasted, and a link keeps it only where the guess
//! would be wrong.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CodeLang {
    /// JavaScript, or TypeScript (its types are stripped before it runs).
    #[default]
    JavaScript,
    Python,
}

impl CodeLang {
    pub const ALL: [CodeLang; 2] = [CodeLang::JavaScript, CodeLang::Python];

    /// How a link writes it (`code-lang=`).
    pub fn slug(self) -> &'static str {
        match self {
            CodeLang::JavaScript => "js",
            CodeLang::Python => "py",
        }
    }

    pub fn from_slug(slug: &str) -> Option<CodeLang> {
        CodeLang::ALL.into_iter().find(|l| l.slug() == slug.trim())
    }

    /// The name of the file a download gets.
    pub fn file_name(self) -> &'static str {
        match self {
            CodeLang::JavaScript => "my-agent-loop.js",
            CodeLang::Python => "my-agent-loop.py",
        }
    }

    /// The language `code` is most likely written in, from the shapes of its lines: Python's
    /// `def f(...):`, `import x` / `from x import y`, a line ending in `:` before an indented one,
    /// `#` comments; JavaScript's braces, `const`/`let`/`function`, `//` comments, `;` line ends.
    /// Strings and comments are not parsed: a tie, or empty code, is JavaScript, the page's first
    /// language.
    pub fn detect(code: &str) -> CodeLang {
        let (mut py, mut js) = (0i32, 0i32);
        let lines: Vec<&str> = code.lines().collect();
        for (i, raw) in lines.iter().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let starts = |w: &str| line.starts_with(w);
            if starts("def ") || starts("async def ") || starts("class ") && line.ends_with(':') {
                py += 3;
            }
            if (starts("import ") && !line.contains(" from ") && !line.ends_with(';') && !line.contains('{'))
                || (starts("from ") && line.contains(" import "))
            {
                py += 3;
            }
            if starts("elif ")
                || starts("except")
                || line == "else:"
                || line == "try:"
                || starts("with ") && line.ends_with(':')
            {
                py += 2;
            }
            if starts("#") && !starts("#!") || starts("\"\"\"") || starts("'''") {
                py += 1;
            }
            if line.ends_with(':') && !line.starts_with("case ") && !line.starts_with("default") {
                let next_indented = lines
                    .get(i + 1)
                    .is_some_and(|n| n.len() - n.trim_start().len() > raw.len() - raw.trim_start().len());
                if next_indented {
                    py += 1;
                }
            }
            if starts("const ") || starts("let ") || starts("var ") || starts("function ") || starts("async function ")
            {
                js += 3;
            }
            if starts("export ") || starts("interface ") || starts("type ") && line.contains('=') {
                js += 2;
            }
            if starts("//") || starts("/*") || starts("*") {
                js += 1;
            }
            if line.ends_with('{') || line.ends_with(';') || line == "}" || starts("});") {
                js += 1;
            }
            if line.contains("=>") || line.contains("===") || line.contains("await fetch(") {
                js += 1;
            }
        }
        if py > js {
            CodeLang::Python
        } else {
            CodeLang::JavaScript
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_python_loop_is_told_from_a_javascript_one() {
        let py = "import json, time\nfrom urllib.request import urlopen\n\n# a loop\ndef call_model(messages):\n    for attempt in range(4):\n        try:\n            return urlopen(req)\n        except HTTPError as e:\n            pass\n";
        assert_eq!(CodeLang::detect(py), CodeLang::Python);
        let js = "// a loop\nconst MAX = 4;\nasync function runAgent(task) {\n  const res = await fetch(url);\n  if (!res.ok) throw new Error('x');\n}\n";
        assert_eq!(CodeLang::detect(js), CodeLang::JavaScript);
        let ts = "import OpenAI from 'openai';\ninterface Call { id: string }\nexport async function runAgent(task: string): Promise<string> {\n  return '';\n}\n";
        assert_eq!(CodeLang::detect(ts), CodeLang::JavaScript);
    }

    #[test]
    fn empty_code_and_a_tie_are_javascript() {
        assert_eq!(CodeLang::detect(""), CodeLang::JavaScript);
        assert_eq!(CodeLang::detect("\n\n   \n"), CodeLang::JavaScript);
        assert_eq!(CodeLang::detect("x = 1"), CodeLang::JavaScript);
    }

    #[test]
    fn a_short_python_fragment_is_python() {
        assert_eq!(CodeLang::detect("def run_agent(task):\n    return 'done'\n"), CodeLang::Python);
        assert_eq!(CodeLang::detect("print('hello')\n# done\n"), CodeLang::Python);
    }

    #[test]
    fn slugs_go_both_ways() {
        for l in CodeLang::ALL {
            assert_eq!(CodeLang::from_slug(l.slug()), Some(l));
        }
        assert_eq!(CodeLang::from_slug("rust"), None);
    }
}

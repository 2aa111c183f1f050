//! Your own loop's words in English.

use crate::text::en::En;
use crate::text::{Core, Yours, YoursLabels};

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "Your own loop",
    yours_tagline: "Paste your agent loop, watch it meet every failure, and get its report card.",
    yours_back: "Back to the playground",
    yours_editor_label: "Your agent loop, in JavaScript or TypeScript",
    yours_run: "Run",
    yours_stop: "Stop",
    yours_card: "Report card",
    yours_reset_code: "Starting code",
    yours_loading_editor: "Loading the editor…",
    yours_editor_missing: "The code editor could not be fetched, so this is a plain text box. Your code runs the same.",
    yours_sandbox_missing: "The sandbox that runs your code could not be fetched. Check the connection and press Run again.",
    yours_stripper_missing: "The part that reads TypeScript could not be fetched. Check the connection and press Run again.",
    yours_provides_title: "What the page gives your code",
    yours_provides_llm: "LLM: a base URL, a model name and a placeholder key. No real key ever reaches your code.",
    yours_provides_fetch: "fetch: answered by the page's own OpenAI-compatible server, whatever the host. It never reaches the network.",
    yours_provides_tools: "look_at and use (also in tools, with lookAt), async: they resolve with the result or throw the tool's error. toolSchemas: their JSON Schemas.",
    yours_provides_time: "setTimeout, Date.now, performance.now and AbortSignal.timeout on virtual time: a 4-second wait costs nothing when grading and is played at its pace in the scene.",
    yours_provides_random: "Math.random, seeded from the link, so a run replays exactly.",
    yours_provides_end: "Define runAgent(task): the page calls it with TASK. What it returns is the answer; what it throws ends the run.",
    yours_case_label: "Failure to meet",
    yours_card_title: "Report card",
    yours_card_hint: "Each failure is played against your loop in a fresh sandbox, on virtual time, beside the page's own robust loop.",
    yours_col_case: "Failure",
    yours_col_yours: "Your loop",
    yours_col_reference: "Robust loop",
    yours_col_verdict: "Verdict",
    yours_open_case: "Open in the scene",
    yours_copy_link: "Copy link with my code",
    yours_copied: "Link copied. It opens your code and runs nothing until Run is pressed.",
    yours_save_file: "Save as file",
    yours_open_file: "Open a file",
    yours_link_damaged: "The code in this link could not be read, so the starting code is shown instead.",
    yours_console_title: "What your code logged",
    yours_not_run: "Nothing has run yet: press Run to watch your loop, or Report card to meet every failure.",
    yours_reference_name: "the page's robust loop",
    yours_perfect: "A perfect report card: every failure was handled by the right layer.",
};

impl Yours for En {
    fn yours_strip_error(&self, message: &str, line: u32, column: u32) -> String {
        format!("Your code could not be read at line {line}, column {column}: {message}")
    }
    fn yours_blocked(&self, budget_ms: u64) -> String {
        format!("Your code did not give control back within {}: its sandbox was taken down.", self.duration(budget_ms))
    }
    fn yours_too_long(&self, chars: usize, max: usize) -> String {
        format!("Your code makes a link of {chars} characters, more than the {max} a link can safely carry. Save it as a file instead.")
    }
    fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String {
        let calls = if requests == 1 { "1 request".to_string() } else { format!("{requests} requests") };
        format!("{calls}, {}", self.duration(virtual_ms))
    }
    fn yours_card_count(&self, passed: usize, total: usize) -> String {
        format!("{passed} of {total} failures handled by the right layer.")
    }
    fn yours_grading(&self, done: usize, total: usize) -> String {
        format!("Grading: {done} of {total}…")
    }
}

//! Your own loop's words in English.

use crate::text::en::En;
use crate::text::{Core, Yours, YoursLabels};
use rusty_lock_engine::yours::card::{CaseId, CaseOutcome, Leak, Verdict};
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::problem::CodeProblem;

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "Your own loop",
    yours_tagline: "Paste your agent loop, watch it meet every failure, and get its report card.",
    yours_back: "Back to the playground",
    yours_editor_label: "Your agent loop, in JavaScript, TypeScript or Python",
    yours_run: "Run",
    yours_stop: "Stop",
    yours_card: "Report card",
    yours_reset_code: "Starting code",
    yours_editor_missing: "The code editor could not be fetched, so this is a plain text box. Your code runs the same.",
    yours_sandbox_missing: "The sandbox that runs your code could not be fetched. Check the connection and press Run again.",
    yours_stripper_missing: "The part that reads TypeScript could not be fetched. Check the connection and press Run again.",
    yours_provides_title: "What the page gives your code",
    yours_provides_llm: "LLM: a base URL, a model name and a placeholder key. No real key ever reaches your code.",
    yours_provides_fetch: "fetch: answered by the page's own server, whatever the host. It speaks whichever API your code speaks, told by the path: OpenAI Chat Completions (POST /chat/completions), the OpenAI Responses API (POST /responses) or Anthropic Messages (POST /v1/messages, with the anthropic-version header). It never reaches the network.",
    yours_provides_tools: "look_at and use (also in tools, with lookAt), async: they resolve with the result or throw the tool's error. toolSchemas: their JSON Schemas.",
    yours_provides_time: "setTimeout, Date.now, performance.now and AbortSignal.timeout on virtual time: a 4-second wait costs nothing when grading and is played at its pace in the scene.",
    yours_provides_random: "Math.random, seeded from the link, so a run replays exactly.",
    yours_provides_end: "Define runAgent(task): the page calls it with TASK. What it returns is the answer; what it throws ends the run.",
    yours_provides_terminal: "A script written for a terminal runs as it is: readline and process.stdin give the task once, then the input ends; process.argv carries it (after -p when your code looks for -p); process.env answers a key, a URL or a model with the placeholder key, the page's server and its model; fs reads a small folder (notes.txt, README.md, data.csv); child_process refuses every command.",
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
    yours_perfect: "A perfect report card: every failure was handled by the right layer.",
    yours_empty_schemas: "Your requests send an empty tools list (toolSchemas = []): the page's tool schemas stand in.",
    yours_lang_label: "Language",
    yours_lang_js: "JavaScript / TypeScript",
    yours_lang_py: "Python",
    yours_no_python: "Python runs here only in a browser with WebAssembly JSPI: Chrome or Edge 137 and later, Firefox 153 and later, Safari 27 and later. JavaScript runs in this one: choose it under Language.",
    yours_python_fetch_failed: "Python's files could not be fetched. Python works offline only once it has been used here with a connection. JavaScript needs nothing more.",
    yours_python_not_started: "Python did not start in this tab. Press Run again, or reload the page.",
    yours_python_starting: "Starting Python…",
    yours_py_provides_llm: "LLM: a dict with base_url, model and api_key (a placeholder). No real key ever reaches your code.",
    yours_py_provides_fetch: "urllib.request.urlopen: answered by the page's own server, whatever the host, in whichever API your code speaks, told by the path: OpenAI Chat Completions (/chat/completions), the OpenAI Responses API (/responses) or Anthropic Messages (/v1/messages, with the anthropic-version header). An HTTP error raises HTTPError (code, headers, read()), a dropped connection URLError, and timeout= a TimeoutError. Nothing reaches the network.",
    yours_py_provides_tools: "look_at(target) and use(item, target), also in TOOLS: they return the result or raise ValueError with the tool's sentence. TOOL_SCHEMAS: their JSON Schemas. Your own definitions win.",
    yours_py_provides_time: "time.sleep, time.time and time.monotonic on virtual time: a 4-second wait costs nothing when grading and is played at its pace in the scene.",
    yours_py_provides_random: "random, seeded from the link, so a run replays exactly. Only Python's standard library is here.",
    yours_py_provides_end: "Define run_agent(task): the page calls it with TASK. What it returns is the answer; what it raises ends the run.",
    yours_py_provides_terminal: "A script written for a terminal runs as it is, as __main__: input() gives the task once, then EOFError; sys.argv carries it (after -p when your code looks for -p); os.environ answers a key, a URL or a model with the placeholder key, the page's server and its model; open() reads a small folder (notes.txt, README.md, data.csv); subprocess refuses every command.",
};

impl Yours for En {
    fn yours_problem(&self, problem: &CodeProblem, code: CodeLang) -> String {
        if code == CodeLang::Python {
            if let Some(said) = python_problem(problem) {
                return said;
            }
        }
        let at = |line: &Option<u32>| line.map(|l| format!("Line {l}: ")).unwrap_or_default();
        match problem {
            CodeProblem::Syntax { message, line, column } => format!(
                "Your code could not be read at line {line}, column {column}: {}. Nothing ran: fix that line and press again.",
                message.trim_end_matches('.')
            ),
            CodeProblem::Bug { name, message, line } => format!(
                "Line {line}: {name}: {}. This is a mistake in the code itself, not a failure the page played.",
                short(message.trim_end_matches('.'))
            ),
            CodeProblem::Package { name, line } => format!(
                "{}there are no packages on this page, so “{}” cannot be imported. It gives your code fetch and the tools look_at and use instead. Call the model with fetch(`${{LLM.baseURL}}/chat/completions`, {{ method: 'POST', headers: {{ 'Content-Type': 'application/json', Authorization: `Bearer ${{LLM.apiKey}}` }}, body: JSON.stringify({{ model: LLM.model, messages, tools: toolSchemas }}) }}).",
                at(line),
                short(name)
            ),
            CodeProblem::Process { line } => format!(
                "{}there is no process here: this page is not Node. Use LLM.apiKey for the key, LLM.baseURL for the server's address and LLM.model for the model's name.",
                at(line)
            ),
            CodeProblem::NoAgent { found } => {
                let defined = if found.is_empty() {
                    "Your code defines no function at its top level.".to_string()
                } else {
                    format!("Your code defines {}: name the one that runs the loop runAgent.", found.join(", "))
                };
                format!("Nothing ran: the page looks for a function named runAgent(task) (or run_agent), or a call at the top level that it can wait for (await runAgent(TASK)). {defined}")
            }
            CodeProblem::Input { line } => format!(
                "{}prompt() waits for someone to type, and nobody types here, so your loop never reached the model. The page calls runAgent(task) with the task: take it from there.",
                at(line)
            ),
            CodeProblem::WebPage { name, line } => format!(
                "{}“{}” belongs to a web page, and your code runs in a worker with no page: it never reached the model. Keep the loop apart from the page's DOM; it needs only fetch and the tools.",
                at(line),
                short(name)
            ),
            CodeProblem::NoRequest { threw, line } => no_request(threw, line, "runAgent"),
        }
    }
    fn yours_python_fetching(&self, loaded: f64, total: f64) -> String {
        if total > 0.0 {
            format!("Fetching Python ({} of {}; only the first time)", megabytes(loaded), megabytes(total))
        } else {
            "Fetching Python (only the first time)…".to_string()
        }
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
    fn yours_card_page_failed(&self, failed: usize) -> String {
        if failed == 1 {
            "1 the page could not run: it counts neither way.".into()
        } else {
            format!("{failed} the page could not run: they count neither way.")
        }
    }
    fn yours_at_lines(&self, lines: &[u32]) -> String {
        let list = lines.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        if lines.len() == 1 {
            format!("line {list}")
        } else {
            format!("lines {list}")
        }
    }
    fn yours_card_nothing_ran(&self) -> String {
        "No report card: your code never reached the model, so no failure met it. What stopped it is said above.".into()
    }
    fn yours_card_left_out(&self, left: usize) -> String {
        if left == 1 {
            "1 left out: it needs the page's tools.".into()
        } else {
            format!("{left} left out: they need the page's tools.")
        }
    }
    fn yours_own_tools(&self, own: &[String]) -> String {
        format!(
            "Your code runs its own {} ({}): the page never ran {}, so the door and the answer are judged from the tool results the model read.",
            if own.len() == 1 { "tool" } else { "tools" },
            names(own),
            if own.len() == 1 { "it" } else { "them" }
        )
    }
    fn yours_page_stood_in(&self, stood_in: &[String]) -> String {
        if stood_in.len() == 1 {
            format!("{} is the page's: your code uses it without defining it.", names(stood_in))
        } else {
            format!("{} are the page's: your code uses them without defining them.", names(stood_in))
        }
    }
    fn yours_env_read(&self, read: &[String]) -> String {
        let (key, url, model) = super::env_kinds(read);
        let mut gave = Vec::new();
        if key {
            gave.push("a placeholder key (never a real one)".to_string());
        }
        if url {
            gave.push("its own server's address".to_string());
        }
        if model {
            gave.push("its model's name".to_string());
        }
        format!("Your code read {} from its environment: the page answered with {}.", names(read), names(&gave))
    }
    fn yours_case(&self, case: CaseId) -> &'static str {
        match case {
            CaseId::Plain => "No fault: the rusted lock only",
            CaseId::RateLimited => "429 with Retry-After",
            CaseId::RateLimitedLong => "429 asking for an hour",
            CaseId::Http500 => "500 server error",
            CaseId::Http502 => "502 bad gateway",
            CaseId::Http503 => "503 unavailable",
            CaseId::Jitter => "503 again, at another seed",
            CaseId::Dropped => "Dropped connection",
            CaseId::Hang => "A call that hangs",
            CaseId::Slow => "A slow answer",
            CaseId::SlowAlways => "A slow answer that stays slow",
            CaseId::BadRequest => "400 bad request",
            CaseId::Unauthorized => "401 bad key",
            CaseId::BadJson => "Broken JSON in the arguments",
            CaseId::UnknownTool => "A tool that does not exist",
            CaseId::SchemaInvalid => "Arguments outside the schema",
            CaseId::MissingArg => "A missing argument",
            CaseId::ToolTimeout => "A tool's reply lost",
            CaseId::StopWithCalls => "Tool calls that say stop",
            CaseId::CutAtLength => "A reply cut at the limit",
            CaseId::Stubborn => "A stubborn model",
        }
    }
    fn yours_outcome(&self, outcome: &CaseOutcome) -> String {
        match outcome {
            CaseOutcome::Answered { door_open: true } => "answered, door open".into(),
            CaseOutcome::Answered { door_open: false } => "answered, door still shut".into(),
            CaseOutcome::AnsweredErrand { done: true } => "answered, errand done".into(),
            CaseOutcome::AnsweredErrand { done: false } => "answered before the errand was done".into(),
            CaseOutcome::Threw { message } => format!("threw “{}”", short(message)),
            CaseOutcome::Stalled => "waited forever".into(),
            CaseOutcome::Blocked { budget_ms } => format!("held the page for {}", self.duration(*budget_ms)),
            CaseOutcome::TimeLimit => "still waiting at the time limit".into(),
            CaseOutcome::TooManyRequests => "kept calling until stopped".into(),
            CaseOutcome::Stopped => "stopped".into(),
            CaseOutcome::SandboxError { .. } => "could not start".into(),
            CaseOutcome::NoAgent => "found no runAgent to run".into(),
            CaseOutcome::Unfinished => "unfinished".into(),
            CaseOutcome::Harness { outcome } => self.outcome_title(outcome).to_lowercase(),
        }
    }
    fn yours_verdict(&self, verdict: &Verdict) -> String {
        match verdict {
            Verdict::RightLayer { layer: Some(layer) } => {
                format!("Handled by the right layer: {}", self.layer_name(*layer).to_lowercase())
            }
            Verdict::RightLayer { layer: None } => "Nothing to handle, and it answered".into(),
            Verdict::RetriedPermanent { status } => format!("Retried a {status}"),
            Verdict::IgnoredRetryAfter { asked_ms, waited_ms } => {
                format!(
                    "Ignored Retry-After: waited {} where the server asked {}",
                    self.duration(*waited_ms),
                    self.duration(*asked_ms)
                )
            }
            Verdict::NoBackoff { waited_ms } => format!("No backoff: tried again after {}", self.duration(*waited_ms)),
            Verdict::NoRetry { .. } => "Gave up on a failure that passes by itself".into(),
            Verdict::RetryStorm { attempts } => format!("{attempts} attempts on one turn"),
            Verdict::ShowedServerErrorToModel { status } => format!("Showed a {status} to the model"),
            Verdict::DroppedToolCalls => "Dropped the tool calls".into(),
            Verdict::TookCutReply => "Took a cut reply as the answer".into(),
            Verdict::WaitedForever => "Waited forever: no watchdog".into(),
            Verdict::WatchdogTooShort { cut_after_ms, answers_after_ms } => format!(
                "Watchdog too short: it cut at {} an answer that came after {}",
                self.duration(*cut_after_ms),
                self.duration(*answers_after_ms)
            ),
            Verdict::NoRetryAfterCeiling { asked_ms } => {
                format!("No ceiling on Retry-After: the server asked {} and it agreed to wait it all", self.duration(*asked_ms))
            }
            Verdict::NoJitter { waits_ms } => format!(
                "No jitter: at another seed it waited the same, {}",
                waits_ms.iter().map(|w| self.duration(*w)).collect::<Vec<_>>().join(", ")
            ),
            Verdict::SpentSignal { retries } => format!(
                "Retried with a spent signal: {} went out with an abort signal that had already fired, and failed at once",
                if *retries == 1 { "1 retry".to_string() } else { format!("{retries} retries") }
            ),
            Verdict::LostRunOnToolError => "Lost the run on a tool error".into(),
            Verdict::NoGuard => "No guard: the page had to stop it".into(),
            Verdict::LeakedToModel { leak: Leak::Key } => "Showed the API key to the model".into(),
            Verdict::LeakedToModel { leak: Leak::StackTrace } => "Showed a stack trace to the model".into(),
            Verdict::RetriedUnsafeTool => "Called a tool again after its reply was lost".into(),
            Verdict::NotHandled { expected: Some(layer) } => {
                format!("Not handled: {} should have", self.layer_name(*layer).to_lowercase())
            }
            Verdict::NotHandled { expected: None } => "Did not reach the answer".into(),
            Verdict::NeedsPageTools { tools } => {
                format!("Needs the page's tools: your code runs its own {}", names(tools))
            }
            Verdict::NeverReachedModel => "Never reached the model: nothing to grade".into(),
            Verdict::PageCouldNotRun => "The page could not run this case".into(),
            Verdict::ReadErrorAsAnswer { status, error } => {
                format!("Read a {status} error as an answer: it ended in a {error}")
            }
            Verdict::BareToolError { said } if said.trim().is_empty() => {
                "Sent the model an empty tool error".into()
            }
            Verdict::BareToolError { said } => format!("Sent the model a bare tool error: “{}”", short(said)),
        }
    }
    fn yours_fix(&self, verdict: &Verdict, code: CodeLang) -> Option<String> {
        let py = code == CodeLang::Python;
        let pick = |js: &'static str, python: &'static str| if py { python } else { js };
        Some(String::from(match verdict {
            Verdict::RightLayer { .. } => return None,
            Verdict::RetriedPermanent { .. } => pick(
                "A 400 or 401 comes back the same every time: throw it at once.",
                "A 400 or 401 comes back the same every time: raise it at once.",
            ),
            Verdict::IgnoredRetryAfter { .. } => pick(
                "Read retry-after-ms or Retry-After (res.headers.get('retry-after')) and wait that long, up to a ceiling.",
                "Read retry-after-ms or Retry-After (e.headers.get('Retry-After') of the HTTPError) and time.sleep that long, up to a ceiling.",
            ),
            Verdict::NoBackoff { .. } => pick(
                "Wait before each retry: a random time under a ceiling that doubles.",
                "Sleep before each retry: time.sleep(random.uniform(0, ceiling)), with a ceiling that doubles.",
            ),
            Verdict::NoRetry { .. } => pick(
                "Retry 429, 5xx and a lost connection a few times, with backoff: read res.status, and catch the error fetch throws when the connection drops.",
                "Retry 429, 5xx and a lost connection a few times, with backoff: except urllib.error.HTTPError as e: read e.code; a URLError is a lost connection.",
            ),
            Verdict::RetryStorm { .. } => pick(
                "Cap the attempts: three or four, then let it throw.",
                "Cap the attempts: three or four, then let it raise.",
            ),
            Verdict::ShowedServerErrorToModel { .. } => {
                "Retry server errors in your code; the model cannot fix a server."
            }
            Verdict::DroppedToolCalls => pick(
                "Decide by what the reply holds: if it has tool_calls, run them, whatever finish_reason says.",
                "Decide by what the reply holds: if message.get(\"tool_calls\") has calls, run them, whatever finish_reason says.",
            ),
            Verdict::TookCutReply => {
                "A reply that ends with finish_reason length is not an answer: say so, don't return it."
            }
            Verdict::WaitedForever => pick(
                "Give every call a deadline (signal: AbortSignal.timeout(ms)) and retry it when it passes.",
                "Give every call a deadline (urlopen(request, timeout=15)) and retry it when it passes: it raises TimeoutError.",
            ),
            Verdict::WatchdogTooShort { answers_after_ms, .. } => {
                return Some(format!(
                    "A good answer took {} here: give each call longer than your slowest good answer, and cut only what stays silent.",
                    self.duration(*answers_after_ms)
                ))
            }
            Verdict::NoRetryAfterCeiling { .. } => {
                "Honour Retry-After up to a ceiling of your own (10 s, say): past it, wait the ceiling, or give up and say why."
            }
            Verdict::NoJitter { .. } => pick(
                "Wait a random time under the ceiling (Math.random() * ceiling), so clients that failed together don't come back together.",
                "Wait a random time under the ceiling (random.uniform(0, ceiling)), so clients that failed together don't come back together.",
            ),
            Verdict::SpentSignal { .. } => pick(
                "Make a new signal for every attempt (AbortSignal.timeout(ms) inside the loop): a signal that fired fails every fetch it is given.",
                "Give every attempt its own deadline: one that has already passed fails every call it is given.",
            ),
            Verdict::LostRunOnToolError => pick(
                "Catch tool errors (try/catch around the call) and send the message back as the tool's result.",
                "Catch tool errors (except Exception as e: around the call) and send the sentence back as the tool's result.",
            ),
            Verdict::NoGuard => "Stop after a few tool errors in a row, or the same call twice, and hand over.",
            Verdict::LeakedToModel { .. } => {
                "Log the details for yourself; send the model one plain sentence, never a key or a stack trace."
            }
            Verdict::RetriedUnsafeTool => {
                "A tool may have acted before its reply was lost: send the error to the model, which can look first."
            }
            Verdict::NotHandled { .. } => "Open the case in the scene and compare with the robust loop.",
            Verdict::NeedsPageTools { .. } => pick(
                "Counted neither way: this failure happens inside the page's tools. To meet it, let them stand in: delete your own function of that name, or point your tools at the page's (use: globalThis.use).",
                "Counted neither way: this failure happens inside the page's tools. To meet it, let them stand in: delete your own def of that name, or point your tools at the page's (\"use\": TOOLS[\"use\"]).",
            ),
            Verdict::NeverReachedModel => "Counted neither way: fix what stopped the code (said above the card), then grade it again.",
            Verdict::PageCouldNotRun => {
                "Counted neither way: the page's sandbox failed on this case twice, which says nothing of your code. Press Report card again."
            }
            Verdict::ReadErrorAsAnswer { .. } => pick(
                "Check the status before reading the reply: if (!res.ok), an error's body has no choices; retry a 429 or 5xx, throw a 400 or 401.",
                "Check the status before reading the reply: urlopen raises urllib.error.HTTPError (e.code), and with requests call raise_for_status(); retry a 429 or 5xx, raise a 400 or 401.",
            ),
            Verdict::BareToolError { .. } => pick(
                "Write tool errors for the model: say what went wrong and what to do instead (“there is no tool named open_door; the tools are look_at and use”), not just a name.",
                "Write tool errors for the model: say what went wrong and what to do instead (“there is no tool named open_door; the tools are look_at and use”). str(e) of a KeyError is only the key.",
            ),
        }))
    }
}

/// A run that ended before its first request: what it did instead, and where to look.
fn no_request(threw: &Option<String>, line: &Option<u32>, agent: &str) -> String {
    let at = line.map(|l| format!(" at line {l}")).unwrap_or_default();
    match threw {
        Some(message) => format!("Your code stopped{at} with “{}” before it sent the model a single request, so no failure could reach it. Nothing is graded until it calls the model.", short(message)),
        None => format!("Your code ended without sending the model a single request, so no failure could reach it. {agent}(task) must call the model (at the base URL the page gives) for anything to be graded."),
    }
}

/// Tool names as a sentence lists them: `use`, `use and look_at`.
fn names(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The first line of a message, cut short for a table cell.
fn short(text: &str) -> String {
    crate::text::short_text(text.lines().next().unwrap_or_default(), 80)
}

/// The starting code's words in this language, one per `⟦n⟧` of `src/text/loop/loop.js`: its
/// comments, and the lines whose sentences the model or the learner reads.
pub const LOOP: [&str; 18] = [
    r#"// Your agent loop, in plain JavaScript (TypeScript pastes as is).
// The page gives it: LLM (where to send requests), fetch (answered by the
// page's own test server), the tools look_at and use, their toolSchemas, and a
// clock on virtual time: a 4-second wait costs nothing while grading.
// Run plays one run in the scene. Report card meets every failure in turn."#,
    r#"// tries per model call, the first one included"#,
    r#"// ceiling of the first wait; it doubles each time"#,
    r#"// no wait is longer than this"#,
    r#"// the longest Retry-After we agree to honour"#,
    r#"// the watchdog: a silent call is cut after this"#,
    r#"// Layer 1, the model's server. Retry what tends to pass by itself (429, 5xx,
// no answer at all), never what comes back the same (400, 401)."#,
    r#"      // No answer: the connection dropped, or the watchdog cut a call that hung."#,
    r#"    if (!passes) throw new Error(`the model's server refused the request (${status}); sending it again would not help`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`the model's server still fails after ${attempt} tries (${status || 'no answer'})`);"#,
    r#"// The server may say how long to wait; otherwise a random wait under a
// ceiling that doubles (full jitter), so clients don't all come back at once."#,
    r#"// Layer 2, the tools. Whatever goes wrong becomes one sentence the model can
// read and act on. Details (a stack trace, a path) go to your logs, not to it."#,
    r#"    return { output: `Error: there is no tool named ${name}. The tools are ${Object.keys(tools).join(' and ')}.`, isError: true };"#,
    r#"    return { output: `Error: the arguments for ${name} are not valid JSON. Send them again as one JSON object.`, isError: true };"#,
    r#"// The loop. It decides by what the reply holds, not by finish_reason alone, and
// it hands over when it is going nowhere. Anything else is left to throw."#,
    r#"      if (choice.finish_reason === 'length') throw new Error('the reply was cut at the token limit: half an answer is not an answer');"#,
    r#"    if (asked === lastCalls) return `I am stuck: the model asked for the same thing twice (${asked}). Over to you.`;"#,
    r#"    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `I am stuck after ${errorsInARow} tool errors in a row. Over to you.`;"#,
    r#"  return `No answer after ${MAX_TURNS} turns. Over to you.`;"#,
];

/// The mistakes whose fix is written differently in Python (a package, a key from the
/// environment, no `run_agent`); the others are said as for JavaScript.
fn python_problem(problem: &CodeProblem) -> Option<String> {
    let at = |line: &Option<u32>| line.map(|l| format!("Line {l}: ")).unwrap_or_default();
    Some(match problem {
        CodeProblem::Package { name, line } => format!("{}there are no packages here beyond Python's standard library, so “{}” cannot be imported. Call the model with urllib.request: urlopen(Request(LLM[\"base_url\"] + \"/chat/completions\", data=json.dumps({{\"model\": LLM[\"model\"], \"messages\": messages, \"tools\": TOOL_SCHEMAS}}).encode(), headers={{\"Content-Type\": \"application/json\", \"Authorization\": \"Bearer \" + LLM[\"api_key\"]}}), timeout=15).", at(line), short(name)),
        CodeProblem::Input { line } => format!("{}input() is asked again before the model was ever called. Here the first input() gets the task (TASK), as if someone had typed it, and the next one meets the end of the input (EOFError). Read the task once, or take it as run_agent(task)'s argument.", at(line)),
        CodeProblem::NoRequest { threw, line } => no_request(threw, line, "run_agent"),
        CodeProblem::Process { line } => format!("{}there is no environment here to read a key from. Use LLM[\"api_key\"] for the key, LLM[\"base_url\"] for the server's address and LLM[\"model\"] for the model's name.", at(line)),
        CodeProblem::NoAgent { found } => {
            let defined = if found.is_empty() {
                "Your code defines no function at its top level.".to_string()
            } else {
                format!("Your code defines {}: name the one that runs the loop run_agent.", found.join(", "))
            };
            format!("Nothing ran: the page looks for a function named run_agent(task), or a call at the top level (run_agent(TASK)). {}", defined)
        }
        _ => return None,
    })
}

/// Bytes as megabytes, one decimal.
fn megabytes(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1_000_000.0)
}

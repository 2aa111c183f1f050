//! The loops as the code panel shows them, in Rust, TypeScript and Python: the robust loop, short,
//! one function per layer, and the naive loop that compare mode sets beside it. They are teaching
//! summaries of [`crate::run::harness`] and [`crate::run::naive`], not code that runs: the panel lights the
//! line that the current step of the real run corresponds to ([`crate::show::scene::anchor_of`]).
//!
//! Markers, never shown:
//! - ` @@slug` ends a line that a step can light (an [`Anchor`]'s slug).
//! - ` !!slug,slug` ends a line of the naive loop where the robust loop catches something the
//!   naive one lets through: the robust lines with those anchors hold the catch that is missing.
//! - `{note:slug}` stands for a comment's words, which the page writes in its own language
//!   (the listings hold code only, so a translation never touches them).

use crate::show::scene::Anchor;

/// A language the loop is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Rust,
    TypeScript,
    Python,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Rust, Lang::TypeScript, Lang::Python];

    pub fn slug(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::TypeScript => "typescript",
            Lang::Python => "python",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Lang::Rust => "Rust",
            Lang::TypeScript => "TypeScript",
            Lang::Python => "Python",
        }
    }
}

/// A comment in a listing, which the page words in its own language (`{note:slug}`): each
/// language's table matches this enum whole, so a comment without words does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    Loop,
    NormalExit,
    GuardRepeat,
    GuardErrors,
    GuardTurns,
    Layer1,
    Watchdog,
    Throw,
    Layer2,
    NaiveLoop,
    NaiveSend,
    NaiveDecide,
    NaiveTool,
    NaiveGuards,
}

impl Note {
    pub const ALL: [Note; 14] = [
        Note::Loop,
        Note::NormalExit,
        Note::GuardRepeat,
        Note::GuardErrors,
        Note::GuardTurns,
        Note::Layer1,
        Note::Watchdog,
        Note::Throw,
        Note::Layer2,
        Note::NaiveLoop,
        Note::NaiveSend,
        Note::NaiveDecide,
        Note::NaiveTool,
        Note::NaiveGuards,
    ];

    /// As the listings write it.
    pub fn slug(self) -> &'static str {
        match self {
            Note::Loop => "loop",
            Note::NormalExit => "normal-exit",
            Note::GuardRepeat => "guard-repeat",
            Note::GuardErrors => "guard-errors",
            Note::GuardTurns => "guard-turns",
            Note::Layer1 => "layer-1",
            Note::Watchdog => "watchdog",
            Note::Throw => "throw",
            Note::Layer2 => "layer-2",
            Note::NaiveLoop => "naive-loop",
            Note::NaiveSend => "naive-send",
            Note::NaiveDecide => "naive-decide",
            Note::NaiveTool => "naive-tool",
            Note::NaiveGuards => "naive-guards",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Note> {
        Note::ALL.into_iter().find(|n| n.slug() == slug)
    }
}

/// One line of a listing, markers removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The code, with its indent; for a line with a comment, up to and including the comment's
    /// opening (`// `, `# `), the words themselves being [`Line::note`].
    pub text: &'static str,
    /// The comment's words, if the line has a comment.
    pub note: Option<Note>,
    /// The step that lights this line, if any.
    pub anchor: Option<Anchor>,
    /// In the naive loop: the robust loop's catches that are missing at this line.
    pub missing: Vec<Anchor>,
}

/// The robust loop's source in `lang`, markers included.
pub fn robust_source(lang: Lang) -> &'static str {
    match lang {
        Lang::Rust => RUST,
        Lang::TypeScript => TYPESCRIPT,
        Lang::Python => PYTHON,
    }
}

/// The robust loop in `lang`.
pub fn listing(lang: Lang) -> Vec<Line> {
    parse(robust_source(lang))
}

/// Reads a listing's markers (see the module's documentation). A slug that names no anchor or
/// note is dropped; the tests check that none does.
pub fn parse(source: &'static str) -> Vec<Line> {
    source.lines().map(parse_line).collect()
}

fn parse_line(raw: &'static str) -> Line {
    let (rest, missing) = match raw.rsplit_once(" !!") {
        Some((rest, slugs)) => (rest, slugs.split(',').filter_map(|s| Anchor::from_slug(s.trim())).collect()),
        None => (raw, Vec::new()),
    };
    let (rest, anchor) = match rest.rsplit_once(" @@") {
        Some((rest, slug)) => (rest, Anchor::from_slug(slug.trim())),
        None => (rest, None),
    };
    let rest = rest.trim_end();
    let (text, note) = match rest.rfind("{note:") {
        Some(at) if rest.ends_with('}') => (&rest[..at], Note::from_slug(&rest[at + "{note:".len()..rest.len() - 1])),
        _ => (rest, None),
    };
    Line { text, note, anchor, missing }
}

/// The line of the naive loop where the catch that the robust loop made at `anchor` is missing,
/// as an index into [`naive_listing`]: the naive loop's side of the step where the two part.
pub fn missing_line(lines: &[Line], anchor: Anchor) -> Option<usize> {
    lines.iter().position(|l| l.missing.contains(&anchor))
}

const RUST: &str = r#"// {note:loop}
async fn run(&mut self) -> Result<String> {
    let mut history = vec![system(PROMPT), user(TASK)]; @@start
    let (mut last_calls, mut errors) = (Vec::new(), 0);
    for _turn in 1..=self.max_turns { @@turn
        let reply = self.call_model(&history).await?;
        history.push(reply.message());
        if reply.tool_calls.is_empty() { @@decide
            return Ok(reply.text); // {note:normal-exit} @@answer
        }
        if reply.tool_calls == last_calls {
            return Err(HandOver); // {note:guard-repeat} @@guard-repeat
        }
        for call in &reply.tool_calls {
            let result = self.run_tool(call); @@run-tool
            errors = if result.failed { errors + 1 } else { 0 };
            history.push(result);
        }
        if errors >= self.max_errors {
            return Err(GaveUp); // {note:guard-errors} @@guard-errors
        }
        last_calls = reply.tool_calls;
    }
    Err(OutOfTurns) // {note:guard-turns} @@guard-turns
}

// {note:layer-1}
async fn call_model(&self, history: &[Msg]) -> Result<Reply> {
    for attempt in 1..=self.max_attempts {
        let call = self.provider.send(history); @@send
        let err = match timeout(self.watchdog, call).await {
            Ok(Ok(reply)) => return Ok(reply),
            Ok(Err(err)) => err,
            Err(_) => Timeout, // {note:watchdog} @@watchdog
        };
        if err.is_transient() && attempt < self.max_attempts { @@transient
            sleep(self.backoff(attempt, err.retry_after)).await; @@retry-wait
            continue;
        }
        return Err(err); // {note:throw} @@throw
    }
    unreachable!()
}

// {note:layer-2}
fn run_tool(&mut self, call: &ToolCall) -> ToolResult {
    match self.tools.run(call) {
        Ok(output) => tool_result(call, output), @@tool-ok
        Err(why) => tool_error(call, format!("Error: {why}")), @@tool-catch
    }
}"#;

const TYPESCRIPT: &str = r#"// {note:loop}
async function run(): Promise<string> {
  const history: Message[] = [system(PROMPT), user(TASK)] @@start
  let lastCalls = '', errors = 0
  for (let turn = 1; turn <= maxTurns; turn++) { @@turn
    const reply = await callModel(history)
    history.push(reply.message)
    if (reply.toolCalls.length === 0) { @@decide
      return reply.text // {note:normal-exit} @@answer
    }
    if (JSON.stringify(reply.toolCalls) === lastCalls) {
      throw new HandOver() // {note:guard-repeat} @@guard-repeat
    }
    for (const call of reply.toolCalls) {
      const result = runTool(call) @@run-tool
      errors = result.failed ? errors + 1 : 0
      history.push(result)
    }
    if (errors >= maxErrors) {
      throw new GaveUp() // {note:guard-errors} @@guard-errors
    }
    lastCalls = JSON.stringify(reply.toolCalls)
  }
  throw new OutOfTurns() // {note:guard-turns} @@guard-turns
}

// {note:layer-1}
async function callModel(history: Message[]): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    let err: CallError
    try {
      return await withTimeout(watchdogMs, send(history)) @@send
    } catch (e) {
      err = toCallError(e) // {note:watchdog} @@watchdog
    }
    if (err.transient && attempt < maxAttempts) { @@transient
      await sleep(backoff(attempt, err.retryAfter)) @@retry-wait
      continue
    }
    throw err // {note:throw} @@throw
  }
}

// {note:layer-2}
function runTool(call: ToolCall): ToolResult {
  try {
    return toolResult(call, tools.run(call)) @@tool-ok
  } catch (why) {
    return toolError(call, `Error: ${messageOf(why)}`) @@tool-catch
  }
}"#;

const PYTHON: &str = r#"# {note:loop}
async def run() -> str:
    history = [system(PROMPT), user(TASK)] @@start
    last_calls, errors = None, 0
    for turn in range(1, MAX_TURNS + 1): @@turn
        reply = await call_model(history)
        history.append(reply.message)
        if not reply.tool_calls: @@decide
            return reply.text  # {note:normal-exit} @@answer
        if reply.tool_calls == last_calls:
            raise HandOver()  # {note:guard-repeat} @@guard-repeat
        for call in reply.tool_calls:
            result = run_tool(call) @@run-tool
            errors = errors + 1 if result.failed else 0
            history.append(result)
        if errors >= MAX_ERRORS:
            raise GaveUp()  # {note:guard-errors} @@guard-errors
        last_calls = reply.tool_calls
    raise OutOfTurns()  # {note:guard-turns} @@guard-turns

# {note:layer-1}
async def call_model(history) -> Reply:
    attempt = 1
    while True:
        try:
            return await wait_for(send(history), WATCHDOG) @@send
        except TimeoutError:
            err = CallError.timeout()  # {note:watchdog} @@watchdog
        except CallError as e:
            err = e
        if err.transient and attempt < MAX_ATTEMPTS: @@transient
            await sleep(backoff(attempt, err.retry_after)) @@retry-wait
            attempt += 1
            continue
        raise err  # {note:throw} @@throw

# {note:layer-2}
def run_tool(call) -> ToolResult:
    try:
        return tool_result(call, TOOLS.run(call)) @@tool-ok
    except ToolError as why:
        return tool_error(call, f"Error: {why}") @@tool-catch"#;

/// The naive loop's source in `lang`, markers included.
pub fn naive_source(lang: Lang) -> &'static str {
    match lang {
        Lang::Rust => NAIVE_RUST,
        Lang::TypeScript => NAIVE_TYPESCRIPT,
        Lang::Python => NAIVE_PYTHON,
    }
}

/// The naive loop in `lang`, as [`crate::run::naive::NaiveLoop`] plays it: one attempt per call and no
/// watchdog, a failed tool thrown rather than handed to the model, the reply's `finish_reason`
/// taken at its word, and no guard but the turn budget.
pub fn naive_listing(lang: Lang) -> Vec<Line> {
    parse(naive_source(lang))
}

const NAIVE_RUST: &str = r#"// {note:naive-loop}
async fn run(&mut self) -> Result<String> {
    let mut history = vec![system(PROMPT), user(TASK)]; @@start
    for _turn in 1..=self.max_turns { @@turn
        // {note:naive-send}
        let reply = self.provider.send(&history).await?; @@send !!transient,retry-wait,watchdog
        history.push(reply.message());
        // {note:naive-decide}
        if reply.finish_reason != ToolCalls { @@decide !!decide
            return Ok(reply.text); // {note:normal-exit} @@answer
        }
        for call in &reply.tool_calls {
            // {note:naive-tool}
            let output = self.tools.run(call)?; @@run-tool !!tool-catch
            history.push(tool_result(call, output)); @@tool-ok
        }
        // {note:naive-guards} !!guard-repeat,guard-errors
    }
    Err(OutOfTurns) // {note:guard-turns} @@guard-turns
}"#;

const NAIVE_TYPESCRIPT: &str = r#"// {note:naive-loop}
async function run(): Promise<string> {
  const history: Message[] = [system(PROMPT), user(TASK)] @@start
  for (let turn = 1; turn <= maxTurns; turn++) { @@turn
    // {note:naive-send}
    const reply = await send(history) @@send !!transient,retry-wait,watchdog
    history.push(reply.message)
    // {note:naive-decide}
    if (reply.finishReason !== 'tool_calls') { @@decide !!decide
      return reply.text // {note:normal-exit} @@answer
    }
    for (const call of reply.toolCalls) {
      // {note:naive-tool}
      const output = tools.run(call) @@run-tool !!tool-catch
      history.push(toolResult(call, output)) @@tool-ok
    }
    // {note:naive-guards} !!guard-repeat,guard-errors
  }
  throw new OutOfTurns() // {note:guard-turns} @@guard-turns
}"#;

const NAIVE_PYTHON: &str = r#"# {note:naive-loop}
async def run() -> str:
    history = [system(PROMPT), user(TASK)] @@start
    for turn in range(1, MAX_TURNS + 1): @@turn
        # {note:naive-send}
        reply = await send(history) @@send !!transient,retry-wait,watchdog
        history.append(reply.message)
        # {note:naive-decide}
        if reply.finish_reason != "tool_calls": @@decide !!decide
            return reply.text  # {note:normal-exit} @@answer
        for call in reply.tool_calls:
            # {note:naive-tool}
            output = TOOLS.run(call) @@run-tool !!tool-catch
            history.append(tool_result(call, output)) @@tool-ok
        # {note:naive-guards} !!guard-repeat,guard-errors
    raise OutOfTurns()  # {note:guard-turns} @@guard-turns"#;

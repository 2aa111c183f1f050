//! The loop as the code panel shows it: short, one function per layer, in Rust, TypeScript and
//! Python. It is a teaching summary of [`crate::harness`], not code that runs: the panel lights
//! the line that the current step of the real run corresponds to ([`crate::scene::anchor_of`]).
//!
//! A line that a step can light ends with ` @@` and the anchor's slug; the marker is never shown.

use crate::scene::Anchor;

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

    fn source(self) -> &'static str {
        match self {
            Lang::Rust => RUST,
            Lang::TypeScript => TYPESCRIPT,
            Lang::Python => PYTHON,
        }
    }
}

/// One line of a listing and the step that lights it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: &'static str,
    pub anchor: Option<Anchor>,
}

/// The lines of the loop in `lang`, markers removed.
pub fn listing(lang: Lang) -> Vec<Line> {
    lang.source()
        .lines()
        .map(|raw| match raw.rsplit_once(" @@") {
            Some((text, slug)) => Line { text: text.trim_end(), anchor: Anchor::from_slug(slug.trim()) },
            None => Line { text: raw, anchor: None },
        })
        .collect()
}

const RUST: &str = r#"// The loop. Whatever nobody catches ends the run (layer 3).
async fn run(&mut self) -> Result<String> {
    let mut history = vec![system(PROMPT), user(TASK)]; @@start
    let (mut last_calls, mut errors) = (Vec::new(), 0);
    for _turn in 1..=self.max_turns { @@turn
        let reply = self.call_model(&history).await?;
        history.push(reply.message());
        if reply.tool_calls.is_empty() { @@decide
            return Ok(reply.text); // the only normal exit @@answer
        }
        if reply.tool_calls == last_calls {
            return Err(HandOver); // guard: same move twice @@guard-repeat
        }
        for call in &reply.tool_calls {
            let result = self.run_tool(call); @@run-tool
            errors = if result.failed { errors + 1 } else { 0 };
            history.push(result);
        }
        if errors >= self.max_errors {
            return Err(GaveUp); // guard: errors in a row @@guard-errors
        }
        last_calls = reply.tool_calls;
    }
    Err(OutOfTurns) // guard: the turn budget @@guard-turns
}

// Layer 1, your code: retry what passes by itself.
async fn call_model(&self, history: &[Msg]) -> Result<Reply> {
    for attempt in 1..=self.max_attempts {
        let call = self.provider.send(history); @@send
        let err = match timeout(self.watchdog, call).await {
            Ok(Ok(reply)) => return Ok(reply),
            Ok(Err(err)) => err,
            Err(_) => Timeout, // guard: the watchdog cut it @@watchdog
        };
        if err.is_transient() && attempt < self.max_attempts { @@transient
            sleep(self.backoff(attempt, err.retry_after)).await; @@retry-wait
            continue;
        }
        return Err(err); // layer 3: retrying cannot help @@throw
    }
    unreachable!()
}

// Layer 2, the model: a failed tool becomes text it reads.
fn run_tool(&mut self, call: &ToolCall) -> ToolResult {
    match self.tools.run(call) {
        Ok(output) => tool_result(call, output), @@tool-ok
        Err(why) => tool_error(call, format!("Error: {why}")), @@tool-catch
    }
}"#;

const TYPESCRIPT: &str = r#"// The loop. Whatever nobody catches ends the run (layer 3).
async function run(): Promise<string> {
  const history: Message[] = [system(PROMPT), user(TASK)] @@start
  let lastCalls = '', errors = 0
  for (let turn = 1; turn <= maxTurns; turn++) { @@turn
    const reply = await callModel(history)
    history.push(reply.message)
    if (reply.toolCalls.length === 0) { @@decide
      return reply.text // the only normal exit @@answer
    }
    if (JSON.stringify(reply.toolCalls) === lastCalls) {
      throw new HandOver() // guard: same move twice @@guard-repeat
    }
    for (const call of reply.toolCalls) {
      const result = runTool(call) @@run-tool
      errors = result.failed ? errors + 1 : 0
      history.push(result)
    }
    if (errors >= maxErrors) {
      throw new GaveUp() // guard: errors in a row @@guard-errors
    }
    lastCalls = JSON.stringify(reply.toolCalls)
  }
  throw new OutOfTurns() // guard: the turn budget @@guard-turns
}

// Layer 1, your code: retry what passes by itself.
async function callModel(history: Message[]): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    let err: CallError
    try {
      return await withTimeout(watchdogMs, send(history)) @@send
    } catch (e) {
      err = toCallError(e) // a watchdog cut is a timeout @@watchdog
    }
    if (err.transient && attempt < maxAttempts) { @@transient
      await sleep(backoff(attempt, err.retryAfter)) @@retry-wait
      continue
    }
    throw err // layer 3: retrying cannot help @@throw
  }
}

// Layer 2, the model: a failed tool becomes text it reads.
function runTool(call: ToolCall): ToolResult {
  try {
    return toolResult(call, tools.run(call)) @@tool-ok
  } catch (why) {
    return toolError(call, `Error: ${messageOf(why)}`) @@tool-catch
  }
}"#;

const PYTHON: &str = r#"# The loop. Whatever nobody catches ends the run (layer 3).
async def run() -> str:
    history = [system(PROMPT), user(TASK)] @@start
    last_calls, errors = None, 0
    for turn in range(1, MAX_TURNS + 1): @@turn
        reply = await call_model(history)
        history.append(reply.message)
        if not reply.tool_calls: @@decide
            return reply.text  # the only normal exit @@answer
        if reply.tool_calls == last_calls:
            raise HandOver()  # guard: same move twice @@guard-repeat
        for call in reply.tool_calls:
            result = run_tool(call) @@run-tool
            errors = errors + 1 if result.failed else 0
            history.append(result)
        if errors >= MAX_ERRORS:
            raise GaveUp()  # guard: errors in a row @@guard-errors
        last_calls = reply.tool_calls
    raise OutOfTurns()  # guard: the turn budget @@guard-turns

# Layer 1, your code: retry what passes by itself.
async def call_model(history) -> Reply:
    attempt = 1
    while True:
        try:
            return await wait_for(send(history), WATCHDOG) @@send
        except TimeoutError:
            err = CallError.timeout()  # guard: the watchdog @@watchdog
        except CallError as e:
            err = e
        if err.transient and attempt < MAX_ATTEMPTS: @@transient
            await sleep(backoff(attempt, err.retry_after)) @@retry-wait
            attempt += 1
            continue
        raise err  # layer 3: retrying cannot help @@throw

# Layer 2, the model: a failed tool becomes text it reads.
def run_tool(call) -> ToolResult:
    try:
        return tool_result(call, TOOLS.run(call)) @@tool-ok
    except ToolError as why:
        return tool_error(call, f"Error: {why}") @@tool-catch"#;

//! The Python loop's words in English.

use rusty_lock_engine::yours::exercise::ExerciseId;

pub const PY_LOOP: [&str; 19] = [
    r#"# Your agent loop, in plain Python (standard library only).
# The page gives it: LLM (where to send requests), urllib.request (answered by
# the page's own test server), TASK, the tools look_at and use in TOOLS, their
# TOOL_SCHEMAS, and a clock on virtual time: a 4-second time.sleep costs nothing
# while grading. The page calls run_agent(TASK).
# Run plays one run in the scene. Report card meets every failure in turn."#,
    r#"# tries per model call, the first one included"#,
    r#"# ceiling of the first wait, in seconds; it doubles each time"#,
    r#"# no wait is longer than this"#,
    r#"# the longest Retry-After we agree to honour"#,
    r#"# the watchdog: a silent call is cut after this many seconds"#,
    r#"# Layer 1, the model's server. Retry what tends to pass by itself (429, 5xx,
# no answer at all), never what comes back the same (400, 401)."#,
    r#"            # No answer: the connection dropped, or the watchdog cut a call that hung."#,
    r#"        if not passes:
            raise RuntimeError(f"the model's server refused the request ({status}); sending it again would not help") from http_error
        if attempt == MAX_ATTEMPTS:
            raise RuntimeError(f"the model's server still fails after {attempt} tries ({status or 'no answer'})") from http_error"#,
    r#"# The server may say how long to wait; otherwise a random wait under a
# ceiling that doubles (full jitter), so clients don't all come back at once."#,
    r#"# How long the server asks us to wait, in seconds (retry-after-ms, or
# Retry-After), or None when it does not say."#,
    r#"# Layer 2, the tools. Whatever goes wrong becomes one sentence the model can
# read and act on. Details (a traceback, a path) go to your logs, not to it."#,
    r#"        return f"Error: there is no tool named {name}. The tools are {' and '.join(TOOLS)}.", True"#,
    r#"        return f"Error: the arguments for {name} are not valid JSON. Send them again as one JSON object.", True"#,
    r#"# The loop. It decides by what the reply holds, not by finish_reason alone, and
# it hands over when it is going nowhere. Anything else is left to raise."#,
    r#"            if choice.get("finish_reason") == "length":
                raise RuntimeError("the reply was cut at the token limit: half an answer is not an answer")"#,
    r#"        if asked == last_calls:
            return f"I am stuck: the model asked for the same thing twice ({asked}). Over to you.""#,
    r#"        if errors_in_a_row >= MAX_ERRORS_IN_A_ROW:
            return f"I am stuck after {errors_in_a_row} tool errors in a row. Over to you.""#,
    r#"    return f"No answer after {MAX_TURNS} turns. Over to you.""#,
];

/// Gap comments whose JavaScript words name what Python does not have.
pub const PY_GAPS: [(ExerciseId, &str); 4] = [
    (
        ExerciseId::ErrorInsideTool,
        "✎ Your turn: any KeyError here is taken for an unknown tool, but use_from_bag raises one too,\nfor an item that is not in the BAG. Check the tool's name first; send any other error as it is.",
    ),
    (
        ExerciseId::ToolErrorBack,
        "✎ Your turn: when the tool raises, the whole run ends here.\nCatch the error and return it as the result (is_error True), so the model can read it.",
    ),
    (
        ExerciseId::RetryAfter,
        "✎ Your turn: the server may say how long to wait (Retry-After).\nHonour it, within RETRY_AFTER_CAP seconds, before falling back to backoff.",
    ),
    (
        ExerciseId::Watchdog,
        "✎ Your turn: nothing cuts a call that never answers.\nGive urlopen a timeout, so it gives up after CALL_TIMEOUT seconds.",
    ),
];

/// The exercises' hints, in exercise order, naming Python's things (`urlopen`, `json.dumps`).
pub const PY_HINTS: [&str; 10] = [
    "Wrap the call to the tool in try/except. In the except, return (f\"Error: {err}\", True): the loop puts that in the history and the model reads it.",
    "Return (sentence, True) instead of raising, and build the sentence from the names in TOOLS (' and '.join(TOOLS)) so the model learns the real names.",
    "Ask first whether name is in MY_TOOLS, before calling anything. Then one except Exception sends the error's own message: str(err) of a KeyError from inside use_from_bag is 'crowbar', what was missing.",
    "Loop up to a few attempts. Retry when urlopen raises URLError or TimeoutError, or an HTTPError whose code is 408, 429 or 5xx. Before each retry, time.sleep(random.uniform(0, min(base × 2^(attempt−1), max))).",
    "passes should be True for no answer at all (http_error is None), 408, 429 and every status from 500 up, and False for everything else.",
    "retry_after(http_error.headers) reads the header, in seconds. When it gives a number, return min(it, RETRY_AFTER_CAP) before the random backoff.",
    "Pass timeout=CALL_TIMEOUT to urlopen. A cut call raises TimeoutError, and the retry loop already catches that as it catches a dropped one.",
    "Turn the calls into a text (names and arguments) with json.dumps. If it equals the last turn's, return a sentence for a person; otherwise remember it and run the calls.",
    "Log the full error with logging.warning(…, exc_info=True) for yourself. Give the model only the first line of str(err).",
    "Call the tool once. If it raises, return its sentence as the result: the model reads that the reply was lost and checks the room first.",
];

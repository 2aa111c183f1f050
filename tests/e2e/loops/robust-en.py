# Your agent loop, in plain Python (standard library only).
# The page gives it: LLM (where to send requests), urllib.request (answered by
# the page's own test server), TASK, the tools look_at and use in TOOLS, their
# TOOL_SCHEMAS, and a clock on virtual time: a 4-second time.sleep costs nothing
# while grading. The page calls run_agent(TASK).
# Run plays one run in the scene. Report card meets every failure in turn.

import json
import logging
import random
import time
import urllib.error
import urllib.request

# tries per model call, the first one included
MAX_ATTEMPTS = 4
# ceiling of the first wait, in seconds; it doubles each time
BASE_DELAY = 0.5
# no wait is longer than this
MAX_DELAY = 4.0
# the longest Retry-After we agree to honour
RETRY_AFTER_CAP = 10.0
# the watchdog: a silent call is cut after this many seconds
CALL_TIMEOUT = 15.0
MAX_TURNS = 10
MAX_ERRORS_IN_A_ROW = 3


# Layer 1, the model's server. Retry what tends to pass by itself (429, 5xx,
# no answer at all), never what comes back the same (400, 401).
def call_model(messages):
    request = urllib.request.Request(
        f"{LLM['base_url']}/chat/completions",
        data=json.dumps({"model": LLM["model"], "messages": messages, "tools": TOOL_SCHEMAS}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {LLM['api_key']}"},
    )
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            with urllib.request.urlopen(request, timeout=CALL_TIMEOUT) as response:
                return json.load(response)["choices"][0]
        except urllib.error.HTTPError as err:
            http_error = err
        except (urllib.error.URLError, TimeoutError, ConnectionError):
            # No answer: the connection dropped, or the watchdog cut a call that hung.
            http_error = None

        status = http_error.code if http_error is not None else 0
        passes = http_error is None or status in (408, 429) or status >= 500
        if not passes:
            raise RuntimeError(f"the model's server refused the request ({status}); sending it again would not help") from http_error
        if attempt == MAX_ATTEMPTS:
            raise RuntimeError(f"the model's server still fails after {attempt} tries ({status or 'no answer'})") from http_error
        time.sleep(wait_before(attempt, http_error))


# The server may say how long to wait; otherwise a random wait under a
# ceiling that doubles (full jitter), so clients don't all come back at once.
def wait_before(attempt, http_error):
    asked = retry_after(http_error.headers) if http_error is not None else None
    if asked is not None:
        return min(asked, RETRY_AFTER_CAP)
    ceiling = min(BASE_DELAY * 2 ** (attempt - 1), MAX_DELAY)
    return random.uniform(0, ceiling)


# How long the server asks us to wait, in seconds (retry-after-ms, or
# Retry-After), or None when it does not say.
def retry_after(headers):
    for name, seconds in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name, ""))
        except ValueError:
            continue
        if value >= 0:
            return value * seconds
    return None


# Layer 2, the tools. Whatever goes wrong becomes one sentence the model can
# read and act on. Details (a traceback, a path) go to your logs, not to it.
def run_tool(call):
    name = call["function"]["name"]
    tool = TOOLS.get(name)
    if tool is None:
        return f"Error: there is no tool named {name}. The tools are {' and '.join(TOOLS)}.", True
    try:
        args = json.loads(call["function"].get("arguments") or "{}")
    except json.JSONDecodeError:
        return f"Error: the arguments for {name} are not valid JSON. Send them again as one JSON object.", True
    try:
        return tool(**args), False
    except Exception as err:
        logging.warning("%s: %s", name, err, exc_info=True)
        sentence = (str(err) or type(err).__name__).splitlines()[0]
        return f"Error: {sentence}", True


# The loop. It decides by what the reply holds, not by finish_reason alone, and
# it hands over when it is going nowhere. Anything else is left to raise.
def run_agent(task):
    messages = [{"role": "user", "content": task}]
    errors_in_a_row = 0
    last_calls = None

    for _ in range(MAX_TURNS):
        choice = call_model(messages)
        reply = choice["message"]
        messages.append(reply)
        calls = reply.get("tool_calls") or []

        if not calls:
            if choice.get("finish_reason") == "length":
                raise RuntimeError("the reply was cut at the token limit: half an answer is not an answer")
            return reply.get("content") or ""

        asked = json.dumps([[c["function"]["name"], c["function"].get("arguments")] for c in calls])
        if asked == last_calls:
            return f"I am stuck: the model asked for the same thing twice ({asked}). Over to you."
        last_calls = asked

        for call in calls:
            output, is_error = run_tool(call)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": output})
            errors_in_a_row = errors_in_a_row + 1 if is_error else 0
        if errors_in_a_row >= MAX_ERRORS_IN_A_ROW:
            return f"I am stuck after {errors_in_a_row} tool errors in a row. Over to you."
    return f"No answer after {MAX_TURNS} turns. Over to you."


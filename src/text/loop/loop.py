⟦0⟧

import json
import logging
import random
import time
import urllib.error
import urllib.request

⟦1⟧
MAX_ATTEMPTS = 4
⟦2⟧
BASE_DELAY = 0.5
⟦3⟧
MAX_DELAY = 4.0
⟦4⟧
RETRY_AFTER_CAP = 10.0
⟦5⟧
CALL_TIMEOUT = 15.0
MAX_TURNS = 10
MAX_ERRORS_IN_A_ROW = 3


⟦6⟧
def call_model(messages):
    request = urllib.request.Request(
        f"{LLM['base_url']}/chat/completions",
        data=json.dumps({"model": LLM["model"], "messages": messages, "tools": TOOL_SCHEMAS}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {LLM['api_key']}"},
    )
⟪retry⟫
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
⟪watchdog⟫
            with urllib.request.urlopen(request, timeout=CALL_TIMEOUT) as response:
⟪/⟫
                return json.load(response)["choices"][0]
        except urllib.error.HTTPError as err:
            http_error = err
        except (urllib.error.URLError, TimeoutError, ConnectionError):
⟦7⟧
            http_error = None

        status = http_error.code if http_error is not None else 0
⟪permanent⟫
        passes = http_error is None or status in (408, 429) or status >= 500
⟪/⟫
⟦8⟧
        time.sleep(wait_before(attempt, http_error))
⟪/⟫


⟦9⟧
def wait_before(attempt, http_error):
⟪retry-after⟫
    asked = retry_after(http_error.headers) if http_error is not None else None
    if asked is not None:
        return min(asked, RETRY_AFTER_CAP)
⟪/⟫
    ceiling = min(BASE_DELAY * 2 ** (attempt - 1), MAX_DELAY)
    return random.uniform(0, ceiling)


⟦10⟧
def retry_after(headers):
    for name, seconds in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name, ""))
        except ValueError:
            continue
        if value >= 0:
            return value * seconds
    return None


⟦11⟧
⟪dispatch⟫
def run_tool(call):
    name = call["function"]["name"]
    tool = TOOLS.get(name)
    if tool is None:
⟪unknown-tool⟫
⟦12⟧
⟪/⟫
    try:
        args = json.loads(call["function"].get("arguments") or "{}")
    except json.JSONDecodeError:
⟦13⟧
⟪tool-call⟫
    try:
        return tool(**args), False
    except Exception as err:
⟪tool-error⟫
        logging.warning("%s: %s", name, err, exc_info=True)
        sentence = (str(err) or type(err).__name__).splitlines()[0]
        return f"Error: {sentence}", True
⟪/⟫
⟪/⟫
⟪/⟫


⟦14⟧
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
⟦15⟧
            return reply.get("content") or ""

⟪guard⟫
        asked = json.dumps([[c["function"]["name"], c["function"].get("arguments")] for c in calls])
⟦16⟧
        last_calls = asked

        for call in calls:
            output, is_error = run_tool(call)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": output})
            errors_in_a_row = errors_in_a_row + 1 if is_error else 0
⟦17⟧
⟪/⟫
⟦18⟧

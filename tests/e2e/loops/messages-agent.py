"""An agent on Anthropic's Messages API with urllib: a dice roller and a file reader of its own."""
import json
import os
import random
import time
import urllib.error
import urllib.request

URL = os.environ.get("ANTHROPIC_BASE_URL", "http://localhost:8080") + "/v1/messages"

TOOLS = [
    {"name": "roll_dice", "description": "Roll dice and add them up.",
     "input_schema": {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 10}},
                      "required": ["count"]}},
    {"name": "read_file", "description": "Read a text file from the working folder.",
     "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}, "required": ["filename"]}},
]


def run_tool(name, args):
    if name == "roll_dice":
        return str(sum(random.randint(1, 6) for _ in range(int(args["count"]))))
    if name == "read_file":
        with open(args["filename"]) as f:
            return f.read()
    raise LookupError(f"unknown tool {name}")


def post(messages):
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": TOOLS, "messages": messages}).encode()
    for attempt in range(1, 5):
        req = urllib.request.Request(URL, data=body, headers={
            "content-type": "application/json", "x-api-key": os.environ.get("ANTHROPIC_API_KEY", ""),
            "anthropic-version": "2023-06-01"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code in (400, 401, 403, 404) or attempt == 4:
                raise
            time.sleep(int(e.headers.get("retry-after") or 2 ** attempt))


def run_agent(task):
    messages = [{"role": "user", "content": task}]
    while True:
        reply = post(messages)
        messages.append({"role": "assistant", "content": reply["content"]})
        if reply["stop_reason"] != "tool_use":
            return "".join(b["text"] for b in reply["content"] if b["type"] == "text")
        results = []
        for block in reply["content"]:
            if block["type"] == "tool_use":
                results.append({"type": "tool_result", "tool_use_id": block["id"],
                                "content": run_tool(block["name"], block["input"])})
        messages.append({"role": "user", "content": results})

// A card never lies (issue 55): loops written as people write them, each pasted as a file.
// A loop that never reaches the model gets no graded row, only why, at its line; a REPL loop
// that reads its task with input() runs and is graded; a TypeScript loop that never checks
// res.ok fails its 400 row with the check it lacks; a Python loop that sends str(e) back for an
// unknown tool fails that row, and every fix it is given is Python's.
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

// Python, as a first loop is written: urlopen with no timeout, str(e) as the tool's answer.
const PY_STR_E = `import json
import urllib.request

TOOL_FUNCS = {"look_at": look_at, "use": use}


def call_model(messages):
    req = urllib.request.Request(
        LLM["base_url"] + "/chat/completions",
        data=json.dumps({"model": LLM["model"], "messages": messages, "tools": TOOL_SCHEMAS}).encode(),
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + LLM["api_key"]},
    )
    with urllib.request.urlopen(req) as res:
        return json.load(res)["choices"][0]


def run_agent(task):
    messages = [{"role": "user", "content": task}]
    for _ in range(10):
        msg = call_model(messages)["message"]
        messages.append(msg)
        if not msg.get("tool_calls"):
            return msg.get("content")
        for call in msg["tool_calls"]:
            try:
                fn = TOOL_FUNCS[call["function"]["name"]]
                out = fn(**json.loads(call["function"]["arguments"]))
            except Exception as e:
                out = str(e)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": out})
    return "gave up"
`;

// A chat REPL: the task comes from input(), and the loop ends at the end of the input.
const PY_REPL = `import json
import urllib.request

URL = LLM["base_url"] + "/chat/completions"
BY_NAME = {"look_at": look_at, "use": use}


def ask(messages):
    body = json.dumps({"model": LLM["model"], "messages": messages, "tools": TOOL_SCHEMAS}).encode()
    req = urllib.request.Request(URL, data=body, headers={"Content-Type": "application/json", "Authorization": "Bearer " + LLM["api_key"]})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)["choices"][0]["message"]


messages = []
while True:
    text = input("you> ")
    messages.append({"role": "user", "content": text})
    for _ in range(8):
        msg = ask(messages)
        messages.append(msg)
        if not msg.get("tool_calls"):
            print("agent>", msg.get("content"))
            break
        for call in msg["tool_calls"]:
            try:
                out = BY_NAME[call["function"]["name"]](**json.loads(call["function"]["arguments"]))
            except KeyError:
                out = "Error: there is no tool named " + call["function"]["name"] + ". Use look_at or use."
            except Exception as e:
                out = "Error: " + str(e)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": out})
`;

// Asks a person twice before it calls anything.
const PY_ASKS_TWICE = `import json
import urllib.request

name = input("Your name: ")
task = input("What should the agent do? ")
req = urllib.request.Request(LLM["base_url"] + "/chat/completions", data=json.dumps({"model": LLM["model"], "messages": [{"role": "user", "content": task}]}).encode())
print(urllib.request.urlopen(req).read())
`;

const PY_REQUESTS = `import os
import requests

def run_agent(task):
    r = requests.post(os.environ["OPENAI_BASE_URL"] + "/chat/completions", json={"messages": [{"role": "user", "content": task}]})
    return r.json()["choices"][0]["message"]["content"]
`;

// Written for a web page: it writes its answer into the page's DOM.
const JS_DOCUMENT = `const out = document.getElementById('answer');

async function runAgent(task) {
  const res = await fetch(LLM.baseURL + '/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + LLM.apiKey },
    body: JSON.stringify({ model: LLM.model, messages: [{ role: 'user', content: task }] }),
  });
  out.textContent = (await res.json()).choices[0].message.content;
}
`;

// TypeScript that never checks res.ok: an error's body has no choices.
const TS_NO_RES_OK = `interface Msg { role: string; content?: string | null; tool_calls?: any[]; tool_call_id?: string }

async function runAgent(task: string): Promise<string> {
  const messages: Msg[] = [{ role: 'user', content: task }];
  for (let turn = 0; turn < 10; turn++) {
    const res = await fetch(\`\${LLM.baseURL}/chat/completions\`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${LLM.apiKey}\` },
      body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
    });
    const data = await res.json();
    const msg: Msg = data.choices[0].message;
    messages.push(msg);
    if (!msg.tool_calls?.length) return msg.content ?? '';
    for (const call of msg.tool_calls) {
      let output: string;
      try {
        output = await (tools as any)[call.function.name](JSON.parse(call.function.arguments));
      } catch (err) {
        output = 'Error: ' + (err as Error).message;
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
  }
  return 'no answer';
}
`;

/** Presses Report card and waits until the card has said all it will. */
async function gradeToEnd(yours) {
  await yours.cardButton.click();
  await expect(yours.cardButton).toBeEnabled({ timeout: 120_000 });
  await expect(yours.status).not.toHaveText(/\d+ (of|sur|\/) \d+/, { timeout: 120_000 });
}

/** The verdict slugs and fix texts of one row. */
async function rowOf(page, slug) {
  const row = page.locator(`[data-testid="yours-card-row"][data-case="${slug}"]`);
  return row.evaluate((r) => ({
    pass: r.dataset.pass === 'true',
    verdicts: [...r.querySelectorAll('[data-verdict]')].map((v) => v.dataset.verdict),
    fixes: [...r.querySelectorAll('.verdict-fix')].map((f) => f.textContent.trim()),
  }));
}

const NEVER_RAN = [
  { name: 'no-card.py', code: PY_REQUESTS, problem: 'package', line: '2' },
  { name: 'asks.py', code: PY_ASKS_TWICE, problem: 'input', line: '5' },
  { name: 'page.js', code: JS_DOCUMENT, problem: 'web-page', line: '1' },
];

for (const loop of NEVER_RAN) {
  test(`a loop that never reaches the model gets no graded row, only why, at its line: ${loop.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    const yours = new YoursView(page);
    await yours.goto();
    await yours.openFile(loop.name, loop.code);
    await gradeToEnd(yours);
    await expect(page.getByTestId('yours-card-nothing-ran')).toBeVisible();
    await expect(yours.rows).toHaveCount(0);
    await expect(yours.summary).toHaveCount(0);
    const problem = page.getByTestId('yours-card-problem');
    await expect(problem).toHaveAttribute('data-problem', loop.problem);
    await expect(problem).toHaveAttribute('data-line', loop.line);
  });
}

test('a REPL loop that reads its task with input() runs, and ends at the end of the input', async ({ page }) => {
  test.setTimeout(180_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('repl.py', PY_REPL);
  const card = await yours.grade();
  expect(Object.keys(card)).toHaveLength(await yours.caseCount());
  await expect(page.getByTestId('yours-card-nothing-ran')).toHaveCount(0);
  expect(card.plain, 'the task from input() opened the door').toEqual({ pass: true, verdicts: ['right-layer'] });
  expect(card.unknowntool.pass, 'its sentence for an unknown tool reached the model').toBe(true);
});

test("a loop that never checks res.ok fails its 400 with the check it lacks, in JavaScript's words", async ({ page }) => {
  test.setTimeout(180_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('agent.ts', TS_NO_RES_OK);
  await yours.grade();
  for (const slug of ['400', '401', '500']) {
    const row = await rowOf(page, slug);
    expect(row.pass, slug).toBe(false);
    expect(row.verdicts[0], slug).toBe('read-error-as-answer');
    expect(row.verdicts, slug).not.toContain('no-retry');
    expect(row.fixes[0], slug).toContain('res.ok');
  }
});

test("a Python loop's bare str(e) fails the unknown tool, and every fix it is given is Python's", async ({ page }) => {
  test.setTimeout(180_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('agent.py', PY_STR_E);
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
  await yours.grade();
  const unknown = await rowOf(page, 'unknowntool');
  expect(unknown.pass).toBe(false);
  expect(unknown.verdicts).toContain('bare-tool-error');
  expect(unknown.fixes.join(' ')).toContain('str(e)');
  const hang = await rowOf(page, 'hang');
  expect(hang.verdicts).toContain('waited-forever');
  expect(hang.fixes.join(' ')).toContain('timeout=');
  // No fix on the whole card speaks JavaScript to a Python loop.
  const fixes = await page.locator('[data-testid="yours-card-row"] .verdict-fix').allTextContents();
  expect(fixes.length).toBeGreaterThan(0);
  for (const fix of fixes) {
    expect(fix).not.toMatch(/AbortSignal|Math\.random|globalThis|res\.ok|try\/catch/);
  }
});

test("opening a row marks the lines that decided it in the editor, read from the calls the sandbox saw", async ({ page }) => {
  test.setTimeout(180_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('agent.py', PY_STR_E);
  await yours.grade();
  // The hang: the urlopen with no timeout (line 13), in call_model, called from run_agent (line 20).
  const hang = page.locator('[data-testid="yours-card-row"][data-case="hang"]');
  await expect(hang.locator('[data-verdict="waited-forever"]')).toHaveAttribute('data-lines', '13 20');
  await expect(hang.locator('[data-verdict="waited-forever"] .verdict-at')).toContainText('13');
  await hang.getByTestId('yours-open-case').click();
  await expect(yours.pane).toHaveAttribute('data-marked-lines', '13 20');
  await expect(page.locator('.cm-finding-line')).toHaveCount(2);
  await expect(page.locator('.cm-finding-sign').first()).toHaveAttribute('title', /Waited forever/);
  // The bare error: the request that carried it to the model, from the same lines.
  const unknown = page.locator('[data-testid="yours-card-row"][data-case="unknowntool"]');
  await expect(unknown.locator('[data-verdict="bare-tool-error"]')).toHaveAttribute('data-lines', '13 20');
  // An edit makes the marks stale: they go.
  await page.locator('.cm-content').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await expect(page.locator('.cm-finding-line')).toHaveCount(0);
  await expect(yours.pane).toHaveAttribute('data-marked-lines', '');
});

test('a TypeScript row is placed at the line that threw and the fetch it read', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('agent.ts', TS_NO_RES_OK);
  await yours.grade();
  const bad = page.locator('[data-testid="yours-card-row"][data-case="400"] [data-verdict="read-error-as-answer"]');
  await expect(bad).toHaveAttribute('data-lines', '12 6');
});

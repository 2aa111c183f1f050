// A loop written for a terminal runs unedited (issue 51, item 4): its task comes as typed input
// (input(), readline, process.stdin) and then the input ends; as a prompt argument (sys.argv,
// process.argv); its key, endpoint and model from the environment, answered with the page's
// placeholder key, its own server and its model, and named under the editor; files from a small
// folder in memory; and a command it runs is refused as the tool's own error. The first part drives
// the sandbox alone (no build needed); the second pastes loops into the page.
import { test, expect } from './fixtures.mjs';
import { serveSandbox } from './sandbox-serve.mjs';
import { YoursView } from './yours.page.mjs';

const PLACEHOLDER = 'sk-your-key-here';

// ---- Loops in the styles people publish (our own words) ----

// A Python Chat Completions REPL: urllib, input() in while True, its key and URL from the
// environment, under if __name__ == "__main__".
const PY_REPL = `#!/usr/bin/env python3
"""chat.py: a tiny terminal agent. Ctrl-D to quit."""
import json, os, sys, urllib.request

API_KEY = os.environ["OPENAI_API_KEY"]
BASE_URL = os.getenv("OPENAI_BASE_URL", "https://api.openai.com/v1")
MODEL = os.environ.get("OPENAI_MODEL", "gpt-4o-mini")
TOOLS = [
    {"type": "function", "function": {"name": "look_at", "description": "Look at something.",
        "parameters": {"type": "object", "properties": {"target": {"type": "string"}}, "required": ["target"]}}},
    {"type": "function", "function": {"name": "use", "description": "Use an item with something.",
        "parameters": {"type": "object", "properties": {"item": {"type": "string"}, "target": {"type": "string"}}, "required": ["item", "target"]}}},
]

def read_file(path):
    with open(path) as f:
        return f.read()

def shell(command):
    import subprocess
    return subprocess.check_output(command, shell=True, text=True)

def chat(messages):
    body = json.dumps({"model": MODEL, "messages": messages, "tools": TOOLS}).encode()
    req = urllib.request.Request(BASE_URL + "/chat/completions", data=body,
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + API_KEY})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())["choices"][0]["message"]

def run_tool(name, args):
    try:
        if name == "look_at":
            return look_at(**args)
        if name == "use":
            return use(**args)
        return "unknown tool " + name
    except Exception as err:
        return "error: " + str(err)

def main():
    notes = read_file("notes.txt")
    try:
        shell("git status")
    except Exception as err:
        print("no shell:", err)
    messages = [{"role": "system", "content": "You are a careful agent. Notes:\\n" + notes}]
    while True:
        try:
            line = input("you> ")
        except (EOFError, KeyboardInterrupt):
            print("bye")
            break
        messages.append({"role": "user", "content": line})
        while True:
            reply = chat(messages)
            messages.append(reply)
            if not reply.get("tool_calls"):
                print("agent>", reply.get("content"))
                break
            for call in reply["tool_calls"]:
                out = run_tool(call["function"]["name"], json.loads(call["function"]["arguments"] or "{}"))
                messages.append({"role": "tool", "tool_call_id": call["id"], "content": out})

if __name__ == "__main__":
    main()
`;

// A JavaScript script for `node agent.js -p "..."`: a #! line, the prompt from process.argv, the
// endpoint from process.env.MODEL_URL, fetch, a file tool (fs) and a shell tool (child_process).
const JS_SCRIPT = `#!/usr/bin/env node
// agent.js: node agent.js -p "what to do"
const fs = require('node:fs');
const path = require('node:path');
const { execSync } = require('child_process');
require('dotenv').config();

const argv = process.argv.slice(2);
const at = argv.indexOf('-p');
const prompt = at >= 0 ? argv[at + 1] : argv.join(' ');
const endpoint = process.env.MODEL_URL || 'http://localhost:11434/v1';
const model = process.env.AGENT_MODEL || 'llama3';

const tools = {
  read_file: ({ file }) => fs.readFileSync(path.join(process.cwd(), file), 'utf8'),
  run: ({ command }) => execSync(command, { encoding: 'utf8' }),
  look_at: (a) => look_at(a),
  use: (a) => use(a),
};

async function callTool(name, args) {
  try {
    return String(await tools[name](args));
  } catch (err) {
    return 'tool failed: ' + err.message;
  }
}

async function main() {
  console.log('notes:', (await callTool('read_file', { file: 'notes.txt' })).split('\\n')[0]);
  console.log(await callTool('run', { command: 'ls -la' }));
  const messages = [{ role: 'user', content: prompt }];
  for (let turn = 0; turn < 10; turn++) {
    const res = await fetch(endpoint + '/chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
      body: JSON.stringify({ model, messages, tools: toolSchemas }),
    });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    const msg = (await res.json()).choices[0].message;
    messages.push(msg);
    if (!msg.tool_calls) { console.log(msg.content); return; }
    for (const c of msg.tool_calls) {
      messages.push({ role: 'tool', tool_call_id: c.id, content: await callTool(c.function.name, JSON.parse(c.function.arguments)) });
    }
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
`;

// A JavaScript readline REPL: rl.question in a loop, a 'close' that exits.
const JS_READLINE = `const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
const history = [];

async function ask(messages) {
  const res = await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
    body: JSON.stringify({ model: process.env.OPENAI_MODEL, messages, tools: toolSchemas }),
  });
  return (await res.json()).choices[0].message;
}

async function turn(line) {
  history.push({ role: 'user', content: line });
  for (;;) {
    const msg = await ask(history);
    history.push(msg);
    if (!msg.tool_calls) return msg.content;
    for (const c of msg.tool_calls) {
      let out;
      try { out = await tools[c.function.name](JSON.parse(c.function.arguments)); } catch (e) { out = 'error: ' + e.message; }
      history.push({ role: 'tool', tool_call_id: c.id, content: out });
    }
  }
}

function prompt() {
  rl.question('> ', async (line) => {
    console.log(await turn(line));
    prompt();
  });
}
rl.on('close', () => { console.log('goodbye'); process.exit(0); });
prompt();
`;

// ---- The sandbox alone ----
test.describe('the sandbox gives a terminal loop what it expects', () => {
  let site;
  test.beforeAll(async () => { site = await serveSandbox(); });
  test.afterAll(async () => { await site.stop(); });
  test.beforeEach(async ({ page }) => {
    await page.goto(site.harness);
    await expect(page.locator('#pokes')).toHaveText('0');
  });
  const run = (page, code, options = {}) => page.evaluate(([c, o]) => window.harness(c, o), [code, options]);
  const texts = (r) => r.logs.map((l) => l.text);

  test('a #! script reads -p from process.argv and MODEL_URL from process.env, reads a file, meets a refused command as its tool\'s error, and ends normally', async ({ page }) => {
    const r = await run(page, JS_SCRIPT, { task: 'Open the temple door.' });
    expect(r.end).toMatchObject({ how: 'returned', env: ['MODEL_URL', 'AGENT_MODEL', 'OPENAI_API_KEY'] });
    expect(r.requests.length).toBe(4);
    expect(r.requests[0].url).toBe('https://llm.example/v1/chat/completions');
    expect(r.requests[0].headers.authorization).toBe(`Bearer ${PLACEHOLDER}`);
    expect(JSON.parse(r.requests[0].body)).toMatchObject({ model: 'fake-model', messages: [{ role: 'user', content: 'Open the temple door.' }] });
    expect(texts(r)).toEqual(expect.arrayContaining(['notes: Notes from the locksmith', 'tool failed: this page has no processes: ls -la refused', 'The temple door is open.']));
    expect(r.room.doorOpen).toBe(true);
  });

  test('readline gives the task once, then closes: a question loop ends normally at the end of its input', async ({ page }) => {
    const r = await run(page, JS_READLINE, { task: 'Open the temple door.' });
    expect(r.end).toMatchObject({ how: 'returned', env: ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL'] });
    expect(r.requests.length).toBe(4);
    expect(texts(r)).toEqual(['> Open the temple door.', 'The temple door is open.', 'goodbye']);
    // The other ways of reading the input: for await over the interface, 'line' events, stdin.
    const forAwait = await run(page, "const rl = require('node:readline').createInterface({ input: process.stdin });\nconst got = [];\nfor await (const line of rl) got.push(line);\nconsole.log(JSON.stringify(got));\nawait fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: '{}' });");
    expect(forAwait.end.how).toBe('returned');
    expect(texts(forAwait)).toEqual(['["Open the temple door."]']);
    const promises = await run(page, "const rl = require('readline/promises').createInterface({ input: process.stdin, output: process.stdout });\nconst a = await rl.question('task? ');\nawait fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: a });\nconst b = await rl.question('next? ');\nconsole.log('never', b);");
    expect(promises.end.how).toBe('returned');
    expect(promises.requests[0].body).toBe('Open the temple door.');
    const stdin = await run(page, "let input = '';\nprocess.stdin.setEncoding('utf8');\nprocess.stdin.on('data', (d) => { input += d; });\nprocess.stdin.on('end', async () => { const r = await fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: input.trim() }); console.log('status', r.status); });");
    expect(stdin.end.how).toBe('returned');
    expect(stdin.requests[0].body).toBe('Open the temple door.');
    expect(texts(stdin)).toEqual(['status 200']);
    const readable = await run(page, "let input = '';\nprocess.stdin.on('readable', () => { let chunk; while ((chunk = process.stdin.read()) !== null) input += chunk; });\nprocess.stdin.on('end', () => fetch(LLM.baseURL + '/chat/completions', { method: 'POST', body: input.trim() }));");
    expect(readable.end.how).toBe('returned');
    expect(readable.requests[0].body).toBe('Open the temple door.');
  });

  test('argv is bare when the code names no flag; the environment answers key, address and model by name, Anthropic\'s address without /v1', async ({ page }) => {
    const r = await run(page, "return JSON.stringify([process.argv.slice(2), process.env.ANTHROPIC_API_KEY, process.env.ANTHROPIC_BASE_URL, process.env.LLM_ENDPOINT, process.env.HF_TOKEN, process.env.MODEL, process.env.NODE_ENV, 'OPENAI_API_KEY' in process.env, require('os').homedir(), require('fs').readdirSync('.')])", { task: 'T' });
    expect(JSON.parse(r.end.value)).toEqual([['T'], PLACEHOLDER, 'https://llm.example', 'https://llm.example/v1', PLACEHOLDER, 'fake-model', null, true, '/home/agent', ['README.md', 'data.csv', 'notes.txt']]);
    expect(r.end.env).toEqual(['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'LLM_ENDPOINT', 'HF_TOKEN', 'MODEL', 'OPENAI_API_KEY']);
    const flagged = await run(page, "const { values } = { values: { prompt: process.argv[process.argv.indexOf('--prompt') + 1] } };\nreturn values.prompt", { task: 'T' });
    expect(flagged.end).toMatchObject({ how: 'returned', value: 'T' });
    // A backoff's sleep from timers/promises is on virtual time.
    const slept = await run(page, "const { setTimeout: sleep } = require('node:timers/promises');\nconst t0 = Date.now();\nawait sleep(4000);\nreturn String(Date.now() - t0)");
    expect(slept.end).toMatchObject({ how: 'returned', value: '4000' });
    // A package the page does not have is still named as one.
    expect((await run(page, 'require("openai")')).end).toMatchObject({ how: 'threw', mistake: { kind: 'package', name: 'openai' } });
  });

  test('a Python REPL loop reads its task from input(), its key from os.environ, opens a file, and ends at EOFError', async ({ page }) => {
    test.setTimeout(120_000);
    const r = await run(page, PY_REPL, { language: 'python', task: 'Open the temple door.' });
    expect(r.end).toMatchObject({ how: 'returned', env: ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'] });
    expect(r.requests.length).toBe(4);
    expect(r.requests[0].headers.Authorization || r.requests[0].headers.authorization).toBe(`Bearer ${PLACEHOLDER}`);
    expect(JSON.parse(r.requests[0].body).messages[0].content).toContain('Notes from the locksmith');
    expect(texts(r)).toEqual(expect.arrayContaining(['no shell: this page has no processes: git status refused', 'agent> The temple door is open.', 'bye']));
    const argv = await run(page, 'import argparse, sys\np = argparse.ArgumentParser()\np.add_argument("-p", "--prompt")\nprint(p.parse_args().prompt, sys.argv[0])\nfrom dotenv import load_dotenv\nload_dotenv()\nimport os\nprint(os.getcwd(), sorted(os.listdir(".")))', { language: 'python', task: 'T' });
    expect(texts(argv)).toEqual(['T agent.py', "/home/agent ['README.md', 'data.csv', 'notes.txt']"]);
  });
});

// ---- In the page ----
test.describe('pasted into the page', () => {
  /** No key but the page's placeholder anywhere on the page. */
  async function noRealKey(page) {
    const text = await page.locator('body').innerText();
    expect(text.match(/sk-[A-Za-z0-9_-]{6,}/g)?.filter((k) => k !== PLACEHOLDER) ?? []).toEqual([]);
  }

  test('a #! JavaScript script with ES imports reaches the model on every case, and the line under the editor names the variables it read', async ({ page }) => {
    test.setTimeout(120_000);
    const yours = new YoursView(page);
    await yours.goto('&lang=en');
    const esm = JS_SCRIPT.replace("const fs = require('node:fs');\nconst path = require('node:path');\nconst { execSync } = require('child_process');\nrequire('dotenv').config();",
      "import fs from 'node:fs';\nimport path from 'node:path';\nimport { execSync } from 'child_process';\nimport 'dotenv/config';");
    await yours.openFile('agent.mjs', esm);
    // What the page gives says so beside the editor.
    await page.getByTestId('yours-provides').locator('summary').click();
    await expect(page.getByTestId('yours-provides')).toContainText('child_process refuses every command');
    const card = await yours.grade();
    expect(Object.keys(card).length).toBe(await yours.caseCount());
    await expect(page.getByTestId('yours-card-nothing-ran')).toHaveCount(0);
    expect(Object.values(card).filter((row) => row.pass).length).toBeGreaterThan(0);
    const line = page.getByTestId('yours-env-read');
    await expect(line).toHaveText("Your code read MODEL_URL, AGENT_MODEL and OPENAI_API_KEY from its environment: the page answered with a placeholder key (never a real one), its own server's address and its model's name.");
    await noRealKey(page);
  });

  test('a Python REPL loop under if __name__ == "__main__" runs a case to its end, in Chinese, and the line names its variables', async ({ page }) => {
    test.setTimeout(150_000);
    const yours = new YoursView(page);
    await yours.goto('&lang=zh');
    await yours.openFile('chat.py', PY_REPL);
    await expect(page.getByTestId('yours-lang')).toHaveValue('py');
    await yours.run.click();
    const line = page.getByTestId('yours-env-read');
    await expect(line).toHaveText('你的代码从环境变量读取了 OPENAI_API_KEY、OPENAI_BASE_URL、OPENAI_MODEL：页面用占位密钥（绝不是真的密钥）、它自己服务器的地址、它的模型名作答。', { timeout: 120_000 });
    await expect(page.locator('[data-testid="event-log"] .entry').first()).toBeVisible({ timeout: 30_000 });
    await expect(yours.status).not.toHaveAttribute('data-problem', /.+/);
    await noRealKey(page);
  });

  test('the line under the editor, as it looks: a readline REPL in English and Chinese, on a laptop and a phone', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [w, h] of [[1280, 720], [390, 844]]) {
      for (const lang of ['en', 'zh']) {
        await page.setViewportSize({ width: w, height: h });
        const yours = new YoursView(page);
        await yours.goto(`&lang=${lang}`);
        await yours.openFile('repl.js', JS_READLINE);
        await yours.run.click();
        const line = page.getByTestId('yours-env-read');
        await expect(line).toContainText('OPENAI_BASE_URL', { timeout: 30_000 });
        await line.scrollIntoViewIfNeeded();
        const box = await line.boundingBox();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(w + 1);
        await page.screenshot({ path: `test-results/yours-terminal-env-${lang}-${w}x${h}.png` });
        await yours.stop.click().catch(() => {});
      }
    }
  });
});

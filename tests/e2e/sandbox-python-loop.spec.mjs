// The Python starting code of "Your own loop" (issue 42), run as the page runs it: in the Python
// sandbox, against the harness's scripted server (sandbox-host.html, sandbox-serve.mjs; no wasm
// build needed). The code is the English starting code as the page makes it from
// src/text/loop/loop.py; a native test keeps this copy current (tests/e2e/loops/robust-en.py,
// `UPDATE_FIXTURES=1 cargo test -p rusty-lock --bins copy_of_the_python_starting_code`).
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { serveSandbox } from './sandbox-serve.mjs';

const LOOP = readFileSync(new URL('./loops/robust-en.py', import.meta.url), 'utf8');
const RUSTED = 'the lock is rusted shut and the key won’t turn. Oil it first: use oil_can with lock.';

let site;
test.beforeAll(async () => { site = await serveSandbox(); });
test.afterAll(async () => { await site.stop(); });

// Python's first start takes seconds on a busy machine; each later run restores a snapshot.
test.describe.configure({ timeout: 120_000 });

async function run(page, code, options = {}) {
  return page.evaluate(([c, o]) => window.harness(c, { language: 'python', ...o }), [code, options]);
}
const times = (r) => r.requests.map((q) => q.t);
const historyOf = (r, k) => JSON.parse(r.requests[k].body).messages;

test.describe('the Python starting code', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(site.harness);
    await expect(page.locator('#pokes')).toHaveText('0');
  });

  test('opens the door; the tool\'s ValueError goes back to the model as one sentence in a tool message, its details to the log', async ({ page }) => {
    const r = await run(page, LOOP);
    expect(r.end).toMatchObject({ how: 'returned', value: 'The temple door is open.' });
    expect(r.end.placeholders || []).toEqual([]);
    expect(r.tools.map((c) => [c.name, c.args])).toEqual([
      ['use', { item: 'key', target: 'door' }], ['use', { item: 'oil_can', target: 'lock' }], ['use', { item: 'key', target: 'door' }],
    ]);
    expect(r.requests).toHaveLength(4);
    expect(JSON.parse(r.requests[0].body)).toMatchObject({ model: 'fake-model', tools: [{ function: { name: 'look_at' } }, { function: { name: 'use' } }] });
    expect(r.requests[0].headers).toMatchObject({ authorization: 'Bearer sk-your-key-here' });
    expect(historyOf(r, 1).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: `Error: ${RUSTED}` });
    expect(historyOf(r, 2).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_2', content: 'You oil the lock. It looks like it might turn now.' });
    // The traceback went to the log (logging.warning), and nothing of it, nor the key, to the model.
    expect(r.logs[0]).toMatchObject({ level: 'warn', text: `WARNING:root:use: ${RUSTED}` });
    expect(r.logs.map((l) => l.text).join('\n')).toContain('Traceback');
    const read = r.requests.map((q) => q.body).join('\n');
    expect(read).not.toContain('Traceback');
    expect(read).not.toContain('sk-your-key-here');
    expect(r.end.t).toBe(0);
  });

  test('the server\'s failures: a 503 and a drop retried after a jittered wait, Retry-After honoured within its cap, a 400 or a 401 never retried, a hang cut by the watchdog', async ({ page }) => {
    const opened = { how: 'returned', value: 'The temple door is open.' };

    const busy = await run(page, LOOP, { script: [{ status: 503 }], seed: 3 });
    expect(busy.end).toMatchObject(opened);
    expect(busy.requests).toHaveLength(5);
    expect(times(busy)[1]).toBeGreaterThan(0);
    expect(times(busy)[1]).toBeLessThanOrEqual(500); // full jitter under BASE_DELAY
    const other = await run(page, LOOP, { script: [{ status: 503 }], seed: 4 });
    expect(times(other)[1]).not.toBe(times(busy)[1]);

    const dropped = await run(page, LOOP, { script: ['drop', 'drop'] });
    expect(dropped.end).toMatchObject(opened);
    expect(dropped.requests).toHaveLength(6);
    expect(times(dropped)[2] - times(dropped)[1]).toBeLessThanOrEqual(1000); // the ceiling doubled

    const limited = await run(page, LOOP, { script: [{ status: 429, headers: { 'retry-after': '2' } }] });
    expect(limited.end).toMatchObject({ ...opened, t: 2000 });
    expect(times(limited).slice(0, 2)).toEqual([0, 2000]);
    const inMs = await run(page, LOOP, { script: [{ status: 429, headers: { 'retry-after-ms': '1500' } }] });
    expect(times(inMs)[1]).toBe(1500);
    const anHour = await run(page, LOOP, { script: [{ status: 429, headers: { 'retry-after': '3600' } }] });
    expect(anHour.end).toMatchObject(opened);
    expect(times(anHour)[1]).toBe(10_000); // RETRY_AFTER_CAP

    for (const status of [400, 401]) {
      const refused = await run(page, LOOP, { script: [{ status }] });
      expect(refused.end).toMatchObject({ how: 'threw', name: 'RuntimeError', t: 0 });
      expect(refused.end.message).toContain(`refused the request (${status})`);
      expect(refused.requests).toHaveLength(1);
    }

    const down = await run(page, LOOP, { script: [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }] });
    expect(down.end).toMatchObject({ how: 'threw', name: 'RuntimeError' });
    expect(down.end.message).toContain('still fails after 4 tries (503)');
    expect(down.requests).toHaveLength(4);

    const hung = await run(page, LOOP, { script: ['hang'] });
    expect(hung.end).toMatchObject(opened);
    expect(hung.aborts).toEqual([{ id: 1, t: 15_000 }]); // CALL_TIMEOUT
    expect(times(hung)[1]).toBeGreaterThanOrEqual(15_000);
    expect(times(hung)[1]).toBeLessThanOrEqual(15_500);
    // A slow answer within the timeout is waited for, not cut.
    const slow = await run(page, LOOP, { script: [{ delayMs: 8000 }] });
    expect(slow.end).toMatchObject(opened);
    expect(slow.aborts).toEqual([]);
    expect(slow.requests).toHaveLength(4);
  });

  test('its tool layer: an unknown tool names the tools, broken JSON asks again, a missing argument is one sentence; the guard hands over on the same call twice', async ({ page }) => {
    const probe = `${LOOP}

def run_agent(task):
    calls = [
        {"id": "a", "function": {"name": "open", "arguments": "{}"}},
        {"id": "b", "function": {"name": "use", "arguments": "{item: key"}},
        {"id": "c", "function": {"name": "use", "arguments": '{"item": "key"}'}},
        {"id": "d", "function": {"name": "look_at", "arguments": '{"target": "door"}'}},
    ]
    return json.dumps([run_tool(call) for call in calls])
`;
    const r = await run(page, probe);
    expect(r.end.how).toBe('returned');
    expect(JSON.parse(r.end.value)).toEqual([
      ['Error: there is no tool named open. The tools are look_at and use.', true],
      ['Error: the arguments for use are not valid JSON. Send them again as one JSON object.', true],
      // The missing argument reaches the tool as sent, and the tool's own sentence comes back
      // (this harness's tool says it plainly), never Python's TypeError about a signature.
      ['Error: nothing happens when you use key with undefined.', true],
      ['You see the door: an old temple door with a rusty lock.', false],
    ]);
    // The same calls twice: a model stuck on them is handed over before the second runs.
    const stubborn = `${LOOP}

_replies = iter([{"role": "assistant", "content": None, "tool_calls": [{"id": "x%d" % n, "type": "function", "function": {"name": "look_at", "arguments": '{"target": "door"}'}}]} for n in range(5)])


def call_model(messages):
    return {"finish_reason": "tool_calls", "message": next(_replies)}
`;
    const s = await run(page, stubborn);
    expect(s.end).toMatchObject({ how: 'returned', value: expect.stringMatching(/^I am stuck: the model asked for the same thing twice/) });
    expect(s.tools).toHaveLength(1);
  });
});
